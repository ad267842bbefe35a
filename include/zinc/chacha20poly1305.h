/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20-Poly1305 AEAD (RFC 8439 section 2.8) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha section 2: HChaCha20 subkey, then the RFC 8439
 * AEAD with nonce 0x00000000 || nonce[16..24)).
 *
 * Stack: with a stitched row, decryption of a 577- to 4160-byte message
 * is one pass into a buffer on the stack, which reaches dst only after the
 * tag checks: the decrypt functions use up to 13 KiB of stack, the encrypt
 * functions up to 5 KiB, with the stitched AVX2 row; with the stitched
 * AVX-512 row, whose frame is larger (1024-byte steps), up to 14.5 KiB and
 * 6.5 KiB (x86-64, gcc 12 -fstack-usage, the kernel's frame included).
 */
#ifndef ZINC_CHACHA20POLY1305_H
#define ZINC_CHACHA20POLY1305_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { CHACHA20POLY1305_KEY_SIZE = 32, CHACHA20POLY1305_NONCE_SIZE = 12,
       XCHACHA20POLY1305_NONCE_SIZE = 24, CHACHA20POLY1305_AUTHTAG_SIZE = 16 };

/* dst receives src_len + 16 bytes (ciphertext then tag); dst == src is allowed. */
void chacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
                              const uint8_t *ad, size_t ad_len,
                              const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
                              const uint8_t key[CHACHA20POLY1305_KEY_SIZE]);

/* src_len includes the tag. The tag is checked in constant time before any
 * plaintext is written; on failure (or src_len < 16) returns false and dst's
 * src_len - 16 bytes are zero (nothing is written when src_len < 16).
 * The result must be checked. */
bool chacha20poly1305_decrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
                              const uint8_t *ad, size_t ad_len,
                              const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
                              const uint8_t key[CHACHA20POLY1305_KEY_SIZE]);

/* As above with a 24-byte nonce. */
void xchacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
                               const uint8_t *ad, size_t ad_len,
                               const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
                               const uint8_t key[CHACHA20POLY1305_KEY_SIZE]);
bool xchacha20poly1305_decrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
                               const uint8_t *ad, size_t ad_len,
                               const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
                               const uint8_t key[CHACHA20POLY1305_KEY_SIZE]);

/* In place over a scatter-gather list, e.g. a packet in the buffers it
 * arrived in. Encrypt: the first src_len bytes of the list are encrypted and
 * the tag goes into the next 16. Decrypt: src_len includes the tag; on a bad
 * tag false and the src_len - 16 plaintext bytes zero. Both return false
 * touching nothing when the list holds too few bytes (or iov is NULL with
 * iovcnt > 0, or, for decrypt, src_len < 16). Any split is valid, zero-length
 * entries included. */
bool chacha20poly1305_encrypt_sg_inplace(const struct iovec *iov, size_t iovcnt, size_t src_len,
                                         const uint8_t *ad, size_t ad_len,
                                         const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
                                         const uint8_t key[CHACHA20POLY1305_KEY_SIZE]);
bool chacha20poly1305_decrypt_sg_inplace(const struct iovec *iov, size_t iovcnt, size_t src_len,
                                         const uint8_t *ad, size_t ad_len,
                                         const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
                                         const uint8_t key[CHACHA20POLY1305_KEY_SIZE]);

#ifdef __cplusplus
}
#endif
#endif
