/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20 (RFC 8439) and HChaCha20 (draft-irtf-cfrg-xchacha) for arm64 with
 * Advanced SIMD (NEON): four blocks at a time while at least 256 bytes
 * remain, then one block at a time; a final partial block is XORed from a
 * keystream copy on the stack, which is wiped before returning.
 *
 * void chacha20_neon(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len)
 *	x0 state, x1 dst, x2 src, x3 len; state[12] ends advanced by
 *	ceil(len / 64) modulo 2^32 (kept in w5), word 13 is never touched.
 * void hchacha20_neon(uint8_t out[32], const uint8_t nonce[16], const uint8_t key[32])
 *
 * Register plan (AAPCS64: only caller-saved registers are used, so v8-v15
 * and x19-x28 are not touched and nothing is saved).
 *   x4 round loop count (in the tail loop: a keystream byte), w5 block
 *   counter, x6 scratch pointer, x7 the constant table, x8 and x9 the
 *   tail loop's index and byte.
 *   Four blocks: v16..v31 hold state words 0..15, lane j for block j (word
 *   12 is counter + j, each lane wrapping on its own). v0..v3 are scratch
 *   for the rotations by 12 and 7 and, afterwards, the broadcast input
 *   words of the feed-forward and the input bytes. v6 is the byte shuffle
 *   for the rotation by 8, v7 the lane offsets 0, 1, 2, 3.
 *   One block: v16..v19 the input rows, v0..v3 the working rows, v4
 *   scratch, v6 as above, v20..v23 input bytes.
 *   Every vector register used is zeroed before returning.
 *
 * CPU features: Advanced SIMD (ARMv8-A base).
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

.section .rodata
.balign 16
.Lsigma:	.long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
.Lrot8:		.byte 3,0,1,2, 7,4,5,6, 11,8,9,10, 15,12,13,14
.Lctr4:		.long 0, 1, 2, 3

.text

/* t = x <<< n (the 32-bit lanes), x unchanged. */
.macro ROTL t, x, n
	ushr	\t\().4s, \x\().4s, #(32 - \n)
	sli	\t\().4s, \x\().4s, #\n
.endm

/* a_i += b_i, d_i ^= a_i for the four quarter-rounds i = 0..3. */
.macro ADD_XOR4 a0,b0,d0, a1,b1,d1, a2,b2,d2, a3,b3,d3
	add	\a0\().4s, \a0\().4s, \b0\().4s
	add	\a1\().4s, \a1\().4s, \b1\().4s
	add	\a2\().4s, \a2\().4s, \b2\().4s
	add	\a3\().4s, \a3\().4s, \b3\().4s
	eor	\d0\().16b, \d0\().16b, \a0\().16b
	eor	\d1\().16b, \d1\().16b, \a1\().16b
	eor	\d2\().16b, \d2\().16b, \a2\().16b
	eor	\d3\().16b, \d3\().16b, \a3\().16b
.endm

/* c_i += d_i, b_i = (b_i ^ c_i) <<< n, with v0..v3 as scratch. */
.macro ADD_XOR_ROT4 n, c0,d0,b0, c1,d1,b1, c2,d2,b2, c3,d3,b3
	add	\c0\().4s, \c0\().4s, \d0\().4s
	add	\c1\().4s, \c1\().4s, \d1\().4s
	add	\c2\().4s, \c2\().4s, \d2\().4s
	add	\c3\().4s, \c3\().4s, \d3\().4s
	eor	v0.16b, \b0\().16b, \c0\().16b
	eor	v1.16b, \b1\().16b, \c1\().16b
	eor	v2.16b, \b2\().16b, \c2\().16b
	eor	v3.16b, \b3\().16b, \c3\().16b
	ROTL	\b0, v0, \n
	ROTL	\b1, v1, \n
	ROTL	\b2, v2, \n
	ROTL	\b3, v3, \n
.endm

/*
 * Four quarter-rounds side by side on the word registers (a_i, b_i, c_i,
 * d_i), i = 0..3. Rotation by 16 swaps the halfwords of each lane, by 8 is
 * a byte shuffle (v6); by 12 and 7 shift and insert.
 */
.macro QR4 a0,b0,c0,d0, a1,b1,c1,d1, a2,b2,c2,d2, a3,b3,c3,d3
	ADD_XOR4 \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3
	rev32	\d0\().8h, \d0\().8h
	rev32	\d1\().8h, \d1\().8h
	rev32	\d2\().8h, \d2\().8h
	rev32	\d3\().8h, \d3\().8h
	ADD_XOR_ROT4 12, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3
	ADD_XOR4 \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3
	tbl	\d0\().16b, {\d0\().16b}, v6.16b
	tbl	\d1\().16b, {\d1\().16b}, v6.16b
	tbl	\d2\().16b, {\d2\().16b}, v6.16b
	tbl	\d3\().16b, {\d3\().16b}, v6.16b
	ADD_XOR_ROT4 7, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3
.endm

/*
 * One quarter-round on the four rows of one block (its four columns at
 * once), v4 scratch.
 */
.macro QR1 a, b, c, d
	add	\a\().4s, \a\().4s, \b\().4s
	eor	\d\().16b, \d\().16b, \a\().16b
	rev32	\d\().8h, \d\().8h
	add	\c\().4s, \c\().4s, \d\().4s
	eor	v4.16b, \b\().16b, \c\().16b
	ROTL	\b, v4, 12
	add	\a\().4s, \a\().4s, \b\().4s
	eor	\d\().16b, \d\().16b, \a\().16b
	tbl	\d\().16b, {\d\().16b}, v6.16b
	add	\c\().4s, \c\().4s, \d\().4s
	eor	v4.16b, \b\().16b, \c\().16b
	ROTL	\b, v4, 7
.endm

/*
 * The 20 rounds on the rows v0..v3 of one block: a column round, then the
 * lanes of rows 1..3 rotated by 1..3 words so that the diagonals become
 * columns, a round, and the rotation undone. Clobbers x4 and v4.
 */
.macro PERMUTE1
	mov	x4, #10
1:	QR1	v0, v1, v2, v3
	ext	v1.16b, v1.16b, v1.16b, #4
	ext	v2.16b, v2.16b, v2.16b, #8
	ext	v3.16b, v3.16b, v3.16b, #12
	QR1	v0, v1, v2, v3
	ext	v1.16b, v1.16b, v1.16b, #12
	ext	v2.16b, v2.16b, v2.16b, #8
	ext	v3.16b, v3.16b, v3.16b, #4
	subs	x4, x4, #1
	b.ne	1b
.endm

/*
 * Words a, b, c, d (lane j = block j) to rows (row j = block j's four
 * words), with t0..t3 scratch: a zip of 32-bit lanes, then of 64-bit ones.
 */
.macro TRANSPOSE a, b, c, d, t0, t1, t2, t3
	zip1	\t0\().4s, \a\().4s, \b\().4s
	zip2	\t1\().4s, \a\().4s, \b\().4s
	zip1	\t2\().4s, \c\().4s, \d\().4s
	zip2	\t3\().4s, \c\().4s, \d\().4s
	zip1	\a\().2d, \t0\().2d, \t2\().2d
	zip2	\b\().2d, \t0\().2d, \t2\().2d
	zip1	\c\().2d, \t1\().2d, \t3\().2d
	zip2	\d\().2d, \t1\().2d, \t3\().2d
.endm

/* 64 bytes of input XOR the rows r0..r3 of one block to the output. */
.macro XOR_BLOCK r0, r1, r2, r3
	ld1	{v0.16b-v3.16b}, [x2], #64
	eor	v0.16b, v0.16b, \r0\().16b
	eor	v1.16b, v1.16b, \r1\().16b
	eor	v2.16b, v2.16b, \r2\().16b
	eor	v3.16b, v3.16b, \r3\().16b
	st1	{v0.16b-v3.16b}, [x1], #64
.endm

.globl chacha20_neon
.type chacha20_neon, %function
.balign 16
ZINC_ENTRY chacha20_neon
	hint	#34			/* bti c */
	cbz	x3, .Lreturn
	ldr	w5, [x0, #48]
	adrp	x7, .Lsigma
	add	x7, x7, :lo12:.Lsigma
	ldr	q6, [x7, #16]		/* .Lrot8 */
	ldr	q7, [x7, #32]		/* .Lctr4 */
	cmp	x3, #256
	b.lo	.Lone_block

.Lfour_blocks:
	/* Each word broadcast to the four lanes; word 12 counter + 0..3. */
	mov	x6, x0
	ld4r	{v16.4s-v19.4s}, [x6], #16
	ld4r	{v20.4s-v23.4s}, [x6], #16
	ld4r	{v24.4s-v27.4s}, [x6], #16
	ld4r	{v28.4s-v31.4s}, [x6]
	dup	v28.4s, w5
	add	v28.4s, v28.4s, v7.4s
	mov	x4, #10
1:	QR4	v16, v20, v24, v28,  v17, v21, v25, v29,  v18, v22, v26, v30,  v19, v23, v27, v31
	QR4	v16, v21, v26, v31,  v17, v22, v27, v28,  v18, v23, v24, v29,  v19, v20, v25, v30
	subs	x4, x4, #1
	b.ne	1b

	/* Feed-forward: add the input words again. */
	mov	x6, x0
	ld4r	{v0.4s-v3.4s}, [x6], #16
	add	v16.4s, v16.4s, v0.4s
	add	v17.4s, v17.4s, v1.4s
	add	v18.4s, v18.4s, v2.4s
	add	v19.4s, v19.4s, v3.4s
	ld4r	{v0.4s-v3.4s}, [x6], #16
	add	v20.4s, v20.4s, v0.4s
	add	v21.4s, v21.4s, v1.4s
	add	v22.4s, v22.4s, v2.4s
	add	v23.4s, v23.4s, v3.4s
	ld4r	{v0.4s-v3.4s}, [x6], #16
	add	v24.4s, v24.4s, v0.4s
	add	v25.4s, v25.4s, v1.4s
	add	v26.4s, v26.4s, v2.4s
	add	v27.4s, v27.4s, v3.4s
	ld4r	{v0.4s-v3.4s}, [x6]
	dup	v0.4s, w5
	add	v0.4s, v0.4s, v7.4s
	add	v28.4s, v28.4s, v0.4s
	add	v29.4s, v29.4s, v1.4s
	add	v30.4s, v30.4s, v2.4s
	add	v31.4s, v31.4s, v3.4s

	TRANSPOSE v16, v17, v18, v19, v0, v1, v2, v3
	TRANSPOSE v20, v21, v22, v23, v0, v1, v2, v3
	TRANSPOSE v24, v25, v26, v27, v0, v1, v2, v3
	TRANSPOSE v28, v29, v30, v31, v0, v1, v2, v3
	XOR_BLOCK v16, v20, v24, v28
	XOR_BLOCK v17, v21, v25, v29
	XOR_BLOCK v18, v22, v26, v30
	XOR_BLOCK v19, v23, v27, v31

	add	w5, w5, #4		/* modulo 2^32 */
	sub	x3, x3, #256
	cmp	x3, #256
	b.hs	.Lfour_blocks
	cbz	x3, .Ldone

.Lone_block:
	ld1	{v16.4s-v19.4s}, [x0]
	mov	v19.s[0], w5
	mov	v0.16b, v16.16b
	mov	v1.16b, v17.16b
	mov	v2.16b, v18.16b
	mov	v3.16b, v19.16b
	PERMUTE1
	add	v0.4s, v0.4s, v16.4s
	add	v1.4s, v1.4s, v17.4s
	add	v2.4s, v2.4s, v18.4s
	add	v3.4s, v3.4s, v19.4s
	add	w5, w5, #1		/* modulo 2^32 */
	cmp	x3, #64
	b.lo	.Lpartial
	ld1	{v20.16b-v23.16b}, [x2], #64
	eor	v20.16b, v20.16b, v0.16b
	eor	v21.16b, v21.16b, v1.16b
	eor	v22.16b, v22.16b, v2.16b
	eor	v23.16b, v23.16b, v3.16b
	st1	{v20.16b-v23.16b}, [x1], #64
	subs	x3, x3, #64
	b.ne	.Lone_block
	b	.Ldone

.Lpartial:
	/* 1..63 bytes: XOR from a keystream copy on the stack, then wipe it. */
	sub	sp, sp, #64
	st1	{v0.16b-v3.16b}, [sp]
	mov	x8, #0
2:	ldrb	w9, [x2, x8]
	ldrb	w4, [sp, x8]
	eor	w9, w9, w4
	strb	w9, [x1, x8]
	add	x8, x8, #1
	cmp	x8, x3
	b.lo	2b
	stp	xzr, xzr, [sp]
	stp	xzr, xzr, [sp, #16]
	stp	xzr, xzr, [sp, #32]
	stp	xzr, xzr, [sp, #48]
	add	sp, sp, #64
	mov	w4, #0
	mov	w9, #0

.Ldone:
	str	w5, [x0, #48]
	.irp	r, 0,1,2,3,4,5,6,7, 16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	movi	v\r\().16b, #0
	.endr
.Lreturn:
	ret
.size chacha20_neon, .-chacha20_neon

.globl hchacha20_neon
.type hchacha20_neon, %function
.balign 16
ZINC_ENTRY hchacha20_neon
	hint	#34			/* bti c */
	adrp	x7, .Lsigma
	add	x7, x7, :lo12:.Lsigma
	ldr	q0, [x7]
	ldr	q6, [x7, #16]		/* .Lrot8 */
	ld1	{v1.16b, v2.16b}, [x2]	/* key */
	ld1	{v3.16b}, [x1]		/* nonce */
	PERMUTE1
	/* Words 0..3 and 12..15, no feed-forward. */
	st1	{v0.16b}, [x0], #16
	st1	{v3.16b}, [x0]
	.irp	r, 0,1,2,3,4,5,6
	movi	v\r\().16b, #0
	.endr
	ret
.size hchacha20_neon, .-hchacha20_neon
