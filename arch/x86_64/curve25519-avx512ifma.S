/* SPDX-License-Identifier: MIT */
/*
 * X25519 (RFC 7748) for x86-64 with AVX-512 IFMA on 256-bit registers
 * (AVX-512F, AVX-512VL, AVX-512IFMA): field elements mod p = 2^255 - 19 in
 * radix 2^51, and four field multiplications at once, one in each 64-bit
 * lane of a ymm register, by vpmadd52luq / vpmadd52huq. The Montgomery
 * ladder's step and loop are here; lib/curve25519/curve25519-avx512ifma.c
 * runs lib/curve25519/ladder.h's set-up and the byte conversions around
 * them, and inverts in C (lib/curve25519/divsteps.h).
 *
 * Representation: an element is five 64-bit limbs h0..h4, value
 * h0 + h1 2^51 + h2 2^102 + h3 2^153 + h4 2^204. A 4-lane element is five
 * ymm registers, register i holding limb i of four elements (lane 0 in
 * bits 0..63). Radix 2^51, not 2^52: a limb may grow to 2^52 (all that
 * vpmadd52 reads) before it must be carried, so one carry step in every
 * limb at once (CARRY) is enough where a chain from limb 0 to limb 4
 * would be needed at 2^52; the chain's latency was the step's largest
 * part. Limb bounds:
 *	loose:   every limb below 2^52 (what a multiplication accepts).
 *	carried: limb 0 at most 2^51 - 1 + 19 (2^12 - 1), limbs 1..4 at most
 *	         2^51 - 1 + 2^12 - 1 (what CARRY leaves from limbs below 2^63).
 *	wide:    every limb below 2^61 (what MUL4 leaves: it does not carry).
 *	MUL4: loose -> wide; CARRY: below 2^63 -> carried; ADDSUB: wide ->
 *	carried (carried is loose, loose is wide). The entry points
 *	(mul, add, sub, ladder_step, ladder) take carried elements and leave
 *	carried ones: mul and the ladder carry MUL4's result once more.
 *
 * MUL4 (f in ymm0-4, g in ymm5-9 -> h in ymm0-4): the 25 products f_i g_j,
 * each below 2^104, split by vpmadd52luq / huq at bit 52 into a low half,
 * added into L_(i+j) (ymm10 + k), and a high half, added into
 * H_(i+j+1) (ymm18 + k). Bit 52 is 2 2^51, so column k (weight 2^(51 k))
 * is c_k = L_k + 2 H_k: at most (nL + 2 nH) (2^52 - 1) with nL + 2 nH
 * <= 14 (k = 5: 4 low halves, 5 high ones). Columns 5..9 weigh
 * 2^255 = 19 times columns 0..4: h_j = c_j + 19 c_(j+5), at most
 * (13 + 19 14) (2^52 - 1) < 2^61 (wide), 19 c as c + 2 c + 16 c
 * (TIMES19). The products run from the top column down and each low
 * column takes its last halves last, so that the additions after the
 * last product are two.
 * CARRY (s -> d, temporaries t): d_i = (s_i mod 2^51) + (s_(i-1) >> 51)
 * and d_0 = (s_0 mod 2^51) + 19 (s_4 >> 51) (bits 255 and up come back
 * as 19 each), every limb at once. For limbs below 2^63 each carry is
 * below 2^12: the result is carried.
 * ADDSUB (u, v -> d, lanes k): d = u + v, and in the lanes of k
 * d = (u + 2^11 p) - v, with 2^11 p = (2^62 - 19 2^11, 2^62 - 2^11, ...)
 * limb by limb: each limb of it exceeds a wide limb of v, so no limb goes
 * below 0, and every limb stays below 2^61 + 2^62 < 2^63; then CARRY.
 *
 * The ladder step, RFC 7748's formulas with a24 = 121665, on the state
 * X = (x2, z2, x3, z3) in the four lanes of ymm0-4 (lane 0 first; wide
 * between steps, carried on entry):
 *	swap:    X = (x3, z3, x2, z2) when swap is 1 (xor with the mask
 *	         -swap of X xor X's halves exchanged by vpermq)
 *	stage 1: (D, C, A, B) = (x3 - z3, x3 + z3, x2 + z2, x2 - z2)
 *	         times (A, B, A, B)          -> M1 = (DA, CB, AA, BB)
 *	stage 2: (DA + CB, DA - CB, AA, E = AA - BB)
 *	         times (DA + CB, DA - CB, BB, a24)
 *	         -> M2 = ((DA + CB)^2, (DA - CB)^2, AA BB, a24 E)
 *	stage 3: (x1, E, x1, x1) times ((DA - CB)^2, AA + a24 E, .., ..)
 *	         -> M3 = (x1 (DA - CB)^2, E (AA + a24 E), .., ..)
 *	new X:   (x2, z2, x3, z3) = (M2 lane 2, M3 lane 1, M2 lane 0,
 *	         M3 lane 0)
 * Each stage is one MUL4; the operands are made by vpermq (lane picks),
 * masked moves, ADDSUB and CARRY (stage 2's BB, stage 3's sums of two
 * wide values), with the lane masks k1..k7 (public constants, LANES).
 * x1 (carried) is read from struct ladder. Stage 3 uses lanes 0 and 1
 * only; lanes 2 and 3 hold values of no use.
 *
 * Entry points (fe: u64[5]; struct ladder: lib/curve25519/ladder.h, five
 * fe x1, x2, z2, x3, z3 at offsets 0, 40, 80, 120, 160; the temporaries
 * after them are not used):
 * void curve25519_avx512ifma_mul(fe h, const fe f, const fe g)  h = f g
 * void curve25519_avx512ifma_add(fe h, const fe f, const fe g)  h = f + g
 * void curve25519_avx512ifma_sub(fe h, const fe f, const fe g)  h = f - g
 *	each element broadcast to the four lanes, lane 0 stored.
 * void curve25519_avx512ifma_ladder_step(struct ladder *l, u64 swap)
 *	one swap and step on x1, x2, z2, x3, z3: x1 carried; x2, z2, x3, z3
 *	wide in (as between two steps of the loop), carried out.
 * void curve25519_avx512ifma_ladder(struct ladder *l, const u8 scalar[32])
 *	the steps for t = 254 down to 0, swap = bit t xor bit t + 1 (0 for
 *	t = 254), then the last swap by bit 0: ladder.h's LADDER_LOOP. The
 *	state stays in ymm0-4 from step to step.
 *
 * Register plan: ymm0-4 f and h (the state X between steps), ymm5-9 g,
 * ymm10-18 L_0..L_8, ymm19-27 H_1..H_9 (then the columns in place);
 * outside MUL4 ymm10-28 hold the lane picks and CARRY's and ADDSUB's
 * temporaries. ymm31 = 2^51 - 1 in every lane (CONSTS), ymm28 and ymm29
 * scratch, ymm29 the swap mask. k1..k7 the lane masks. rdi the element
 * or struct ladder pointer, rsi the scalar, r10 t, r8 the previous bit,
 * r9 and rax the swap. The ladder functions keep M1, F2 (stage 2's first
 * operand) and M2 in a 480-byte frame at rsp (32-byte aligned, rbp the
 * caller's rsp).
 *
 * Constant time: no branch and no address depends on the scalar, the
 * point or any limb: the only branch is the loop count (255 steps,
 * public); the swap is a mask (vpbroadcastq of -swap, vpand,
 * vpxor); the lane masks k1..k7 are constants; vpmadd52, vpermq, the
 * shifts, additions and masked moves take a time that does not depend on
 * their operands.
 * Secrets wiped: the frame is zeroed, and every vector register cleared
 * (vpxorq ymm16-31, vzeroall), before each entry point returns; r8, r9,
 * rax (the bits) cleared. No callee-saved register is used but rbp (saved).
 *
 * CPU features: AVX-512F, AVX-512VL (EVEX ymm16-31, masks, {1to4}),
 * AVX-512IFMA (vpmadd52luq/huq on ymm).
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

/* Register numbers are computed where a macro is invoked, %(expr) in its
 * arguments (.altmacro); the one-instruction macros below take them. */
.altmacro

.section .rodata
.balign 8
.Lm51:	.quad	0x7ffffffffffff		/* 2^51 - 1 */
.L19:	.quad	19			/* 2^255 mod p */
.La24:	.quad	121665
.Lkp:	.quad	0x3fffffffffff6800, 0x3ffffffffffff800, 0x3ffffffffffff800
	.quad	0x3ffffffffffff800, 0x3ffffffffffff800	/* 2^11 p, limb by limb */

.text

/* The ladder's frame: M1, F2, M2, 160 bytes each. */
#define M1	0
#define F2	160
#define M2	320
#define FRAME	480

/* One instruction on ymm registers given by number. */
.macro V op, a, b, d
	\op	%ymm\a, %ymm\b, %ymm\d
.endm
.macro VK op, a, b, d, km
	\op	%ymm\a, %ymm\b, %ymm\d{%k\km}
.endm
.macro VI op, imm, a, d
	\op	$\imm, %ymm\a, %ymm\d
.endm
.macro VIKZ op, imm, a, d, km
	\op	$\imm, %ymm\a, %ymm\d{%k\km}{z}
.endm
.macro MADD half, a, b, d
	vpmadd52\half\()q	%ymm\a, %ymm\b, %ymm\d
.endm
.macro YMOV a, d
	vmovdqa64	%ymm\a, %ymm\d
.endm
.macro YMOVK a, d, km
	vmovdqa64	%ymm\a, %ymm\d{%k\km}
.endm
.macro YMOVKZ a, d, km
	vmovdqa64	%ymm\a, %ymm\d{%k\km}{z}
.endm
/* Frame slots (offset o from rsp). */
.macro STF a, o
	vmovdqa64	%ymm\a, \o(%rsp)
.endm
.macro PERMF imm, o, d
	vpermq	$\imm, \o(%rsp), %ymm\d
.endm
.macro PERMFK imm, o, d, km
	vpermq	$\imm, \o(%rsp), %ymm\d{%k\km}
.endm
.macro PERMFKZ imm, o, d, km
	vpermq	$\imm, \o(%rsp), %ymm\d{%k\km}{z}
.endm
/* ymm<d> = the 64-bit word at o(%<p>) in every lane. */
.macro BC1 p, o, d
	vpbroadcastq	\o(%\p), %ymm\d
.endm

.macro CONSTS
	vpbroadcastq	.Lm51(%rip), %ymm31
.endm

/* k1..k7: the lanes of the step's masked operations (bit i is lane i). */
.macro KSET km, v
	mov	$\v, %eax
	kmovw	%eax, %k\km
.endm
.macro LANES
	KSET	1, 0x9
	KSET	2, 0xa
	KSET	3, 0xb
	KSET	4, 0x3
	KSET	5, 0x8
	KSET	6, 0x7
	KSET	7, 0x2
.endm

/* Clears every vector register and the bit registers. */
.macro CLEAR
	.irp	r, 16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	vpxorq	%ymm\r, %ymm\r, %ymm\r
	.endr
	vzeroall
	xor	%eax, %eax
	xor	%r8d, %r8d
	xor	%r9d, %r9d
.endm

.macro ENTER
	push	%rbp
	mov	%rsp, %rbp
	sub	$FRAME, %rsp
	and	$-32, %rsp
	CONSTS
	LANES
.endm

/* Wipes the frame, clears the registers, returns. */
.macro LEAVE
	vpxor	%xmm0, %xmm0, %xmm0
	.irp	o, 0,32,64,96,128,160,192,224,256,288,320,352,384,416,448
	vmovdqa	%ymm0, \o(%rsp)
	.endr
	CLEAR
	mov	%rbp, %rsp
	pop	%rbp
	ret
.endm

/* ymm<d>.. = ymm<s>.. carried, by one carry step in every limb at once:
 * d_i = (s_i mod 2^51) + (s_(i-1) >> 51), d_0 = (s_0 mod 2^51) +
 * 19 (s_4 >> 51) (2^255 = 19 mod p). ymm<t>.. are clobbered; s may be d. */
.macro CARRY s, d, t
	.irp	i, 0,1,2,3,4
	VI	vpsrlq, 51, %(\s+\i), %(\t+\i)
	.endr
	.irp	i, 0,1,2,3,4
	V	vpandq, 31, %(\s+\i), %(\d+\i)
	.endr
	.irp	i, 1,2,3,4
	V	vpaddq, %(\t+\i-1), %(\d+\i), %(\d+\i)
	.endr
	MADD19	%(\t+4), \d
.endm
/* ymm<d> += 19 ymm<a> (ymm<a> below 2^52). */
.macro MADD19 a, d
	vpmadd52luq	.L19(%rip){1to4}, %ymm\a, %ymm\d
.endm

/* ymm<d>.. = ymm<u>.. + ymm<v>.., and (u + 2^11 p) - v in the lanes of
 * k<k>; then carried. u and v wide; d differs from them; ymm<u>.. and
 * ymm20-24 clobbered. */
.macro ADDSUB u, v, d, km
	.irp	i, 0,1,2,3,4
	ADDSUB1	%(\u+\i), %(\v+\i), %(\d+\i), \km, %(8*\i), %(20+\i)
	.endr
	CARRY	\d, \d, \u
.endm
.macro ADDSUB1 u, v, d, km, o, t
	vpaddq	.Lkp+\o(%rip){1to4}, %ymm\u, %ymm\t
	vpaddq	%ymm\v, %ymm\u, %ymm\d
	vpsubq	%ymm\v, %ymm\t, %ymm\d{%k\km}
.endm

/* ymm<c> = 19 ymm<c> = c + 2 c + 16 c (c below 2^56); ymm28, ymm29
 * clobbered. */
.macro TIMES19 c
	VI	vpsllq, 1, \c, 28
	VI	vpsllq, 4, \c, 29
	V	vpaddq, 28, 29, 28
	V	vpaddq, 28, \c, \c
.endm

/* ymm0-4 = ymm0-4 times ymm5-9, four lanes, loose -> wide (not carried);
 * ymm10-29 clobbered. */
.macro MUL4
	.irp	r, 10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27
	vpxorq	%ymm\r, %ymm\r, %ymm\r
	.endr
	.irp	i, 4,3,2,1,0
	.irp	j, 4,3,2,1,0
	MADD	lu, %(5+\j), \i, %(10+\i+\j)
	MADD	hu, %(5+\j), \i, %(19+\i+\j)
	.endr
	.endr
	/* the columns above 2^255, c_m = L_m + 2 H_m (m = 5..8: ymm15-18;
	 * c_9 = 2 H_9: ymm27), times 19 */
	.irp	m, 5,6,7,8
	V	vpaddq, %(18+\m), %(18+\m), %(18+\m)
	V	vpaddq, %(18+\m), %(10+\m), %(10+\m)
	.endr
	V	vpaddq, 27, 27, 27
	.irp	c, 15,16,17,18,27
	TIMES19	\c
	.endr
	/* h_j = L_j + 19 c_(j + 5) + 2 H_j, the last products added last */
	V	vpaddq, 15, 10, 0
	.irp	j, 1,2,3
	V	vpaddq, %(15+\j), %(10+\j), \j
	V	vpaddq, %(18+\j), %(18+\j), %(18+\j)
	V	vpaddq, %(18+\j), \j, \j
	.endr
	V	vpaddq, 27, 14, 4
	V	vpaddq, 22, 22, 22
	V	vpaddq, 22, 4, 4
.endm

/* The swap: in ymm0-4, lanes (0, 1) exchanged with (2, 3) where ymm29
 * (the mask) is all ones. */
.macro SWAP
	.irp	i, 0,1,2,3,4
	VI	vpermq, 0x4e, \i, %(10+\i)
	V	vpxorq, \i, %(10+\i), %(10+\i)
	V	vpandq, 29, %(10+\i), %(10+\i)
	V	vpxorq, %(10+\i), \i, \i
	.endr
.endm

/* One ladder step (after SWAP) on X in ymm0-4; x1 at 0(%rdi). */
.macro STEP
	/* stage 1: (D, C, A, B) times (A, B, A, B) */
	.irp	i, 0,1,2,3,4
	VI	vpermq, 0x0a, \i, %(10+\i)	/* (x3, x3, x2, x2) */
	VI	vpermq, 0x5f, \i, %(15+\i)	/* (z3, z3, z2, z2) */
	.endr
	ADDSUB	10, 15, 0, 1
	.irp	i, 0,1,2,3,4
	VI	vpermq, 0xee, \i, %(5+\i)
	.endr
	MUL4
	/* stage 2: (DA + CB, DA - CB, AA, E) times (DA + CB, DA - CB, BB, a24) */
	.irp	i, 0,1,2,3,4
	STF	\i, %(M1+32*\i)
	VI	vpermq, 0xa0, \i, %(10+\i)	/* (DA, DA, AA, AA) */
	VIKZ	vpermq, 0xf5, \i, %(15+\i), 3	/* (CB, CB, 0, BB) */
	VI	vpermq, 0xf5, \i, %(5+\i)	/* (.., .., BB, ..) */
	.endr
	CARRY	5, 5, 25			/* BB, wide, to be multiplied */
	ADDSUB	10, 15, 0, 2
	.irp	i, 0,1,2,3,4
	STF	\i, %(F2+32*\i)
	YMOVK	\i, %(5+\i), 4
	.endr
	vpbroadcastq	.La24(%rip), %ymm5{%k5}
	.irp	i, 6,7,8,9
	YMOVKZ	\i, \i, 6
	.endr
	MUL4
	/* stage 3: (x1, E, .., ..) times ((DA - CB)^2, AA + a24 E, .., ..) */
	.irp	i, 0,1,2,3,4
	STF	\i, %(M2+32*\i)
	VI	vpermq, 0xdd, \i, %(10+\i)		/* ((DA - CB)^2, a24 E) */
	PERMFKZ	0x08, %(M1+32*\i), %(15+\i), 7		/* (0, AA) */
	V	vpaddq, %(15+\i), %(10+\i), %(5+\i)
	BC1	rdi, %(8*\i), \i
	PERMFK	0xff, %(F2+32*\i), \i, 7		/* (x1, E, x1, x1) */
	.endr
	CARRY	5, 5, 10			/* sums of wide values */
	MUL4
	/* X = (M2 lane 2, M3 lane 1, M2 lane 0, M3 lane 0) */
	.irp	i, 0,1,2,3,4
	VI	vpermq, 0x04, \i, %(10+\i)
	PERMF	0x02, %(M2+32*\i), \i
	YMOVK	%(10+\i), \i, 2
	.endr
.endm

/* ymm0-4 = (x2, z2, x3, z3) of the struct ladder at rdi, limb by limb. */
.macro LOADX
	.irp	i, 0,1,2,3,4
	vmovq	40+8*\i(%rdi), %xmm\i
	vpinsrq	$1, 80+8*\i(%rdi), %xmm\i, %xmm\i
	vmovq	120+8*\i(%rdi), %xmm10
	vpinsrq	$1, 160+8*\i(%rdi), %xmm10, %xmm10
	vinserti128	$1, %xmm10, %ymm\i, %ymm\i
	.endr
.endm

.macro STOREX
	.irp	i, 0,1,2,3,4
	vmovq	%xmm\i, 40+8*\i(%rdi)
	vpextrq	$1, %xmm\i, 80+8*\i(%rdi)
	vextracti128	$1, %ymm\i, %xmm10
	vmovq	%xmm10, 120+8*\i(%rdi)
	vpextrq	$1, %xmm10, 160+8*\i(%rdi)
	.endr
.endm

/* ymm<d>..ymm<d+4> = the element at (%<p>) in every lane. */
.macro BCAST p, d
	.irp	i, 0,1,2,3,4
	BC1	\p, %(8*\i), %(\d+\i)
	.endr
.endm

/* Lane 0 of ymm0-4 to the element at rdi; clears; returns. */
.macro STORE0
	.irp	i, 0,1,2,3,4
	vmovq	%xmm\i, 8*\i(%rdi)
	.endr
	CLEAR
	ret
.endm

.globl curve25519_avx512ifma_mul
.hidden curve25519_avx512ifma_mul
.type curve25519_avx512ifma_mul, @function
.balign 32
ZINC_ENTRY curve25519_avx512ifma_mul
	endbr64
	CONSTS
	BCAST	rsi, 0
	BCAST	rdx, 5
	MUL4
	CARRY	0, 0, 10
	STORE0
.size curve25519_avx512ifma_mul, .-curve25519_avx512ifma_mul

.globl curve25519_avx512ifma_add
.hidden curve25519_avx512ifma_add
.type curve25519_avx512ifma_add, @function
.balign 32
ZINC_ENTRY curve25519_avx512ifma_add
	endbr64
	CONSTS
	kxorw	%k1, %k1, %k1
	BCAST	rsi, 10
	BCAST	rdx, 15
	ADDSUB	10, 15, 0, 1
	STORE0
.size curve25519_avx512ifma_add, .-curve25519_avx512ifma_add

.globl curve25519_avx512ifma_sub
.hidden curve25519_avx512ifma_sub
.type curve25519_avx512ifma_sub, @function
.balign 32
ZINC_ENTRY curve25519_avx512ifma_sub
	endbr64
	CONSTS
	KSET	1, 0xf
	BCAST	rsi, 10
	BCAST	rdx, 15
	ADDSUB	10, 15, 0, 1
	STORE0
.size curve25519_avx512ifma_sub, .-curve25519_avx512ifma_sub

.globl curve25519_avx512ifma_ladder_step
.hidden curve25519_avx512ifma_ladder_step
.type curve25519_avx512ifma_ladder_step, @function
.balign 32
ZINC_ENTRY curve25519_avx512ifma_ladder_step
	endbr64
	ENTER
	LOADX
	mov	%rsi, %rax
	neg	%rax
	vpbroadcastq	%rax, %ymm29
	SWAP
	STEP
	CARRY	0, 0, 10
	STOREX
	LEAVE
.size curve25519_avx512ifma_ladder_step, .-curve25519_avx512ifma_ladder_step

.globl curve25519_avx512ifma_ladder
.hidden curve25519_avx512ifma_ladder
.type curve25519_avx512ifma_ladder, @function
.balign 32
ZINC_ENTRY curve25519_avx512ifma_ladder
	endbr64
	ENTER
	LOADX
	mov	$254, %r10d
	xor	%r8d, %r8d
	.balign	32
1:	mov	%r10d, %ecx
	and	$7, %ecx
	mov	%r10d, %edx
	shr	$3, %edx
	movzbl	(%rsi, %rdx), %eax
	shr	%cl, %eax
	and	$1, %eax
	mov	%r8d, %r9d
	mov	%eax, %r8d
	xor	%eax, %r9d
	neg	%r9			/* mask: all ones when bit t != bit t + 1 */
	vpbroadcastq	%r9, %ymm29
	SWAP
	STEP
	dec	%r10d
	jns	1b
	mov	%r8, %rax
	neg	%rax
	vpbroadcastq	%rax, %ymm29
	SWAP
	CARRY	0, 0, 10
	STOREX
	LEAVE
.size curve25519_avx512ifma_ladder, .-curve25519_avx512ifma_ladder
