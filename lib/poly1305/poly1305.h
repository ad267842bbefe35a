/* SPDX-License-Identifier: MIT */
/* Poly1305 backends. Each keeps its own state layout inside
 * struct poly1305_ctx.state; buffering of partial blocks and the final
 * addition of s are shared. */
#ifndef ZINC_LIB_POLY1305_H
#define ZINC_LIB_POLY1305_H

#include <stddef.h>
#include <stdint.h>
#include <zinc/poly1305.h>

struct poly1305_impl {
	const char *name;   /* "poly1305-<variant>" */
	uint32_t features;
	size_t min_len;     /* used for messages of at least this length */
	/* Clamps r (the first 16 key bytes) and sets h = 0. */
	void (*init)(void *state, const uint8_t r[16]);
	/* For each 16-byte block m: h = (h + m + padbit * 2^128) * r mod 2^130-5.
	 * len is a multiple of 16; padbit is 1 for full blocks, 0 for the final
	 * padded partial block (which carries its own 0x01 byte). */
	void (*blocks)(void *state, const uint8_t *in, size_t len, uint32_t padbit);
	/* mac = (h mod 2^130-5) + s mod 2^128, little-endian. */
	void (*emit)(void *state, uint8_t mac[POLY1305_MAC_SIZE], const uint32_t s[4]);
};

extern const struct poly1305_impl poly1305_impls[];
extern const size_t poly1305_nimpls;

/* Index of the row used for a message of len bytes on this CPU. */
uint32_t poly1305_pick(size_t len);
/* poly1305_init with a chosen row (the harness and the AEADs use it). */
void poly1305_init_impl(struct poly1305_ctx *ctx, const uint8_t key[POLY1305_KEY_SIZE],
			uint32_t impl);

/* The generic backends, for the table in poly1305.c. */
void poly1305_donna32_init(void *state, const uint8_t r[16]);
void poly1305_donna32_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit);
void poly1305_donna32_emit(void *state, uint8_t mac[POLY1305_MAC_SIZE], const uint32_t s[4]);
#ifdef __SIZEOF_INT128__
void poly1305_donna64_init(void *state, const uint8_t r[16]);
void poly1305_donna64_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit);
void poly1305_donna64_emit(void *state, uint8_t mac[POLY1305_MAC_SIZE], const uint32_t s[4]);
#endif

#ifdef ZINC_TESTING
extern unsigned long poly1305_hits[];
#endif

#endif
