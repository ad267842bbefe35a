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
#define AEAD_ORACLE_ENCRYPT xaead_encrypt
#define AEAD_ORACLE_DECRYPT xaead_decrypt
#define AEAD_ORACLE_NOTES "xaead_encrypt, xaead_decrypt (ietf, combined mode); NSS's is its " \
	"ChaCha20-Poly1305 after HChaCha20 by zinc's generic C (NSS 3.87 takes no 24-byte nonce)"

#include "fuzz/aead_fuzzer.h"
