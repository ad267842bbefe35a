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
#define AEAD_ORACLE_ENCRYPT aead_encrypt
#define AEAD_ORACLE_DECRYPT aead_decrypt
#define AEAD_ORACLE_NOTES "aead_encrypt, aead_decrypt (ietf, combined mode)"

#include "fuzz/aead_fuzzer.h"
