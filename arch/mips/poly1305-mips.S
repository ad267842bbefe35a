/* SPDX-License-Identifier: MIT */
/*
 * Poly1305 (RFC 8439 section 2.5) for MIPS32r2, scalar, o32, one source
 * for both byte orders (mips-linux-gnu big-endian, mipsel-linux-gnu
 * little-endian): the accumulator h and the key r in base 2^32, products
 * with multu/maddu into the 64-bit HI:LO accumulator. The backend
 * "poly1305-mips" of lib/poly1305/poly1305.c; its state, inside struct
 * poly1305_ctx, is nine 32-bit words: h0..h4, r0..r3
 * (lib/poly1305/poly1305-mips.c).
 *
 * void poly1305_mips_init(void *state, const uint8_t key[16])
 *	clamps r = key & 0x0ffffffc0ffffffc0ffffffc0fffffff, sets h = 0.
 * void poly1305_mips_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit)
 *	for each 16-byte block m: h = (h + m + padbit 2^128) r, partly reduced.
 * void poly1305_mips_emit(void *state, uint8_t mac[16], const uint32_t s[4])
 *	mac = (h mod 2^130 - 5) + s mod 2^128.
 * key, in and mac may have any alignment (lwl/lwr, swl/swr pairs) and are
 * little-endian bytes, byte-swapped on big-endian (mips-macros.h); the
 * state and s are native words.
 *
 * Limbs: h = h0 + h1 2^32 + h2 2^64 + h3 2^96 + h4 2^128, h0..h3 < 2^32.
 *   init leaves h4 = 0; blocks takes h4 <= 4 and leaves h4 <= 4; emit
 *   takes h4 <= 4 (h < 5 2^128) and reduces fully.
 *   Clamping gives r0..r3 < 2^28 and 4 | r1, r2, r3, so s_i = r_i + r_i/4 =
 *   5 r_i/4 < 1.25 2^28 (i = 1..3), and h_j r_i 2^(32 (i + j)) with
 *   i + j >= 4 is h_j s_i 2^(32 (i + j - 4)) (mod p), 2^130 = 5. After
 *   adding a block h4 <= 4 + 1 + 1 = 6. The columns, each summed in HI:LO
 *   from the high word of the one before (mthi/mtlo), stay below 2^64:
 *	d0 = h0 r0 + h1 s3 + h2 s2 + h3 s1		< 4.75 2^60
 *	d1 = h0 r1 + h1 r0 + h2 s3 + h3 s2 + h4 s1 + hi(d0)	< 4.5 2^60 + 2^33
 *	d2 = h0 r2 + h1 r1 + h2 r0 + h3 s3 + h4 s2 + hi(d1)	< 4.25 2^60 + 2^33
 *	d3 = h0 r3 + h1 r2 + h2 r1 + h3 r0 + h4 s3 + hi(d2)	< 4 2^60 + 2^33
 *	d4 = h4 r0 + hi(d3)				< 1.5 2^30 + 2^30 + 1 < 2^32
 *   (hi(d3) < 2^30 + 1). The reduction folds d4 = 4 q + t as h4 = t,
 *   h0 += 5 q: 5 q = (d4 >> 2) + 4 (d4 >> 2) <= 5 2.5 2^28 < 2^32, and the
 *   carry that may ripple up leaves h4 <= 3 + 1 = 4.
 *
 * Register plan (o32; a leaf, no data, gp not touched):
 *   blocks: a0 state, a1 in, a2 the block count, a3 padbit; t0..t4 h0..h4;
 *   t5, t6, t7, s0 r0..r3; s1, s2, s3 s1..s3 (s0..s3 saved in a 16-byte
 *   frame and restored); v0, v1, t8, t9 the message word, carries and
 *   the low words of d0..d2. init: t0..t3 r. emit: t0..t4 h, t5..t9 g =
 *   h + 5, v0 carries, v1 the mask, then s.
 *   Every caller-saved register that held h, r or the MAC is zeroed before
 *   returning (HI and LO too); s0..s3 get the caller's values back.
 *
 * Constant time: no branch but on len, no address but the arguments plus
 * public offsets; the final h >= p choice is a mask from the bit 130 of
 * h + 5. multu/maddu/mul are taken to run in time independent of their
 * operands.
 *
 * Delay slots: .set noreorder throughout; the instruction after each
 * branch or jump is its delay slot, marked "(delay slot)".
 *
 * CPU features: none beyond MIPS32 release 2 (wsbh, rotr on big-endian).
 */

	.abicalls
	.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"
#include "mips-macros.h"

#define H0	$8
#define H1	$9
#define H2	$10
#define H3	$11
#define H4	$12
#define R0	$13
#define R1	$14
#define R2	$15
#define R3	$16
#define S1	$17
#define S2	$18
#define S3	$19
#define FRAME	16

/* c = carry out of a += b (b and c may be the same register). */
.macro ADDC a, b, c
	addu	\a, \a, \b
	sltu	\c, \a, \b
.endm

	.text
	.set	nomips16
	.set	nomicromips
	.set	noreorder

.globl poly1305_mips_init
.type poly1305_mips_init, @function
.ent poly1305_mips_init
	.balign	16
ZINC_ENTRY poly1305_mips_init
	.frame	$sp, 0, $31
	LDLE	$8, 0, $5
	LDLE	$9, 4, $5
	LDLE	$10, 8, $5
	LDLE	$11, 12, $5
	li	$2, 0x0fffffff
	li	$3, 0x0ffffffc
	and	$8, $8, $2
	and	$9, $9, $3
	and	$10, $10, $3
	and	$11, $11, $3
	.irp	i, 0, 1, 2, 3, 4
	sw	$0, 4 * \i($4)
	.endr
	sw	$8, 20($4)
	sw	$9, 24($4)
	sw	$10, 28($4)
	sw	$11, 32($4)
	move	$8, $0
	move	$9, $0
	move	$10, $0
	jr	$31
	move	$11, $0			/* (delay slot) */
.end poly1305_mips_init
.size poly1305_mips_init, .-poly1305_mips_init

.globl poly1305_mips_blocks
.type poly1305_mips_blocks, @function
.ent poly1305_mips_blocks
	.balign	16
ZINC_ENTRY poly1305_mips_blocks
	.frame	$sp, FRAME, $31
	srl	$6, $6, 4
	beqz	$6, .Lblocks_ret
	addiu	$sp, $sp, -FRAME	/* (delay slot; dropped on both paths) */
	sw	$16, 0($sp)
	sw	$17, 4($sp)
	sw	$18, 8($sp)
	sw	$19, 12($sp)
	lw	H0, 0($4)
	lw	H1, 4($4)
	lw	H2, 8($4)
	lw	H3, 12($4)
	lw	H4, 16($4)
	lw	R0, 20($4)
	lw	R1, 24($4)
	lw	R2, 28($4)
	lw	R3, 32($4)
	srl	S1, R1, 2		/* s_i = r_i + r_i / 4 */
	srl	S2, R2, 2
	srl	S3, R3, 2
	addu	S1, S1, R1
	addu	S2, S2, R2
	addu	S3, S3, R3

.Lblock:
	/* h += m + padbit 2^128; v1 the carry along the words. */
	LDLE	$2, 0, $5
	ADDC	H0, $2, $3
	LDLE	$2, 4, $5
	ADDC	H1, $2, $24
	ADDC	H1, $3, $3
	or	$3, $3, $24
	LDLE	$2, 8, $5
	ADDC	H2, $2, $24
	ADDC	H2, $3, $3
	or	$3, $3, $24
	LDLE	$2, 12, $5
	ADDC	H3, $2, $24
	ADDC	H3, $3, $3
	or	$3, $3, $24
	addu	H4, H4, $3
	addu	H4, H4, $7

	/* d0..d3 column by column in HI:LO, each from the last's high word. */
	multu	H0, R0
	maddu	H1, S3
	maddu	H2, S2
	maddu	H3, S1
	mflo	$24			/* d0 low */
	mfhi	$2
	mtlo	$2
	mthi	$0
	maddu	H0, R1
	maddu	H1, R0
	maddu	H2, S3
	maddu	H3, S2
	maddu	H4, S1
	mflo	$25			/* d1 low */
	mfhi	$2
	mtlo	$2
	mthi	$0
	maddu	H0, R2
	maddu	H1, R1
	maddu	H2, R0
	maddu	H3, S3
	maddu	H4, S2
	mflo	$3			/* d2 low */
	mfhi	$2
	mtlo	$2
	mthi	$0
	maddu	H0, R3
	maddu	H1, R2
	maddu	H2, R1
	maddu	H3, R0
	maddu	H4, S3
	mflo	H3			/* d3 low */
	mfhi	$2
	mul	H4, H4, R0
	addu	H4, H4, $2		/* d4 = h4 r0 + hi(d3) */

	/* d4 = 4 q + t: h4 = t, 5 q into h0 and up. */
	srl	$2, H4, 2
	andi	H4, H4, 3
	sll	H0, $2, 2
	addu	$2, $2, H0
	addu	H0, $24, $2
	sltu	$2, H0, $2
	addu	H1, $25, $2
	sltu	$2, H1, $2
	addu	H2, $3, $2
	sltu	$2, H2, $2
	ADDC	H3, $2, $2
	addiu	$6, $6, -1
	addu	H4, H4, $2
	bnez	$6, .Lblock
	addiu	$5, $5, 16		/* (delay slot) */

	sw	H0, 0($4)
	sw	H1, 4($4)
	sw	H2, 8($4)
	sw	H3, 12($4)
	sw	H4, 16($4)
	.irp	r, $2, $3, $8, $9, $10, $11, $12, $13, $14, $15, $24, $25
	move	\r, $0
	.endr
	mthi	$0
	mtlo	$0
	lw	$16, 0($sp)
	lw	$17, 4($sp)
	lw	$18, 8($sp)
	lw	$19, 12($sp)
.Lblocks_ret:
	jr	$31
	addiu	$sp, $sp, FRAME		/* (delay slot) */
.end poly1305_mips_blocks
.size poly1305_mips_blocks, .-poly1305_mips_blocks

.globl poly1305_mips_emit
.type poly1305_mips_emit, @function
.ent poly1305_mips_emit
	.balign	16
ZINC_ENTRY poly1305_mips_emit
	.frame	$sp, 0, $31
	lw	H0, 0($4)
	lw	H1, 4($4)
	lw	H2, 8($4)
	lw	H3, 12($4)
	lw	H4, 16($4)

	/* Fold h4's bits from 2 up: h < 2^130 + 5 < 2p afterwards. */
	srl	$2, H4, 2
	andi	H4, H4, 3
	sll	$3, $2, 2
	addu	$2, $2, $3
	ADDC	H0, $2, $2
	ADDC	H1, $2, $2
	ADDC	H2, $2, $2
	ADDC	H3, $2, $2
	addu	H4, H4, $2

	/* g = h + 5; h >= p exactly when g reaches 2^130: then h - p = g mod 2^130. */
	addiu	$13, H0, 5
	sltiu	$2, $13, 5
	addu	$14, H1, $2
	sltu	$2, $14, $2
	addu	$15, H2, $2
	sltu	$2, $15, $2
	addu	$24, H3, $2
	sltu	$2, $24, $2
	addu	$25, H4, $2
	srl	$25, $25, 2
	subu	$3, $0, $25		/* all ones when h >= p */
	xor	$13, $13, H0		/* h ^= (h ^ g) & mask */
	xor	$14, $14, H1
	xor	$15, $15, H2
	xor	$24, $24, H3
	and	$13, $13, $3
	and	$14, $14, $3
	and	$15, $15, $3
	and	$24, $24, $3
	xor	H0, H0, $13
	xor	H1, H1, $14
	xor	H2, H2, $15
	xor	H3, H3, $24

	/* + s, mod 2^128; the MAC's bytes little-endian. */
	lw	$13, 0($6)
	lw	$14, 4($6)
	lw	$15, 8($6)
	lw	$24, 12($6)
	ADDC	H0, $13, $2
	addu	H1, H1, $2
	sltu	$3, H1, $2
	ADDC	H1, $14, $2
	or	$2, $2, $3
	addu	H2, H2, $2
	sltu	$3, H2, $2
	ADDC	H2, $15, $2
	or	$2, $2, $3
	addu	H3, H3, $2
	addu	H3, H3, $24
	SWAP_LE	H0
	SWAP_LE	H1
	SWAP_LE	H2
	SWAP_LE	H3
	STN	H0, 0, $5
	STN	H1, 4, $5
	STN	H2, 8, $5
	STN	H3, 12, $5
	.irp	r, $2, $3, $8, $9, $10, $11, $12, $13, $14, $15, $24
	move	\r, $0
	.endr
	jr	$31
	move	$25, $0			/* (delay slot) */
.end poly1305_mips_emit
.size poly1305_mips_emit, .-poly1305_mips_emit
