/* SPDX-License-Identifier: MIT */
/*
 * Poly1305 backend "poly1305-donna64": h and r in three limbs of 44, 44 and
 * 42 bits, products 64x64->128 bits with unsigned __int128. Built wherever
 * the compiler has __int128 (every 64-bit target).
 */
#include <zinc/poly1305.h>

#include "lib/common/util.h"
#include "lib/poly1305/poly1305.h"

#ifdef __SIZEOF_INT128__

__extension__ typedef unsigned __int128 u128;

#define MASK44 0xfffffffffffull
#define MASK42 0x3ffffffffffull

struct donna64 {
	uint64_t r[3]; /* clamped r: r0, r1 < 2^44, r2 < 2^36 */
	uint64_t h[3]; /* accumulator, see the bounds in blocks() */
};

_Static_assert(POLY1305_STATE_IS(struct donna64, POLY1305_DONNA64_STATE), "see poly1305.h");

void poly1305_donna64_init(void *state, const uint8_t key[16])
{
	struct donna64 *st = state;
	/* r &= 0x0ffffffc0ffffffc0ffffffc0fffffff (RFC 8439 section 2.5) */
	uint64_t t0 = get_unaligned_le64(key) & 0x0ffffffc0fffffffull;
	uint64_t t1 = get_unaligned_le64(key + 8) & 0x0ffffffc0ffffffcull;

	st->r[0] = t0 & MASK44;
	st->r[1] = (t0 >> 44 | t1 << 20) & MASK44;
	st->r[2] = t1 >> 24;
	memset(st->h, 0, sizeof(st->h));
}

/*
 * Bounds. On entry h0 < 2^44, h1 < 2^44 + 2^9, h2 < 2^42 (see the carry
 * below); adding a block (limbs < 2^44, 2^44, 2^41 with the pad bit) keeps
 * h0, h1 < 2^45 and h2 < 2^43. Limb products of weight 2^132 wrap with a
 * factor 20 (2^130 = 5 mod p): 20 r1 < 2^49, 20 r2 < 2^41, so every product
 * is < 2^92 and every column < 2^94 in 128 bits. After the carries
 * d2 < 2^91, so h0 + 5 * (d2 >> 42) < 2^52 and one more carry leaves
 * h0 < 2^44, h1 < 2^44 + 2^9.
 */
void poly1305_donna64_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit)
{
	struct donna64 *st = state;
	const uint64_t r0 = st->r[0], r1 = st->r[1], r2 = st->r[2];
	const uint64_t s1 = r1 * 20, s2 = r2 * 20;
	uint64_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2];

	for (; len >= POLY1305_BLOCK_SIZE; len -= POLY1305_BLOCK_SIZE, in += POLY1305_BLOCK_SIZE) {
		uint64_t t0 = get_unaligned_le64(in), t1 = get_unaligned_le64(in + 8), c;
		u128 d0, d1, d2;

		h0 += t0 & MASK44;
		h1 += (t0 >> 44 | t1 << 20) & MASK44;
		h2 += t1 >> 24 | (uint64_t)padbit << 40;

		d0 = (u128)h0 * r0 + (u128)h1 * s2 + (u128)h2 * s1;
		d1 = (u128)h0 * r1 + (u128)h1 * r0 + (u128)h2 * s2;
		d2 = (u128)h0 * r2 + (u128)h1 * r1 + (u128)h2 * r0;

		h0 = (uint64_t)d0 & MASK44; d1 += (uint64_t)(d0 >> 44);
		h1 = (uint64_t)d1 & MASK44; d2 += (uint64_t)(d1 >> 44);
		h2 = (uint64_t)d2 & MASK42; c = (uint64_t)(d2 >> 42);
		h0 += c * 5;
		h1 += h0 >> 44;
		h0 &= MASK44;
	}
	st->h[0] = h0; st->h[1] = h1; st->h[2] = h2;
}

/*
 * Normalizes h as blocks() leaves it (h0 < 2^44, h1 < 2^44 + 2^9,
 * h2 < 2^42): afterwards h0, h1 < 2^44 and h2 < 2^42, so h < 2^130 < 2p.
 * A carry out of h1 leaves h1 < 2^9, so the last carry into h1 cannot
 * overflow it; without one, h2 is already below 2^42 and nothing carries.
 */
static void carry(uint64_t h[3])
{
	uint64_t c;

	c = h[1] >> 44; h[1] &= MASK44; h[2] += c;
	c = h[2] >> 42; h[2] &= MASK42; h[0] += c * 5;
	c = h[0] >> 44; h[0] &= MASK44; h[1] += c;
}

void poly1305_donna64_emit(void *state, uint8_t mac[POLY1305_MAC_SIZE], const uint32_t s[4])
{
	struct donna64 *st = state;
	uint64_t h[3], g[3], c, mask, lo, hi;
	u128 f;

	memcpy(h, st->h, sizeof(h));
	carry(h);

	/* g = h - p = h + 5 - 2^130; h >= p exactly when g does not borrow. */
	g[0] = h[0] + 5; c = g[0] >> 44; g[0] &= MASK44;
	g[1] = h[1] + c; c = g[1] >> 44; g[1] &= MASK44;
	g[2] = h[2] + c - (1ull << 42);
	mask = (g[2] >> 63) - 1; /* all ones when g >= 0 */
	for (int i = 0; i < 3; i++)
		h[i] = (h[i] & ~mask) | (g[i] & mask);

	/* h mod 2^128, plus s. */
	lo = h[0] | h[1] << 44;
	hi = h[1] >> 20 | h[2] << 24;
	f = (u128)lo + ((uint64_t)s[1] << 32 | s[0]);
	put_unaligned_le64((uint64_t)f, mac);
	f = (u128)hi + ((uint64_t)s[3] << 32 | s[2]) + (uint64_t)(f >> 64);
	put_unaligned_le64((uint64_t)f, mac + 8);

	memzero_explicit(h, sizeof(h));
	memzero_explicit(g, sizeof(g));
}

#ifdef ZINC_TESTING
static void set_h(void *state, const uint64_t *limbs)
{
	memcpy(((struct donna64 *)state)->h, limbs, 3 * sizeof(uint64_t));
}

static void get_h(const void *state, uint64_t *limbs)
{
	memcpy(limbs, ((const struct donna64 *)state)->h, 3 * sizeof(uint64_t));
}

/* The bounds on entry to blocks(), which it also leaves. */
const struct poly1305_test poly1305_donna64_test = {
	.h = { 3, 44, { MASK44, MASK44 + (1u << 9), MASK42 } },
	.set_h = set_h,
	.get_h = get_h,
};
#endif

#endif /* __SIZEOF_INT128__ */
