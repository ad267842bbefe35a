/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20 (RFC 8439) and HChaCha20 (draft-irtf-cfrg-xchacha) for MIPS32r2,
 * scalar, o32, one source for both byte orders (mips-linux-gnu big-endian,
 * mipsel-linux-gnu little-endian): one block at a time, the sixteen state
 * words in sixteen registers, rotations with the r2 rotr. A final partial
 * block is XORed byte by byte from a keystream copy on the stack, which is
 * wiped before returning.
 *
 * void chacha20_mips(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len)
 *	a0 state, a1 dst, a2 src, a3 len; state[12] ends advanced by
 *	ceil(len / 64) modulo 2^32 (kept in t9), word 13 is never touched.
 *	state[] holds native words; message and keystream bytes are in
 *	ChaCha20's little-endian order.
 * void hchacha20_mips(uint8_t out[32], const uint8_t nonce[16], const uint8_t key[32])
 *	a0 out, a1 nonce, a2 key.
 *
 * Byte order and alignment: dst, src, key, nonce and out may have any
 * alignment, so words are moved with the lwl/lwr (swl/swr) pairs, which
 * read (write) the word of native order at any address. On big-endian a
 * word of key or nonce is byte-swapped after loading (wsbh, then rotr 16),
 * and each keystream word is byte-swapped before it is XORed with the
 * message's native words, so that the bytes in memory come out in
 * ChaCha20's little-endian order; on little-endian the swap is nothing.
 *
 * Register plan (o32; a leaf: no calls, no data, so gp is not touched):
 *   t0..t7 state words x0..x7, s0..s7 x8..x15 (s0..s7 saved in the frame
 *   and restored); t8 the double-round count (the tail: a keystream
 *   byte), t9 the block counter; v0, v1 scratch (the feed-forward's input
 *   word, the message word; the tail's pointer into the copy); a0..a3 the
 *   arguments, a1..a3 advanced as blocks are done.
 *   Frame: 96 bytes, the 64-byte keystream copy at 0(sp) (zeroed after the
 *   tail), s0..s7 at 64(sp)..92(sp). Every caller-saved register that held
 *   state or keystream is zeroed before returning; s0..s7 get the
 *   caller's values back.
 *
 * Constant time: the only branches depend on len and on the loop counts;
 * every address is a pointer argument plus a public offset.
 *
 * Delay slots: .set noreorder throughout; the instruction after each
 * branch or jump is its delay slot, marked "(delay slot)".
 *
 * CPU features: none beyond MIPS32 release 2 (rotr, wsbh).
 */

	.abicalls
	.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"
#include "mips-macros.h"

/* State word x_i is register $(8 + i): x0..x7 t0..t7, x8..x15 s0..s7. */
#define X0	$8
#define X1	$9
#define X2	$10
#define X3	$11
#define X4	$12
#define X5	$13
#define X6	$14
#define X7	$15
#define X8	$16
#define X9	$17
#define X10	$18
#define X11	$19
#define X12	$20
#define X13	$21
#define X14	$22
#define X15	$23
#define ROUNDS	$24	/* t8 */
#define FRAME		96
#define FRAME_S		64	/* s0..s7; the keystream copy at 0 */
#define CTR	$25	/* t9 */

/* One step of four quarter-rounds: \a_i += \b_i, \d_i ^= \a_i,
 * \d_i rotated right by \r (left by 32 - \r), i = 0..3; with last=0 the
 * rotation of \d3 is left out. */
.macro ARX4 a0,b0,d0, a1,b1,d1, a2,b2,d2, a3,b3,d3, r, last=1
	addu	\a0, \a0, \b0
	addu	\a1, \a1, \b1
	addu	\a2, \a2, \b2
	addu	\a3, \a3, \b3
	xor	\d0, \d0, \a0
	xor	\d1, \d1, \a1
	xor	\d2, \d2, \a2
	xor	\d3, \d3, \a3
	rotr	\d0, \d0, \r
	rotr	\d1, \d1, \r
	rotr	\d2, \d2, \r
	.if	\last
	rotr	\d3, \d3, \r
	.endif
.endm

/* Four quarter-rounds (a_i, b_i, c_i, d_i), i = 0..3, step by step;
 * with last=0 all but the final rotation (of b3), for a delay slot. */
.macro QR4 a0,b0,c0,d0, a1,b1,c1,d1, a2,b2,c2,d2, a3,b3,c3,d3, last=1
	ARX4	\a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3, 16	/* <<< 16 */
	ARX4	\c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3, 20	/* <<< 12 */
	ARX4	\a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3, 24	/* <<< 8 */
	ARX4	\c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3, 25, \last	/* <<< 7 */
.endm

/* Ten double rounds (column, then diagonal) on X0..X15; ROUNDS ends 0. */
.macro DOUBLE_ROUNDS
	li	ROUNDS, 10
1:	addiu	ROUNDS, ROUNDS, -1
	QR4	X0,X4,X8,X12,  X1,X5,X9,X13,  X2,X6,X10,X14,  X3,X7,X11,X15
	QR4	X0,X5,X10,X15, X1,X6,X11,X12, X2,X7,X8,X13,   X3,X4,X9,X14, 0
	bnez	ROUNDS, 1b
	rotr	X4, X4, 25		/* (delay slot) the diagonal round's last: b3 = x4 */
.endm

.macro SAVE_S	/* s0..s7 into the frame, at base(sp) */
	.irp	r, 16, 17, 18, 19, 20, 21, 22, 23
	sw	$\r, FRAME_S + 4 * (\r - 16)($sp)
	.endr
.endm
.macro RESTORE_S
	.irp	r, 16, 17, 18, 19, 20, 21, 22, 23
	lw	$\r, FRAME_S + 4 * (\r - 16)($sp)
	.endr
.endm
/* Zero t0..t8 (x0..x7 and the round counter), v0 and v1. */
.macro WIPE_TEMPS
	.irp	r, $2, $3, $8, $9, $10, $11, $12, $13, $14, $15, $24
	move	\r, $0
	.endr
.endm

	.text
	.set	nomips16
	.set	nomicromips
	.set	noreorder

.globl chacha20_mips
.type chacha20_mips, @function
.ent chacha20_mips
	.balign	16
ZINC_ENTRY chacha20_mips
	.frame	$sp, FRAME, $31
	beqz	$7, .Lret		/* len 0: the frame is made and dropped */
	addiu	$sp, $sp, -FRAME	/* (delay slot) */
	SAVE_S
	lw	CTR, 48($4)

.Lblock:
	.irp	r, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23
	lw	$\r, 4 * (\r - 8)($4)
	.endr
	move	X12, CTR
	DOUBLE_ROUNDS

	/* Feed-forward: x_i += input word i (word 12: the counter). */
	.irp	r, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23
	lw	$2, 4 * (\r - 8)($4)
	addu	$\r, $\r, $2
	.endr
	addu	X12, X12, CTR
	sltiu	$2, $7, 64
	bnez	$2, .Ltail
	addiu	CTR, CTR, 1		/* (delay slot) */

	/* A whole block: dst = src ^ keystream, word by word. */
	.irp	r, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23
	SWAP_LE	$\r
	LDN	$3, 4 * (\r - 8), $6
	xor	$3, $3, $\r
	STN	$3, 4 * (\r - 8), $5
	.endr
	addiu	$7, $7, -64
	addiu	$5, $5, 64
	bnez	$7, .Lblock
	addiu	$6, $6, 64		/* (delay slot) */

.Ldone:
	sw	CTR, 48($4)
	WIPE_TEMPS
	RESTORE_S
.Lret:
	jr	$31
	addiu	$sp, $sp, FRAME		/* (delay slot) */

	/* 1..63 bytes left: the keystream's bytes to the stack, then bytes. */
.Ltail:
	.irp	r, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23
	SWAP_LE	$\r
	sw	$\r, 4 * (\r - 8)($sp)
	.endr
	move	$3, $sp
1:	lbu	$2, 0($6)
	lbu	ROUNDS, 0($3)
	addiu	$7, $7, -1
	addiu	$3, $3, 1
	addiu	$6, $6, 1
	xor	$2, $2, ROUNDS
	sb	$2, 0($5)
	bnez	$7, 1b
	addiu	$5, $5, 1		/* (delay slot) */
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
	sw	$0, 4 * \i($sp)
	.endr
	b	.Ldone
	sw	$0, 60($sp)		/* (delay slot) */
.end chacha20_mips
.size chacha20_mips, .-chacha20_mips

.globl hchacha20_mips
.type hchacha20_mips, @function
.ent hchacha20_mips
	.balign	16
ZINC_ENTRY hchacha20_mips
	.frame	$sp, FRAME, $31
	addiu	$sp, $sp, -FRAME
	SAVE_S
	li	X0, 0x61707865		/* "expand 32-byte k" */
	li	X1, 0x3320646e
	li	X2, 0x79622d32
	li	X3, 0x6b206574
	.irp	r, 12, 13, 14, 15, 16, 17, 18, 19	/* x4..x11: the key */
	LDLE	$\r, 4 * (\r - 12), $6
	.endr
	.irp	r, 20, 21, 22, 23		/* x12..x15: the nonce */
	LDLE	$\r, 4 * (\r - 20), $5
	.endr
	DOUBLE_ROUNDS

	/* out = x0..x3, x12..x15, little-endian. */
	.irp	r, 8, 9, 10, 11
	SWAP_LE	$\r
	STN	$\r, 4 * (\r - 8), $4
	.endr
	.irp	r, 20, 21, 22, 23
	SWAP_LE	$\r
	STN	$\r, 4 * (\r - 16), $4
	.endr
	WIPE_TEMPS
	RESTORE_S
	jr	$31
	addiu	$sp, $sp, FRAME		/* (delay slot) */
.end hchacha20_mips
.size hchacha20_mips, .-hchacha20_mips
