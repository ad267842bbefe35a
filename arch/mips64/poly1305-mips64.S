/* SPDX-License-Identifier: MIT */
/*
 * Poly1305 (RFC 8439 section 2.5) for MIPS64r2, scalar, n64, little-endian
 * (mips64el-linux-gnuabi64): the accumulator h and the key r in base 2^64,
 * products with dmultu (64 x 64 -> 128 bits in HI:LO). The backend
 * "poly1305-mips64" of lib/poly1305/poly1305.c; its state, inside struct
 * poly1305_ctx, is five 64-bit words: h0, h1, h2, r0, r1
 * (lib/poly1305/poly1305-mips.c), the layout of poly1305-arm64's.
 *
 * void poly1305_mips64_init(void *state, const uint8_t key[16])
 *	clamps r = key & 0x0ffffffc0ffffffc0ffffffc0fffffff, sets h = 0.
 * void poly1305_mips64_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit)
 *	for each 16-byte block m: h = (h + m + padbit 2^128) r, partly reduced.
 * void poly1305_mips64_emit(void *state, uint8_t mac[16], const uint32_t s[4])
 *	mac = (h mod 2^130 - 5) + s mod 2^128.
 * key, in, mac and s may have any alignment (s is only 4-aligned): they
 * are moved with the ldl/ldr (sdl/sdr) pairs.
 *
 * Limbs: h = h0 + h1 2^64 + h2 2^128 with h0, h1 < 2^64.
 *   init leaves h2 = 0; blocks takes h2 <= 4 and leaves h2 <= 4; emit takes
 *   h2 <= 4 (so h < 5 2^128), and reduces fully.
 *   Clamping gives r0, r1 < 2^60 and 4 | r1, so s1 = r1 + r1/4 = 5 r1/4 <
 *   1.25 2^60, and h1 r1 2^128 = h1 (r1/4) 2^130 = h1 s1 (mod p). After
 *   adding a block h2 <= 4 + 1 + 1 = 6. The product, 128-bit columns as
 *   pairs of words:
 *	d0 = h0 r0 + h1 s1			< 2.25 2^124
 *	d1 = h0 r1 + h1 r0 + h2 s1 + hi(d0)	< 2^125 + 7.5 2^60 + 2^62 < 2^126
 *	d2 = h2 r0 + hi(d1)			< 6 2^60 + 2^62 + 1 < 2^63
 *   (h2 s1 < 7.5 2^60 and h2 r0 < 6 2^60 fit one word: their dmultu's HI
 *   is 0). The reduction folds d2 = 4 q + t as h2 = t, h0 += 5 q:
 *   5 q = (d2 & ~3) + (d2 >> 2) < 1.25 2^63 < 2^64, and the carry that may
 *   ripple up leaves h2 <= 3 + 1 = 4.
 *
 * Register plan (n64: only caller-saved registers, $1 not used, no stack):
 *   a0 ($4) state, a1 ($5) in (emit: mac), a2 ($6) the block count (emit:
 *   s), a3 ($7) padbit; $8, $9, $10 h0, h1, h2; $11, $12 r0, r1; $13 s1;
 *   $2, $3, $14, $15, $24, $25 the message words, products and carries
 *   (emit: g = h + 5, the mask, s). Every register that held h, r, a
 *   product or the MAC is zeroed before returning, HI and LO too.
 *
 * Constant time: no branch but on len, no address but the arguments plus
 * public offsets; the final h >= p choice is a mask from bit 130 of h + 5.
 * dmultu is taken to run in time independent of its operands.
 *
 * Delay slots: .set noreorder throughout; the instruction after each
 * branch or jump is its delay slot, marked "(delay slot)".
 *
 * CPU features: none beyond MIPS64 release 2.
 */

#ifdef __MIPSEB__
#error "poly1305-mips64.S is little-endian only (mips64el)"
#endif

	.abicalls
	.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

#define H0	$8
#define H1	$9
#define H2	$10
#define R0	$11
#define R1	$12
#define S1	$13

/* r = the 64-bit little-endian word at off(p), any alignment. */
.macro LD64 r, off, p
	ldl	\r, \off+7(\p)
	ldr	\r, \off(\p)
.endm
.macro ST64 r, off, p
	sdl	\r, \off+7(\p)
	sdr	\r, \off(\p)
.endm

/* hi:lo += the 128-bit product x y; t0, t1 scratch. */
.macro MULADD hi, lo, x, y, t0, t1
	dmultu	\x, \y
	mflo	\t0
	mfhi	\t1
	daddu	\lo, \lo, \t0
	sltu	\t0, \lo, \t0
	daddu	\hi, \hi, \t1
	daddu	\hi, \hi, \t0
.endm

.macro WIPE regs:vararg
	.irp	r, \regs
	move	\r, $0
	.endr
	mthi	$0
	mtlo	$0
.endm

	.text
	.set	nomips16
	.set	nomicromips
	.set	noreorder

.globl poly1305_mips64_init
.type poly1305_mips64_init, @function
.ent poly1305_mips64_init
	.balign	16
ZINC_ENTRY poly1305_mips64_init
	.frame	$sp, 0, $31
	LD64	R0, 0, $5
	LD64	R1, 8, $5
	dli	$2, 0x0ffffffc0fffffff
	dli	$3, 0x0ffffffc0ffffffc
	and	R0, R0, $2
	and	R1, R1, $3
	sd	$0, 0($4)
	sd	$0, 8($4)
	sd	$0, 16($4)
	sd	R0, 24($4)
	sd	R1, 32($4)
	move	R0, $0
	jr	$31
	move	R1, $0			/* (delay slot) */
.end poly1305_mips64_init
.size poly1305_mips64_init, .-poly1305_mips64_init

.globl poly1305_mips64_blocks
.type poly1305_mips64_blocks, @function
.ent poly1305_mips64_blocks
	.balign	16
ZINC_ENTRY poly1305_mips64_blocks
	.frame	$sp, 0, $31
	dsrl	$6, $6, 4
	beqz	$6, .Lblocks_ret
	dext	$7, $7, 0, 32		/* (delay slot) padbit, zero-extended */
	ld	H0, 0($4)
	ld	H1, 8($4)
	ld	H2, 16($4)
	ld	R0, 24($4)
	ld	R1, 32($4)
	dsrl	S1, R1, 2
	daddu	S1, S1, R1		/* s1 = 5 r1 / 4 */

.Lblock:
	/* h += m + padbit 2^128 */
	LD64	$2, 0, $5
	LD64	$3, 8, $5
	daddu	H0, H0, $2
	sltu	$2, H0, $2
	daddu	H1, H1, $3
	sltu	$3, H1, $3
	daddu	H1, H1, $2
	sltu	$2, H1, $2
	or	$2, $2, $3
	daddu	H2, H2, $2
	daddu	H2, H2, $7

	/* d0 = h0 r0 + h1 s1 in $3:$2 */
	dmultu	H0, R0
	mflo	$2
	mfhi	$3
	MULADD	$3, $2, H1, S1, $14, $15
	/* d1 = h0 r1 + h1 r0 + h2 s1 + hi(d0) in $15:$14 */
	dmultu	H0, R1
	mflo	$14
	mfhi	$15
	MULADD	$15, $14, H1, R0, $24, $25
	dmultu	H2, S1
	mflo	$24
	daddu	$14, $14, $24
	sltu	$24, $14, $24
	daddu	$15, $15, $24
	daddu	$14, $14, $3
	sltu	$3, $14, $3
	daddu	$15, $15, $3
	/* d2 = h2 r0 + hi(d1) in $24 */
	dmultu	H2, R0
	mflo	$24
	daddu	$24, $24, $15

	/* d2 = 4 q + t: h2 = t, 5 q into h0 and up. */
	dsrl	$3, $24, 2
	andi	H2, $24, 3
	dsll	$25, $3, 2
	daddu	$3, $3, $25
	daddu	H0, $2, $3
	sltu	$3, H0, $3
	daddu	H1, $14, $3
	sltu	$3, H1, $3
	daddiu	$6, $6, -1
	daddu	H2, H2, $3
	bnez	$6, .Lblock
	daddiu	$5, $5, 16		/* (delay slot) */

	sd	H0, 0($4)
	sd	H1, 8($4)
	sd	H2, 16($4)
	WIPE	$2, $3, $8, $9, $10, $11, $12, $13, $14, $15, $24, $25
.Lblocks_ret:
	jr	$31
	nop				/* (delay slot) */
.end poly1305_mips64_blocks
.size poly1305_mips64_blocks, .-poly1305_mips64_blocks

.globl poly1305_mips64_emit
.type poly1305_mips64_emit, @function
.ent poly1305_mips64_emit
	.balign	16
ZINC_ENTRY poly1305_mips64_emit
	.frame	$sp, 0, $31
	ld	H0, 0($4)
	ld	H1, 8($4)
	ld	H2, 16($4)

	/* Fold h2's bits from 2 up: h < 2^130 + 5 < 2p afterwards. */
	dsrl	$2, H2, 2
	andi	H2, H2, 3
	dsll	$3, $2, 2
	daddu	$2, $2, $3
	daddu	H0, H0, $2
	sltu	$2, H0, $2
	daddu	H1, H1, $2
	sltu	$2, H1, $2
	daddu	H2, H2, $2

	/* g = h + 5; h >= p exactly when g reaches 2^130: then h - p = g mod 2^130. */
	daddiu	$14, H0, 5
	sltiu	$2, $14, 5
	daddu	$15, H1, $2
	sltu	$2, $15, $2
	daddu	$2, H2, $2
	dsrl	$2, $2, 2
	dsubu	$3, $0, $2		/* all ones when h >= p */
	xor	$14, $14, H0		/* h ^= (h ^ g) & mask */
	xor	$15, $15, H1
	and	$14, $14, $3
	and	$15, $15, $3
	xor	H0, H0, $14
	xor	H1, H1, $15

	/* + s, mod 2^128; s's words are little-endian, so two 64-bit loads. */
	LD64	$14, 0, $6
	LD64	$15, 8, $6
	daddu	H0, H0, $14
	sltu	$2, H0, $14
	daddu	H1, H1, $15
	daddu	H1, H1, $2
	ST64	H0, 0, $5
	ST64	H1, 8, $5
	WIPE	$2, $3, $8, $9, $10, $14
	jr	$31
	move	$15, $0			/* (delay slot) */
.end poly1305_mips64_emit
.size poly1305_mips64_emit, .-poly1305_mips64_emit
