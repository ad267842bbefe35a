/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20 (RFC 8439 section 2.4): 256-bit key, 96-bit nonce, 32-bit block
 * counter in state word 12. HChaCha20 (XChaCha draft section 2.2).
 *
 * The counter wraps modulo 2^32 and never carries into word 13. A call whose
 * length is not a multiple of 64 consumes the whole last block: the next call
 * starts at the next block.
 */
#ifndef ZINC_CHACHA20_H
#define ZINC_CHACHA20_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { CHACHA20_KEY_SIZE = 32, CHACHA20_NONCE_SIZE = 12, CHACHA20_BLOCK_SIZE = 64,
       HCHACHA20_KEY_SIZE = 32, HCHACHA20_NONCE_SIZE = 16, HCHACHA20_OUT_SIZE = 32 };

/* state[0..3] constants, [4..11] key, [12] block counter, [13..15] nonce. */
struct chacha20_ctx { uint32_t state[16]; };

/* Sets up ctx for key, nonce and the first block counter. */
void chacha20_init(struct chacha20_ctx *ctx, const uint8_t key[CHACHA20_KEY_SIZE],
                   const uint8_t nonce[CHACHA20_NONCE_SIZE], uint32_t counter);

/* dst = src XOR keystream, len bytes; dst == src is allowed. Advances the
 * counter by ceil(len / 64). len 0 (with NULL pointers) does nothing. */
void chacha20(struct chacha20_ctx *ctx, uint8_t *dst, const uint8_t *src, size_t len);

/* HChaCha20 subkey derivation: out = words 0..3 and 12..15 of the 20-round
 * permutation of (constants, key, nonce), without the feed-forward.
 * Note the order: nonce before key. */
void hchacha20(uint8_t out[HCHACHA20_OUT_SIZE], const uint8_t nonce[HCHACHA20_NONCE_SIZE],
               const uint8_t key[HCHACHA20_KEY_SIZE]);

#ifdef __cplusplus
}
#endif
#endif
