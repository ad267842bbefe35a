/* SPDX-License-Identifier: MIT */
/*
 * The radix-2^26 lane arithmetic shared by poly1305-avx2.S (4 lanes, ymm)
 * and poly1305-avx512.S (8 lanes, zmm): five 26-bit limbs a_0..a_4 per
 * lane in 64-bit elements, products with vpmuludq. The including file
 * defines the registers A0-A4 (the lanes' limbs), D0-D4 (the product
 * columns), T0-T3 (scratch), MASK (the 26-bit mask in every lane),
 * VPAND (vpand for VEX ymm, vpandq for EVEX zmm) and its tables PW(j),
 * SW(j) (below), and includes poly1305-macros.h first. Each row's header
 * comment states the bounds.
 */

#define MASK26	0x3ffffff

/* d += a * op, with t as scratch. */
.macro MULADD op, a, d, t
	vpmuludq	\op, \a, \t
	vpaddq		\t, \d, \d
.endm

/* d_i += a_i * o_i for the limbs i = 0..4, with t_i as scratch. */
.macro MULADD5 o0, d0, t0, o1, d1, t1, o2, d2, t2, o3, d3, t3, o4, d4, t4
	MULADD	\o0, A0, \d0, \t0
	MULADD	\o1, A1, \d1, \t1
	MULADD	\o2, A2, \d2, \t2
	MULADD	\o3, A3, \d3, \t3
	MULADD	\o4, A4, \d4, \t4
.endm

/*
 * Column j of d = a * (r_0 .. r_4): the products with r_j (rop) and with
 * 5 r_j (sop, j >= 1). Column 0 starts the sums, or with acc = 1 adds to
 * them.
 */
.macro COLUMN j, rop, sop, acc=0
.if \j == 0 && \acc
	MULADD5	\rop, D0, T0,  \rop, D1, T1,  \rop, D2, T0,  \rop, D3, T1,  \rop, D4, T0
.elseif \j == 0
	vpmuludq	\rop, A0, D0
	vpmuludq	\rop, A1, D1
	vpmuludq	\rop, A2, D2
	vpmuludq	\rop, A3, D3
	vpmuludq	\rop, A4, D4
.elseif \j == 1
	MULADD5	\rop, D1, T0,  \rop, D2, T1,  \rop, D3, T0,  \rop, D4, T1,  \sop, D0, T0
.elseif \j == 2
	MULADD5	\rop, D2, T1,  \rop, D3, T0,  \rop, D4, T1,  \sop, D0, T0,  \sop, D1, T1
.elseif \j == 3
	MULADD5	\rop, D3, T0,  \rop, D4, T1,  \sop, D0, T0,  \sop, D1, T1,  \sop, D2, T0
.else
	MULADD5	\rop, D4, T1,  \sop, D0, T0,  \sop, D1, T1,  \sop, D2, T0,  \sop, D3, T1
.endif
.endm

/* a_i = a_i + d_i. */
.macro ADD_D
	vpaddq	D0, A0, A0
	vpaddq	D1, A1, A1
	vpaddq	D2, A2, A2
	vpaddq	D3, A3, A3
	vpaddq	D4, A4, A4
.endm

/* a_i = a_i + d_i, then one carry pass (bounds in the header). */
.macro ADD_CARRY
	ADD_D
	vpsrlq	$26, A0, T0
	vpsrlq	$26, A3, T1
	VPAND	MASK, A0, A0
	VPAND	MASK, A3, A3
	vpaddq	T0, A1, A1
	vpaddq	T1, A4, A4
	vpsrlq	$26, A1, T0
	vpsrlq	$26, A4, T1
	VPAND	MASK, A1, A1
	VPAND	MASK, A4, A4
	vpaddq	T0, A2, A2
	vpaddq	T1, A0, A0
	vpsllq	$2, T1, T1
	vpaddq	T1, A0, A0
	vpsrlq	$26, A2, T0
	vpsrlq	$26, A0, T1
	VPAND	MASK, A2, A2
	VPAND	MASK, A0, A0
	vpaddq	T0, A3, A3
	vpaddq	T1, A1, A1
	vpsrlq	$26, A3, T0
	VPAND	MASK, A3, A3
	vpaddq	T0, A4, A4
.endm

/* rax, rbx, rcx, rdx, r14 = the radix-2^26 limbs of h in r8, r9, r10
 * (the top one takes every bit of h from 2^104 up). */
.macro TO26
	movq	%r8, %rax
	andl	$MASK26, %eax
	movq	%r8, %rbx
	shrq	$26, %rbx
	andl	$MASK26, %ebx
	movq	%r8, %rcx
	shrq	$52, %rcx
	movq	%r9, %rdx
	shlq	$12, %rdx
	orq	%rdx, %rcx
	andl	$MASK26, %ecx
	movq	%r9, %rdx
	shrq	$14, %rdx
	andl	$MASK26, %edx
	movq	%r9, %r14
	shrq	$40, %r14
	movq	%r10, %r11
	shlq	$24, %r11
	orq	%r11, %r14
.endm

/* Stores the limbs TO26 left (a power of r < 2^130) as dwords: limb j at
 * pw + j step, 5 times limb j at sw + (j - 1) step for j >= 1. Clobbers
 * rbx, rcx, rdx, r14. */
.macro STORE26 pw, sw, step
	movl	%eax, \pw(%rdi)
	movl	%ebx, \pw+\step(%rdi)
	leal	(%rbx, %rbx, 4), %ebx
	movl	%ebx, \sw(%rdi)
	movl	%ecx, \pw+2*\step(%rdi)
	leal	(%rcx, %rcx, 4), %ecx
	movl	%ecx, \sw+\step(%rdi)
	movl	%edx, \pw+3*\step(%rdi)
	leal	(%rdx, %rdx, 4), %edx
	movl	%edx, \sw+2*\step(%rdi)
	movl	%r14d, \pw+4*\step(%rdi)
	leal	(%r14, %r14, 4), %r14d
	movl	%r14d, \sw+3*\step(%rdi)
.endm

/* h (at rdi) in radix 2^26 into the low qwords of xmm0-xmm4, the other
 * lanes zeroed (vmovq): limb j of lane 0. Clobbers as TO26 does. */
.macro H_TO_LANE0
	LOAD_H	%rdi
	TO26
	vmovq	%rax, %xmm0
	vmovq	%rbx, %xmm1
	vmovq	%rcx, %xmm2
	vmovq	%rdx, %xmm3
	vmovq	%r14, %xmm4
.endm

/* h = h r, partly reduced (h2 <= 4). TO26 clobbers r11, so reload r0. */
.macro NEXT_POWER
	movq	R0(%rdi), %r11
	MUL_R
.endm

/* hi += lo >> 26, lo keeps its low 26 bits: one step of a full carry. */
.macro CARRY26 lo, hi
	movq	\lo, %rax
	shrq	$26, %rax
	andq	$MASK26, \lo
	addq	%rax, \hi
.endm

/* d = each lane times its power at the fold: limb j of lane l's power is
 * dword l of PW(j), 5 times it dword l of SW(j) (j >= 1), widened by
 * vpmovzxdq to the lanes' width. Clobbers T0-T3. */
.macro MUL_LANES
	vpmovzxdq	PW(0)(%rdi), T2
	COLUMN	0, T2
	.irp j, 1, 2, 3, 4
	vpmovzxdq	PW(\j)(%rdi), T2
	vpmovzxdq	SW(\j)(%rdi), T3
	COLUMN	\j, T2, T3
	.endr
.endm

/* The lanes (4: ymm, 8: zmm) of each column sum in register 5..9 added
 * into its low qword (xmm5-9, for FOLD_EXIT). Clobbers xmm10, xmm11 (and
 * ymm10 with 8 lanes). */
.macro SUM_LANES lanes
	.irp d, 5, 6, 7, 8, 9
	.if \lanes == 8
	vextracti64x4	$1, %zmm\d, %ymm10
	vpaddq		%ymm10, %ymm\d, %ymm10
	vextracti128	$1, %ymm10, %xmm11
	vpaddq		%xmm11, %xmm10, %xmm10
	.else
	vextracti128	$1, %ymm\d, %xmm10
	vpaddq		%xmm10, %xmm\d, %xmm10
	.endif
	vpshufd		$0x4e, %xmm10, %xmm11
	vpaddq		%xmm11, %xmm10, %xmm\d
	.endr
.endm

/* The end of a blocks() call: the column sums in xmm5-9 (their lanes
 * summed) out to r8..r12, every vector register wiped, the full carry and
 * pack (FROM26), h stored and the rest to the scalar loop (VEC_EXIT). */
.macro FOLD_EXIT
	vmovq	%xmm5, %r8
	vmovq	%xmm6, %r9
	vmovq	%xmm7, %r10
	vmovq	%xmm8, %r11
	vmovq	%xmm9, %r12
	vzeroall
	FROM26
	VEC_EXIT %r8, %r10, %r12
.endm

/*
 * h = r8 + r9 2^26 + r10 2^52 + r11 2^78 + r12 2^104 (columns < 2^63) fully
 * carried and packed into base 2^64: h0, h1, h2 in r8, r10, r12 (h2 <= 4).
 * Clobbers rax, rcx, r9, r11. 5 (d4 >> 26) < 5 2^37 cannot overflow.
 */
.macro FROM26
	CARRY26	%r8, %r9
	CARRY26	%r9, %r10
	CARRY26	%r10, %r11
	CARRY26	%r11, %r12
	movq	%r12, %rax
	shrq	$26, %rax
	andq	$MASK26, %r12
	leaq	(%rax, %rax, 4), %rax
	addq	%rax, %r8
	CARRY26	%r8, %r9
	/* Pack: h0 = d0 + d1 2^26 + d2 2^52, h1 = d2 2^-12 + d3 2^14 + d4 2^40,
	 * h2 = d4 2^-24, with the carries of the two 64-bit additions. */
	shlq	$26, %r9
	addq	%r9, %r8
	movq	%r10, %rax
	shlq	$52, %rax
	shrq	$12, %r10
	shlq	$14, %r11
	addq	%r11, %r10
	movq	%r12, %rcx
	shlq	$40, %rcx
	shrq	$24, %r12
	addq	%rax, %r8
	adcq	%rcx, %r10
	adcq	$0, %r12
.endm
