/* SPDX-License-Identifier: MIT */
/*
 * X25519 (RFC 7748 section 5) in portable C for 64-bit machines: a field
 * element mod p = 2^255 - 19 is five unsigned limbs of 51 bits,
 * value = sum h[i] * 2^(51 i), multiplied with unsigned __int128 products.
 * Limbs never go negative: subtraction adds 2p first. The ladder and the
 * inversion are lib/curve25519/ladder.h; constant time in scalar and point.
 *
 * Bounds on every limb:
 *   carried:  h[i] < 2^51, except h[1] < 2^51 + 2^18
 *             (output of fe_mul, fe_sq, fe_mul_a24, fe_frombytes;
 *              input of fe_add, fe_sub)
 *   loose:    h[i] < 2^54
 *             (output of fe_add, fe_sub, which stay below 2^53;
 *              input of fe_mul, fe_sq, fe_mul_a24, fe_invert, fe_tobytes)
 */
#include <stdint.h>

#include "lib/curve25519/curve25519.h"
#include "lib/common/util.h"

#ifdef __SIZEOF_INT128__

void curve25519_generic64(uint8_t out[CURVE25519_KEY_SIZE],
			  const uint8_t scalar[CURVE25519_KEY_SIZE],
			  const uint8_t point[CURVE25519_KEY_SIZE]);
void curve25519_generic64_base(uint8_t out[CURVE25519_KEY_SIZE],
			       const uint8_t scalar[CURVE25519_KEY_SIZE]);

typedef uint64_t fe[5];
typedef unsigned __int128 u128;

#define MASK51 (((uint64_t)1 << 51) - 1)

/* curve25519-avx512ifma (lib/curve25519/curve25519-avx512ifma.c) has these
 * five 51-bit limbs too and takes its byte conversions from here: they are
 * external, under the names curve25519.h declares. */
#define fe_frombytes curve25519_fe64_frombytes
#define fe_tobytes curve25519_fe64_tobytes

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

/* h = f + g. Pre: f, g carried. Post: h < 2^53, loose. */
static void fe_add(fe h, const fe f, const fe g)
{
	for (int i = 0; i < 5; i++)
		h[i] = f[i] + g[i];
}

/* h = f + 2p - g. Pre: f, g carried, so g[i] <= the limbs of 2p
 * (2^52 - 38, then 2^52 - 2). Post: h < 2^53, loose. */
static void fe_sub(fe h, const fe f, const fe g)
{
	h[0] = f[0] + (2 * MASK51 - 36) - g[0];
	for (int i = 1; i < 5; i++)
		h[i] = f[i] + 2 * MASK51 - g[i];
}

/*
 * h = t mod p. Pre: t[i] < 2^115. Post: h carried. One carry chain from
 * limb 0 to limb 4 (each carry below 2^64); the carry c out of limb 4 is
 * worth 2^255 = 19 (mod p): 19 c < 2^69 goes into limb 0, whose own carry
 * (< 2^18) goes into limb 1.
 */
static inline void fe_carry(fe h, u128 t0, u128 t1, u128 t2, u128 t3, u128 t4)
{
	u128 c0;

	t1 += (uint64_t)(t0 >> 51);
	t2 += (uint64_t)(t1 >> 51);
	t3 += (uint64_t)(t2 >> 51);
	t4 += (uint64_t)(t3 >> 51);
	c0 = ((uint64_t)t0 & MASK51) + (u128)19 * (uint64_t)(t4 >> 51);
	h[0] = (uint64_t)c0 & MASK51;
	h[1] = ((uint64_t)t1 & MASK51) + (uint64_t)(c0 >> 51);
	h[2] = (uint64_t)t2 & MASK51;
	h[3] = (uint64_t)t3 & MASK51;
	h[4] = (uint64_t)t4 & MASK51;
}

/*
 * h = f * g. Pre: f, g loose. Post: h carried.
 * Product limb k collects f[i] g[j] for i + j = k and 19 f[i] g[j] for
 * i + j = k + 5 (2^255 = 19 mod p). 19 g[j] < 2^58.3 fits in 64 bits, each
 * product is below 2^112.3 and each sum of five below 2^114.7.
 */
static inline void fe_mul(fe h, const fe f, const fe g)
{
	uint64_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4];
	uint64_t g0 = g[0], g1 = g[1], g2 = g[2], g3 = g[3], g4 = g[4];
	uint64_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4;

	fe_carry(h,
		 (u128)f0 * g0 + (u128)f1 * g4_19 + (u128)f2 * g3_19 + (u128)f3 * g2_19 +
			 (u128)f4 * g1_19,
		 (u128)f0 * g1 + (u128)f1 * g0 + (u128)f2 * g4_19 + (u128)f3 * g3_19 +
			 (u128)f4 * g2_19,
		 (u128)f0 * g2 + (u128)f1 * g1 + (u128)f2 * g0 + (u128)f3 * g4_19 +
			 (u128)f4 * g3_19,
		 (u128)f0 * g3 + (u128)f1 * g2 + (u128)f2 * g1 + (u128)f3 * g0 +
			 (u128)f4 * g4_19,
		 (u128)f0 * g4 + (u128)f1 * g3 + (u128)f2 * g2 + (u128)f3 * g1 +
			 (u128)f4 * g0);
}

/*
 * h = f^2. Pre: f loose. Post: h carried. The off-diagonal products
 * f[i] f[j] (i < j) appear twice and are computed once from a doubled
 * factor; those wrapping past limb 4 carry 2 * 19 = 38 (or 19 on the
 * diagonal). 38 f[i] < 2^59.3; each sum stays below 2^115.
 */
static inline void fe_sq(fe h, const fe f)
{
	uint64_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4];
	uint64_t f0_2 = 2 * f0, f1_2 = 2 * f1;
	uint64_t f1_38 = 38 * f1, f2_38 = 38 * f2, f3_38 = 38 * f3;
	uint64_t f3_19 = 19 * f3, f4_19 = 19 * f4;

	fe_carry(h,
		 (u128)f0 * f0 + (u128)f1_38 * f4 + (u128)f2_38 * f3,
		 (u128)f0_2 * f1 + (u128)f2_38 * f4 + (u128)f3_19 * f3,
		 (u128)f0_2 * f2 + (u128)f1 * f1 + (u128)f3_38 * f4,
		 (u128)f0_2 * f3 + (u128)f1_2 * f2 + (u128)f4_19 * f4,
		 (u128)f0_2 * f4 + (u128)f1_2 * f3 + (u128)f2 * f2);
}

/* h = 121666 f. Pre: f loose. Post: h carried. */
static void fe_mul_a24(fe h, const fe f)
{
	fe_carry(h, (u128)f[0] * 121666, (u128)f[1] * 121666, (u128)f[2] * 121666,
		 (u128)f[3] * 121666, (u128)f[4] * 121666);
}

/* Swaps f and g when bit is 1, leaves them when 0, without branching. */
static void fe_cswap(fe f, fe g, unsigned int bit)
{
	uint64_t mask = 0 - (uint64_t)bit;

	for (int i = 0; i < 5; i++) {
		uint64_t x = mask & (f[i] ^ g[i]);

		f[i] ^= x;
		g[i] ^= x;
	}
}

/* h = the 255 low bits of s (bit 255 masked); h may be >= p, the
 * arithmetic reduces it. Post: h[i] < 2^51, carried. */
void fe_frombytes(fe h, const uint8_t s[32])
{
	uint64_t w0 = get_unaligned_le64(s), w1 = get_unaligned_le64(s + 8);
	uint64_t w2 = get_unaligned_le64(s + 16), w3 = get_unaligned_le64(s + 24);

	h[0] = w0 & MASK51;
	h[1] = (w0 >> 51 | w1 << 13) & MASK51;
	h[2] = (w1 >> 38 | w2 << 26) & MASK51;
	h[3] = (w2 >> 25 | w3 << 39) & MASK51;
	h[4] = (w3 >> 12) & MASK51;
}

/* One pass of carries, the top one folded back as 19. Pre: h[i] < 2^59. */
static void fe_carry_pass(fe h)
{
	for (int i = 0; i < 4; i++) {
		h[i + 1] += h[i] >> 51;
		h[i] &= MASK51;
	}
	h[0] += 19 * (h[4] >> 51);
	h[4] &= MASK51;
}

/* h = f, carried. Pre: f[i] < 2^59 (a sum or difference of two carried
 * elements, or of two loose ones). The carry pass leaves limb 0 below
 * 2^51 + 19 * 2^8; one more carry out of it makes limb 1 at most 2^51. */
static void fe_reduce(fe h, const fe f)
{
	fe_copy(h, f);
	fe_carry_pass(h);
	h[1] += h[0] >> 51;
	h[0] &= MASK51;
}

/*
 * s = f mod p, fully reduced. Pre: f loose, or any limbs below 2^63 (what
 * curve25519-avx512ifma gives it). The first carry pass leaves limbs 1..4
 * below 2^51 and limb 0 below 2^51 + 19 * 2^3 (below 2^51 + 19 (2^12 + 1)
 * for limbs below 2^63). The second carries at most 1 out of limb 0 and along;
 * its top carry is 1 only if every limb wrapped to a small value, so all
 * limbs end below 2^51 and f < 2^255 < 2p. Then f - p is computed with
 * borrows; no final borrow means f >= p and f - p is the answer, picked by
 * mask.
 */
void fe_tobytes(uint8_t s[32], const fe f)
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

#ifdef ZINC_TESTING
#define LADDER_FIELD_OPS curve25519_generic64_field
#define FE_NLIMBS 5
#define FE_SIGNED false
static const uint16_t fe_shift[5] = { 0, 51, 102, 153, 204 };
/* The bounds of the header comment, as inclusive maxima. */
static const uint64_t fe_carried[5] = { MASK51, MASK51 + (1 << 18), MASK51, MASK51, MASK51 };
static const uint64_t fe_loose[5] = {
	((uint64_t)1 << 54) - 1, ((uint64_t)1 << 54) - 1, ((uint64_t)1 << 54) - 1,
	((uint64_t)1 << 54) - 1, ((uint64_t)1 << 54) - 1,
};
#define FE_LIMBS_U64	/* limbs are uint64_t: fe_load / fe_store copy */
#endif

#include "lib/curve25519/ladder.h"

#include "lib/curve25519/base.h"

void curve25519_generic64(uint8_t out[CURVE25519_KEY_SIZE],
			  const uint8_t scalar[CURVE25519_KEY_SIZE],
			  const uint8_t point[CURVE25519_KEY_SIZE])
{
	ladder(out, scalar, point);
}

void curve25519_generic64_base(uint8_t out[CURVE25519_KEY_SIZE],
			       const uint8_t scalar[CURVE25519_KEY_SIZE])
{
	base(out, scalar);
}

#endif /* __SIZEOF_INT128__ */
