/* SPDX-License-Identifier: MIT */
/*
 * X25519 field arithmetic and ladder step for 32-bit ARM with NEON
 * (ARMv7-A, ARM state, not Thumb; AAPCS hard-float), the technique of
 * Bernstein and Schwabe, "NEON crypto" (CHES 2012): elements mod
 * p = 2^255 - 19 in radix 2^25.5 (ten signed 32-bit limbs, limb i weighing
 * 2^ceil(25.5 i): 26 bits for even i, 25 for odd), and two independent
 * field multiplications at a time, one in each 64-bit lane of vmull.s32 /
 * vmlal.s32. lib/curve25519/curve25519-neon.c runs lib/curve25519/ladder.h's
 * set-up, inversion chain (through sqn and mul) and output around the
 * ladder here; the elements are curve25519-generic32's (same limbs, same
 * bounds), so its C additions, swap and byte conversions apply.
 *
 * Entry points (fe: int32_t[10]; all may alias one another):
 * void curve25519_neon_mul(fe h, const fe f, const fe g)	h = f g
 * void curve25519_neon_sqn(fe h, const fe f, uint32_t n)	h = f^(2^n), n >= 1
 * void curve25519_neon_mul121666(fe h, const fe f)		h = 121666 f
 * void curve25519_neon_ladder_step(struct ladder *l, uint32_t swap)
 *	One step of RFC 7748's ladder on lib/curve25519/ladder.h's struct
 *	ladder (fe x1, x2, z2, x3, z3, then the temporaries a, aa, b, bb,
 *	e, c, d, da, cb; offsets below): (x2:z2) and (x3:z3) swapped when
 *	swap is 1, then (x2:z2) doubled and (x3:z3) = (x2:z2) + (x3:z3):
 *	  a = x2 + z2, b = x2 - z2, c = x3 + z3, d = x3 - z3
 *	  (aa, bb) = (a^2, b^2)			one two-lane squaring
 *	  (da, cb) = (d a, c b)			one
 *	  e = aa - bb
 *	  (x3, c) = ((da + cb)^2, (da - cb)^2)	one squaring
 *	  (z3, x2) = (x1 c, aa bb)		one
 *	  c = 121666 e, d = bb + c
 *	  z2 = e d				one multiplication, both
 *						lanes alike
 * void curve25519_neon_ladder(struct ladder *l, const uint8_t scalar[32])
 *	The same step for t = 254 down to 0 with swap (bit t of the scalar)
 *	xor (bit t + 1; 0 for t = 254), then the last swap by bit 0 (RFC
 *	7748's loop; lib/curve25519/ladder.h's LADDER_LOOP).
 *
 * Limb bounds, "|h| <= (E, O)" meaning every even limb at most E and every
 * odd limb at most O in absolute value (curve25519-generic32.c's
 * "carried" and "loose"):
 *	carried: (2^25, 2^24 + 2^16)    loose: (1.65 2^26, 1.65 2^25)
 *	mul, sqn: loose inputs -> carried output. In the lanes, odd limbs of
 *	  f are doubled where two odd limbs meet (|2 f_i| < 2^27) and g is
 *	  scaled by 19 for the columns that wrap (|19 g_j| < 2^31, as loose is
 *	  below 2^31 / 19): each product < 2^58, each column of ten < 2^61.4
 *	  plus the rounding bias below 2^26. Squaring (.Lsq2) takes each
 *	  product f_i f_j, i != j, once with a doubled factor (4 f_i for two
 *	  odd limbs in an even column: |4 f_i| < 2^28): products < 2^59,
 *	  columns of at most six < 2^62, as generic32's fe_sq.
 *	mul121666: loose -> carried (each limb product < 2^27 2^17 = 2^44).
 *	ladder_step: x1, x2, z2, x3, z3 carried in and out; a, b, c, d, e
 *	  sums and differences of two carried elements (|.| <= (2^26,
 *	  2^25 + 2^17), within loose); aa, bb, da, cb carried.
 *	The carry (.Lcarry) rounds to the nearest as generic32's fe_carry
 *	  does, in the same order (limbs 0..9, the carry out of limb 9 times
 *	  19 into limb 0, limb 0 into limb 1 again), so its results are
 *	  generic32's to the bit: each column starts from the bias 2^(b-1)
 *	  (b its limb's width; .Lsq2 adds it before the carry), then c = t >> b (vsra into the next column)
 *	  and t & (2^b - 1) leave the biased remainder; 19 c_9 is added as
 *	  (c_9 2^25) >> 25, >> 24 and >> 21 (1 + 2 + 16); the biases come off
 *	  after narrowing. Columns stay below 2^62 in 64 bits throughout.
 *
 * Register plan:
 *   .Lmul2 (h r4, f r5, g r6; h' r7, f' r8, g' r9; returns to lr):
 *     d0-d9 limb i of f and f' in d<i> (lane 0 f, lane 1 f'); d10-d14
 *     2 f_1, 2 f_3, .., 2 f_9. On the stack M[0..18] = 19 g_1 .. 19 g_9,
 *     g_0 .. g_9 (pairs of lanes): column k is f_i M[k + 9 - i] summed
 *     over i, M[k..k+9] loaded into d16-d25. q13 the column, q14, q15
 *     the biases 2^25, 2^24 (64-bit lanes); the ten columns go to ACC on
 *     the stack, then to q0-q9 for the carry.
 *   .Lsq2 (h r4, f r5; h' r7, f' r8): 2 f_i in d<i>, f_0, f_2, .., f_8 in
 *     d10-d14, 4 f_1, 4 f_3, .., 4 f_9 in d15-d19, M[k..k+9] in d20-d29,
 *     the column in q15; M and ACC as .Lmul2's (g = f).
 *   .Lscale (h r4, f r5; h' r7, f' r8): limbs in d16-d25, 121666 in d26,
 *     columns in q0-q9.
 *   .Lcarry: columns in q0-q9; masks 2^26 - 1, 2^25 - 1 in q10, q11;
 *     q12, q13 the top carry; narrowed limbs in d20-d23, d26-d31,
 *     unzipped (vuzp) into h and h' and stored through r4, r7.
 *   ladder_step: r10 the ladder, r11 -swap (mask in q14); x2, x3, z2,
 *     z3 in q0/q1/d4, q3/q4/d10, q8/q9/d20, q11/q12/d26 for the swap.
 *   ladder: the scalar pointer, t and the previous bit in the frame
 *   (SCALAR, T, SWAP); r0-r3 take them for the bit's load.
 *   r0-r3 scratch pointers. Frame: r4-r12, lr, d8-d15 saved (104 bytes),
 *   then FRAME bytes for M, ACC and the ladder's words.
 *
 * Constant time: the swap is by masks (veor/vand with the mask -swap);
 * the only branches are on n (sqn's count) and t (the ladder's bit index),
 * both public; every address depends only on the pointers given and t
 * (the scalar byte t / 8 is loaded whatever its value). Secrets wiped: the
 * frame (M, ACC, the swap bit) is zeroed, and q0-q3, q8-q15, before each
 * entry point returns (d8-d15 are restored to the caller's values); the
 * ladder clears r2, r3, r11 (its last bits).
 *
 * CPU features: NEON (Advanced SIMD), ARMv7-A. Byte order: ARM
 * little-endian only (armhf); the limbs are int32_t in memory, loaded with
 * vld1.32, and any 4-byte-aligned element is accepted (no alignment
 * qualifiers).
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

	.syntax unified
	.arch	armv7-a
	.fpu	neon
	.arm
	.text

/* struct ladder (lib/curve25519/ladder.h; curve25519-neon.c checks). */
#define X1	0
#define X2	40
#define Z2	80
#define X3	120
#define Z3	160
#define A	200
#define AA	240
#define B	280
#define BB	320
#define E	360
#define C	400
#define D	440
#define DA	480
#define CB	520

/* M (19 lane pairs, 152 bytes) at sp, ACC (10 columns, 160 bytes) after;
 * then curve25519_neon_ladder's scalar pointer, bit index t and the swap
 * bit of the previous step. FRAME is a multiple of 32 (LEAVE's wipe). */
#define M_OFF	0
#define ACC	152
#define SCALAR	320
#define T	324
#define SWAP	328
#define FRAME	352

.macro ENTER
	push	{r4-r12, lr}
	vpush	{d8-d15}
	sub	sp, sp, #FRAME
.endm

/* Zero M, ACC and the scratch NEON registers; restore and return. */
.macro LEAVE
	vmov.i32 q0, #0
	vmov.i32 q1, #0
	mov	r0, sp
	.rept	FRAME / 32
	vst1.64	{d0-d3}, [r0]!
	.endr
	vmov.i32 q2, #0
	vmov.i32 q3, #0
	vmov.i32 q8, #0
	vmov.i32 q9, #0
	vmov.i32 q10, #0
	vmov.i32 q11, #0
	vmov.i32 q12, #0
	vmov.i32 q13, #0
	vmov.i32 q14, #0
	vmov.i32 q15, #0
	add	sp, sp, #FRAME
	vpop	{d8-d15}
	pop	{r4-r12, pc}
.endm

/* q14 = 2^25, q15 = 2^24 in each 64-bit lane: the rounding biases. */
.macro BIASES
	vmov.i32 q14, #0x02000000
	vshr.u64 q14, q14, #32
	vmov.i32 q15, #0x01000000
	vshr.u64 q15, q15, #32
.endm

/* The elements at \p and \q as lane pairs: limb i of both (lane 0 \p's,
 * lane 1 \q's) in the i-th d register of \qa, \qb, \qc, \qd, \da, \db,
 * consecutive registers (q0-q3, d8, d9 for d0-d9; q8-q11, d24, d25 for
 * d16-d25): limbs 0..3 of \p into \qa and of \q into \qb, zipped; 4..7
 * into \qc, \qd; 8, 9 into \da, \db. Clobbers r0, r1. */
.macro LOAD_PAIR p, q, qa, qb, qc, qd, da, db
	mov	r0, \p
	mov	r1, \q
	vld1.32	{\qa}, [r0]!
	vld1.32	{\qb}, [r1]!
	vld1.32	{\qc}, [r0]!
	vld1.32	{\qd}, [r1]!
	vld1.32	{\da}, [r0]
	vld1.32	{\db}, [r1]
	vzip.32	\qa, \qb
	vzip.32	\qc, \qd
	vzip.32	\da, \db
.endm

/* M (the register plan) of the elements at \p (lane 0) and \q (lane 1):
 * 19 g_1 .. 19 g_9, g_0 .. g_9 at sp + M_OFF. Clobbers d16-d25, q15. */
.macro STORE_M p, q
	LOAD_PAIR \p, \q, q8, q9, q10, q11, d24, d25
	add	r0, sp, #M_OFF + 72
	vst1.64	{d16-d19}, [r0]!
	vst1.64	{d20-d23}, [r0]!
	vst1.64	{d24-d25}, [r0]
	vmov.i32 q15, #19
	.irp	reg, q8, q9, q10, q11, q12
	vmul.i32 \reg, \reg, q15
	.endr
	add	r0, sp, #M_OFF
	vst1.64	{d17-d20}, [r0]!
	vst1.64	{d21-d24}, [r0]!
	vst1.64	{d25}, [r0]
.endm

/* The ten columns from ACC into q0-q9. */
.macro LOAD_ACC
	add	r2, sp, #ACC
	vld1.64	{d0-d3}, [r2]!
	vld1.64	{d4-d7}, [r2]!
	vld1.64	{d8-d11}, [r2]!
	vld1.64	{d12-d15}, [r2]!
	vld1.64	{d16-d19}, [r2]
.endm

/* One column k of .Lmul2: \bias + sum over i of f_i M[k + 9 - i], to
 * ACC at r2 (advanced); r1 at M[k], moved to M[k + 1] (r3 = -56). The
 * odd limbs of f are \f1 .. \f9: 2 f_i (d10-d14) in an even column, where
 * two odd limbs meet, f_i (d1 .. d9) in an odd one. */
.macro MUL_COLUMN bias, f1, f3, f5, f7, f9
	vld1.64	{d16-d19}, [r1]!
	vld1.64	{d20-d23}, [r1]!
	vld1.64	{d24-d25}, [r1], r3
	vmov	q13, \bias
	vmlal.s32 q13, d0, d25
	vmlal.s32 q13, \f1, d24
	vmlal.s32 q13, d2, d23
	vmlal.s32 q13, \f3, d22
	vmlal.s32 q13, d4, d21
	vmlal.s32 q13, \f5, d20
	vmlal.s32 q13, d6, d19
	vmlal.s32 q13, \f7, d18
	vmlal.s32 q13, d8, d17
	vmlal.s32 q13, \f9, d16
	vst1.64	{d26-d27}, [r2]!
.endm

/* One column of .Lsq2: the sum of the products \f<n> \m<n> (a factor of
 * .Lsq2's and a limb of M[k..k+9] in d20-d29; five or six of them), to
 * ACC at r2 (advanced); r1 at M[k], moved to M[k + 1] (r3 = -56). */
.macro SQ_COLUMN f0, m0, f1, m1, f2, m2, f3, m3, f4, m4, f5, m5
	vld1.64	{d20-d23}, [r1]!
	vld1.64	{d24-d27}, [r1]!
	vld1.64	{d28-d29}, [r1], r3
	vmull.s32 q15, \f0, \m0
	vmlal.s32 q15, \f1, \m1
	vmlal.s32 q15, \f2, \m2
	vmlal.s32 q15, \f3, \m3
	vmlal.s32 q15, \f4, \m4
.ifnb \f5
	vmlal.s32 q15, \f5, \m5
.endif
	vst1.64	{d30-d31}, [r2]!
.endm

/* The biases into an even column \e (2^25, q14) and the odd one after it,
 * \o (2^24, q15). */
.macro ADD_BIASES e, o
	vadd.i64 \e, \e, q14
	vadd.i64 \o, \o, q15
.endm

/* The columns of an even limb \le and the odd limb \lo after it, times
 * 121666 (d26), plus their biases: into \e and \o. */
.macro SCALE_PAIR e, le, o, lo
	vmov	\e, q14
	vmlal.s32 \e, \le, d26
	vmov	\o, q15
	vmlal.s32 \o, \lo, d26
.endm

/* The carries of an even column \e (26 bits) into the odd \o after it and
 * of \o (25 bits) into \n; \e and \o keep their biased remainders. */
.macro CARRY_PAIR e, o, n
	vsra.s64 \o, \e, #26
	vand	\e, \e, q10
	vsra.s64 \n, \o, #25
	vand	\o, \o, q11
.endm

/* (h, h') = (f g, f' g') at r4 .. r9 (see the register plan). */
.Lmul2:
	LOAD_PAIR r5, r8, q0, q1, q2, q3, d8, d9
	vadd.i32 d10, d1, d1
	vadd.i32 d11, d3, d3
	vadd.i32 d12, d5, d5
	vadd.i32 d13, d7, d7
	vadd.i32 d14, d9, d9
	STORE_M	r6, r9
	BIASES
	add	r1, sp, #M_OFF
	add	r2, sp, #ACC
	mvn	r3, #55			/* -56: from M[k + 8] back to M[k + 1] */
	.rept	5
	MUL_COLUMN q14, d10, d11, d12, d13, d14	/* even column: 2 f_1 .. 2 f_9 */
	MUL_COLUMN q15, d1, d3, d5, d7, d9	/* odd column: f_1 .. f_9 */
	.endr
	LOAD_ACC
	b	.Lcarry

/* (h, h') = (f^2, f'^2) at r4, r5; r7, r8: fe_sq's 55 products (each
 * f_i f_j, i != j, once with a doubled factor). M as in .Lmul2, with g = f;
 * the factors: 2 f_i in d<i>, f_0, f_2, .., f_8 in d10-d14, 4 f_1, 4 f_3,
 * .., 4 f_9 in d15-d19; M[k..k+9] in d20-d29, the column in q15. Column k
 * takes, for each pair i < j with i + j = k (mod 10), (2 f_i or, both odd
 * in an even column, 4 f_i) M[k + 9 - i], and for i = j f_i or (odd i)
 * 2 f_i: the products of .Lmul2's column with g = f, each pair added once.
 * |4 f_i| < 2^28, |19 f_j| < 2^31: each product < 2^59, a column of six
 * < 2^62; the biases are added after. */
.Lsq2:
	STORE_M	r5, r8
	LOAD_PAIR r5, r8, q0, q1, q2, q3, d8, d9
	vmov	d10, d0
	vmov	d11, d2
	vmov	d12, d4
	vmov	d13, d6
	vmov	d14, d8
	vshl.i32 d15, d1, #2
	vshl.i32 d16, d3, #2
	vshl.i32 d17, d5, #2
	vshl.i32 d18, d7, #2
	vshl.i32 d19, d9, #2
	.irp	reg, q0, q1, q2, q3, q4
	vadd.i32 \reg, \reg, \reg
	.endr
	add	r1, sp, #M_OFF
	add	r2, sp, #ACC
	mvn	r3, #55			/* -56: from M[k + 8] back to M[k + 1] */
	SQ_COLUMN d10, d29,  d15, d28,  d2, d27,  d16, d26,  d4, d25,  d5, d24	/* column 0: f_0, 4f_1, 2f_2, 4f_3, 2f_4, 2f_5 */
	SQ_COLUMN d0, d29,  d2, d27,  d3, d26,  d4, d25,  d5, d24	/* column 1: 2f_0, 2f_2, 2f_3, 2f_4, 2f_5 */
	SQ_COLUMN d0, d29,  d1, d28,  d16, d26,  d4, d25,  d17, d24,  d13, d23	/* column 2: 2f_0, 2f_1, 4f_3, 2f_4, 4f_5, f_6 */
	SQ_COLUMN d0, d29,  d1, d28,  d4, d25,  d5, d24,  d6, d23	/* column 3: 2f_0, 2f_1, 2f_4, 2f_5, 2f_6 */
	SQ_COLUMN d0, d29,  d15, d28,  d11, d27,  d17, d24,  d6, d23,  d7, d22	/* column 4: 2f_0, 4f_1, f_2, 4f_5, 2f_6, 2f_7 */
	SQ_COLUMN d0, d29,  d1, d28,  d2, d27,  d6, d23,  d7, d22	/* column 5: 2f_0, 2f_1, 2f_2, 2f_6, 2f_7 */
	SQ_COLUMN d0, d29,  d15, d28,  d2, d27,  d3, d26,  d18, d22,  d14, d21	/* column 6: 2f_0, 4f_1, 2f_2, 2f_3, 4f_7, f_8 */
	SQ_COLUMN d0, d29,  d1, d28,  d2, d27,  d3, d26,  d8, d21	/* column 7: 2f_0, 2f_1, 2f_2, 2f_3, 2f_8 */
	SQ_COLUMN d0, d29,  d15, d28,  d2, d27,  d16, d26,  d12, d25,  d9, d20	/* column 8: 2f_0, 4f_1, 2f_2, 4f_3, f_4, 2f_9 */
	SQ_COLUMN d0, d29,  d1, d28,  d2, d27,  d3, d26,  d4, d25	/* column 9: 2f_0, 2f_1, 2f_2, 2f_3, 2f_4 */

	LOAD_ACC
	BIASES
	ADD_BIASES q0, q1
	ADD_BIASES q2, q3
	ADD_BIASES q4, q5
	ADD_BIASES q6, q7
	ADD_BIASES q8, q9
	b	.Lcarry

/* (h, h') = (121666 f, 121666 f') at r4, r5; r7, r8. */
.Lscale:
	LOAD_PAIR r5, r8, q8, q9, q10, q11, d24, d25
	movw	r0, #(121666 & 0xffff)
	movt	r0, #(121666 >> 16)
	vdup.32	d26, r0
	BIASES
	/* d0-d15 first: q8, q9 take the columns of limbs 8 and 9 once the
	 * limbs 0..3 in d16-d19 have been read. */
	SCALE_PAIR q0, d16, q1, d17
	SCALE_PAIR q2, d18, q3, d19
	SCALE_PAIR q4, d20, q5, d21
	SCALE_PAIR q6, d22, q7, d23
	SCALE_PAIR q8, d24, q9, d25
	/* fall through */

/* Columns t_0..t_9 (biased) in q0-q9 -> carried limbs at r4 (lane 0)
 * and r7 (lane 1); returns to lr. */
.Lcarry:
	vmov.i64 q10, #0xffffffff
	vshr.u64 q10, q10, #6		/* 2^26 - 1 */
	vshr.u64 q11, q10, #1		/* 2^25 - 1 */
	CARRY_PAIR q0, q1, q2
	CARRY_PAIR q2, q3, q4
	CARRY_PAIR q4, q5, q6
	CARRY_PAIR q6, q7, q8
	vsra.s64 q9, q8, #26
	vand	q8, q8, q10
	/* limb 9: q12 its biased remainder, q13 = c_9 2^25; 19 c_9 into t_0 */
	vand	q12, q9, q11
	vsub.i64 q13, q9, q12
	vsra.s64 q0, q13, #25
	vsra.s64 q0, q13, #24
	vsra.s64 q0, q13, #21
	vsra.s64 q1, q0, #26
	vand	q0, q0, q10
	vmovn.i64 d20, q0
	vmovn.i64 d21, q1
	vmovn.i64 d22, q2
	vmovn.i64 d23, q3
	vmovn.i64 d26, q4
	vmovn.i64 d27, q5
	vmovn.i64 d28, q6
	vmovn.i64 d29, q7
	vmovn.i64 d30, q8
	vmovn.i64 d31, q12
	/* the biases off: 2^25 from even limbs, 2^24 from odd */
	vmov.i32 d0, #0x02000000
	vmov.i32 d1, #0x01000000
	.irp	reg, q10, q11, q13, q14, q15
	vsub.i32 \reg, \reg, q0
	.endr
	vuzp.32	q10, q11
	vuzp.32	q13, q14
	vuzp.32	d30, d31
	mov	r0, r4
	vst1.32	{d20-d21}, [r0]!
	vst1.32	{d26-d27}, [r0]!
	vst1.32	{d30}, [r0]
	mov	r0, r7
	vst1.32	{d22-d23}, [r0]!
	vst1.32	{d28-d29}, [r0]!
	vst1.32	{d31}, [r0]
	bx	lr

/* The operands of .Lmul2 (and of .Lsq2, without \g, \g2) pointed at
 * the ladder's elements, offsets into the ladder at r10: h r4, f r5,
 * g r6, h' r7, f' r8, g' r9, as in the register plan. */
.macro OPERANDS h, f, g, h2, f2, g2
	add	r4, r10, #\h
	add	r5, r10, #\f
	.ifnb	\g
	add	r6, r10, #\g
	.endif
	add	r7, r10, #\h2
	add	r8, r10, #\f2
	.ifnb	\g2
	add	r9, r10, #\g2
	.endif
.endm

/* The ladder's (\h, \h2) = (\f \g, \f2 \g2). */
.macro MUL2 h, f, g, h2, f2, g2
	OPERANDS \h, \f, \g, \h2, \f2, \g2
	bl	.Lmul2
.endm

/* The ladder's (\h, \h2) = (\f^2, \f2^2). */
.macro SQ2 h, f, h2, f2
	OPERANDS \h, \f, , \h2, \f2
	bl	.Lsq2
.endm

/* \op (vld1.32 to load, vst1.32 to store) of the ladder's elements at
 * offsets \x and \y from r10 in \xr, \xd and \yr, \yd (the first eight
 * limbs as a range of d registers, the last two). Clobbers r0, r1. */
.macro ELEMENTS2 op, x, y, xr, xd, yr, yd
	add	r0, r10, #\x
	add	r1, r10, #\y
	\op	{\xr}, [r0]!
	\op	{\xd}, [r0]
	\op	{\yr}, [r1]!
	\op	{\yd}, [r1]
.endm

/* \s = \x + \y, \d = \x - \y, offsets into the ladder at r10. */
.macro ADDSUB x, y, s, d
	ELEMENTS2 vld1.32, \x, \y, d0-d3, d4, d6-d9, d10
	vadd.i32 q8, q0, q3
	vadd.i32 q9, q1, q4
	vadd.i32 d20, d4, d10
	vsub.i32 q12, q0, q3
	vsub.i32 q13, q1, q4
	vsub.i32 d28, d4, d10
	ELEMENTS2 vst1.32, \s, \d, d16-d19, d20, d24-d27, d28
.endm

/* The element at \x into d registers \r0 to \r3 (its first eight limbs)
 * and \dd (the last two). Clobbers r0. */
.macro LOAD1 x, r0, r3, dd
	add	r0, r10, #\x
	vld1.32	{\r0-\r3}, [r0]!
	vld1.32	{\dd}, [r0]
.endm

/* The element in d registers \r0 to \r3 and \dd to \x. Clobbers r0. */
.macro STORE1 x, r0, r3, dd
	add	r0, r10, #\x
	vst1.32	{\r0-\r3}, [r0]!
	vst1.32	{\dd}, [r0]
.endm

/* The elements in \a0, \a1, \ad and \b0, \b1, \bd (first eight limbs,
 * last two) swapped where the mask q14 is set; q15 scratch. */
.macro CSWAP_ELEMENTS a0, a1, ad, b0, b1, bd
	CSWAP	\a0, \b0, q14, q15
	CSWAP	\a1, \b1, q14, q15
	CSWAP	\ad, \bd, d28, d30
.endm

/* (\a, \b) swapped where the mask \m is set, \t scratch: q registers
 * with the mask q14 and q15 scratch, or d registers with d28 and d30. */
.macro CSWAP a, b, m, t
	veor	\t, \a, \b
	vand	\t, \t, \m
	veor	\a, \a, \t
	veor	\b, \b, \t
.endm

/* (x2, x3) and (z2, z3) swapped when the mask q14 is set. */
.macro SWAP_REGS
	CSWAP_ELEMENTS q0, q1, d4, q3, q4, d10
	CSWAP_ELEMENTS q8, q9, d20, q11, q12, d26
.endm

/* x2, x3, z2, z3 into q0/q1/d4, q3/q4/d10, q8/q9/d20, q11/q12/d26. */
.macro LOAD_POINTS
	LOAD1	X2, d0, d3, d4
	LOAD1	X3, d6, d9, d10
	LOAD1	Z2, d16, d19, d20
	LOAD1	Z3, d22, d25, d26
.endm

/* \s = x + y, \d = x - y to the ladder, for x in \x0, \x1, \xd and y in
 * \y0, \y1, \yd (first eight limbs, last two); q6, q7, d30 scratch. */
.macro SUMDIFF x0, x1, xd, y0, y1, yd, s, d
	vadd.i32 q6, \x0, \y0
	vadd.i32 q7, \x1, \y1
	vadd.i32 d30, \xd, \yd
	STORE1	\s, d12, d15, d30
	vsub.i32 q6, \x0, \y0
	vsub.i32 q7, \x1, \y1
	vsub.i32 d30, \xd, \yd
	STORE1	\d, d12, d15, d30
.endm

/* One ladder step on the ladder at r10, swap bit in r11 (0 or 1). */
.macro STEP
	rsb	r11, r11, #0
	vdup.32	q14, r11
	/* The swap in registers: x2, z2, x3, z3 are read here and only
	 * written by the step's results. */
	LOAD_POINTS
	SWAP_REGS
	SUMDIFF	q0, q1, d4, q8, q9, d20, A, B	/* a = x2 + z2, b = x2 - z2 */
	SUMDIFF	q3, q4, d10, q11, q12, d26, C, D	/* c = x3 + z3, d = x3 - z3 */
	SQ2	AA, A, BB, B
	MUL2	DA, D, A, CB, C, B
	ADDSUB	DA, CB, A, B		/* a = da + cb, b = da - cb */
	ADDSUB	AA, BB, C, E		/* e = aa - bb (c: unused) */
	SQ2	X3, A, C, B		/* x3 = (da + cb)^2, c = (da - cb)^2 */
	MUL2	Z3, X1, C, X2, AA, BB
	add	r4, r10, #C
	add	r5, r10, #E
	mov	r7, r4
	mov	r8, r5
	bl	.Lscale			/* c = 121666 e */
	ADDSUB	BB, C, D, A		/* d = bb + c (a: unused) */
	MUL2	Z2, E, D, Z2, E, D
.endm

.globl curve25519_neon_ladder_step
.type curve25519_neon_ladder_step, %function
.balign 16
ZINC_ENTRY curve25519_neon_ladder_step
	ENTER
	mov	r10, r0
	mov	r11, r1
	STEP
	LEAVE
.size curve25519_neon_ladder_step, .-curve25519_neon_ladder_step

/* The steps for bits 254 .. 0 of the scalar, each with the swap bit
 * (bit t) xor (bit t + 1), then the last swap (by bit 0). */
.globl curve25519_neon_ladder
.type curve25519_neon_ladder, %function
.balign 16
ZINC_ENTRY curve25519_neon_ladder
	ENTER
	mov	r10, r0
	str	r1, [sp, #SCALAR]
	mov	r0, #254
	str	r0, [sp, #T]
	mov	r0, #0
	str	r0, [sp, #SWAP]
1:	ldr	r0, [sp, #T]
	ldr	r1, [sp, #SCALAR]
	ldrb	r2, [r1, r0, lsr #3]
	and	r3, r0, #7
	lsr	r2, r2, r3
	and	r2, r2, #1
	ldr	r3, [sp, #SWAP]
	str	r2, [sp, #SWAP]
	eor	r11, r2, r3
	STEP
	ldr	r0, [sp, #T]
	subs	r0, r0, #1
	str	r0, [sp, #T]
	bpl	1b
	ldr	r11, [sp, #SWAP]
	rsb	r11, r11, #0
	vdup.32	q14, r11
	LOAD_POINTS
	SWAP_REGS
	STORE1	X2, d0, d3, d4
	STORE1	X3, d6, d9, d10
	STORE1	Z2, d16, d19, d20
	STORE1	Z3, d22, d25, d26
	mov	r2, #0
	mov	r3, #0
	mov	r11, #0
	LEAVE
.size curve25519_neon_ladder, .-curve25519_neon_ladder

.globl curve25519_neon_mul
.type curve25519_neon_mul, %function
.balign 16
ZINC_ENTRY curve25519_neon_mul
	ENTER
	mov	r4, r0
	mov	r5, r1
	mov	r6, r2
	mov	r7, r0
	mov	r8, r1
	mov	r9, r2
	bl	.Lmul2
	LEAVE
.size curve25519_neon_mul, .-curve25519_neon_mul

.globl curve25519_neon_sqn
.type curve25519_neon_sqn, %function
.balign 16
ZINC_ENTRY curve25519_neon_sqn
	ENTER
	mov	r4, r0
	mov	r5, r1
	mov	r7, r0
	mov	r8, r1
	mov	r11, r2
	bl	.Lsq2
	mov	r5, r4
	mov	r8, r4
1:	subs	r11, r11, #1
	beq	2f
	bl	.Lsq2
	b	1b
2:	LEAVE
.size curve25519_neon_sqn, .-curve25519_neon_sqn

.globl curve25519_neon_mul121666
.type curve25519_neon_mul121666, %function
.balign 16
ZINC_ENTRY curve25519_neon_mul121666
	ENTER
	mov	r4, r0
	mov	r5, r1
	mov	r7, r0
	mov	r8, r1
	bl	.Lscale
	LEAVE
.size curve25519_neon_mul121666, .-curve25519_neon_mul121666
