/* SPDX-License-Identifier: MIT */
/*
 * Poly1305 backend "poly1305-donna32": h and r in five 26-bit limbs,
 * products 32x32->64 bits. For any CPU; the readable reference for the
 * arithmetic of the other backends.
 */
#include <zinc/poly1305.h>

#include "lib/common/util.h"
#include "lib/poly1305/poly1305.h"

#define MASK26 0x3ffffffu

struct donna32 {
	uint32_t r[5]; /* clamped r: r0..r3 < 2^26, r4 < 2^20 */
	uint32_t h[5]; /* accumulator, see the bounds in blocks() */
};

_Static_assert(sizeof(struct donna32) == POLY1305_DONNA32_STATE, "see poly1305.h");

void poly1305_donna32_init(void *state, const uint8_t key[16])
{
	struct donna32 *st = state;
	/* r &= 0x0ffffffc0ffffffc0ffffffc0fffffff (RFC 8439 section 2.5) */
	uint32_t t0 = get_unaligned_le32(key) & 0x0fffffff;
	uint32_t t1 = get_unaligned_le32(key + 4) & 0x0ffffffc;
	uint32_t t2 = get_unaligned_le32(key + 8) & 0x0ffffffc;
	uint32_t t3 = get_unaligned_le32(key + 12) & 0x0ffffffc;

	st->r[0] = t0 & MASK26;
	st->r[1] = (t0 >> 26 | t1 << 6) & MASK26;
	st->r[2] = (t1 >> 20 | t2 << 12) & MASK26;
	st->r[3] = (t2 >> 14 | t3 << 18) & MASK26;
	st->r[4] = t3 >> 8;
	memset(st->h, 0, sizeof(st->h));
}

/*
 * Bounds. On entry h1 < 2^26 + 2^10 and the other limbs < 2^26 (see the
 * carry below);
 * adding a block (limbs < 2^26, h4 gets < 2^25 including the pad bit) keeps
 * h_i < 2^27. r_i < 2^26 and 5 r_i < 2^29, so each product is < 2^56 and a
 * column of five is < 2^59: no 64-bit overflow. Limb i+j >= 5 wraps with a
 * factor 5 because 2^130 = 5 mod p.
 * The carry chain leaves d4 >> 26 < 2^33, so h0 + 5 * that < 2^36 and,
 * after one more carry, h0 < 2^26 and h1 < 2^26 + 2^10.
 */
void poly1305_donna32_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit)
{
	struct donna32 *st = state;
	const uint32_t r0 = st->r[0], r1 = st->r[1], r2 = st->r[2], r3 = st->r[3], r4 = st->r[4];
	const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
	uint32_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2], h3 = st->h[3], h4 = st->h[4];

	for (; len >= POLY1305_BLOCK_SIZE; len -= POLY1305_BLOCK_SIZE, in += POLY1305_BLOCK_SIZE) {
		uint32_t m0 = get_unaligned_le32(in), m1 = get_unaligned_le32(in + 4);
		uint32_t m2 = get_unaligned_le32(in + 8), m3 = get_unaligned_le32(in + 12);
		uint64_t d0, d1, d2, d3, d4, c;

		h0 += m0 & MASK26;
		h1 += (m0 >> 26 | m1 << 6) & MASK26;
		h2 += (m1 >> 20 | m2 << 12) & MASK26;
		h3 += (m2 >> 14 | m3 << 18) & MASK26;
		h4 += m3 >> 8 | padbit << 24;

		d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 +
		     (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
		d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 +
		     (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
		d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 +
		     (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
		d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 +
		     (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
		d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 +
		     (uint64_t)h3 * r1 + (uint64_t)h4 * r0;

		c = d0 >> 26; h0 = (uint32_t)d0 & MASK26; d1 += c;
		c = d1 >> 26; h1 = (uint32_t)d1 & MASK26; d2 += c;
		c = d2 >> 26; h2 = (uint32_t)d2 & MASK26; d3 += c;
		c = d3 >> 26; h3 = (uint32_t)d3 & MASK26; d4 += c;
		c = d4 >> 26; h4 = (uint32_t)d4 & MASK26;
		c = h0 + c * 5;
		h0 = (uint32_t)c & MASK26;
		h1 += (uint32_t)(c >> 26);
	}
	st->h[0] = h0; st->h[1] = h1; st->h[2] = h2; st->h[3] = h3; st->h[4] = h4;
}

/*
 * Normalizes h as blocks() leaves it (h1 < 2^26 + 2^10, the others < 2^26):
 * afterwards every limb is < 2^26, so h < 2^130 < 2p. A carry out of h1
 * leaves h1 < 2^10, so the last carry into h1 cannot overflow it; without
 * one, h2..h4 are already below 2^26 and nothing carries at all.
 */
static void carry(uint32_t h[5])
{
	uint32_t c;

	c = h[1] >> 26; h[1] &= MASK26; h[2] += c;
	c = h[2] >> 26; h[2] &= MASK26; h[3] += c;
	c = h[3] >> 26; h[3] &= MASK26; h[4] += c;
	c = h[4] >> 26; h[4] &= MASK26; h[0] += c * 5;
	c = h[0] >> 26; h[0] &= MASK26; h[1] += c;
}

void poly1305_donna32_emit(void *state, uint8_t mac[POLY1305_MAC_SIZE], const uint32_t s[4])
{
	struct donna32 *st = state;
	uint32_t h[5], g[5], c, mask;
	uint64_t f;

	memcpy(h, st->h, sizeof(h));
	carry(h);

	/* g = h - p = h + 5 - 2^130; h >= p exactly when g does not borrow. */
	g[0] = h[0] + 5; c = g[0] >> 26; g[0] &= MASK26;
	g[1] = h[1] + c; c = g[1] >> 26; g[1] &= MASK26;
	g[2] = h[2] + c; c = g[2] >> 26; g[2] &= MASK26;
	g[3] = h[3] + c; c = g[3] >> 26; g[3] &= MASK26;
	g[4] = h[4] + c - (1u << 26);
	mask = (g[4] >> 31) - 1; /* all ones when g >= 0 */
	for (int i = 0; i < 5; i++)
		h[i] = (h[i] & ~mask) | (g[i] & mask);

	/* h mod 2^128 in four 32-bit words, plus s. */
	f = (uint64_t)(h[0] | h[1] << 26) + s[0];
	put_unaligned_le32((uint32_t)f, mac);
	f = (uint64_t)(h[1] >> 6 | h[2] << 20) + s[1] + (f >> 32);
	put_unaligned_le32((uint32_t)f, mac + 4);
	f = (uint64_t)(h[2] >> 12 | h[3] << 14) + s[2] + (f >> 32);
	put_unaligned_le32((uint32_t)f, mac + 8);
	f = (uint64_t)(h[3] >> 18 | h[4] << 8) + s[3] + (f >> 32);
	put_unaligned_le32((uint32_t)f, mac + 12);

	memzero_explicit(h, sizeof(h));
	memzero_explicit(g, sizeof(g));
}

#ifdef ZINC_TESTING
static void set_h(void *state, const uint64_t *limbs)
{
	for (int i = 0; i < 5; i++)
		((struct donna32 *)state)->h[i] = (uint32_t)limbs[i];
}

static void get_h(const void *state, uint64_t *limbs)
{
	for (int i = 0; i < 5; i++)
		limbs[i] = ((const struct donna32 *)state)->h[i];
}

/* The bounds on entry to blocks(), which it also leaves. */
const struct poly1305_test poly1305_donna32_test = {
	.h = { 5, 26, { MASK26, MASK26 + (1u << 10), MASK26, MASK26, MASK26 } },
	.set_h = set_h,
	.get_h = get_h,
};
#endif
