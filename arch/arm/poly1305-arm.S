/* SPDX-License-Identifier: MIT */
/*
 * Poly1305 (RFC 8439 section 2.5) for 32-bit ARM (ARMv7-A, ARM state, not
 * Thumb), scalar: the accumulator h and the key r in radix 2^32, products
 * with umull / umlal / umaal (32 x 32 -> 64 bits). The backend
 * "poly1305-arm" of lib/poly1305/poly1305.c; its state, inside struct
 * poly1305_ctx, is nine 32-bit words: h0..h4, r0..r3 (poly1305-macros.h).
 *
 * void poly1305_arm_init(void *state, const uint8_t key[16])
 *	clamps r = key & 0x0ffffffc0ffffffc0ffffffc0fffffff, sets h = 0.
 * void poly1305_arm_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit)
 *	for each 16-byte block m: h = (h + m + padbit 2^128) r, partly reduced.
 * void poly1305_arm_emit(void *state, uint8_t mac[16], const uint32_t s[4])
 *	mac = (h mod 2^130 - 5) + s mod 2^128.
 *
 * Limbs: h = h0 + h1 2^32 + h2 2^64 + h3 2^96 + h4 2^128, h0..h3 < 2^32.
 *   init leaves h4 = 0; blocks takes h4 <= 4 and leaves h4 <= 4; emit takes
 *   h4 <= 4 (h < 5 2^128) and reduces fully.
 *   Clamping leaves r0..r3 < 2^28 and 4 | r1, r2, r3, so with
 *   s_j = r_j + r_j / 4 = 5 r_j / 4 < 2^28.33 (j = 1..3),
 *   h_i r_j 2^(32 (i + j)) = h_i s_j 2^(32 (i + j - 4)) (mod p) for
 *   i + j >= 4, j >= 1, as 2^128 = 5/4 (mod p). After adding a block
 *   h4 <= 4 + 1 + 1 = 6. The product, in 64-bit columns, each carrying its
 *   high word into the next:
 *	d0 = h0 r0 + h1 s3 + h2 s2 + h3 s1			< 4.75 2^60
 *	d1 = h0 r1 + h1 r0 + h2 s3 + h3 s2 + h4 s1 + hi(d0)	< 4.5 2^60 + 2^32
 *	d2 = h0 r2 + h1 r1 + h2 r0 + h3 s3 + h4 s2 + hi(d1)	< 4.25 2^60 + 2^32
 *	d3 = h0 r3 + h1 r2 + h2 r1 + h3 r0 + h4 s3 + hi(d2)	< 2^62 + 2^33
 *	d4 = h4 r0 + hi(d3)				<= 6 2^28 + 2^30 + 1 < 2^31.33
 *   so no column wraps 2^64 (umlal adds modulo 2^64, umaal never wraps),
 *   h4 s_j < 2^31 is one mul, and d4 one mla without a high word. The
 *   reduction folds d4 = 4 q + t as h4 = t, h0 += 5 q (2^130 = 5 mod p):
 *   5 q = (d4 & ~3) + (d4 >> 2) <= 1.25 d4 < 2^32, and the carry that
 *   ripples through h0..h3 leaves h4 <= 3 + 1 = 4.
 *
 * Register plan (AAPCS: r4-r11 saved and restored, r12 and lr as well):
 *   blocks: r4-r8 h0..h4; r9, r10, r11 r0, r1, r2; r12, lr, r0 s1, s2, s3;
 *   r1, r2, r3 the message words and the columns' low and high words
 *   (column k takes the register of the s_j column k - 1 used last).
 *   A 32-byte frame below the saved registers holds d0's low word, r3,
 *   s1, s2 (reloaded for each block), the input pointer, its end, padbit
 *   and the state pointer; its secret words are zeroed before returning.
 *   init and emit use r0-r3 and r12 (emit r4-r11 too, saved).
 *   Registers that held h, r or s are zeroed or restored before returning.
 *
 * Constant time: branches depend only on len; addresses only on in, mac,
 * s and the state pointer. emit chooses between h and h - p with a mask
 * made from the carry into bit 130, not with a branch.
 *
 * CPU features: none beyond ARMv7-A (umaal is ARMv6). Little-endian only;
 * the message and the MAC may be unaligned (ldr / str, which ARMv7 allows
 * unaligned; never ldm / stm or ldrd / strd on them).
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"
#include "poly1305-macros.h"

	.syntax unified
	.arch	armv7-a
	.arm
	.text

/* The blocks frame, from sp. */
#define F_D0	0
#define F_R3	4
#define F_S1	8
#define F_S2	12
#define F_IN	16
#define F_END	20
#define F_PAD	24
#define F_STATE	28
#define F_SIZE	32

/*
 * Column d1, d2 or d3 of the product (the header's table): \lo:r1 =
 * h4 \s + h0 \m0 + h1 \m1 + h2 \m2 + h3 \m3 + hi(the column before).
 * That high word is in r1 or \lo; h4 \s (< 2^31, one mul) goes into \t,
 * the other of the two, and umaal adds both. \reload, if given: the
 * frame offset \m0 is reloaded from after the mul (d3's r3, F_R3).
 */
.macro COLUMN lo, t, s, m0, m1, m2, m3, reload
	mul	\t, r8, \s
	.ifnb	\reload
	ldr	\m0, [sp, #\reload]
	.endif
	umaal	\lo, r1, r4, \m0
	umlal	\lo, r1, r5, \m1
	umlal	\lo, r1, r6, \m2
	umlal	\lo, r1, r7, \m3
.endm

.globl poly1305_arm_init
.type poly1305_arm_init, %function
.balign 16
ZINC_ENTRY poly1305_arm_init
	ldr	r2, [r1]
	ldr	r3, [r1, #4]
	ldr	r12, [r1, #8]
	ldr	r1, [r1, #12]
	bic	r2, r2, #0xf0000000		/* r &= 0x0ffffffc0ffffffc0ffffffc0fffffff */
	bic	r3, r3, #0xf0000003
	bic	r12, r12, #0xf0000003
	bic	r1, r1, #0xf0000003
	str	r2, [r0, #ST_R]
	str	r3, [r0, #ST_R + 4]
	str	r12, [r0, #ST_R + 8]
	str	r1, [r0, #ST_R + 12]
	mov	r1, #0
	str	r1, [r0, #ST_H]
	str	r1, [r0, #ST_H + 4]
	str	r1, [r0, #ST_H + 8]
	str	r1, [r0, #ST_H + 12]
	str	r1, [r0, #ST_H + 16]
	mov	r2, #0
	mov	r3, #0
	mov	r12, #0
	bx	lr
.size poly1305_arm_init, .-poly1305_arm_init

.globl poly1305_arm_blocks
.type poly1305_arm_blocks, %function
.balign 16
ZINC_ENTRY poly1305_arm_blocks
	lsrs	r2, r2, #4
	bxeq	lr
	push	{r4-r12, lr}
	sub	sp, sp, #F_SIZE
	add	r2, r1, r2, lsl #4
	str	r1, [sp, #F_IN]
	str	r2, [sp, #F_END]
	str	r3, [sp, #F_PAD]
	str	r0, [sp, #F_STATE]
	ldm	r0, {r4-r8}			/* h0..h4 */
	add	r1, r0, #ST_R
	ldm	r1, {r9-r11}			/* r0, r1, r2 */
	ldr	r3, [r0, #ST_R + 12]		/* r3 */
	add	r12, r10, r10, lsr #2		/* s1 = 5 r1 / 4 */
	add	lr, r11, r11, lsr #2		/* s2 */
	add	r0, r3, r3, lsr #2		/* s3 */
	str	r3, [sp, #F_R3]
	str	r12, [sp, #F_S1]
	str	lr, [sp, #F_S2]
	ldr	r1, [sp, #F_IN]

	/* h += m + padbit 2^128 */
1:	ldr	r3, [r1], #4
	adds	r4, r4, r3
	ldr	r3, [r1], #4
	adcs	r5, r5, r3
	ldr	r3, [r1], #4
	adcs	r6, r6, r3
	ldr	r3, [r1], #4
	adcs	r7, r7, r3
	ldr	r2, [sp, #F_PAD]
	adc	r8, r8, r2
	str	r1, [sp, #F_IN]

	/* d0 = h0 r0 + h1 s3 + h2 s2 + h3 s1 in r2:r1 */
	umull	r1, r2, r4, r9
	umlal	r1, r2, r5, r0
	umlal	r1, r2, r6, lr
	umlal	r1, r2, r7, r12
	str	r1, [sp, #F_D0]
	/* d1 = h0 r1 + h1 r0 + h2 s3 + h3 s2 + h4 s1 + hi(d0) in r1:r2 */
	COLUMN	r2, r1, r12, r10, r9, r0, lr
	/* d2 = h0 r2 + h1 r1 + h2 r0 + h3 s3 + h4 s2 + hi(d1) in r1:r12 */
	COLUMN	r12, r12, lr, r11, r10, r9, r0
	/* d3 = h0 r3 + h1 r2 + h2 r1 + h3 r0 + h4 s3 + hi(d2) in r1:lr */
	COLUMN	lr, lr, r0, r3, r11, r10, r9, F_R3
	/* d4 = h4 r0 + hi(d3) in r1 (< 2^32) */
	mla	r1, r8, r9, r1

	/* h4 = d4 & 3, h += 5 (d4 >> 2) */
	and	r8, r1, #3
	bic	r3, r1, #3
	add	r3, r3, r1, lsr #2
	ldr	r4, [sp, #F_D0]
	adds	r4, r4, r3
	adcs	r5, r2, #0
	adcs	r6, r12, #0
	adcs	r7, lr, #0
	adc	r8, r8, #0

	ldr	r12, [sp, #F_S1]
	ldr	lr, [sp, #F_S2]
	ldr	r1, [sp, #F_IN]
	ldr	r2, [sp, #F_END]
	cmp	r1, r2
	bne	1b

	ldr	r0, [sp, #F_STATE]
	stm	r0, {r4-r8}
	mov	r0, #0
	mov	r1, #0
	mov	r2, #0
	mov	r3, #0
	str	r0, [sp, #F_D0]
	str	r0, [sp, #F_R3]
	str	r0, [sp, #F_S1]
	str	r0, [sp, #F_S2]
	add	sp, sp, #F_SIZE
	pop	{r4-r12, pc}
.size poly1305_arm_blocks, .-poly1305_arm_blocks

.globl poly1305_arm_emit
.type poly1305_arm_emit, %function
.balign 16
ZINC_ENTRY poly1305_arm_emit
	push	{r4-r11}
	ldm	r0, {r3-r7}			/* h0..h4 */

	/* Fold h4's bits from 2 up: h < 2^130 + 5 < 2p afterwards. */
	lsr	r8, r7, #2
	and	r7, r7, #3
	add	r8, r8, r8, lsl #2
	adds	r3, r3, r8
	adcs	r4, r4, #0
	adcs	r5, r5, #0
	adcs	r6, r6, #0
	adc	r7, r7, #0

	/* g = h + 5; h >= p exactly when g reaches 2^130: then h - p = g mod 2^130. */
	adds	r8, r3, #5
	adcs	r9, r4, #0
	adcs	r10, r5, #0
	adcs	r11, r6, #0
	adc	r12, r7, #0
	lsr	r12, r12, #2
	rsb	r12, r12, #0			/* all ones when h >= p, else 0 */
	eor	r8, r8, r3			/* h ^= (h ^ g) & mask */
	eor	r9, r9, r4
	eor	r10, r10, r5
	eor	r11, r11, r6
	and	r8, r8, r12
	and	r9, r9, r12
	and	r10, r10, r12
	and	r11, r11, r12
	eor	r3, r3, r8
	eor	r4, r4, r9
	eor	r5, r5, r10
	eor	r6, r6, r11

	/* + s, mod 2^128. */
	ldm	r2, {r8-r11}
	adds	r3, r3, r8
	adcs	r4, r4, r9
	adcs	r5, r5, r10
	adc	r6, r6, r11
	str	r3, [r1]
	str	r4, [r1, #4]
	str	r5, [r1, #8]
	str	r6, [r1, #12]
	mov	r0, #0
	mov	r1, #0
	mov	r2, #0
	mov	r3, #0
	mov	r12, #0
	pop	{r4-r11}
	bx	lr
.size poly1305_arm_emit, .-poly1305_arm_emit
