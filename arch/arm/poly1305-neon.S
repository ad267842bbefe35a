/* SPDX-License-Identifier: MIT */
/*
 * Poly1305 (RFC 8439 section 2.5) for 32-bit ARM with NEON (ARMv7-A, ARM
 * state, not Thumb): four blocks at a time in four lanes of radix-2^26
 * limbs (vmull.u32 / vmlal.u32, two lanes an instruction), the rest in
 * radix-2^32 scalar code (poly1305-arm.S). Between calls h is kept exactly
 * as poly1305-arm keeps it, so emit is that row's and any call may take
 * either path.
 *
 * void poly1305_neon_init(void *state, const uint8_t key[16])
 *	poly1305_arm_init, and marks the powers of r below as not computed.
 * void poly1305_neon_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit)
 *	Fewer than VEC_COLD bytes (VEC_WARM once the powers of r are
 *	computed): poly1305_arm_blocks. Otherwise, with blocks
 *	m_0 .. m_{4n-1} and lanes A_j (j = 0..3):
 *	  A_0 = h + m_0, A_j = m_j;  A_j = A_j r^4 + m_{4k+j} for k = 1..n-1;
 *	  h = A_0 r^4 + A_1 r^3 + A_2 r^2 + A_3 r,
 *	then the len mod 64 bytes left go to poly1305_arm_blocks.
 * void poly1305_neon_test_lanes(void *state, const uint64_t lanes[20],
 *				 const uint8_t *in, size_t len)	(ZINC_TESTING)
 *	Starts the loop above from the lanes given (lanes[4 i + j] = limb i
 *	of A_j), runs it over len bytes (a multiple of 64, padbit 1) and
 *	stores the resulting h, so a test can reach any legal lane state.
 *
 * Representations and limb bounds (the state-level target enforces them;
 * the worst cases were computed exactly, all inputs at their bounds):
 *	h between calls: radix 2^32 as in poly1305-arm (h4 <= 4 in and out).
 *	  Converted into lane 0, its top limb takes every bit from 2^104 up:
 *	  h < 5 2^128 makes it < 5 2^24.
 *	Powers r^2, r^3, r^4 are computed once per key by poly1305_arm_blocks
 *	  (h = h r with a zero block and padbit 0, on a copy of the state on
 *	  the stack), so each is below 5 2^128 like h, and kept as 32-bit
 *	  limbs: R_0..R_3 < 2^26, R_4 < 5 2^24, and 5 R_j < 2^28.33.
 *	Lanes: five 26-bit limbs a_0..a_4 per lane, limb i of lane j in
 *	  32-bit element j of q<i>. Every limb is <= 2^27 + 63 whenever the
 *	  lanes are multiplied. The columns d_k (64-bit elements, lanes 0, 1
 *	  and then lanes 2, 3 in q8-q12) are then < 2^58. The carry pass adds
 *	  d_k >> 26 into d_{k+1} for k = 0..3 without masking (the low 26 bits
 *	  of each are what the narrowing keeps), so d_4 >> 26 < 2^30 and its
 *	  narrowing (vshrn) is exact; vmovn keeps the low 32 bits of each
 *	  column, masked to 26 in 32-bit elements. Then a_0 += 5 (d_4 >> 26)
 *	  < 2^26 + 5 2^30 < 2^32 (vmla.i32 by the 5 beside r^4), and a_0's carry
 *	  into a_1: a_0 < 2^26, a_1 < 2^26 + 54, the others < 2^26. Adding a
 *	  block (limbs < 2^26, the top one < 2^25 with the pad bit) keeps every
 *	  limb <= 2^27 + 63; h's first lane gets h (top limb < 5 2^24) and
 *	  m_0: < 2^27 too.
 *	Back to radix 2^32: h's columns sum a_i (r^(4-j))_k products over the
 *	  four lanes (< 2^60), carried fully in 64-bit elements (d_0, d_2,
 *	  d_3, d_4 < 2^26, d_1 < 2^26 + 2^12) and packed with one add-carry
 *	  chain: h < 2^130 + 2^38, so h4 <= 4.
 *
 * State layout (poly1305-macros.h; lib/poly1305/poly1305-arm.c checks it):
 * poly1305-arm's h0..h4, r0..r3; READY; RP, r^4 for the loop: R_0..R_4,
 * 5 R_1..5 R_4, and the constant 5 (d10-d14); PW, the fold's powers:
 * for lanes 0, 1 (r^4, r^3) and then lanes 2, 3 (r^2, r), nine pairs
 * each: limb i (i = 0..4) of both powers, then 5 times limb i (i = 1..4).
 *
 * Register plan (AAPCS: r4-r11 and d8-d15 saved and restored):
 *   r4 state, r5 in, r6 bytes left, r7 padbit; r0-r3, r8-r12 scratch
 *   (the powers, h's conversions), lr.
 *   q0-q4 the lanes' limbs a_0..a_4 (4 x 32 bits); d10-d14 RP (the
 *   scalars R_0 d10[0], R_1 d10[1], R_2 d11[0], R_3 d11[1], R_4 d12[0],
 *   5 R_1 d12[1], 5 R_2 d13[0], 5 R_3 d13[1], 5 R_4 d14[0], 5 d14[1]);
 *   q8-q12 the columns d_0..d_4 of two lanes (2 x 64 bits), and the four
 *   blocks' words while they are split (vld4: word i of block j in
 *   element j of q8+i); q13 d_4 >> 26 of the four lanes; q14 the 26-bit
 *   mask (4 x 32); q15 the pad bit at 2^24 of each lane. The fold: the
 *   columns in q5-q7, q13, q14, the powers of one half in d16-d24, the
 *   64-bit mask in d30. q0-q3 and q8-q15 are zeroed before returning,
 *   q4-q7 restored; so are the scratch core registers.
 *   The stack: the saved registers (104 bytes) and, while the powers are
 *   computed, a 64-byte copy of the state and a zero block, wiped after.
 *
 * Constant time: branches depend only on len and the ready flag;
 * addresses only on in and the state pointer.
 *
 * CPU features: NEON (Advanced SIMD), ARMv7-A. Little-endian only; the
 * message may be unaligned (vld4 without an alignment qualifier).
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"
#include "poly1305-macros.h"

	.syntax unified
	.arch	armv7-a
	.fpu	neon
	.arm
	.text

/* Below this many bytes a call runs the scalar loop only: VEC_COLD while
 * the powers of r are still to be computed (three calls of the scalar
 * blocks and four conversions), VEC_WARM once a call of this key has
 * computed them. Set by guest instruction counts under qemu-arm (one call,
 * counted with -singlestep -d exec; counts are not time): a new key's
 * one-shot MAC takes 1231 instructions at 320 bytes through the vector path
 * against 1193 through poly1305-arm's loop alone, 1327 against 1385 at 384;
 * with the powers computed, 64 bytes take about 190 instructions through
 * the vector path (entry and fold about 90, then 96 a group of four
 * blocks) against 232 through the scalar loop (48 a block). Not measured
 * in time: there is no 32-bit ARM machine here. */
#define VEC_COLD	384
#define VEC_WARM	64

/* The half of PW for lanes 0, 1 (r^4, r^3) and for lanes 2, 3 (r^2, r). */
#define PW0	ST_PW
#define PW1	(ST_PW + 72)

/* r8..r12 = the radix-2^26 limbs of the radix-2^32 words r0..r3, r12 (the
 * top limb takes every bit from 2^104 up). Clobbers r0..r3. */
.macro TO26
	ubfx	r8, r0, #0, #26
	lsr	r9, r0, #26
	orr	r9, r9, r1, lsl #6
	bic	r9, r9, #0xfc000000
	lsr	r10, r1, #20
	orr	r10, r10, r2, lsl #12
	bic	r10, r10, #0xfc000000
	lsr	r11, r2, #14
	orr	r11, r11, r3, lsl #18
	bic	r11, r11, #0xfc000000
	lsr	r3, r3, #8
	orr	r12, r3, r12, lsl #24
.endm

/* The power of r in the copy of the state at sp, as limbs, into its place
 * in PW: limb i at off + 8 i, 5 times limb i at off + 40 + 8 (i - 1). */
.macro STORE_POWER off
	ldm	sp, {r0-r3, r12}
	TO26
	str	r8, [r4, #\off]
	str	r9, [r4, #\off + 8]
	str	r10, [r4, #\off + 16]
	str	r11, [r4, #\off + 24]
	str	r12, [r4, #\off + 32]
	add	r9, r9, r9, lsl #2
	add	r10, r10, r10, lsl #2
	add	r11, r11, r11, lsl #2
	add	r12, r12, r12, lsl #2
	str	r9, [r4, #\off + 40]
	str	r10, [r4, #\off + 48]
	str	r11, [r4, #\off + 56]
	str	r12, [r4, #\off + 64]
.endm

/* The copy at sp times r: h = (h + 0 + 0) r by poly1305_arm_blocks. */
.macro MUL_R_COPY
	mov	r0, sp
	add	r1, sp, #48
	mov	r2, #16
	mov	r3, #0
	bl	poly1305_arm_blocks
.endm

/*
 * Computes the powers of r into the state at r4 (PW, RP, READY). Keeps
 * r4-r7; clobbers r0-r3, r8-r12. A local function: called with bl.
 */
.type .Lpowers, %function
.Lpowers:
	push	{r8-r12, lr}
	sub	sp, sp, #64
	/* The copy: h = r (h4 = 0), r; a zero block at sp + 48. */
	add	r0, r4, #ST_R
	ldm	r0, {r0-r3}
	stm	sp, {r0-r3}
	add	r12, sp, #20
	stm	r12, {r0-r3}
	mov	r0, #0
	str	r0, [sp, #16]
	str	r0, [sp, #48]
	str	r0, [sp, #52]
	str	r0, [sp, #56]
	str	r0, [sp, #60]
	STORE_POWER PW1 + 4		/* r: lane 3 */
	MUL_R_COPY
	STORE_POWER PW1			/* r^2: lane 2 */
	MUL_R_COPY
	STORE_POWER PW0 + 4		/* r^3: lane 1 */
	MUL_R_COPY
	STORE_POWER PW0			/* r^4: lane 0 */
	/* RP: r^4's limbs, five times limbs 1..4, and 5. */
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8
	ldr	r0, [r4, #PW0 + 8 * \i]
	str	r0, [r4, #ST_RP + 4 * \i]
	.endr
	mov	r0, #5
	str	r0, [r4, #ST_RP + 36]
	mov	r0, #1
	str	r0, [r4, #ST_READY]
	/* Wipe the copy (r and its powers). */
	mov	r0, #0
	mov	r1, #0
	mov	r2, #0
	mov	r3, #0
	stm	sp, {r0-r3}
	add	r12, sp, #16
	stm	r12, {r0-r3}
	add	r12, sp, #32
	stm	r12, {r0-r3}
	add	sp, sp, #64
	pop	{r8-r12, pc}
.size .Lpowers, .-.Lpowers

/* The r^4 table, the 26-bit mask and the pad bit (r7) into their registers. */
.macro SETUP
	add	r12, r4, #ST_RP
	vld1.32	{d10-d13}, [r12]!
	vld1.32	{d14}, [r12]
	vmvn.i32 q14, #0xfc000000
	lsl	r12, r7, #24
	vdup.32	q15, r12
.endm

/*
 * The columns of a r^4 for two lanes (lo: lanes 0, 1 in the low halves of
 * q0-q4; hi: lanes 2, 3) into q8-q12.
 */
.macro PRODUCT a0, a1, a2, a3, a4
	vmull.u32 q8, \a0, d10[0]	/* d0 = a0 R0 + a1 5R4 + a2 5R3 + a3 5R2 + a4 5R1 */
	vmull.u32 q9, \a0, d10[1]	/* d1 = a0 R1 + a1 R0 + a2 5R4 + a3 5R3 + a4 5R2 */
	vmull.u32 q10, \a0, d11[0]	/* d2 = a0 R2 + a1 R1 + a2 R0 + a3 5R4 + a4 5R3 */
	vmull.u32 q11, \a0, d11[1]	/* d3 = a0 R3 + a1 R2 + a2 R1 + a3 R0 + a4 5R4 */
	vmull.u32 q12, \a0, d12[0]	/* d4 = a0 R4 + a1 R3 + a2 R2 + a3 R1 + a4 R0 */
	vmlal.u32 q8, \a1, d14[0]
	vmlal.u32 q9, \a1, d10[0]
	vmlal.u32 q10, \a1, d10[1]
	vmlal.u32 q11, \a1, d11[0]
	vmlal.u32 q12, \a1, d11[1]
	vmlal.u32 q8, \a2, d13[1]
	vmlal.u32 q9, \a2, d14[0]
	vmlal.u32 q10, \a2, d10[0]
	vmlal.u32 q11, \a2, d10[1]
	vmlal.u32 q12, \a2, d11[0]
	vmlal.u32 q8, \a3, d13[0]
	vmlal.u32 q9, \a3, d13[1]
	vmlal.u32 q10, \a3, d14[0]
	vmlal.u32 q11, \a3, d10[0]
	vmlal.u32 q12, \a3, d10[1]
	vmlal.u32 q8, \a4, d12[1]
	vmlal.u32 q9, \a4, d13[0]
	vmlal.u32 q10, \a4, d13[1]
	vmlal.u32 q11, \a4, d14[0]
	vmlal.u32 q12, \a4, d10[0]
.endm

/*
 * The carry pass of two lanes' columns (header: bounds), narrowed into the
 * limbs a0..a4 (d registers) and d_4 >> 26 into c4; masked later, four
 * lanes at once.
 */
.macro CARRY_NARROW a0, a1, a2, a3, a4, c4
	vsra.u64 q9, q8, #26
	vsra.u64 q10, q9, #26
	vsra.u64 q11, q10, #26
	vsra.u64 q12, q11, #26
	vmovn.i64 \a0, q8
	vmovn.i64 \a1, q9
	vmovn.i64 \a2, q10
	vmovn.i64 \a3, q11
	vmovn.i64 \a4, q12
	vshrn.u64 \c4, q12, #26
.endm

/* a_i = a_i mod 2^26, a_0 += 5 (d_4 >> 26), then a_0's carry into a_1. */
.macro REDUCE
	vand	q0, q0, q14
	vand	q1, q1, q14
	vand	q2, q2, q14
	vand	q3, q3, q14
	vand	q4, q4, q14
	vmla.i32 q0, q13, d14[1]
	vsra.u32 q1, q0, #26
	vand	q0, q0, q14
.endm

/*
 * The next four blocks at r5 added into the lanes, block j into lane j:
 * limb i of a block is bits 26 i .. 26 i + 25 of its words w0..w3, taken
 * from one or two words by shifts that leave no bits to mask.
 */
.macro ADD_BLOCKS
	vld4.32	{d16, d18, d20, d22}, [r5]!
	vld4.32	{d17, d19, d21, d23}, [r5]!
	vsra.u32 q4, q11, #8		/* w3 bits 8..31 */
	vadd.i32 q4, q4, q15
	vshl.i32 q11, q11, #24		/* w3 bits 0..7 at 24..31 */
	vsra.u32 q3, q11, #6
	vsra.u32 q3, q10, #14		/* w2 bits 14..31 */
	vshl.i32 q10, q10, #18		/* w2 bits 0..13 at 18..31 */
	vsra.u32 q2, q10, #6
	vsra.u32 q2, q9, #20		/* w1 bits 20..31 */
	vshl.i32 q9, q9, #12		/* w1 bits 0..19 at 12..31 */
	vsra.u32 q1, q9, #6
	vsra.u32 q1, q8, #26		/* w0 bits 26..31 */
	vshl.i32 q8, q8, #6		/* w0 bits 0..25 at 6..31 */
	vsra.u32 q0, q8, #6
.endm

/*
 * The fold's columns for two lanes (a0..a4 their limbs) times their powers
 * (d16-d20 limbs 0..4, d21-d24 5 times limbs 1..4, per lane) into q5, q6,
 * q7, q13, q14; first is vmull.u32 for the first half, vmlal.u32 after.
 */
.macro FOLD first, a0, a1, a2, a3, a4
	\first	q5, \a0, d16
	\first	q6, \a0, d17
	\first	q7, \a0, d18
	\first	q13, \a0, d19
	\first	q14, \a0, d20
	vmlal.u32 q5, \a1, d24
	vmlal.u32 q6, \a1, d16
	vmlal.u32 q7, \a1, d17
	vmlal.u32 q13, \a1, d18
	vmlal.u32 q14, \a1, d19
	vmlal.u32 q5, \a2, d23
	vmlal.u32 q6, \a2, d24
	vmlal.u32 q7, \a2, d16
	vmlal.u32 q13, \a2, d17
	vmlal.u32 q14, \a2, d18
	vmlal.u32 q5, \a3, d22
	vmlal.u32 q6, \a3, d23
	vmlal.u32 q7, \a3, d24
	vmlal.u32 q13, \a3, d16
	vmlal.u32 q14, \a3, d17
	vmlal.u32 q5, \a4, d21
	vmlal.u32 q6, \a4, d22
	vmlal.u32 q7, \a4, d23
	vmlal.u32 q13, \a4, d24
	vmlal.u32 q14, \a4, d16
.endm

/* The frame: r4-r12, lr and d8-d15 (104 bytes, so sp stays 8-aligned). */
.macro ENTER
	push	{r4-r12, lr}
	vpush	{d8-d15}
.endm

.globl poly1305_neon_init
.type poly1305_neon_init, %function
.balign 16
ZINC_ENTRY poly1305_neon_init
	mov	r12, #0
	str	r12, [r0, #ST_READY]
	b	poly1305_arm_init
.size poly1305_neon_init, .-poly1305_neon_init

.globl poly1305_neon_blocks
.type poly1305_neon_blocks, %function
.balign 16
ZINC_ENTRY poly1305_neon_blocks
	cmp	r2, #VEC_WARM
	blo	poly1305_arm_blocks
	ldr	r12, [r0, #ST_READY]
	cmp	r12, #0
	bne	1f
	cmp	r2, #VEC_COLD
	blo	poly1305_arm_blocks
1:	ENTER
	mov	r4, r0
	mov	r5, r1
	mov	r6, r2
	mov	r7, r3
	cmp	r12, #0
	bleq	.Lpowers
	/* Lane 0 starts at h, the others at 0. */
	ldm	r4, {r0-r3, r12}
	TO26
	vmov.i32 q0, #0
	vmov.i32 q1, #0
	vmov.i32 q2, #0
	vmov.i32 q3, #0
	vmov.i32 q4, #0
	vmov.32	d0[0], r8
	vmov.32	d2[0], r9
	vmov.32	d4[0], r10
	vmov.32	d6[0], r11
	vmov.32	d8[0], r12
	SETUP
	ADD_BLOCKS
	sub	r6, r6, #64
	b	.Lloop_check

	/* A = A r^4 + the next four blocks. */
.balign 16
.Lloop:
	PRODUCT	d0, d2, d4, d6, d8
	CARRY_NARROW d0, d2, d4, d6, d8, d26
	PRODUCT	d1, d3, d5, d7, d9
	CARRY_NARROW d1, d3, d5, d7, d9, d27
	REDUCE
	ADD_BLOCKS
	sub	r6, r6, #64
.Lloop_check:
	cmp	r6, #64
	bhs	.Lloop

	/*
	 * h = A_0 r^4 + A_1 r^3 + A_2 r^2 + A_3 r: lanes 0, 1 times PW's
	 * first half, lanes 2, 3 times its second, into the same columns
	 * (q5, q6, q7, q13, q14).
	 */
	add	r12, r4, #PW0
	vld1.32	{d16-d19}, [r12]!
	vld1.32	{d20-d23}, [r12]!
	vld1.32	{d24}, [r12]!
	FOLD	vmull.u32, d0, d2, d4, d6, d8
	vld1.32	{d16-d19}, [r12]!
	vld1.32	{d20-d23}, [r12]!
	vld1.32	{d24}, [r12]
	FOLD	vmlal.u32, d1, d3, d5, d7, d9
	/* Sum the two elements of each column into its low half: d10, d12,
	 * d14, d26, d28. */
	vadd.i64 d10, d10, d11
	vadd.i64 d12, d12, d13
	vadd.i64 d14, d14, d15
	vadd.i64 d26, d26, d27
	vadd.i64 d28, d28, d29
	/* Full carry (columns < 2^60, so 5 (d_4 >> 26) < 2^37). */
	vmov.i64 d30, #0xffffffff
	vshr.u64 d30, d30, #6
	vsra.u64 d12, d10, #26
	vand	d10, d10, d30
	vsra.u64 d14, d12, #26
	vand	d12, d12, d30
	vsra.u64 d26, d14, #26
	vand	d14, d14, d30
	vsra.u64 d28, d26, #26
	vand	d26, d26, d30
	vshr.u64 d31, d28, #26
	vand	d28, d28, d30
	vadd.i64 d10, d10, d31
	vshl.i64 d31, d31, #2
	vadd.i64 d10, d10, d31
	vsra.u64 d12, d10, #26
	vand	d10, d10, d30
	vmov.32	r8, d10[0]
	vmov.32	r9, d12[0]
	vmov.32	r10, d14[0]
	vmov.32	r11, d26[0]
	vmov.32	r12, d28[0]
	/* Pack: h = l0 + l1 2^26 + l2 2^52 + l3 2^78 + l4 2^104. */
	adds	r0, r8, r9, lsl #26
	lsr	r9, r9, #6
	adcs	r1, r9, r10, lsl #20
	lsr	r10, r10, #12
	adcs	r2, r10, r11, lsl #14
	lsr	r11, r11, #18
	adcs	r3, r11, r12, lsl #8
	lsr	r12, r12, #24
	adc	r12, r12, #0
	stm	r4, {r0-r3, r12}
	.irp	q, 0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15
	vmov.i32 q\q, #0
	.endr
	mov	r8, #0
	mov	r9, #0
	mov	r10, #0
	mov	r11, #0
	/* The last len mod 64 bytes, if any, in radix 2^32. */
	mov	r0, r4
	mov	r1, r5
	mov	r2, r6
	mov	r3, r7
	vpop	{d8-d15}
	pop	{r4-r12, lr}
	b	poly1305_arm_blocks
.size poly1305_neon_blocks, .-poly1305_neon_blocks

#ifdef ZINC_TESTING
/* One limb of the four lanes, four 64-bit words at r8 (advanced), narrowed
 * into \lo (lanes 0, 1) and \hi (lanes 2, 3). */
.macro NARROW_LIMB lo, hi
	vld1.64	{d16-d19}, [r8]!
	vmovn.i64 \lo, q8
	vmovn.i64 \hi, q9
.endm

.globl poly1305_neon_test_lanes
.type poly1305_neon_test_lanes, %function
.balign 16
ZINC_ENTRY poly1305_neon_test_lanes
	ENTER
	mov	r4, r0
	mov	r8, r1
	mov	r5, r2
	mov	r6, r3
	mov	r7, #1
	ldr	r12, [r4, #ST_READY]
	cmp	r12, #0
	bleq	.Lpowers
	/* Limb i of the four lanes: four 64-bit words, narrowed. */
	NARROW_LIMB d0, d1
	NARROW_LIMB d2, d3
	NARROW_LIMB d4, d5
	NARROW_LIMB d6, d7
	vld1.64	{d16-d19}, [r8]
	vmovn.i64 d8, q8
	vmovn.i64 d9, q9
	SETUP
	b	.Lloop_check
.size poly1305_neon_test_lanes, .-poly1305_neon_test_lanes
#endif
