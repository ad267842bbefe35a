/* SPDX-License-Identifier: MIT */
/*
 * Scalar Poly1305 steps in base 2^64 shared by poly1305-arm64.S and
 * poly1305-neon.S (which uses them for its powers of r).
 *
 * h = h0 + h1 2^64 + h2 2^128 in x4, x5, x6; the clamped key
 * r = r0 + r1 2^64 in x7, x8 and s1 = r1 + r1 / 4 in x9; x10..x15 scratch.
 * Clamping leaves r0, r1 < 2^60 and 4 | r1, so, as 2^130 = 5 (mod p),
 * h1 r1 2^128 = h1 (r1 / 4) 2^130 = h1 s1 (mod p).
 */

/* State layout: the words of poly1305-arm64; poly1305-neon adds its own after them. */
#define H0	0
#define H2	16
#define R0	24

/*
 * h = h r, partly reduced. Takes h0, h1 < 2^64 and h2 <= 6; leaves
 * h0, h1 < 2^64 and h2 <= 4 (poly1305-arm64.S says why). Clobbers x10..x15.
 */
.macro MUL_R
	mul	x10, x4, x7		/* d0 = h0 r0 + h1 s1 */
	umulh	x11, x4, x7
	mul	x12, x5, x9
	umulh	x13, x5, x9
	adds	x10, x10, x12
	adc	x11, x11, x13
	mul	x12, x4, x8		/* d1 = h0 r1 + h1 r0 + h2 s1 + hi(d0) */
	umulh	x13, x4, x8
	adds	x11, x11, x12
	adc	x13, x13, xzr
	mul	x12, x5, x7
	umulh	x14, x5, x7
	adds	x11, x11, x12
	adc	x13, x13, x14
	mul	x12, x6, x9
	mul	x14, x6, x7		/* d2 = h2 r0 + hi(d1) */
	adds	x11, x11, x12
	adc	x13, x13, x14

	and	x15, x13, #~3		/* 5 q = (d2 & ~3) + (d2 >> 2) */
	add	x15, x15, x13, lsr #2
	and	x6, x13, #3
	adds	x4, x10, x15
	adcs	x5, x11, xzr
	adc	x6, x6, xzr
.endm

/* Zeroes the general registers that held key or accumulator words. */
.macro WIPE_GPRS
	.irp	r, 4,5,6,7,8,9,10,11,12,13,14,15,16,17
	mov	x\r, #0
	.endr
.endm
