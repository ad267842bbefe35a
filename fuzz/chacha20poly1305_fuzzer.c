/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target "chacha20poly1305": the RFC 8439 AEAD on every pair of
 * ChaCha20 and Poly1305 backends, flat and scatter-gather, the public
 * functions, libsodium, OpenSSL and NSS. The body is fuzz/aead_fuzzer.h; input format: fuzz/README.md.
 */
#define AEAD_NAME "chacha20poly1305"
#define AEAD_NONCE_SIZE CHACHA20POLY1305_NONCE_SIZE
#define AEAD_VARIANT aead_chacha20poly1305
#define AEAD_SG_ENCRYPT 1 /* it has scatter-gather functions */
#define AEAD_SODIUM_ENCRYPT sodium_chacha20poly1305_encrypt
#define AEAD_SODIUM_DECRYPT sodium_chacha20poly1305_decrypt
#define AEAD_OPENSSL_ENCRYPT openssl_chacha20poly1305_encrypt
#define AEAD_OPENSSL_DECRYPT openssl_chacha20poly1305_decrypt
#define AEAD_NSS_ENCRYPT nss_chacha20poly1305_encrypt
#define AEAD_NSS_DECRYPT nss_chacha20poly1305_decrypt
#define AEAD_NSS_NAME "nss"
#define AEAD_NSS_LIST "CKM_CHACHA20_POLY1305, PK11_Encrypt / PK11_Decrypt"

#include "fuzz/aead_fuzzer.h"
