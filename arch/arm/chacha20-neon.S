/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20 (RFC 8439) and HChaCha20 (draft-irtf-cfrg-xchacha) for 32-bit ARM
 * with NEON (ARMv7-A Advanced SIMD), ARM (A32) instruction set: four blocks
 * at a time while at least 256 bytes remain, then one block at a time; a
 * final partial block is XORed from a keystream copy on the stack.
 *
 * void chacha20_neon(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len)
 *	r0 state, r1 dst, r2 src, r3 len; state[12] ends advanced by
 *	ceil(len / 64) modulo 2^32 (kept in r5), word 13 is never touched.
 *	dst == src is allowed; no alignment is needed (vld1.8 / vst1.8).
 * void hchacha20_neon(uint8_t out[32], const uint8_t nonce[16], const uint8_t key[32])
 *
 * Four blocks: one state word per q register, lane j for block j (word 12
 * is counter + j, each lane wrapping on its own), so a round's quarter-
 * rounds are plain lane-wise operations and the diagonals are only another
 * choice of registers. Sixteen words and the scratch the rotations need do
 * not fit in the sixteen q registers, so two of the c words (8..11) live
 * on the stack, as in chacha20-arm.S: each round runs the two quarter-
 * rounds whose c words are in q8/q9, swaps that pair with the other one
 * (one vstm, one vldm), and runs the other two.
 *   q0..q3   words 0..3 (a)		q4..q7   words 4..7 (b)
 *   q8, q9   words 10, 11 or 8, 9 (c)	q10..q13 words 12..15 (d)
 *   q14, q15 scratch: rotations by 12, 8 and 7 are veor into scratch, then
 *            vshl + vsri back; by 16 is vrev32.16 in place.
 * A column round starts with words 10, 11 in q8/q9 (quarter-rounds 2, 3,
 * then 0, 1), a diagonal round with 8, 9 ((2,7,8,13), (3,4,9,14), then
 * (0,5,10,15), (1,6,11,12)). The input words, broadcast to the four lanes,
 * are kept on the stack at IN in the order of the registers at the start
 * of a double round (words 0..7, 10..15, then 8, 9), so two vldm load them
 * all. After the rounds, the feed-forward adds them again, and a 4x4
 * transpose of 32-bit lanes (vtrn.32, vswp) turns each group of four words
 * into four rows, one per block.
 * One block: q8..q11 the input rows, q0..q3 the working rows, q12 scratch,
 * q12..q15 the input bytes; the diagonal round rotates rows 1..3 by one,
 * two and three lanes (vext.32) and back.
 *
 * Other registers: r4 round counter, r5 block counter, r6 / r7 the two
 * spill slots during the rounds, r8 scratch address, r12 the stride 64,
 * lr the tail loop's byte. d8..d15 (q4..q7) are callee-saved: pushed on
 * entry and popped on return; every other q register is zeroed before
 * returning, and so is the whole stack frame (input words with the key,
 * spilled words, keystream).
 *
 * Constant time: no branch and no memory address depends on the key, the
 * nonce, the counter or the data; branches depend on len only.
 *
 * CPU features: NEON (Advanced SIMD).
 */

.syntax unified
.arch armv7-a
.fpu neon
.arm

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

#define IN		0	/* 16 x 16 bytes: broadcast input words, register order */
#define SPILL89		256	/* words 8, 9 (q8, q9) */
#define SPILL1011	288	/* words 10, 11 */
#define TMP		320	/* raw words 10..15 after the rounds */
#define KS		416	/* keystream of a final partial block */
#define FRAME		480	/* + 24 + 64 pushed: sp stays 8-aligned */

.text

/* One step of two quarter-rounds on four blocks: \a += \b, \d = (\d ^ \a)
 * <<< \n, and the same on \e, \f, \h; q14 and q15 scratch (but for
 * <<< 16, vrev32.16 in place). */
.macro STEP2 a, b, d, e, f, h, n
	vadd.i32	\a, \a, \b
	vadd.i32	\e, \e, \f
.if \n == 16
	veor		\d, \d, \a
	veor		\h, \h, \e
	vrev32.16	\d, \d
	vrev32.16	\h, \h
.else
	veor		q14, \d, \a
	veor		q15, \h, \e
	vshl.i32	\d, q14, #\n
	vshl.i32	\h, q15, #\n
	vsri.32		\d, q14, #(32 - \n)
	vsri.32		\h, q15, #(32 - \n)
.endif
.endm

/* Two quarter-rounds side by side, (a, b, c, d) and (e, f, g, h), on four
 * blocks; q14 and q15 scratch. */
.macro QR2 a, b, c, d, e, f, g, h
	STEP2	\a, \b, \d, \e, \f, \h, 16
	STEP2	\c, \d, \b, \g, \h, \f, 12
	STEP2	\a, \b, \d, \e, \f, \h, 8
	STEP2	\c, \d, \b, \g, \h, \f, 7
.endm

/* One step of a quarter-round on the rows of one block: \a += \b,
 * \d = (\d ^ \a) <<< \n; q12 scratch (but for <<< 16). */
.macro STEP1 a, b, d, n
	vadd.i32	\a, \a, \b
.if \n == 16
	veor		\d, \d, \a
	vrev32.16	\d, \d
.else
	veor		q12, \d, \a
	vshl.i32	\d, q12, #\n
	vsri.32		\d, q12, #(32 - \n)
.endif
.endm

/* One quarter-round on the rows a, b, c, d of one block (its four columns,
 * or diagonals, at once); q12 scratch. */
.macro QR1 a, b, c, d
	STEP1	\a, \b, \d, 16
	STEP1	\c, \d, \b, 12
	STEP1	\a, \b, \d, 8
	STEP1	\c, \d, \b, 7
.endm

/* The 20 rounds on the rows q0..q3 of one block; clobbers r4 and q12. */
.macro PERMUTE1
	mov	r4, #10
1:	QR1	q0, q1, q2, q3
	vext.32	q1, q1, q1, #1
	vext.32	q2, q2, q2, #2
	vext.32	q3, q3, q3, #3
	QR1	q0, q1, q2, q3
	vext.32	q1, q1, q1, #3
	vext.32	q2, q2, q2, #2
	vext.32	q3, q3, q3, #1
	subs	r4, r4, #1
	bne	1b
.endm

/* Words (lane j = block j) to rows (row j = block j's four words): q0..q3
 * and q4..q7. */
.macro TRANSPOSE_LOW
	vtrn.32	q0, q1
	vtrn.32	q2, q3
	vswp	d1, d4
	vswp	d3, d6
.endm
.macro TRANSPOSE_HIGH
	vtrn.32	q4, q5
	vtrn.32	q6, q7
	vswp	d9, d12
	vswp	d11, d14
.endm

/* Half of each of four blocks: 32 bytes at src + 64 j XOR qj, q(4 + j) to
 * dst + 64 j; r1, r2 end 256 bytes further (r12 = 64). */
.macro XOR_HALVES
	vld1.8	{d16-d19}, [r2], r12
	vld1.8	{d20-d23}, [r2], r12
	vld1.8	{d24-d27}, [r2], r12
	vld1.8	{d28-d31}, [r2], r12
	veor	q8, q8, q0
	veor	q9, q9, q4
	veor	q10, q10, q1
	veor	q11, q11, q5
	veor	q12, q12, q2
	veor	q13, q13, q6
	veor	q14, q14, q3
	veor	q15, q15, q7
	vst1.8	{d16-d19}, [r1], r12
	vst1.8	{d20-d23}, [r1], r12
	vst1.8	{d24-d27}, [r1], r12
	vst1.8	{d28-d31}, [r1], r12
.endm

/* Half of each of four blocks (words in q0..q7, lane j block j): their
 * input words \i0..\i7 added, transposed to rows and XORed (XOR_HALVES). */
.macro FEED_XOR_HALVES i0, i1, i2, i3, i4, i5, i6, i7
	vadd.i32	q0, q0, \i0
	vadd.i32	q1, q1, \i1
	vadd.i32	q2, q2, \i2
	vadd.i32	q3, q3, \i3
	vadd.i32	q4, q4, \i4
	vadd.i32	q5, q5, \i5
	vadd.i32	q6, q6, \i6
	vadd.i32	q7, q7, \i7
	TRANSPOSE_LOW
	TRANSPOSE_HIGH
	XOR_HALVES
.endm

.balign 16
.Lctr4:	.long 0, 1, 2, 3

.globl chacha20_neon
.type chacha20_neon, %function
.balign 16
ZINC_ENTRY chacha20_neon
	cmp	r3, #0
	bxeq	lr
	push	{r4-r8, lr}
	vpush	{d8-d15}
	sub	sp, sp, #FRAME
	ldr	r5, [r0, #48]
	mov	r12, #64
	cmp	r3, #256
	blo	.Lone_block

	/* IN: each word broadcast to four lanes, word 12 + 0..3, in the
	 * order q0..q7 = words 0..7, q8..q13 = words 10..15, q14, q15 = 8, 9. */
	mov	r8, r0
	vld4.32	{d0[], d2[], d4[], d6[]}, [r8]
	vld4.32	{d1[], d3[], d5[], d7[]}, [r8]!
	vld4.32	{d8[], d10[], d12[], d14[]}, [r8]
	vld4.32	{d9[], d11[], d13[], d15[]}, [r8]!
	vld4.32	{d16[], d18[], d20[], d22[]}, [r8]
	vld4.32	{d17[], d19[], d21[], d23[]}, [r8]!
	vld4.32	{d24[], d26[], d28[], d30[]}, [r8]
	vld4.32	{d25[], d27[], d29[], d31[]}, [r8]
	adr	r8, .Lctr4
	vld1.32	{d0-d1}, [r8]		/* q0 was word 0: reloaded below */
	vadd.i32	q12, q12, q0
	mov	r8, r0
	vld4.32	{d0[], d2[], d4[], d6[]}, [r8]
	vld4.32	{d1[], d3[], d5[], d7[]}, [r8]
	vstm	sp, {d0-d15}
	add	r8, sp, #IN + 128
	vstm	r8, {d20-d31}		/* words 10..15 */
	add	r8, sp, #IN + 224
	vstm	r8, {d16-d19}		/* words 8, 9 */
	add	r6, sp, #SPILL89
	add	r7, sp, #SPILL1011

.Lfour_blocks:
	vldm	sp, {d0-d15}
	add	r8, sp, #IN + 128
	vldm	r8, {d16-d31}
	vstm	r6, {d28-d31}		/* words 8, 9 to their slot */
	mov	r4, #10
1:	/* Column round: (2,6,10,14), (3,7,11,15); then (0,4,8,12), (1,5,9,13). */
	QR2	q2, q6, q8, q12,  q3, q7, q9, q13
	vstm	r7, {d16-d19}
	vldm	r6, {d16-d19}
	QR2	q0, q4, q8, q10,  q1, q5, q9, q11
	/* Diagonal round: (2,7,8,13), (3,4,9,14); then (0,5,10,15), (1,6,11,12). */
	QR2	q2, q7, q8, q11,  q3, q4, q9, q12
	vstm	r6, {d16-d19}
	vldm	r7, {d16-d19}
	QR2	q0, q5, q8, q13,  q1, q6, q9, q10
	subs	r4, r4, #1
	bne	1b

	/* Words 0..7: feed-forward, transpose, XOR into each block's first
	 * 32 bytes. Raw words 10..15 wait at TMP. */
	add	r8, sp, #TMP
	vstm	r8, {d16-d27}
	vldm	sp, {d16-d31}
	FEED_XOR_HALVES q8, q9, q10, q11, q12, q13, q14, q15
	sub	r1, r1, #224
	sub	r2, r2, #224

	/* Words 8..15, into each block's last 32 bytes. */
	vldm	r6, {d0-d3}
	vldm	r8, {d4-d15}
	add	r8, sp, #IN + 128
	vldm	r8, {d16-d31}
	FEED_XOR_HALVES q14, q15, q8, q9, q10, q11, q12, q13
	sub	r1, r1, #32
	sub	r2, r2, #32

	/* Next four counters (each lane modulo 2^32). */
	add	r8, sp, #IN + 160
	vld1.32	{d0-d1}, [r8]
	vmov.i32	q1, #4
	vadd.i32	q0, q0, q1
	vst1.32	{d0-d1}, [r8]
	add	r5, r5, #4		/* modulo 2^32 */
	sub	r3, r3, #256
	cmp	r3, #256
	bhs	.Lfour_blocks
	cmp	r3, #0
	beq	.Ldone

.Lone_block:
	vldm	r0, {d16-d23}
	vmov.32	d22[0], r5
	vmov	q0, q8
	vmov	q1, q9
	vmov	q2, q10
	vmov	q3, q11
	PERMUTE1
	vadd.i32	q0, q0, q8
	vadd.i32	q1, q1, q9
	vadd.i32	q2, q2, q10
	vadd.i32	q3, q3, q11
	add	r5, r5, #1		/* modulo 2^32 */
	cmp	r3, #64
	blo	.Lpartial
	vld1.8	{d24-d27}, [r2]!
	vld1.8	{d28-d31}, [r2]!
	veor	q12, q12, q0
	veor	q13, q13, q1
	veor	q14, q14, q2
	veor	q15, q15, q3
	vst1.8	{d24-d27}, [r1]!
	vst1.8	{d28-d31}, [r1]!
	subs	r3, r3, #64
	bne	.Lone_block
	b	.Ldone

.Lpartial:
	/* 1..63 bytes: XOR from a keystream copy on the stack. */
	add	r8, sp, #KS
	vstm	r8, {d0-d7}
	mov	r4, #0
2:	ldrb	r6, [r2, r4]
	ldrb	lr, [r8, r4]
	eor	r6, r6, lr
	strb	r6, [r1, r4]
	add	r4, r4, #1
	cmp	r4, r3
	blo	2b
	mov	r6, #0
	mov	lr, #0

.Ldone:
	str	r5, [r0, #48]
	/* Wipe the frame (480 bytes) and the q registers. */
	vmov.i32	q0, #0
	vmov.i32	q1, #0
	vmov.i32	q2, #0
	vmov.i32	q3, #0
	vmov.i32	q4, #0
	vmov.i32	q5, #0
	vmov.i32	q6, #0
	vmov.i32	q7, #0
	mov	r8, sp
	vstm	r8!, {d0-d15}
	vstm	r8!, {d0-d15}
	vstm	r8!, {d0-d15}
	vstm	r8, {d0-d11}
	.irp	r, 8,9,10,11,12,13,14,15
	vmov.i32	q\r, #0
	.endr
	add	sp, sp, #FRAME
	vpop	{d8-d15}
	pop	{r4-r8, pc}
.size chacha20_neon, .-chacha20_neon

.balign 16
.Lsigma:	.long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574

.globl hchacha20_neon
.type hchacha20_neon, %function
.balign 16
ZINC_ENTRY hchacha20_neon
	push	{r4, lr}
	adr	r3, .Lsigma
	vld1.32	{d0-d1}, [r3]
	vld1.8	{d2-d5}, [r2]		/* key */
	vld1.8	{d6-d7}, [r1]		/* nonce */
	PERMUTE1
	/* Words 0..3 and 12..15, no feed-forward. */
	vst1.8	{d0-d1}, [r0]!
	vst1.8	{d6-d7}, [r0]
	vmov.i32	q0, #0
	vmov.i32	q1, #0
	vmov.i32	q2, #0
	vmov.i32	q3, #0
	vmov.i32	q12, #0
	pop	{r4, pc}
.size hchacha20_neon, .-hchacha20_neon
