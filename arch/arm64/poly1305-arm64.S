/* SPDX-License-Identifier: MIT */
/*
 * Poly1305 (RFC 8439 section 2.5) for arm64, scalar: the accumulator h and
 * the key r in base 2^64, products with mul/umulh (64 x 64 -> 128 bits).
 * The backend "poly1305-arm64" of lib/poly1305/poly1305.c; its state, inside
 * struct poly1305_ctx, is five 64-bit words: h0, h1, h2, r0, r1.
 *
 * void poly1305_arm64_init(void *state, const uint8_t key[16])
 *	clamps r = key & 0x0ffffffc0ffffffc0ffffffc0fffffff, sets h = 0.
 * void poly1305_arm64_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit)
 *	for each 16-byte block m: h = (h + m + padbit 2^128) r, partly reduced.
 * void poly1305_arm64_emit(void *state, uint8_t mac[16], const uint32_t s[4])
 *	mac = (h mod 2^130 - 5) + s mod 2^128.
 *
 * Limbs: h = h0 + h1 2^64 + h2 2^128 with h0, h1 < 2^64.
 *   init leaves h2 = 0; blocks takes h2 <= 4 and leaves h2 <= 4; emit takes
 *   h2 <= 4 (so h < 5 2^128), and reduces fully.
 *   Clamping gives r0, r1 < 2^60 and 4 | r1, so s1 = r1 + r1/4 = 5 r1/4 <
 *   2^61, and h1 r1 2^128 = h1 (r1/4) 2^130 = h1 s1 (mod p). After adding a
 *   block h2 <= 4 + 1 + 1 = 6. The product:
 *	d0 = h0 r0 + h1 s1			(128 bits, low word kept)
 *	d1 = h0 r1 + h1 r0 + h2 s1 + hi(d0)	(low word kept)
 *	d2 = h2 r0 + hi(d1)			< 2^60 + 2^60 + 6 2^60 + 2 < 2^63
 *   and the reduction folds d2 = 4 q + t as h2 = t, h0 += 5 q (2^130 = 5):
 *   5 q = (d2 & ~3) + (d2 >> 2) < 2^64, and the carry that may ripple up
 *   leaves h2 <= 3 + 1 = 4.
 *
 * Register plan (only caller-saved registers, x18 not used, no stack):
 *   x0 state, x1 in (emit: mac), x2 len (emit: s), x3 padbit;
 *   x4, x5, x6 h0, h1, h2; x7, x8 r0, r1; x9 s1; x10..x15 products and
 *   carries; x16, x17 the message block. Registers that held h or r are
 *   zeroed before returning.
 *
 * CPU features: none beyond ARMv8-A.
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

.text

#include "poly1305-macros.h"

.globl poly1305_arm64_init
.type poly1305_arm64_init, %function
.balign 16
ZINC_ENTRY poly1305_arm64_init
	hint	#34			/* bti c */
	ldp	x7, x8, [x1]
	mov	x9, #0x0fffffff		/* 0x0ffffffc0fffffff */
	movk	x9, #0xfffc, lsl #32
	movk	x9, #0x0fff, lsl #48
	and	x7, x7, x9
	and	x9, x9, #~3		/* 0x0ffffffc0ffffffc */
	and	x8, x8, x9
	stp	xzr, xzr, [x0]
	stp	xzr, x7, [x0, #16]
	str	x8, [x0, #32]
	WIPE_GPRS
	ret
.size poly1305_arm64_init, .-poly1305_arm64_init

.globl poly1305_arm64_blocks
.type poly1305_arm64_blocks, %function
.balign 16
ZINC_ENTRY poly1305_arm64_blocks
	hint	#34			/* bti c */
	lsr	x2, x2, #4
	cbz	x2, 2f
	ldp	x4, x5, [x0]
	ldp	x6, x7, [x0, #16]
	ldr	x8, [x0, #32]
	add	x9, x8, x8, lsr #2	/* s1 = 5 r1 / 4 */
	mov	w3, w3			/* padbit, zero-extended */

1:	ldp	x16, x17, [x1], #16
	adds	x4, x4, x16		/* h += m + padbit 2^128 */
	adcs	x5, x5, x17
	adc	x6, x6, x3

	MUL_R
	subs	x2, x2, #1
	b.ne	1b

	stp	x4, x5, [x0]
	str	x6, [x0, #16]
	WIPE_GPRS
2:	ret
.size poly1305_arm64_blocks, .-poly1305_arm64_blocks

.globl poly1305_arm64_emit
.type poly1305_arm64_emit, %function
.balign 16
ZINC_ENTRY poly1305_arm64_emit
	hint	#34			/* bti c */
	ldp	x4, x5, [x0]
	ldr	x6, [x0, #16]

	/* Fold h2's bits from 2 up: h < 2^130 + 5 < 2p afterwards. */
	lsr	x10, x6, #2
	and	x6, x6, #3
	add	x10, x10, x10, lsl #2
	adds	x4, x4, x10
	adcs	x5, x5, xzr
	adc	x6, x6, xzr

	/* g = h + 5; h >= p exactly when g reaches 2^130: then h - p = g mod 2^130. */
	adds	x10, x4, #5
	adcs	x11, x5, xzr
	adc	x12, x6, xzr
	tst	x12, #4
	csel	x4, x10, x4, ne
	csel	x5, x11, x5, ne

	/* + s, mod 2^128. */
	ldp	x10, x11, [x2]
	adds	x4, x4, x10
	adc	x5, x5, x11
	stp	x4, x5, [x1]
	WIPE_GPRS
	ret
.size poly1305_arm64_emit, .-poly1305_arm64_emit
