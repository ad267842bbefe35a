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
#include "lib/curve25519/bounds.acsl.h"

void curve25519_generic32(uint8_t out[CURVE25519_KEY_SIZE],
			  const uint8_t scalar[CURVE25519_KEY_SIZE],
			  const uint8_t point[CURVE25519_KEY_SIZE]);
void curve25519_generic32_base(uint8_t out[CURVE25519_KEY_SIZE],
			       const uint8_t scalar[CURVE25519_KEY_SIZE]);

typedef int32_t fe[10];

/* curve25519-neon (lib/curve25519/curve25519-neon.c) has these elements,
 * limbs and bounds alike, and takes all but its multiplications from here:
 * these are external, under the names curve25519.h declares (Frama-C
 * proves them under their own). */
#ifndef __FRAMAC__
#define fe_add curve25519_fe32_add
#define fe_sub curve25519_fe32_sub
#define fe_cswap curve25519_fe32_cswap
#define fe_frombytes curve25519_fe32_frombytes
#define fe_tobytes curve25519_fe32_tobytes
#endif

/* The bounds above as ACSL predicates (ci/prove.sh, docs/prove.md). */
/*@
  // |h[i]| <= e for even i, o for odd i.
  predicate within(int32_t *h, integer e, integer o) =
    \forall integer i; 0 <= i < 10 ==>
      (i % 2 == 0 ==> -e <= h[i] <= e) && (i % 2 == 1 ==> -o <= h[i] <= o);
  predicate carried(int32_t *h) = within(h, 0x2000000, 0x1010000);
  // What fe_add and fe_sub leave: (2^26, 2^25 + 2^17).
  predicate added(int32_t *h) = within(h, 0x4000000, 0x2020000);
  // (1.65 * 2^26, 1.65 * 2^25), rounded down.
  predicate loose(int32_t *h) = within(h, 0x6999999, 0x34ccccc);
  // What fe_carry accepts: |t[i]| <= 2^62.
  predicate within62(integer x) = -0x4000000000000000 <= x <= 0x4000000000000000;
  // The operands of column10 and column5: |x| <= 2^27, 2^28.
  predicate within27(integer x) = -0x8000000 <= x <= 0x8000000;
  predicate within28(integer x) = -0x10000000 <= x <= 0x10000000;
  predicate wide(int64_t *t) =
    within62(t[0]) && within62(t[1]) && within62(t[2]) && within62(t[3]) &&
    within62(t[4]) && within62(t[5]) && within62(t[6]) && within62(t[7]) &&
    within62(t[8]) && within62(t[9]);
  // The outputs feed the inputs: fe_mul of fe_add's result, and so on.
  lemma carried_is_loose{L}: \forall int32_t *h; carried{L}(h) ==> loose{L}(h);
  lemma added_is_loose{L}: \forall int32_t *h; added{L}(h) ==> loose{L}(h);
*/

/* The 64-bit product of two 32-bit limbs. The contract gives its bound for
 * the operand sizes fe_mul and fe_sq use (|a| up to 2^28, |b| up to 2^31):
 * the provers then add up bounds, not products. */
/*@
  assigns \nothing;
  behavior narrow:
    assumes -0x8000000 <= a <= 0x8000000 && -0x8000000 <= b <= 0x8000000;
    ensures -0x40000000000000 <= \result <= 0x40000000000000;
  behavior wide_b:
    assumes -0x8000000 <= a <= 0x8000000;
    ensures -0x400000000000000 <= \result <= 0x400000000000000;
  behavior wide_a:
    assumes -0x10000000 <= a <= 0x10000000 && -0x8000000 <= b <= 0x8000000;
    ensures -0x80000000000000 <= \result <= 0x80000000000000;
  behavior wide:
    assumes -0x10000000 <= a <= 0x10000000;
    ensures -0x800000000000000 <= \result <= 0x800000000000000;
*/
static inline __attribute__((always_inline)) int64_t M(int32_t a, int32_t b)
{
	return (int64_t)a * b;
}

/*@
  requires 0 <= i <= 9;
  assigns \nothing;
  ensures \result == 26 - i % 2;
*/
static int limb_bits(int i)
{
	return 26 - (i & 1);
}

/* h = f. */
/*@
  requires \valid(h + (0 .. 9)) && \valid_read(f + (0 .. 9));
  requires \separated(h + (0 .. 9), f + (0 .. 9));
  requires carried((int32_t *)f);
  assigns h[0 .. 9];
  ensures carried(h);
*/
static void fe_copy(fe h, const fe f)
{
	/*@ loop invariant 0 <= i <= 10;
	    loop invariant \forall integer j; 0 <= j < i ==> h[j] == f[j];
	    loop assigns i, h[0 .. 9];
	    loop variant 10 - i; */
	for (int i = 0; i < 10; i++)
		h[i] = f[i];
}

/* h = n for a small n. */
/*@
  requires \valid(h + (0 .. 9));
  requires 0 <= n <= 1;
  assigns h[0 .. 9];
  ensures carried(h);
*/
static void fe_set(fe h, int32_t n)
{
	h[0] = n;
	/*@ loop invariant 1 <= i <= 10;
	    loop invariant h[0] == n;
	    loop invariant \forall integer j; 1 <= j < i ==> h[j] == 0;
	    loop assigns i, h[1 .. 9];
	    loop variant 10 - i; */
	for (int i = 1; i < 10; i++)
		h[i] = 0;
}

/* h = f + g. Pre: f, g carried. Post: h loose (|h| <= (2^26, 2^25 + 2^17)). */
/*@
  requires \valid(h + (0 .. 9)) && \valid_read(f + (0 .. 9)) && \valid_read(g + (0 .. 9));
  requires \separated(h + (0 .. 9), f + (0 .. 9)) && \separated(h + (0 .. 9), g + (0 .. 9));
  requires carried((int32_t *)f) && carried((int32_t *)g);
  assigns h[0 .. 9];
  ensures added(h);
*/
void fe_add(fe h, const fe f, const fe g)
{
	/*@ loop invariant 0 <= i <= 10;
	    loop invariant \forall integer j; 0 <= j < i ==>
	      (j % 2 == 0 ==> -0x4000000 <= h[j] <= 0x4000000) &&
	      (j % 2 == 1 ==> -0x2020000 <= h[j] <= 0x2020000);
	    loop assigns i, h[0 .. 9];
	    loop variant 10 - i; */
	for (int i = 0; i < 10; i++)
		h[i] = f[i] + g[i];
}

/* h = f - g. Pre: f, g carried. Post: h loose (|h| <= (2^26, 2^25 + 2^17)). */
/*@
  requires \valid(h + (0 .. 9)) && \valid_read(f + (0 .. 9)) && \valid_read(g + (0 .. 9));
  requires \separated(h + (0 .. 9), f + (0 .. 9)) && \separated(h + (0 .. 9), g + (0 .. 9));
  requires carried((int32_t *)f) && carried((int32_t *)g);
  assigns h[0 .. 9];
  ensures added(h);
*/
void fe_sub(fe h, const fe f, const fe g)
{
	/*@ loop invariant 0 <= i <= 10;
	    loop invariant \forall integer j; 0 <= j < i ==>
	      (j % 2 == 0 ==> -0x4000000 <= h[j] <= 0x4000000) &&
	      (j % 2 == 1 ==> -0x2020000 <= h[j] <= 0x2020000);
	    loop assigns i, h[0 .. 9];
	    loop variant 10 - i; */
	for (int i = 0; i < 10; i++)
		h[i] = f[i] - g[i];
}

/*
 * h = t mod p, rounding carries to the nearest so that limbs stay signed
 * and small. Pre: |t[i]| <= 2^62. Post: h carried. The carry out of t[9]
 * is worth 2^255 = 19 (mod p) and goes back into t[0]: at most 2^37 * 19
 * < 2^42, so the second carry out of t[0] is at most 2^16 and limb 1 ends
 * below 2^24 + 2^16. Always inlined, so that t stays in registers: out of
 * line, sanitizer builds give t a stack frame with redzones on every call.
 */
/*@
  requires \valid(h + (0 .. 9)) && \valid(t + (0 .. 9));
  requires \separated(h + (0 .. 9), t + (0 .. 9));
  requires wide(t);
  assigns h[0 .. 9], t[0 .. 9];
  ensures carried(h);
*/
static inline __attribute__((always_inline)) void fe_carry(fe h, int64_t t[10])
{
	int64_t c;

	/*@ loop pragma UNROLL 11; */
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
	/*@ loop pragma UNROLL 11; */
	for (int i = 0; i < 10; i++)
		h[i] = (int32_t)t[i];
}

/*
 * One column of fe_mul: a0 b0 + a1 b1 + ... + a9 b9, where the a are limbs
 * of f, the odd ones doubled (|a_i| <= 1.65 * 2^26 < 2^27), and the b are
 * limbs of g or 19 times one (|b_i| < 2^31). Each product is below 2^58,
 * the sum of ten below 2^61.4. A function of its own, always inlined, so
 * that WP proves the ten products' sum once for any such operands, and
 * fe_mul only that each column's operands are that small.
 */
/*@
  requires within27(a0) && within27(a1) && within27(a2) && within27(a3) && within27(a4) &&
           within27(a5) && within27(a6) && within27(a7) && within27(a8) && within27(a9);
  assigns \nothing;
  ensures within62(\result);
*/
static inline __attribute__((always_inline)) int64_t
column10(int32_t a0, int32_t a1, int32_t a2, int32_t a3, int32_t a4,
	 int32_t a5, int32_t a6, int32_t a7, int32_t a8, int32_t a9,
	 int32_t b0, int32_t b1, int32_t b2, int32_t b3, int32_t b4,
	 int32_t b5, int32_t b6, int32_t b7, int32_t b8, int32_t b9)
{
	return M(a0, b0) + M(a1, b1) + M(a2, b2) + M(a3, b3) + M(a4, b4)
		+ M(a5, b5) + M(a6, b6) + M(a7, b7) + M(a8, b8) + M(a9, b9);
}

/*
 * h = f * g. Pre: f, g loose. Post: h carried.
 * Limb i weighs 2^ceil(25.5 i); the product of limbs i and j lands on limb
 * i + j with an extra factor 2 when i and j are both odd (25.5 rounds up
 * twice), and limb i + j >= 10 wraps to i + j - 10 times 19 (2^255 = 19).
 * With the odd limbs of f doubled and g scaled by 19 beforehand, every
 * product is 32x32 -> 64 bits: |2 f[i]| <= 1.65 * 2^26 for odd i, |19 g[j]|
 * < 2^31. The largest product is 1.65 * 2^26 * 19 * 1.65 * 2^26 < 2^57.7,
 * so each t[k], a sum of ten, stays below 2^61.1. Column k pairs f[i] with
 * g[k - i] (19 g[k - i + 10] past g[0]); the odd limbs of f are doubled in
 * the even columns, where two odd indices meet. Every operand stays in a
 * register (and sanitizer builds check only the loads of f and g and the
 * stores of h).
 */
/*@
  requires \valid(h + (0 .. 9)) && \valid_read(f + (0 .. 9)) && \valid_read(g + (0 .. 9));
  requires loose((int32_t *)f) && loose((int32_t *)g);
  assigns h[0 .. 9];
  ensures carried(h);
*/
static void fe_mul(fe h, const fe f, const fe g)
{
	int32_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4];
	int32_t f5 = f[5], f6 = f[6], f7 = f[7], f8 = f[8], f9 = f[9];
	int32_t g0 = g[0], g1 = g[1], g2 = g[2], g3 = g[3], g4 = g[4];
	int32_t g5 = g[5], g6 = g[6], g7 = g[7], g8 = g[8], g9 = g[9];
	int32_t f1_2 = 2 * f1, f3_2 = 2 * f3, f5_2 = 2 * f5, f7_2 = 2 * f7, f9_2 = 2 * f9;
	int32_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4, g5_19 = 19 * g5;
	int32_t g6_19 = 19 * g6, g7_19 = 19 * g7, g8_19 = 19 * g8, g9_19 = 19 * g9;
	int64_t t[10];

	t[0] = column10(f0, f1_2, f2, f3_2, f4, f5_2, f6, f7_2, f8, f9_2,
			g0, g9_19, g8_19, g7_19, g6_19, g5_19, g4_19, g3_19, g2_19, g1_19);
	/*@ assert within62(t[0]); */
	t[1] = column10(f0, f1, f2, f3, f4, f5, f6, f7, f8, f9,
			g1, g0, g9_19, g8_19, g7_19, g6_19, g5_19, g4_19, g3_19, g2_19);
	/*@ assert within62(t[1]); */
	t[2] = column10(f0, f1_2, f2, f3_2, f4, f5_2, f6, f7_2, f8, f9_2,
			g2, g1, g0, g9_19, g8_19, g7_19, g6_19, g5_19, g4_19, g3_19);
	/*@ assert within62(t[2]); */
	t[3] = column10(f0, f1, f2, f3, f4, f5, f6, f7, f8, f9,
			g3, g2, g1, g0, g9_19, g8_19, g7_19, g6_19, g5_19, g4_19);
	/*@ assert within62(t[3]); */
	t[4] = column10(f0, f1_2, f2, f3_2, f4, f5_2, f6, f7_2, f8, f9_2,
			g4, g3, g2, g1, g0, g9_19, g8_19, g7_19, g6_19, g5_19);
	/*@ assert within62(t[4]); */
	t[5] = column10(f0, f1, f2, f3, f4, f5, f6, f7, f8, f9,
			g5, g4, g3, g2, g1, g0, g9_19, g8_19, g7_19, g6_19);
	/*@ assert within62(t[5]); */
	t[6] = column10(f0, f1_2, f2, f3_2, f4, f5_2, f6, f7_2, f8, f9_2,
			g6, g5, g4, g3, g2, g1, g0, g9_19, g8_19, g7_19);
	/*@ assert within62(t[6]); */
	t[7] = column10(f0, f1, f2, f3, f4, f5, f6, f7, f8, f9,
			g7, g6, g5, g4, g3, g2, g1, g0, g9_19, g8_19);
	/*@ assert within62(t[7]); */
	t[8] = column10(f0, f1_2, f2, f3_2, f4, f5_2, f6, f7_2, f8, f9_2,
			g8, g7, g6, g5, g4, g3, g2, g1, g0, g9_19);
	/*@ assert within62(t[8]); */
	t[9] = column10(f0, f1, f2, f3, f4, f5, f6, f7, f8, f9,
			g9, g8, g7, g6, g5, g4, g3, g2, g1, g0);
	/*@ assert within62(t[9]); */
	fe_carry(h, t);
}

/*
 * Five products of fe_sq's column: a0 b0 + ... + a4 b4, where the a are
 * limbs of f times 1, 2 or 4 (|a_i| <= 4 * 1.65 * 2^25 < 2^28) and the b
 * limbs of f or 19 times one (|b_i| < 2^31): each product is below 2^59,
 * the five below 5 * 2^59, and with a sixth product (the even columns
 * have one) still below 6 * 2^59 < 2^62. Always inlined, as column10.
 */
/*@
  requires within28(a0) && within28(a1) && within28(a2) && within28(a3) && within28(a4);
  assigns \nothing;
  ensures -5 * 0x800000000000000 <= \result <= 5 * 0x800000000000000;
*/
static inline __attribute__((always_inline)) int64_t
column5(int32_t a0, int32_t a1, int32_t a2, int32_t a3, int32_t a4,
	int32_t b0, int32_t b1, int32_t b2, int32_t b3, int32_t b4)
{
	return M(a0, b0) + M(a1, b1) + M(a2, b2) + M(a3, b3) + M(a4, b4);
}

/*
 * h = f^2. Pre: f loose. Post: h carried.
 * The products of fe_mul(f, f) with each f[i] f[j], i < j, computed once
 * from a doubled factor: 55 products instead of 100. The first factor is
 * f[i] times 1, 2 or 4 (4 for i != j both odd), at most 4 * 1.65 * 2^25 <
 * 2^28, the second f[j] or 19 f[j] < 2^31; each sum is the same as fe_mul's.
 * Column k has five products, and a sixth when k is even.
 */
/*@
  requires \valid(h + (0 .. 9)) && \valid_read(f + (0 .. 9));
  requires loose((int32_t *)f);
  assigns h[0 .. 9];
  ensures carried(h);
*/
static void fe_sq(fe h, const fe f)
{
	int32_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4];
	int32_t f5 = f[5], f6 = f[6], f7 = f[7], f8 = f[8], f9 = f[9];
	int32_t f0_2 = 2 * f0, f1_2 = 2 * f1, f2_2 = 2 * f2, f3_2 = 2 * f3, f4_2 = 2 * f4;
	int32_t f5_2 = 2 * f5, f6_2 = 2 * f6, f7_2 = 2 * f7, f8_2 = 2 * f8, f9_2 = 2 * f9;
	int32_t f1_4 = 4 * f1, f3_4 = 4 * f3, f5_4 = 4 * f5, f7_4 = 4 * f7;
	int32_t f5_19 = 19 * f5, f6_19 = 19 * f6, f7_19 = 19 * f7, f8_19 = 19 * f8, f9_19 = 19 * f9;
	int64_t t[10];

	t[0] = column5(f0, f1_4, f2_2, f3_4, f4_2, f0, f9_19, f8_19, f7_19, f6_19)
		+ M(f5_2, f5_19);
	/*@ assert within62(t[0]); */
	t[1] = column5(f0_2, f2_2, f3_2, f4_2, f5_2, f1, f9_19, f8_19, f7_19, f6_19);
	/*@ assert within62(t[1]); */
	t[2] = column5(f0_2, f1_2, f3_4, f4_2, f5_4, f2, f1, f9_19, f8_19, f7_19)
		+ M(f6, f6_19);
	/*@ assert within62(t[2]); */
	t[3] = column5(f0_2, f1_2, f4_2, f5_2, f6_2, f3, f2, f9_19, f8_19, f7_19);
	/*@ assert within62(t[3]); */
	t[4] = column5(f0_2, f1_4, f2, f5_4, f6_2, f4, f3, f2, f9_19, f8_19)
		+ M(f7_2, f7_19);
	/*@ assert within62(t[4]); */
	t[5] = column5(f0_2, f1_2, f2_2, f6_2, f7_2, f5, f4, f3, f9_19, f8_19);
	/*@ assert within62(t[5]); */
	t[6] = column5(f0_2, f1_4, f2_2, f3_2, f7_4, f6, f5, f4, f3, f9_19)
		+ M(f8, f8_19);
	/*@ assert within62(t[6]); */
	t[7] = column5(f0_2, f1_2, f2_2, f3_2, f8_2, f7, f6, f5, f4, f9_19);
	/*@ assert within62(t[7]); */
	t[8] = column5(f0_2, f1_4, f2_2, f3_4, f4, f8, f7, f6, f5, f4)
		+ M(f9_2, f9_19);
	/*@ assert within62(t[8]); */
	t[9] = column5(f0_2, f1_2, f2_2, f3_2, f4_2, f9, f8, f7, f6, f5);
	/*@ assert within62(t[9]); */
	fe_carry(h, t);
}

/* h = 121666 f. Pre: f loose. Post: h carried
 * (|f[i] * 121666| < 2^27 * 2^17 = 2^44). */
/*@
  requires \valid(h + (0 .. 9)) && \valid_read(f + (0 .. 9));
  requires loose((int32_t *)f);
  assigns h[0 .. 9];
  ensures carried(h);
*/
static void fe_mul_a24(fe h, const fe f)
{
	int64_t t[10];

	/*@ loop invariant 0 <= i <= 10;
	    loop invariant \forall integer j; 0 <= j < i ==>
	      -0x4000000000000000 <= t[j] <= 0x4000000000000000;
	    loop assigns i, t[0 .. 9];
	    loop variant 10 - i; */
	for (int i = 0; i < 10; i++)
		t[i] = (int64_t)f[i] * 121666;
	fe_carry(h, t);
}

/* Swaps f and g when bit is 1, leaves them when 0, without branching. */
/*@
  requires \valid(f + (0 .. 9)) && \valid(g + (0 .. 9));
  requires \separated(f + (0 .. 9), g + (0 .. 9));
  requires bit <= 1;
  requires carried(f) && carried(g);
  assigns f[0 .. 9], g[0 .. 9];
  ensures carried(f) && carried(g);
*/
void fe_cswap(fe f, fe g, unsigned int bit)
{
	int32_t mask = -(int32_t)bit;

	/*@ loop invariant 0 <= i <= 10;
	    loop invariant \forall integer j; 0 <= j < i ==>
	      (j % 2 == 0 ==> -0x2000000 <= f[j] <= 0x2000000 && -0x2000000 <= g[j] <= 0x2000000) &&
	      (j % 2 == 1 ==> -0x1010000 <= f[j] <= 0x1010000 && -0x1010000 <= g[j] <= 0x1010000);
	    loop invariant \forall integer j; i <= j < 10 ==>
	      f[j] == \at(f[j], Pre) && g[j] == \at(g[j], Pre);
	    loop assigns i, f[0 .. 9], g[0 .. 9];
	    loop variant 10 - i; */
	for (int i = 0; i < 10; i++) {
		int32_t x = mask & (f[i] ^ g[i]);

		/*@ assert bit == 0 ==> x == 0; */
		/*@ assert bit == 1 ==> x == (f[i] ^ g[i]); */
		/*@ assert bit == 1 ==> (f[i] ^ x) == g[i] && (g[i] ^ x) == f[i]; */
		f[i] ^= x;
		g[i] ^= x;
	}
}

/* h = the 255 low bits of s, little-endian (bit 255 is ignored). The value
 * may be >= p: the arithmetic reduces it. The bits are split into limbs
 * 0 <= t < (2^26, 2^25), then fe_carry rounds them into the carried range.
 * Post: h carried. */
void fe_frombytes(fe h, const uint8_t s[32])
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
/*@
  requires \valid(h + (0 .. 9)) && \valid_read(f + (0 .. 9));
  assigns h[0 .. 9];
  ensures carried(h);
*/
static void fe_reduce(fe h, const fe f)
{
	int64_t t[10];

	/*@ loop invariant 0 <= i <= 10;
	    loop invariant \forall integer j; 0 <= j < i ==>
	      -0x4000000000000000 <= t[j] <= 0x4000000000000000;
	    loop assigns i, t[0 .. 9];
	    loop variant 10 - i; */
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
void fe_tobytes(uint8_t s[32], const fe f)
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
#define FE_LIMBS_FE32	/* these tables and conversions, which curve25519-neon shares */
const uint16_t curve25519_fe32_shift[10] = { 0, 26, 51, 77, 102, 128, 153, 179, 204, 230 };
/* The bounds of the header comment, as inclusive maxima of |h[i]|
 * (1.65 * 2^26 = 110729625.6). */
#define CARRIED_EVEN (1 << 25)
#define CARRIED_ODD ((1 << 24) + (1 << 16))
#define LOOSE_EVEN 110729625
#define LOOSE_ODD (110729625 / 2)
const uint64_t curve25519_fe32_carried[10] = {
	CARRIED_EVEN, CARRIED_ODD, CARRIED_EVEN, CARRIED_ODD, CARRIED_EVEN,
	CARRIED_ODD, CARRIED_EVEN, CARRIED_ODD, CARRIED_EVEN, CARRIED_ODD,
};
const uint64_t curve25519_fe32_loose[10] = {
	LOOSE_EVEN, LOOSE_ODD, LOOSE_EVEN, LOOSE_ODD, LOOSE_EVEN,
	LOOSE_ODD, LOOSE_EVEN, LOOSE_ODD, LOOSE_EVEN, LOOSE_ODD,
};

/* Limbs as two's complement 64-bit words, within the bounds above (the
 * table's, and curve25519-neon's). */
void curve25519_fe32_load(fe h, const uint64_t *limbs)
{
	for (int i = 0; i < 10; i++)
		h[i] = (int32_t)(int64_t)limbs[i];
}

void curve25519_fe32_store(uint64_t *limbs, const fe h)
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
