/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20 (RFC 8439) and HChaCha20 (draft-irtf-cfrg-xchacha) for 32-bit ARM
 * in scalar code: one 64-byte block at a time in the general registers. ARM
 * (A32) instruction set, ARMv6 instructions only (.arch armv6: ldrd/strd,
 * unaligned ldr/str), so it runs on cores without NEON (and on ARMv7-A
 * under armhf's Thumb-2 C code: the linker turns the calls into blx, and
 * the returns, pop {..., pc}, interwork).
 *
 * void chacha20_arm(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len)
 *	r0 state, r1 dst, r2 src, r3 len; state[12] ends advanced by
 *	ceil(len / 64) modulo 2^32, word 13 is never touched. dst == src is
 *	allowed; dst and src need no alignment (single-word ldr/str only).
 * void hchacha20_arm(uint8_t out[32], const uint8_t nonce[16], const uint8_t key[32])
 *
 * Rotations cost nothing: they are folded into the shifted operand of the
 * next instruction that reads the word. A word x may be held rotated, as
 * x_reg with x = x_reg ror k, and k is known when assembling:
 *   d ^= a; d <<<= 16	is	eor d, d, a, ror #(32 - k)	and k += 16,
 *   c += d		is	add c, c, d, ror #k,
 * and the same for b (<<< 12: k += 20; <<< 7: k += 25). Words a and c are
 * never rotated (they are added to). A quarter-round is then eight
 * instructions; each adds 8 to the k of its d and 13 to that of its b, so
 * after the k-th double round b words are held at ror 26 k mod 32, d words
 * at 16 k mod 32. The ten double rounds are unrolled (the k differ; no
 * loop counter either): at the end the d words are at ror 0 and the b words
 * at ror 4, which the feed-forward folds in.
 *
 * Register plan during the rounds (all fourteen usable registers hold state):
 *   r0..r3   words 0..3 (a)		r4..r7   words 4..7 (b)
 *   r8, r9   words 10, 11 or 8, 9 (c)	r10, r11, r12, lr   words 12..15 (d)
 * Two c words live on the stack (SPILL89, SPILL1011): each round runs the
 * two quarter-rounds whose c words are in r8/r9 (interleaved), swaps the
 * pairs with one strd and one ldrd, and runs the other two. A column round
 * starts with words 10, 11 in r8/r9 (quarter-rounds 2, 3, then 0, 1); a
 * diagonal round with 8, 9 ((2,7,8,13), (3,4,9,14), then (0,5,10,15),
 * (1,6,11,12)), so every round starts with the pair the last one ended on.
 *
 * Stack frame (FRAME bytes below the nine saved registers; sp 8-aligned):
 *   X      the block's input words (a copy of state; X[12] is the counter
 *          of the block being made and ends in state[12])
 *   KS     keystream: raw words 10..15 after the rounds, and the whole
 *          keystream block of a final partial block
 *   SPILL89, SPILL1011   the c words not in registers
 *   the state, dst, src and len arguments
 * The frame holds the key, the keystream and the permuted state: all of it
 * but the arguments is zeroed before returning, as are r0..r3 and r12.
 *
 * Constant time: no branch and no memory address depends on the key, the
 * nonce, the counter or the data; branches depend on len only.
 *
 * CPU features: none (ARMv6 integer instructions).
 */

.syntax unified
.arch armv6
.arm

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

#define X		0
#define KS		64
#define SPILL89		128
#define SPILL1011	136
#define ARG_STATE	144
#define ARG_DST		148
#define ARG_SRC		152
#define ARG_LEN		156
#define FRAME		164	/* 36 + 164: sp stays 8-aligned */

#include "arm-macros.h"

.text

/*
 * Two quarter-rounds side by side, (a, b, c, d) and (e, f, g, h), whose b
 * and f are held at ror rb and d and h at ror rd on entry; they leave at
 * rb + 13 and rd + 8.
 */
.macro QR2 a, b, c, d, e, f, g, h, rb, rd
	OPROR	add, \a, \b, (\rb)
	OPROR	add, \e, \f, (\rb)
	OPROR	eor, \d, \a, (32 - (\rd))
	OPROR	eor, \h, \e, (32 - (\rd))
	OPROR	add, \c, \d, ((\rd) + 16)
	OPROR	add, \g, \h, ((\rd) + 16)
	OPROR	eor, \b, \c, (32 - (\rb))
	OPROR	eor, \f, \g, (32 - (\rb))
	OPROR	add, \a, \b, ((\rb) + 20)
	OPROR	add, \e, \f, ((\rb) + 20)
	OPROR	eor, \d, \a, (32 - (((\rd) + 16) % 32))
	OPROR	eor, \h, \e, (32 - (((\rd) + 16) % 32))
	OPROR	add, \c, \d, ((\rd) + 40)
	OPROR	add, \g, \h, ((\rd) + 40)
	OPROR	eor, \b, \c, (32 - (((\rb) + 20) % 32))
	OPROR	eor, \f, \g, (32 - (((\rb) + 20) % 32))
.endm

/*
 * A double round, the b words at ror rb and the d words at ror rd on entry
 * (they leave at rb + 26 and rd + 16); words 10, 11 in r8, r9, and 8, 9 at
 * [sp, #s89], on entry and on exit ([sp, #s1011] is the other slot).
 */
.macro DOUBLE_ROUND rb, rd, s89, s1011
	/* Column round: (2,6,10,14), (3,7,11,15); then (0,4,8,12), (1,5,9,13). */
	QR2	r2, r6, r8, r12,  r3, r7, r9, lr,  (\rb), (\rd)
	strd	r8, r9, [sp, #\s1011]
	ldrd	r8, r9, [sp, #\s89]
	QR2	r0, r4, r8, r10,  r1, r5, r9, r11,  (\rb), (\rd)
	/* Diagonal round: (2,7,8,13), (3,4,9,14); then (0,5,10,15), (1,6,11,12). */
	QR2	r2, r7, r8, r11,  r3, r4, r9, r12,  ((\rb) + 13), ((\rd) + 8)
	strd	r8, r9, [sp, #\s89]
	ldrd	r8, r9, [sp, #\s1011]
	QR2	r0, r5, r8, lr,  r1, r6, r9, r10,  ((\rb) + 13), ((\rd) + 8)
.endm

/* The 20 rounds: b words end at ror 4, d words at ror 0. */
.macro ROUNDS s89, s1011
	DOUBLE_ROUND	0, 0, \s89, \s1011
	DOUBLE_ROUND	26, 16, \s89, \s1011
	DOUBLE_ROUND	20, 0, \s89, \s1011
	DOUBLE_ROUND	14, 16, \s89, \s1011
	DOUBLE_ROUND	8, 0, \s89, \s1011
	DOUBLE_ROUND	2, 16, \s89, \s1011
	DOUBLE_ROUND	28, 0, \s89, \s1011
	DOUBLE_ROUND	22, 16, \s89, \s1011
	DOUBLE_ROUND	16, 0, \s89, \s1011
	DOUBLE_ROUND	10, 16, \s89, \s1011
.endm

/* \a0..\a3 += the four words at sp + \off; r8..r11 scratch. */
.macro ADD_X4 off, a0, a1, a2, a3
	add	r8, sp, #\off
	ldm	r8, {r8-r11}
	add	\a0, \a0, r8
	add	\a1, \a1, r9
	add	\a2, \a2, r10
	add	\a3, \a3, r11
.endm

/* Keystream words 8..15 into r0..r7 (r8..r11 scratch) from SPILL89 (raw
 * 8, 9), KS + 40 (raw 10..15) and X[8..15]. */
.macro HIGH_WORDS
	ldrd	r0, r1, [sp, #SPILL89]
	ldrd	r2, r3, [sp, #KS + 40]
	ldrd	r4, r5, [sp, #KS + 48]
	ldrd	r6, r7, [sp, #KS + 56]
	ADD_X4	X+32, r0, r1, r2, r3
	ADD_X4	X+48, r4, r5, r6, r7
.endm

/* dst[off..off+31] = src[off..off+31] ^ r0..r7, with r8..r11 as scratch,
 * r12 = src, lr = dst. */
.macro XOR32 off
	WORDS4	ldr, r12, (\off), r8, r9, r10, r11
	eor	r8, r8, r0
	eor	r9, r9, r1
	eor	r10, r10, r2
	eor	r11, r11, r3
	WORDS4	str, lr, (\off), r8, r9, r10, r11
	WORDS4	ldr, r12, (\off)+16, r8, r9, r10, r11
	eor	r8, r8, r4
	eor	r9, r9, r5
	eor	r10, r10, r6
	eor	r11, r11, r7
	WORDS4	str, lr, (\off)+16, r8, r9, r10, r11
.endm

.globl chacha20_arm
.type chacha20_arm, %function
.balign 16
ZINC_ENTRY chacha20_arm
	ENTER	r3
	/* X = state. */
	ldm	r0!, {r4-r11}
	stm	sp, {r4-r11}
	ldm	r0, {r4-r11}
	add	r12, sp, #X + 32
	stm	r12, {r4-r11}

.Lblock:
	ldrd	r0, r1, [sp, #X + 32]
	strd	r0, r1, [sp, #SPILL89]
	ldm	sp, {r0-r7}
	add	lr, sp, #X + 40
	ldm	lr, {r8-r12, lr}
	ROUNDS	SPILL89, SPILL1011

	/* Raw words 10..15 to KS; words 0..7 of the keystream into r0..r7. */
	strd	r8, r9, [sp, #KS + 40]
	strd	r10, r11, [sp, #KS + 48]
	str	r12, [sp, #KS + 56]
	str	lr, [sp, #KS + 60]
	ldm	sp, {r8-r11}
	add	r0, r0, r8
	add	r1, r1, r9
	add	r2, r2, r10
	add	r3, r3, r11
	add	r8, sp, #X + 16
	ldm	r8, {r8-r11}
	add	r4, r8, r4, ror #4
	add	r5, r9, r5, ror #4
	add	r6, r10, r6, ror #4
	add	r7, r11, r7, ror #4
	ldr	r8, [sp, #ARG_LEN]
	ldr	r12, [sp, #ARG_SRC]
	ldr	lr, [sp, #ARG_DST]
	cmp	r8, #64
	blo	.Lpartial_low
	XOR32	0
	HIGH_WORDS
	XOR32	32
	add	r12, r12, #64
	add	lr, lr, #64
	str	r12, [sp, #ARG_SRC]
	str	lr, [sp, #ARG_DST]
	ldr	r0, [sp, #X + 48]
	ldr	r1, [sp, #ARG_LEN]
	add	r0, r0, #1		/* modulo 2^32 */
	str	r0, [sp, #X + 48]
	subs	r1, r1, #64
	str	r1, [sp, #ARG_LEN]
	bne	.Lblock
	b	.Ldone

.Lpartial_low:
	/* 1..63 bytes: the whole keystream block to KS, then byte by byte. */
	add	r8, sp, #KS
	stm	r8, {r0-r7}
	HIGH_WORDS
	add	r8, sp, #KS + 32
	stm	r8, {r0-r7}
	ldr	r3, [sp, #ARG_LEN]
	mov	r0, #0
1:	ldrb	r1, [r12, r0]
	add	r2, sp, r0
	ldrb	r2, [r2, #KS]
	eor	r1, r1, r2
	strb	r1, [lr, r0]
	add	r0, r0, #1
	cmp	r0, r3
	blo	1b
	ldr	r0, [sp, #X + 48]
	add	r0, r0, #1		/* modulo 2^32 */
	str	r0, [sp, #X + 48]

.Ldone:
	ldr	r0, [sp, #ARG_STATE]
	ldr	r1, [sp, #X + 48]
	str	r1, [r0, #48]
	/* Wipe X, KS and the spill slots (144 bytes). */
	WIPE_FRAME 4
	stm	r12!, {r0-r3}
	LEAVE

.size chacha20_arm, .-chacha20_arm

.balign 4
.Lsigma:	.long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574

.globl hchacha20_arm
.type hchacha20_arm, %function
.balign 16
ZINC_ENTRY hchacha20_arm
	push	{r4-r11, lr}
	sub	sp, sp, #20		/* SPILL89 at 0, SPILL1011 at 8, out at 16 */
	str	r0, [sp, #16]
	/* Words 4..11: the key, little-endian; 12..15: the nonce. */
	WORDS4	ldr, r2, 0, r4, r5, r6, r7
	ldr	r8, [r2, #16]
	ldr	r9, [r2, #20]
	strd	r8, r9, [sp, #0]
	ldr	r8, [r2, #24]
	ldr	r9, [r2, #28]
	WORDS4	ldr, r1, 0, r10, r11, r12, lr
	adr	r0, .Lsigma
	ldm	r0, {r0-r3}
	ROUNDS	0, 8
	/* Words 0..3 and 12..15 (held at ror 0), no feed-forward. */
	ldr	r4, [sp, #16]
	WORDS4	str, r4, 0, r0, r1, r2, r3
	WORDS4	str, r4, 16, r10, r11, r12, lr
	mov	r0, #0
	mov	r1, #0
	mov	r2, #0
	mov	r3, #0
	mov	r12, #0
	strd	r0, r1, [sp, #0]
	strd	r0, r1, [sp, #8]
	add	sp, sp, #20
	pop	{r4-r11, pc}
.size hchacha20_arm, .-hchacha20_arm
