/* SPDX-License-Identifier: MIT */
/*
 * Poly1305 backend "poly1305-donna32": h and r in five 26-bit limbs,
 * products 32x32->64 bits. For any CPU; the readable reference for the
 * arithmetic of the other backends.
 *
 * The limb bounds below are ACSL contracts (the comments that start with
 * an @), which ci/prove.sh proves with Frama-C: every intermediate fits
 * its type, no undefined behaviour, and each function leaves the bounds the
 * next one assumes (docs/prove.md).
 */
#include <zinc/poly1305.h>

#include "lib/common/util.h"
#include "lib/poly1305/poly1305.h"
#include "lib/poly1305/bounds.acsl.h"

#define MASK26 0x3ffffffu

struct donna32 {
	uint32_t r[5]; /* clamped r: r0..r3 < 2^26, r4 < 2^20 */
	uint32_t h[5]; /* accumulator, see the bounds in blocks() */
};

_Static_assert(POLY1305_STATE_IS(struct donna32, POLY1305_DONNA32_STATE), "see poly1305.h");

/*@
  predicate clamped(struct donna32 *st) =
    st->r[0] < 0x4000000 && st->r[1] < 0x4000000 && st->r[2] < 0x4000000 &&
    st->r[3] < 0x4000000 && st->r[4] < 0x100000;
  // What blocks() leaves and expects: h1 may exceed 2^26 by a carry.
  predicate partly_carried(struct donna32 *st) =
    st->h[0] < 0x4000000 && st->h[1] < 0x4000000 + 0x400 &&
    st->h[2] < 0x4000000 && st->h[3] < 0x4000000 && st->h[4] < 0x4000000;
*/

/* The limbs of a 128-bit little-endian number in four words, 26 bits each
 * from bit 0, 26, 52 and 78, and bits 104..127 (each shift and mask keeps
 * exactly the bits of one limb, so nothing is lost off the top). */
/*@
  requires \valid((struct donna32 *)state);
  requires \valid_read(key + (0 .. 15));
  assigns ((struct donna32 *)state)->r[0 .. 4], ((struct donna32 *)state)->h[0 .. 4];
  ensures clamped((struct donna32 *)state);
  ensures \forall integer i; 0 <= i < 5 ==> ((struct donna32 *)state)->h[i] == 0;
*/
void poly1305_donna32_init(void *state, const uint8_t key[16])
{
	struct donna32 *st = state;
	/* r &= 0x0ffffffc0ffffffc0ffffffc0fffffff (RFC 8439 section 2.5) */
	uint32_t t0 = get_unaligned_le32(key) & 0x0fffffff;
	uint32_t t1 = get_unaligned_le32(key + 4) & 0x0ffffffc;
	uint32_t t2 = get_unaligned_le32(key + 8) & 0x0ffffffc;
	uint32_t t3 = get_unaligned_le32(key + 12) & 0x0ffffffc;

	st->r[0] = t0 & MASK26;
	st->r[1] = t0 >> 26 | (t1 & 0xfffff) << 6;
	st->r[2] = t1 >> 20 | (t2 & 0x3fff) << 12;
	st->r[3] = t2 >> 14 | (t3 & 0xff) << 18;
	st->r[4] = t3 >> 8;
	st->h[0] = st->h[1] = st->h[2] = st->h[3] = st->h[4] = 0;
}

/*
 * One column of the product h r: a0 b0 + ... + a4 b4, where a are the limbs
 * of h after adding a block (below 2^27 + 2^10) and b are limbs of r (below
 * 2^26) or of 5 r. Each product is below 2^27.01 * 5 * 2^26 < 2^55.4, the
 * sum of five below 2^57.7.
 */
/*@
  requires a0 < 0x8000400 && a1 < 0x8000400 && a2 < 0x8000400 &&
           a3 < 0x8000400 && a4 < 0x8000400;
  requires b0 < 5 * 0x4000000 && b1 < 5 * 0x4000000 && b2 < 5 * 0x4000000 &&
           b3 < 5 * 0x4000000 && b4 < 5 * 0x4000000;
  assigns \nothing;
  ensures \result < 0x400000000000000;
*/
static inline uint64_t column(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, uint32_t a4,
			      uint32_t b0, uint32_t b1, uint32_t b2, uint32_t b3, uint32_t b4)
{
	return (uint64_t)a0 * b0 + (uint64_t)a1 * b1 + (uint64_t)a2 * b2 +
	       (uint64_t)a3 * b3 + (uint64_t)a4 * b4;
}

/*
 * Bounds. On entry h1 < 2^26 + 2^10 and the other limbs < 2^26 (see the
 * carry below); adding a block (limbs < 2^26, h4 < 2^25 including the pad
 * bit) keeps h_i < 2^27 + 2^10. r_i < 2^26 and 5 r_i < 2^29, so each column
 * is < 2^58: no 64-bit overflow. Limb i+j >= 5 wraps with a factor 5
 * because 2^130 = 5 mod p.
 * The carry chain leaves d4 >> 26 < 2^33, so h0 + 5 * that < 2^36 and,
 * after one more carry, h0 < 2^26 and h1 < 2^26 + 2^10.
 */
/*@
  requires \valid((struct donna32 *)state);
  requires \valid_read(in + (0 .. len - 1));
  requires padbit <= 1;
  requires clamped((struct donna32 *)state);
  requires partly_carried((struct donna32 *)state);
  assigns ((struct donna32 *)state)->h[0 .. 4];
  ensures partly_carried((struct donna32 *)state);
*/
void poly1305_donna32_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit)
{
	struct donna32 *st = state;
	const uint32_t r0 = st->r[0], r1 = st->r[1], r2 = st->r[2], r3 = st->r[3], r4 = st->r[4];
	const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
	uint32_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2], h3 = st->h[3], h4 = st->h[4];

	/*@
	  loop invariant 0 <= len <= \at(len, Pre);
	  loop invariant in == \at(in, Pre) + (\at(len, Pre) - len);
	  loop invariant h0 < 0x4000000 && h1 < 0x4000000 + 0x400 && h2 < 0x4000000 &&
	                 h3 < 0x4000000 && h4 < 0x4000000;
	  loop assigns len, in, h0, h1, h2, h3, h4;
	  loop variant len;
	*/
	for (; len >= POLY1305_BLOCK_SIZE; len -= POLY1305_BLOCK_SIZE, in += POLY1305_BLOCK_SIZE) {
		uint32_t m0 = get_unaligned_le32(in), m1 = get_unaligned_le32(in + 4);
		uint32_t m2 = get_unaligned_le32(in + 8), m3 = get_unaligned_le32(in + 12);
		uint64_t d0, d1, d2, d3, d4, c;

		h0 += m0 & MASK26;
		h1 += m0 >> 26 | (m1 & 0xfffff) << 6;
		h2 += m1 >> 20 | (m2 & 0x3fff) << 12;
		h3 += m2 >> 14 | (m3 & 0xff) << 18;
		h4 += m3 >> 8 | padbit << 24;

		d0 = column(h0, h1, h2, h3, h4, r0, s4, s3, s2, s1);
		d1 = column(h0, h1, h2, h3, h4, r1, r0, s4, s3, s2);
		d2 = column(h0, h1, h2, h3, h4, r2, r1, r0, s4, s3);
		d3 = column(h0, h1, h2, h3, h4, r3, r2, r1, r0, s4);
		d4 = column(h0, h1, h2, h3, h4, r4, r3, r2, r1, r0);

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
 * afterwards every limb is < 2^26, so h < 2^130 < 2p. Each carry is at most
 * the one before it (a limb below 2^26 plus 1 carries at most 1), and a
 * carry out of h1 leaves h1 < 2^10: so the last carry into h1 cannot take it
 * to 2^26. The asserts spell out that chain for the prover.
 */
/*@
  requires \valid(h + (0 .. 4));
  requires h[0] < 0x4000000 && h[1] < 0x4000000 + 0x400 && h[2] < 0x4000000 &&
           h[3] < 0x4000000 && h[4] < 0x4000000;
  assigns h[0 .. 4];
  ensures \forall integer i; 0 <= i < 5 ==> h[i] < 0x4000000;
*/
static void carry(uint32_t h[5])
{
	uint32_t h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3], h4 = h[4], c;

	c = h1 >> 26; h1 &= MASK26; h2 += c;
	/*@ assert c <= 1 && h1 + c < 0x4000000; */
	c = h2 >> 26; h2 &= MASK26; h3 += c;
	/*@ assert c <= 1 && h1 + c < 0x4000000; */
	c = h3 >> 26; h3 &= MASK26; h4 += c;
	/*@ assert c <= 1 && h1 + c < 0x4000000; */
	c = h4 >> 26; h4 &= MASK26; h0 += c * 5;
	/*@ assert c <= 1 && h1 + c < 0x4000000; */
	c = h0 >> 26; h0 &= MASK26; h1 += c;
	h[0] = h0; h[1] = h1; h[2] = h2; h[3] = h3; h[4] = h4;
}

/*@
  requires \valid((struct donna32 *)state);
  requires \valid(mac + (0 .. 15));
  requires \valid_read(s + (0 .. 3));
  requires partly_carried((struct donna32 *)state);
  assigns mac[0 .. 15];
*/
void poly1305_donna32_emit(void *state, uint8_t mac[POLY1305_MAC_SIZE], const uint32_t s[4])
{
	struct donna32 *st = state;
	uint32_t h[5], g[5], c, mask;
	uint64_t f;

	h[0] = st->h[0]; h[1] = st->h[1]; h[2] = st->h[2]; h[3] = st->h[3]; h[4] = st->h[4];
	carry(h);

	/* g = h - p = h + 5 - 2^130; h >= p exactly when h + 5 reaches 2^130,
	 * that is when g[4] gets bit 26. */
	g[0] = h[0] + 5; c = g[0] >> 26; g[0] &= MASK26;
	g[1] = h[1] + c; c = g[1] >> 26; g[1] &= MASK26;
	g[2] = h[2] + c; c = g[2] >> 26; g[2] &= MASK26;
	g[3] = h[3] + c; c = g[3] >> 26; g[3] &= MASK26;
	g[4] = h[4] + c; c = g[4] >> 26; g[4] &= MASK26;
	mask = c * 0xffffffff; /* all ones when h >= p */
	/*@ loop invariant 0 <= i <= 5;
	    loop assigns i, h[0 .. 4];
	    loop variant 5 - i; */
	for (int i = 0; i < 5; i++)
		h[i] = (h[i] & ~mask) | (g[i] & mask);

	/* h mod 2^128 in four 32-bit words (each shift keeps the bits that fit),
	 * plus s. */
	f = (uint64_t)(h[0] | (h[1] & 0x3f) << 26) + s[0];
	put_unaligned_le32((uint32_t)f, mac);
	f = (uint64_t)(h[1] >> 6 | (h[2] & 0xfff) << 20) + s[1] + (f >> 32);
	put_unaligned_le32((uint32_t)f, mac + 4);
	f = (uint64_t)(h[2] >> 12 | (h[3] & 0x3ffff) << 14) + s[2] + (f >> 32);
	put_unaligned_le32((uint32_t)f, mac + 8);
	f = (uint64_t)(h[3] >> 18 | (h[4] & 0xffffff) << 8) + s[3] + (f >> 32);
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
