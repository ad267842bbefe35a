/* SPDX-License-Identifier: MIT */
/*
 * X25519 (RFC 7748 section 5) in portable C with 32-bit limbs: a field
 * element mod p = 2^255 - 19 is ten signed limbs h[0..9] in radix 2^25.5,
 * value = sum h[i] * 2^ceil(25.5 i), so even limbs hold 26 bits and odd
 * limbs 25. Products are 32x32 -> 64 bits. The ladder and the inversion
 * are lib/curve25519/ladder.h; constant time in scalar and point.
 *
 * Bounds, as "|h| <= (E, O)" = every even limb at most E and every odd limb
 * at most O in absolute value:
 *   carried:  |h| <= (2^25, 2^24 + 2^16)
 *             (output of fe_mul, fe_sq, fe_mul_a24, fe_frombytes;
 *              input of fe_add, fe_sub)
 *   loose:    |h| <= (1.65 * 2^26, 1.65 * 2^25)
 *             (output of fe_add, fe_sub, which stay within (2^26, 2^25 + 2^17);
 *              input of fe_mul, fe_sq, fe_mul_a24, fe_invert, fe_tobytes)
 */
#include <stdint.h>

#include "lib/curve25519/curve25519.h"
#include "lib/common/util.h"

void curve25519_generic32(uint8_t out[CURVE25519_KEY_SIZE],
			  const uint8_t scalar[CURVE25519_KEY_SIZE],
			  const uint8_t point[CURVE25519_KEY_SIZE]);
void curve25519_generic32_base(uint8_t out[CURVE25519_KEY_SIZE],
			       const uint8_t scalar[CURVE25519_KEY_SIZE]);

typedef int32_t fe[10];

static int limb_bits(int i)
{
	return 26 - (i & 1);
}

/* h = f. */
static void fe_copy(fe h, const fe f)
{
	for (int i = 0; i < 10; i++)
		h[i] = f[i];
}

/* h = n for a small n. */
static void fe_set(fe h, int32_t n)
{
	h[0] = n;
	for (int i = 1; i < 10; i++)
		h[i] = 0;
}

/* h = f + g. Pre: f, g carried. Post: h loose (|h| <= (2^26, 2^25 + 2^17)). */
static void fe_add(fe h, const fe f, const fe g)
{
	for (int i = 0; i < 10; i++)
		h[i] = f[i] + g[i];
}

/* h = f - g. Pre: f, g carried. Post: h loose (|h| <= (2^26, 2^25 + 2^17)). */
static void fe_sub(fe h, const fe f, const fe g)
{
	for (int i = 0; i < 10; i++)
		h[i] = f[i] - g[i];
}

/*
 * h = t mod p, rounding carries to the nearest so that limbs stay signed
 * and small. Pre: |t[i]| <= 2^62. Post: h carried. The carry out of t[9]
 * is worth 2^255 = 19 (mod p) and goes back into t[0]: at most 2^37 * 19
 * < 2^42, so the second carry out of t[0] is at most 2^16 and limb 1 ends
 * below 2^24 + 2^16.
 */
static void fe_carry(fe h, int64_t t[10])
{
	int64_t c;

	for (int i = 0; i < 10; i++) {
		int bits = limb_bits(i);

		c = (t[i] + ((int64_t)1 << (bits - 1))) >> bits;
		t[i] -= c * ((int64_t)1 << bits);
		if (i < 9)
			t[i + 1] += c;
		else
			t[0] += 19 * c;
	}
	c = (t[0] + ((int64_t)1 << 25)) >> 26;
	t[0] -= c * ((int64_t)1 << 26);
	t[1] += c;
	for (int i = 0; i < 10; i++)
		h[i] = (int32_t)t[i];
}

/*
 * h = f * g. Pre: f, g loose. Post: h carried.
 * Limb i weighs 2^ceil(25.5 i); the product of limbs i and j lands on limb
 * i + j with an extra factor 2 when i and j are both odd (25.5 rounds up
 * twice), and limb i + j >= 10 wraps to i + j - 10 times 19 (2^255 = 19).
 * With the odd limbs of f doubled and g scaled by 19 beforehand, every
 * product is 32x32 -> 64 bits: |2 f[i]| <= 1.65 * 2^26 for odd i, |19 g[j]|
 * < 2^31. The largest product is 1.65 * 2^26 * 19 * 1.65 * 2^26 < 2^57.7,
 * so each t[k], a sum of ten, stays below 2^61.1. The loops have constant
 * bounds and are unrolled: every choice below is made at compile time.
 */
static void fe_mul(fe h, const fe f, const fe g)
{
	int64_t t[10] = { 0 };
	int32_t f2[10], g19[10];

#pragma GCC unroll 10
	for (int i = 0; i < 10; i++) {
		f2[i] = (i & 1) ? 2 * f[i] : f[i];
		g19[i] = 19 * g[i];
	}
#pragma GCC unroll 10
	for (int i = 0; i < 10; i++) {
#pragma GCC unroll 10
		for (int j = 0; j < 10; j++) {
			int32_t a = (j & 1) ? f2[i] : f[i];
			int32_t b = (i + j >= 10) ? g19[j] : g[j];

			t[(i + j) % 10] += (int64_t)a * b;
		}
	}
	fe_carry(h, t);
}

/*
 * h = f^2. Pre: f loose. Post: h carried.
 * The products of fe_mul(f, f) with each f[i] f[j], i < j, computed once
 * from a doubled factor: 55 products instead of 100. |a| <= 4 * 1.65 *
 * 2^25 < 2^29 and |b| < 2^31, and each sum is the same as fe_mul's.
 */
static void fe_sq(fe h, const fe f)
{
	int64_t t[10] = { 0 };

#pragma GCC unroll 10
	for (int i = 0; i < 10; i++) {
#pragma GCC unroll 10
		for (int j = i; j < 10; j++) {
			int32_t a = f[i] * ((i != j) + 1) * ((i & j & 1) + 1);
			int32_t b = (i + j >= 10) ? 19 * f[j] : f[j];

			t[(i + j) % 10] += (int64_t)a * b;
		}
	}
	fe_carry(h, t);
}

/* h = 121666 f. Pre: f loose. Post: h carried
 * (|f[i] * 121666| < 2^27 * 2^17 = 2^44). */
static void fe_mul_a24(fe h, const fe f)
{
	int64_t t[10];

	for (int i = 0; i < 10; i++)
		t[i] = (int64_t)f[i] * 121666;
	fe_carry(h, t);
}

/* Swaps f and g when bit is 1, leaves them when 0, without branching. */
static void fe_cswap(fe f, fe g, unsigned int bit)
{
	int32_t mask = -(int32_t)bit;

	for (int i = 0; i < 10; i++) {
		int32_t x = mask & (f[i] ^ g[i]);

		f[i] ^= x;
		g[i] ^= x;
	}
}

/* h = the 255 low bits of s, little-endian (bit 255 is ignored). The value
 * may be >= p: the arithmetic reduces it. The bits are split into limbs
 * 0 <= t < (2^26, 2^25), then fe_carry rounds them into the carried range.
 * Post: h carried. */
static void fe_frombytes(fe h, const uint8_t s[32])
{
	int64_t t[10];
	uint64_t acc = 0;
	int nbits = 0, k = 0;

	for (int i = 0; i < 10; i++) {
		int bits = limb_bits(i);

		while (nbits < bits) {
			acc |= (uint64_t)s[k++] << nbits;
			nbits += 8;
		}
		t[i] = (int64_t)(acc & (((uint64_t)1 << bits) - 1));
		acc >>= bits;
		nbits -= bits;
	}
	fe_carry(h, t);
}

/* h = f, carried. Pre: |f[i]| < 2^31 (a sum or difference of two carried
 * or loose elements). */
static void fe_reduce(fe h, const fe f)
{
	int64_t t[10];

	for (int i = 0; i < 10; i++)
		t[i] = f[i];
	fe_carry(h, t);
}

/*
 * s = h mod p, fully reduced, little-endian. Pre: h loose.
 * 1. Add 4p limb by limb: every limb becomes positive (4p has limbs
 *    4 (2^26 - 19), 4 (2^25 - 1), 4 (2^26 - 1), ...), below 2^28.6.
 * 2. Two floor-carry passes: after the first, limbs 1..9 are in range and
 *    limb 0 is below 2^26 + 19 * 2^4; the second pass carries at most 1 per
 *    limb, and if the top carry is 1 every limb has wrapped to zero but
 *    limb 0, which is then small: all limbs in range, h < 2^255.
 * 3. h >= p exactly when h + 19 >= 2^255; q is that top bit, and
 *    h + 19 q - 2^255 q is the canonical value.
 */
static void fe_tobytes(uint8_t s[32], const fe f)
{
	static const int32_t four_p[10] = {
		4 * ((1 << 26) - 19), 4 * ((1 << 25) - 1), 4 * ((1 << 26) - 1),
		4 * ((1 << 25) - 1), 4 * ((1 << 26) - 1), 4 * ((1 << 25) - 1),
		4 * ((1 << 26) - 1), 4 * ((1 << 25) - 1), 4 * ((1 << 26) - 1),
		4 * ((1 << 25) - 1),
	};
	int32_t h[10], q;
	uint64_t acc = 0;
	int nbits = 0, k = 0;

	for (int i = 0; i < 10; i++)
		h[i] = f[i] + four_p[i];
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < 10; i++) {
			int bits = limb_bits(i);
			int32_t c = h[i] >> bits;

			h[i] &= (1 << bits) - 1;
			if (i < 9)
				h[i + 1] += c;
			else
				h[0] += 19 * c;
		}
	}

	q = (h[0] + 19) >> 26;
	for (int i = 1; i < 10; i++)
		q = (h[i] + q) >> limb_bits(i);
	h[0] += 19 * q;
	for (int i = 0; i < 9; i++) {
		int bits = limb_bits(i);

		h[i + 1] += h[i] >> bits;
		h[i] &= (1 << bits) - 1;
	}
	h[9] &= (1 << 25) - 1;

	for (int i = 0; i < 10; i++) {
		acc |= (uint64_t)h[i] << nbits;
		nbits += limb_bits(i);
		while (nbits >= 8) {
			s[k++] = (uint8_t)acc;
			acc >>= 8;
			nbits -= 8;
		}
	}
	s[k] = (uint8_t)acc;	/* k = 31, the last 7 bits */
	memzero_explicit(h, sizeof(h));
}

#ifdef ZINC_TESTING
#define LADDER_FIELD_OPS curve25519_generic32_field
#define FE_NLIMBS 10
#define FE_SIGNED true
static const uint16_t fe_shift[10] = { 0, 26, 51, 77, 102, 128, 153, 179, 204, 230 };
/* The bounds of the header comment, as inclusive maxima of |h[i]|
 * (1.65 * 2^26 = 110729625.6). */
#define CARRIED_EVEN (1 << 25)
#define CARRIED_ODD ((1 << 24) + (1 << 16))
#define LOOSE_EVEN 110729625
#define LOOSE_ODD (110729625 / 2)
static const uint64_t fe_carried[10] = {
	CARRIED_EVEN, CARRIED_ODD, CARRIED_EVEN, CARRIED_ODD, CARRIED_EVEN,
	CARRIED_ODD, CARRIED_EVEN, CARRIED_ODD, CARRIED_EVEN, CARRIED_ODD,
};
static const uint64_t fe_loose[10] = {
	LOOSE_EVEN, LOOSE_ODD, LOOSE_EVEN, LOOSE_ODD, LOOSE_EVEN,
	LOOSE_ODD, LOOSE_EVEN, LOOSE_ODD, LOOSE_EVEN, LOOSE_ODD,
};

/* Limbs as two's complement 64-bit words, within the bounds above. */
static void fe_load(fe h, const uint64_t *limbs)
{
	for (int i = 0; i < 10; i++)
		h[i] = (int32_t)(int64_t)limbs[i];
}

static void fe_store(uint64_t *limbs, const fe h)
{
	for (int i = 0; i < 10; i++)
		limbs[i] = (uint64_t)(int64_t)h[i];
}
#endif

#include "lib/curve25519/ladder.h"

#include "lib/curve25519/base.h"

void curve25519_generic32(uint8_t out[CURVE25519_KEY_SIZE],
			  const uint8_t scalar[CURVE25519_KEY_SIZE],
			  const uint8_t point[CURVE25519_KEY_SIZE])
{
	ladder(out, scalar, point);
}

void curve25519_generic32_base(uint8_t out[CURVE25519_KEY_SIZE],
			       const uint8_t scalar[CURVE25519_KEY_SIZE])
{
	base(out, scalar);
}
