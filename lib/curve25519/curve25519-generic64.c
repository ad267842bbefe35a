/* SPDX-License-Identifier: MIT */
/*
 * X25519 (RFC 7748 section 5) in portable C for 64-bit machines: a field
 * element mod p = 2^255 - 19 is five unsigned limbs of 51 bits,
 * value = sum h[i] * 2^(51 i), multiplied with unsigned __int128 products.
 * Limbs never go negative: subtraction adds 2p first. Constant time in
 * scalar and point (masked swaps, fixed addition chain for 1/z).
 *
 * Bounds on every limb:
 *   carried:  h[i] < 2^51, except h[1] < 2^51 + 2^18   (fe_mul, fe_sq, fe_mul_a24)
 *   loose:    h[i] < 2^54                              (input of fe_mul, fe_sq)
 * fe_add and fe_sub of two carried elements are below 2^53, so loose.
 */
#include <stdint.h>

#include "lib/curve25519/curve25519.h"
#include "lib/common/util.h"

#ifdef __SIZEOF_INT128__

void curve25519_generic64(uint8_t out[CURVE25519_KEY_SIZE],
			  const uint8_t scalar[CURVE25519_KEY_SIZE],
			  const uint8_t point[CURVE25519_KEY_SIZE]);

typedef uint64_t fe[5];
typedef unsigned __int128 u128;

#define MASK51 (((uint64_t)1 << 51) - 1)

static void fe_copy(fe h, const fe f)
{
	for (int i = 0; i < 5; i++)
		h[i] = f[i];
}

/* h = n for a small n. */
static void fe_set(fe h, uint64_t n)
{
	h[0] = n;
	h[1] = h[2] = h[3] = h[4] = 0;
}

/* h = f + g. Pre: f, g carried (or < 2^52). Post: h < 2^53. */
static void fe_add(fe h, const fe f, const fe g)
{
	for (int i = 0; i < 5; i++)
		h[i] = f[i] + g[i];
}

/* h = f + 2p - g. Pre: f < 2^52, g carried, so g[i] <= the limbs of 2p
 * (2^52 - 38, then 2^52 - 2). Post: h < 2^53. */
static void fe_sub(fe h, const fe f, const fe g)
{
	h[0] = f[0] + (2 * MASK51 - 36) - g[0];
	for (int i = 1; i < 5; i++)
		h[i] = f[i] + 2 * MASK51 - g[i];
}

/*
 * h = t mod p. Pre: t[i] < 2^115. Post: h carried. Carries out of t[0..3]
 * stay below 2^64; the carry out of t[4] is worth 2^255 = 19 (mod p) and
 * comes back into limb 0 as 19 c < 2^68, whose own carry (< 2^18) lands
 * in limb 1.
 */
static void fe_carry(fe h, u128 t[5])
{
	u128 c;

	for (int i = 0; i < 4; i++) {
		t[i + 1] += t[i] >> 51;
		h[i] = (uint64_t)t[i] & MASK51;
	}
	c = t[4] >> 51;
	h[4] = (uint64_t)t[4] & MASK51;
	c = h[0] + 19 * c;
	h[0] = (uint64_t)c & MASK51;
	h[1] += (uint64_t)(c >> 51);
}

/*
 * h = f * g. Pre: f, g loose. Post: h carried.
 * Product limb k collects f[i] g[j] for i + j = k and 19 f[i] g[j] for
 * i + j = k + 5 (2^255 = 19 mod p). 19 g[j] < 2^58.3 fits in 64 bits, each
 * product is below 2^112.3 and each sum of five below 2^114.7.
 */
static void fe_mul(fe h, const fe f, const fe g)
{
	uint64_t g19[5];
	u128 t[5] = { 0 };

	for (int j = 0; j < 5; j++)
		g19[j] = 19 * g[j];
	for (int i = 0; i < 5; i++) {
		for (int j = 0; j < 5; j++) {
			if (i + j < 5)
				t[i + j] += (u128)f[i] * g[j];
			else
				t[i + j - 5] += (u128)f[i] * g19[j];
		}
	}
	fe_carry(h, t);
	memzero_explicit(g19, sizeof(g19));
	memzero_explicit(t, sizeof(t));
}

/* h = f^2. Pre: f loose. Post: h carried. Off-diagonal products are
 * counted once and doubled: 2 * 19 f[i] f[j] < 2^113.3, sums < 2^115. */
static void fe_sq(fe h, const fe f)
{
	u128 t[5] = { 0 };

	for (int i = 0; i < 5; i++) {
		for (int j = i; j < 5; j++) {
			u128 p = (u128)f[i] * f[j];

			if (j != i)
				p <<= 1;
			if (i + j < 5)
				t[i + j] += p;
			else
				t[i + j - 5] += p * 19;
		}
	}
	fe_carry(h, t);
	memzero_explicit(t, sizeof(t));
}

/* h = f^(2^n). Pre: f loose. Post: h carried. */
static void fe_sqn(fe h, const fe f, int n)
{
	fe_sq(h, f);
	while (--n > 0)
		fe_sq(h, h);
}

/* h = f * 121665 (a24 of RFC 7748). Pre: f < 2^53. Post: h carried. */
static void fe_mul_a24(fe h, const fe f)
{
	u128 t[5];

	for (int i = 0; i < 5; i++)
		t[i] = (u128)f[i] * 121665;
	fe_carry(h, t);
}

/* Swaps f and g when swap is 1, leaves them when 0, without branching. */
static void fe_cswap(fe f, fe g, uint64_t swap)
{
	uint64_t mask = 0 - swap;

#ifdef ZINC_PLANT_CT_CSWAP
	/* planted bug for ci/ct.sh's self-test: a branch on the secret bit */
	if (!swap)
		return;
#endif
	for (int i = 0; i < 5; i++) {
		uint64_t x = mask & (f[i] ^ g[i]);

		f[i] ^= x;
		g[i] ^= x;
	}
}

/* h = the 255 low bits of s (bit 255 masked); h may be >= p, the
 * arithmetic reduces it. Post: h[i] < 2^51. */
static void fe_frombytes(fe h, const uint8_t s[32])
{
	uint64_t w0 = get_unaligned_le64(s), w1 = get_unaligned_le64(s + 8);
	uint64_t w2 = get_unaligned_le64(s + 16), w3 = get_unaligned_le64(s + 24);

	h[0] = w0 & MASK51;
	h[1] = (w0 >> 51 | w1 << 13) & MASK51;
	h[2] = (w1 >> 38 | w2 << 26) & MASK51;
	h[3] = (w2 >> 25 | w3 << 39) & MASK51;
	h[4] = (w3 >> 12) & MASK51;
#ifdef ZINC_PLANT_CURVE25519_REDUCE
	/* planted bug for the harness's self-test; see fuzz/planted/README.md */
	h[4] = w3 >> 12; /* bit 255 kept: u mod 2^256, not mod 2^255 */
#endif
}

/* One pass of carries, the top one folded back as 19. Pre: h[i] < 2^63. */
static void fe_carry_pass(fe h)
{
	for (int i = 0; i < 4; i++) {
		h[i + 1] += h[i] >> 51;
		h[i] &= MASK51;
	}
	h[0] += 19 * (h[4] >> 51);
	h[4] &= MASK51;
}

/*
 * s = f mod p, fully reduced. Pre: f carried.
 * Two carry passes bring every limb below 2^51 (the second pass only
 * carries 1s, and its top carry is 1 only if all limbs wrapped to small
 * values), so f < 2^255 < 2p. Then f - p is computed with borrows; no
 * final borrow means f >= p and f - p is the answer, picked by mask.
 */
static void fe_tobytes(uint8_t s[32], const fe f)
{
	static const uint64_t p[5] = { MASK51 - 18, MASK51, MASK51, MASK51, MASK51 };
	uint64_t h[5], d[5], borrow = 0, keep;

	fe_copy(h, f);
	fe_carry_pass(h);
	fe_carry_pass(h);
	for (int i = 0; i < 5; i++) {
		d[i] = h[i] - p[i] - borrow;
		borrow = d[i] >> 63;
		d[i] &= MASK51;
	}
	keep = 0 - borrow;	/* all ones when f < p */
	for (int i = 0; i < 5; i++)
		h[i] = (h[i] & keep) | (d[i] & ~keep);

	put_unaligned_le64(h[0] | h[1] << 51, s);
	put_unaligned_le64(h[1] >> 13 | h[2] << 38, s + 8);
	put_unaligned_le64(h[2] >> 26 | h[3] << 25, s + 16);
	put_unaligned_le64(h[3] >> 39 | h[4] << 12, s + 24);
	memzero_explicit(h, sizeof(h));
	memzero_explicit(d, sizeof(d));
}

/* h = z^(p-2) = z^(2^255 - 21) = 1/z (0 for z = 0), by a fixed chain:
 * z^(2^k - 1) for k = 5, 10, 20, 40, 50, 100, 200, 250, then 2^5 more
 * squarings times z^11. Pre: z loose. Post: h carried. */
static void fe_invert(fe h, const fe z)
{
	fe z2, z9, z11, t, a5, a10, a20, a50, a100;

	fe_sq(z2, z);			/* z^2 */
	fe_sqn(t, z2, 2);		/* z^8 */
	fe_mul(z9, t, z);		/* z^9 */
	fe_mul(z11, z9, z2);		/* z^11 */
	fe_sq(t, z11);			/* z^22 */
	fe_mul(a5, t, z9);		/* z^(2^5 - 1) */
	fe_sqn(t, a5, 5);
	fe_mul(a10, t, a5);		/* z^(2^10 - 1) */
	fe_sqn(t, a10, 10);
	fe_mul(a20, t, a10);		/* z^(2^20 - 1) */
	fe_sqn(t, a20, 20);
	fe_mul(t, t, a20);		/* z^(2^40 - 1) */
	fe_sqn(t, t, 10);
	fe_mul(a50, t, a10);		/* z^(2^50 - 1) */
	fe_sqn(t, a50, 50);
	fe_mul(a100, t, a50);		/* z^(2^100 - 1) */
	fe_sqn(t, a100, 100);
	fe_mul(t, t, a100);		/* z^(2^200 - 1) */
	fe_sqn(t, t, 50);
	fe_mul(t, t, a50);		/* z^(2^250 - 1) */
	fe_sqn(t, t, 5);		/* z^(2^255 - 32) */
	fe_mul(h, t, z11);		/* z^(2^255 - 21) */

	memzero_explicit(z2, sizeof(z2));
	memzero_explicit(z9, sizeof(z9));
	memzero_explicit(z11, sizeof(z11));
	memzero_explicit(t, sizeof(t));
	memzero_explicit(a5, sizeof(a5));
	memzero_explicit(a10, sizeof(a10));
	memzero_explicit(a20, sizeof(a20));
	memzero_explicit(a50, sizeof(a50));
	memzero_explicit(a100, sizeof(a100));
}

/* The ladder state of RFC 7748 section 5. */
struct ladder {
	fe x1, x2, z2, x3, z3;
	fe a, aa, b, bb, e, c, d, da, cb;
};

/* One step: (x2:z2) doubled, (x3:z3) = (x2:z2) + (x3:z3), given x1. */
static void ladder_step(struct ladder *l)
{
	fe_add(l->a, l->x2, l->z2);
	fe_sq(l->aa, l->a);
	fe_sub(l->b, l->x2, l->z2);
	fe_sq(l->bb, l->b);
	fe_sub(l->e, l->aa, l->bb);
	fe_add(l->c, l->x3, l->z3);
	fe_sub(l->d, l->x3, l->z3);
	fe_mul(l->da, l->d, l->a);
	fe_mul(l->cb, l->c, l->b);
	fe_add(l->x3, l->da, l->cb);
	fe_sq(l->x3, l->x3);
	fe_sub(l->z3, l->da, l->cb);
	fe_sq(l->z3, l->z3);
	fe_mul(l->z3, l->x1, l->z3);
	fe_mul(l->x2, l->aa, l->bb);
	fe_mul_a24(l->z2, l->e);
	fe_add(l->z2, l->aa, l->z2);
	fe_mul(l->z2, l->e, l->z2);
}

void curve25519_generic64(uint8_t out[CURVE25519_KEY_SIZE],
			  const uint8_t scalar[CURVE25519_KEY_SIZE],
			  const uint8_t point[CURVE25519_KEY_SIZE])
{
	struct ladder l;
	uint64_t swap = 0, bit;

	fe_frombytes(l.x1, point);
	fe_set(l.x2, 1);
	fe_set(l.z2, 0);
	fe_copy(l.x3, l.x1);
	fe_set(l.z3, 1);

	for (int t = 254; t >= 0; t--) {
		bit = (scalar[t / 8] >> (t % 8)) & 1;
		fe_cswap(l.x2, l.x3, swap ^ bit);
		fe_cswap(l.z2, l.z3, swap ^ bit);
		swap = bit;
		ladder_step(&l);
	}
	fe_cswap(l.x2, l.x3, swap);
	fe_cswap(l.z2, l.z3, swap);

	fe_invert(l.z2, l.z2);
	fe_mul(l.x2, l.x2, l.z2);
	fe_tobytes(out, l.x2);

	memzero_explicit(&l, sizeof(l));
	memzero_explicit(&swap, sizeof(swap));
	memzero_explicit(&bit, sizeof(bit));
}

#endif /* __SIZEOF_INT128__ */
