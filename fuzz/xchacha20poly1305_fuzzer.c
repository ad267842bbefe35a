/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target "xchacha20poly1305": XChaCha20-Poly1305 on every pair of
 * ChaCha20 and Poly1305 backends, the public functions, libsodium and NSS
 * (its ChaCha20-Poly1305 after zinc's generic HChaCha20: NSS 3.87 has no
 * XChaCha20-Poly1305, nor has OpenSSL 3.0). The body is fuzz/aead_fuzzer.h;
 * input format: fuzz/README.md.
 */
#define AEAD_NAME "xchacha20poly1305"
#define AEAD_NONCE_SIZE XCHACHA20POLY1305_NONCE_SIZE
#define AEAD_VARIANT aead_xchacha20poly1305
#define AEAD_SODIUM_ENCRYPT sodium_xchacha20poly1305_encrypt
#define AEAD_SODIUM_DECRYPT sodium_xchacha20poly1305_decrypt
#define AEAD_OPENSSL_NONE "xchacha20poly1305 (OpenSSL 3.0 has no XChaCha20-Poly1305)"
#define AEAD_NSS_ENCRYPT nss_xchacha20poly1305_encrypt
#define AEAD_NSS_DECRYPT nss_xchacha20poly1305_decrypt
#define AEAD_NSS_NAME "nss (HChaCha20 from zinc's generic C)"
#define AEAD_NSS_LIST "HChaCha20 from zinc's generic C, then CKM_CHACHA20_POLY1305: NSS 3.87 takes no 24-byte nonce"

#include "fuzz/aead_fuzzer.h"
