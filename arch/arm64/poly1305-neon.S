/* SPDX-License-Identifier: MIT */
/*
 * Poly1305 (RFC 8439 section 2.5) for arm64 with Advanced SIMD (NEON): four
 * blocks at a time in four lanes of radix-2^26 limbs, the rest in base 2^64
 * scalar code (poly1305-arm64.S). Between calls h is kept in base 2^64
 * exactly as poly1305-arm64 keeps it, so emit is that row's and any call
 * may take either path.
 *
 * void poly1305_neon_init(void *state, const uint8_t key[16])
 *	poly1305_arm64_init, and marks the powers of r below as not computed.
 * void poly1305_neon_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit)
 *	Fewer than VEC_COLD bytes (VEC_WARM once the powers of r are
 *	computed): poly1305_arm64_blocks. Otherwise, with blocks
 *	m_0 .. m_{4n-1} and lanes A_j (j = 0..3):
 *	  A_0 = h + m_0, A_j = m_j;  A_j = A_j r^4 + m_{4k+j} for k = 1..n-1;
 *	  h = A_0 r^4 + A_1 r^3 + A_2 r^2 + A_3 r,
 *	then the len mod 64 bytes left go to poly1305_arm64_blocks.
 * void poly1305_neon_test_lanes(void *state, const uint64_t lanes[20],
 *				 const uint8_t *in, size_t len)	(ZINC_TESTING)
 *	Starts the loop above from the lanes given (lanes[4 i + j] = limb i
 *	of A_j), runs it over len bytes (a multiple of 64, padbit 1) and
 *	stores the resulting h, so a test can reach any legal lane state.
 *
 * Representations and limb bounds (the state-level target enforces them):
 *	h between calls: base 2^64 as in poly1305-arm64 (h2 <= 4 in and out).
 *	  Converted into lane 0, its top limb takes every bit from 2^104 up:
 *	  h < 5 2^128 makes it < 5 2^24.
 *	Powers r .. r^4 are computed once per key with MUL_R (partly reduced,
 *	  below 5 2^128) and kept in the state as 32-bit limbs: r_0..r_3 < 2^26,
 *	  r_4 < 5 2^24, so 5 r_j < 2^28.7.
 *	Lanes: five 26-bit limbs a_0..a_4 per lane, lane j in 32-bit element j
 *	  of one register per limb. Each limb is < 2^28 whenever the lanes are
 *	  multiplied: a product with r_j or 5 r_j is < 2^56.7 and a column
 *	  d_k of five < 2^59, in 64-bit elements (lanes 0, 1 and lanes 2, 3 in
 *	  two registers per column). The carry pass below leaves a_0, a_2,
 *	  a_3 < 2^26, a_1 < 2^26 + 2^10, a_4 < 2^26 + 2^8 from columns
 *	  < 2^59, so the narrowing back to 32 bits is exact; adding a block
 *	  (limbs < 2^26, a_4 < 2^25 with the pad bit) keeps every limb
 *	  < 2^28. The first block's lane gets h (top limb < 5 2^24) and m_0:
 *	  < 2^28 too.
 *	Back to base 2^64: h's columns d_k = sum over lanes of a_i r^(4-j)
 *	  products (< 2^61), summed across the lanes and carried fully in
 *	  scalar code (d_0, d_2, d_3, d_4 < 2^26, d_1 < 2^26 + 2^12) and
 *	  packed: h < 2^130 + 2^38, so h2 <= 4.
 *
 * State layout: poly1305-arm64's h0, h1, h2, r0, r1 (poly1305-macros.h),
 * then READY, the r^4 limbs packed for the loop (RP) and the limbs of
 * r^4, r^3, r^2, r in lanes 0..3 for the fold (PW, SW); lib/poly1305/
 * poly1305-arm64.c checks the offsets.
 *
 * Register plan (AAPCS64: only caller-saved registers are used, so v8-v15
 * and x19-x28 are not touched and nothing is saved; no stack):
 *   x0 state, x1 in, x2 bytes left, x3 padbit; x4..x15 the scalar parts
 *   (poly1305-macros.h) and the fold's columns; x16 the return address
 *   around the call of .Lpowers.
 *   v0-v4 the lanes' limbs a_0..a_4 (4 x 32 bits); v5-v7 the limbs of r^4
 *   and 5 r^4 as elements (RP); v16-v19 the four blocks' words (ld4:
 *   word i of block j in element j of v16+i), scratch in the carry pass;
 *   v20-v24 columns d_0..d_4 of lanes 0, 1 and v25-v29 of lanes 2, 3
 *   (2 x 64 bits); v30 the 26-bit mask in 64-bit elements; v31 the pad
 *   bit at 2^24 of each lane. The fold loads PW/SW into v16-v19, v5-v7,
 *   v30, v31. Every vector register used, and x4..x17, are zeroed before
 *   returning. Branches depend only on len and the ready flag; addresses
 *   only on in and the state pointer.
 *
 * CPU features: Advanced SIMD (ARMv8-A base).
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"
#include "poly1305-macros.h"

/* Below this many bytes a call runs the scalar loop only: VEC_COLD while
 * the powers of r are still to be computed (three MUL_R and four
 * conversions, about the scalar work of four blocks), VEC_WARM once a call
 * of this key has computed them (entry and fold cost about one group of
 * four blocks). Set by that count, not measured: there is no arm64
 * machine here, and timings under qemu-user mean nothing. */
#define VEC_COLD	256
#define VEC_WARM	128

#define READY	40		/* the tables below are valid */
#define RP	48		/* r^4: r_0..r_3 | r_4, 5 r_1..5 r_3 | 5 r_4 (48 bytes) */
#define PW	96		/* limb i of r^4, r^3, r^2, r at PW + 16 i */
#define SW	176		/* 5 times limb i at SW + 16 (i - 1), i = 1..4 */

#define A0	v0
#define A1	v1
#define A2	v2
#define A3	v3
#define A4	v4
#define W0	v16
#define W1	v17
#define W2	v18
#define W3	v19
#define D0L	v20
#define D1L	v21
#define D2L	v22
#define D3L	v23
#define D4L	v24
#define D0H	v25
#define D1H	v26
#define D2H	v27
#define D3H	v28
#define D4H	v29
#define MASK	v30
#define PAD	v31
/* The limbs of r^4 as elements of RP's registers. */
#define E_R0	v5.s[0]
#define E_R1	v5.s[1]
#define E_R2	v5.s[2]
#define E_R3	v5.s[3]
#define E_R4	v6.s[0]
#define E_S1	v6.s[1]
#define E_S2	v6.s[2]
#define E_S3	v6.s[3]
#define E_S4	v7.s[0]

.text

/* dl (lanes 0, 1) and dh (lanes 2, 3) op= a * (el, eh); op umull or umlal. */
.macro MAC op, a, dl, dh, el, eh
	\op	\dl\().2d, \a\().2s, \el
	\op\()2	\dh\().2d, \a\().4s, \eh
.endm

/*
 * d = a * r in every lane, r given by its limbs r0..r4 and 5 r1..5 r4:
 * elements (lo and hi empty) or vectors of per-lane limbs (lo .2s, hi .4s).
 * Row by row, so consecutive instructions write different columns.
 */
.macro PRODUCT r0, r1, r2, r3, r4, s1, s2, s3, s4, lo=, hi=
	MAC	umull, A0, D0L, D0H, \r0\lo, \r0\hi
	MAC	umull, A0, D1L, D1H, \r1\lo, \r1\hi
	MAC	umull, A0, D2L, D2H, \r2\lo, \r2\hi
	MAC	umull, A0, D3L, D3H, \r3\lo, \r3\hi
	MAC	umull, A0, D4L, D4H, \r4\lo, \r4\hi
	MAC	umlal, A1, D0L, D0H, \s4\lo, \s4\hi
	MAC	umlal, A1, D1L, D1H, \r0\lo, \r0\hi
	MAC	umlal, A1, D2L, D2H, \r1\lo, \r1\hi
	MAC	umlal, A1, D3L, D3H, \r2\lo, \r2\hi
	MAC	umlal, A1, D4L, D4H, \r3\lo, \r3\hi
	MAC	umlal, A2, D0L, D0H, \s3\lo, \s3\hi
	MAC	umlal, A2, D1L, D1H, \s4\lo, \s4\hi
	MAC	umlal, A2, D2L, D2H, \r0\lo, \r0\hi
	MAC	umlal, A2, D3L, D3H, \r1\lo, \r1\hi
	MAC	umlal, A2, D4L, D4H, \r2\lo, \r2\hi
	MAC	umlal, A3, D0L, D0H, \s2\lo, \s2\hi
	MAC	umlal, A3, D1L, D1H, \s3\lo, \s3\hi
	MAC	umlal, A3, D2L, D2H, \s4\lo, \s4\hi
	MAC	umlal, A3, D3L, D3H, \r0\lo, \r0\hi
	MAC	umlal, A3, D4L, D4H, \r1\lo, \r1\hi
	MAC	umlal, A4, D0L, D0H, \s1\lo, \s1\hi
	MAC	umlal, A4, D1L, D1H, \s2\lo, \s2\hi
	MAC	umlal, A4, D2L, D2H, \s3\lo, \s3\hi
	MAC	umlal, A4, D3L, D3H, \s4\lo, \s4\hi
	MAC	umlal, A4, D4L, D4H, \r0\lo, \r0\hi
.endm

/* hi += lo >> 26 and lo keeps its low 26 bits, in both halves' columns. */
.macro CARRY lol, loh, hil, hih
	usra	\hil\().2d, \lol\().2d, #26
	usra	\hih\().2d, \loh\().2d, #26
	and	\lol\().16b, \lol\().16b, MASK.16b
	and	\loh\().16b, \loh\().16b, MASK.16b
.endm

/*
 * One carry pass over the columns (bounds in the header): 0 -> 1 and
 * 3 -> 4, 1 -> 2 and 4 -> 0 (times 5, as 2^130 = 5), 2 -> 3 and 0 -> 1,
 * 3 -> 4. Then the columns, narrowed to 32 bits, are the lanes.
 */
.macro CARRY_NARROW
	CARRY	D0L, D0H, D1L, D1H
	CARRY	D3L, D3H, D4L, D4H
	CARRY	D1L, D1H, D2L, D2H
	ushr	W0.2d, D4L.2d, #26
	ushr	W1.2d, D4H.2d, #26
	and	D4L.16b, D4L.16b, MASK.16b
	and	D4H.16b, D4H.16b, MASK.16b
	add	D0L.2d, D0L.2d, W0.2d
	add	D0H.2d, D0H.2d, W1.2d
	shl	W0.2d, W0.2d, #2
	shl	W1.2d, W1.2d, #2
	add	D0L.2d, D0L.2d, W0.2d
	add	D0H.2d, D0H.2d, W1.2d
	CARRY	D2L, D2H, D3L, D3H
	CARRY	D0L, D0H, D1L, D1H
	CARRY	D3L, D3H, D4L, D4H
	xtn	A0.2s, D0L.2d
	xtn	A1.2s, D1L.2d
	xtn	A2.2s, D2L.2d
	xtn	A3.2s, D3L.2d
	xtn	A4.2s, D4L.2d
	xtn2	A0.4s, D0H.2d
	xtn2	A1.4s, D1H.2d
	xtn2	A2.4s, D2H.2d
	xtn2	A3.4s, D3H.2d
	xtn2	A4.4s, D4H.2d
.endm

/*
 * The next four blocks at x1 added into the lanes, block j into lane j:
 * limb i of a block is bits 26 i .. 26 i + 25 of its words w0..w3, taken
 * from one or two words by shifts that leave no bits to mask.
 */
.macro ADD_BLOCKS
	ld4	{W0.4s, W1.4s, W2.4s, W3.4s}, [x1], #64
	usra	A4.4s, W3.4s, #8		/* w3 bits 8..31 */
	add	A4.4s, A4.4s, PAD.4s
	shl	W3.4s, W3.4s, #24		/* w2 bits 14..31, w3 bits 0..7 */
	usra	A3.4s, W3.4s, #6
	usra	A3.4s, W2.4s, #14
	shl	W2.4s, W2.4s, #18		/* w1 bits 20..31, w2 bits 0..13 */
	usra	A2.4s, W2.4s, #6
	usra	A2.4s, W1.4s, #20
	shl	W1.4s, W1.4s, #12		/* w0 bits 26..31, w1 bits 0..19 */
	usra	A1.4s, W1.4s, #6
	usra	A1.4s, W0.4s, #26
	shl	W0.4s, W0.4s, #6		/* w0 bits 0..25 */
	usra	A0.4s, W0.4s, #6
.endm

/* x10..x14 = the radix-2^26 limbs of h in x4, x5, x6 (the top one takes
 * every bit of h from 2^104 up). */
.macro TO26
	and	x10, x4, #0x3ffffff
	ubfx	x11, x4, #26, #26
	extr	x12, x5, x4, #52
	and	x12, x12, #0x3ffffff
	ubfx	x13, x5, #14, #26
	extr	x14, x6, x5, #40
.endm

/* hi += lo >> 26, lo keeps its low 26 bits: one step of a full carry. */
.macro CARRY26 lo, hi
	add	\hi, \hi, \lo, lsr #26
	and	\lo, \lo, #0x3ffffff
.endm

/* Stores the limbs TO26 left (a power of r) as lane l of PW/SW, and r^4
 * (lane 0) also into RP. */
.macro STORE_POWER l
	str	w10, [x0, #PW + 4 * \l]
	.irp	i, 1, 2, 3, 4
	str	w1\i, [x0, #PW + 16 * \i + 4 * \l]
	add	w1\i, w1\i, w1\i, lsl #2
	str	w1\i, [x0, #SW + 16 * (\i - 1) + 4 * \l]
	.endr
.if \l == 0
	ldr	w15, [x0, #PW + 16 * 1]
	stp	w10, w15, [x0, #RP]
	ldr	w15, [x0, #PW + 16 * 2]
	ldr	w10, [x0, #PW + 16 * 3]
	stp	w15, w10, [x0, #RP + 8]
	ldr	w10, [x0, #PW + 16 * 4]
	stp	w10, w11, [x0, #RP + 16]
	stp	w12, w13, [x0, #RP + 24]
	str	w14, [x0, #RP + 32]
.endif
.endm

/* Computes the powers of r into the state unless it holds them already.
 * Clobbers x4..x16. */
.macro POWERS_READY
	ldr	x4, [x0, #READY]
	cbnz	x4, 1f
	mov	x16, x30
	bl	.Lpowers
	mov	x30, x16
1:
.endm

/* The pointer to RP's three registers, the mask and the pad bit (x3). */
.macro SETUP
	add	x9, x0, #RP
	ld1	{v5.4s, v6.4s, v7.4s}, [x9]
	movi	MASK.2d, #0xffffffffffffffff
	ushr	MASK.2d, MASK.2d, #38
	lsl	w9, w3, #24
	dup	PAD.4s, w9
.endm

/* r, r^2, r^3, r^4 into lanes 3, 2, 1, 0 of PW/SW and r^4 into RP. Takes
 * x0, keeps x0..x3, clobbers x4..x15. */
.type .Lpowers, %function
.Lpowers:
	ldp	x7, x8, [x0, #R0]
	add	x9, x8, x8, lsr #2	/* s1 = 5 r1 / 4 */
	mov	x4, x7
	mov	x5, x8
	mov	x6, #0
	TO26
	STORE_POWER 3
	.irp	l, 2, 1, 0
	MUL_R
	TO26
	STORE_POWER \l
	.endr
	mov	x4, #1
	str	x4, [x0, #READY]
	ret
.size .Lpowers, .-.Lpowers

.globl poly1305_neon_init
.type poly1305_neon_init, %function
.balign 16
ZINC_ENTRY poly1305_neon_init
	hint	#34			/* bti c */
	str	xzr, [x0, #READY]
	b	poly1305_arm64_init
.size poly1305_neon_init, .-poly1305_neon_init

.globl poly1305_neon_blocks
.type poly1305_neon_blocks, %function
.balign 16
ZINC_ENTRY poly1305_neon_blocks
	hint	#34			/* bti c */
	cmp	x2, #VEC_WARM
	b.lo	poly1305_arm64_blocks
	ldr	x9, [x0, #READY]
	cbnz	x9, 1f
	cmp	x2, #VEC_COLD
	b.lo	poly1305_arm64_blocks
1:	POWERS_READY
	/* Lane 0 starts at h, the others at 0. */
	ldp	x4, x5, [x0, #H0]
	ldr	x6, [x0, #H2]
	TO26
	fmov	s0, w10
	fmov	s1, w11
	fmov	s2, w12
	fmov	s3, w13
	fmov	s4, w14
	SETUP
	ADD_BLOCKS
	sub	x2, x2, #64
	b	.Lloop_check

	/* A = A r^4 + the next four blocks. */
.balign 16
.Lloop:
	PRODUCT	E_R0, E_R1, E_R2, E_R3, E_R4, E_S1, E_S2, E_S3, E_S4
	CARRY_NARROW
	ADD_BLOCKS
	sub	x2, x2, #64
.Lloop_check:
	cmp	x2, #64
	b.hs	.Lloop

	/* h = A_0 r^4 + A_1 r^3 + A_2 r^2 + A_3 r: lane j times limbs of
	 * lane j of PW/SW. */
	add	x9, x0, #PW
	ld1	{v16.4s, v17.4s, v18.4s, v19.4s}, [x9], #64
	ld1	{v5.4s, v6.4s, v7.4s}, [x9], #48
	ld1	{v30.4s, v31.4s}, [x9]
	PRODUCT	v16, v17, v18, v19, v5, v6, v7, v30, v31, .2s, .4s
	/* Sum the four lanes of each column into x10..x14. */
	add	D0L.2d, D0L.2d, D0H.2d
	add	D1L.2d, D1L.2d, D1H.2d
	add	D2L.2d, D2L.2d, D2H.2d
	add	D3L.2d, D3L.2d, D3H.2d
	add	D4L.2d, D4L.2d, D4H.2d
	addp	d20, v20.2d
	addp	d21, v21.2d
	addp	d22, v22.2d
	addp	d23, v23.2d
	addp	d24, v24.2d
	fmov	x10, d20
	fmov	x11, d21
	fmov	x12, d22
	fmov	x13, d23
	fmov	x14, d24
	/* Full carry (columns < 2^61, so 5 (d_4 >> 26) < 2^38). */
	CARRY26	x10, x11
	CARRY26	x11, x12
	CARRY26	x12, x13
	CARRY26	x13, x14
	lsr	x15, x14, #26
	and	x14, x14, #0x3ffffff
	add	x15, x15, x15, lsl #2
	add	x10, x10, x15
	CARRY26	x10, x11
	/* Pack: h0 = d0 + d1 2^26 + d2 2^52, h1 = d2 2^-12 + d3 2^14 + d4 2^40,
	 * h2 = d4 2^-24, with the carry out of h0. */
	add	x4, x10, x11, lsl #26
	adds	x4, x4, x12, lsl #52
	lsr	x5, x12, #12
	orr	x5, x5, x13, lsl #14
	orr	x5, x5, x14, lsl #40
	lsr	x6, x14, #24
	adcs	x5, x5, xzr
	adc	x6, x6, xzr
	stp	x4, x5, [x0, #H0]
	str	x6, [x0, #H2]
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	movi	v\i\().16b, #0
	.endr
	WIPE_GPRS
	/* The last len mod 64 bytes, if any, in base 2^64. */
	b	poly1305_arm64_blocks
.size poly1305_neon_blocks, .-poly1305_neon_blocks

#ifdef ZINC_TESTING
.globl poly1305_neon_test_lanes
.type poly1305_neon_test_lanes, %function
.balign 16
ZINC_ENTRY poly1305_neon_test_lanes
	hint	#34			/* bti c */
	POWERS_READY
	/* Limb i of the four lanes: four 64-bit words, narrowed. */
	.irp	i, 0, 1, 2, 3, 4
	ld1	{v16.2d, v17.2d}, [x1], #32
	xtn	v\i\().2s, v16.2d
	xtn2	v\i\().4s, v17.2d
	.endr
	mov	x1, x2
	mov	x2, x3
	mov	w3, #1
	SETUP
	b	.Lloop_check
.size poly1305_neon_test_lanes, .-poly1305_neon_test_lanes
#endif
