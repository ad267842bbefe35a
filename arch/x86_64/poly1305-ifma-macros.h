/* SPDX-License-Identifier: MIT */
/*
 * The radix-2^44 AVX-512 IFMA Poly1305 steps shared by poly1305-avx512ifma.S
 * and chacha20poly1305-avx512ifma.S (the multiply, its reduction and the
 * limb splits are explained, with their bounds, in poly1305-avx512ifma.S's
 * header comment). The including file #defines the registers they name:
 * the lanes A0..A2, the column sums L0..L2 (low) and U0..U2 (high), the
 * scratch T0..T3, MASK44 and MASK42 (registers or {1to8} broadcasts) and
 * PAD (the pad bit at 2^40 of each lane).
 */

/*
 * Eight blocks at off(\base) split into limbs l0, l1, l2 (with the pad bit):
 * the unpacks put blocks 0, 4, 1, 5, 2, 6, 3, 7 in lanes 0..7 (LANE_OF
 * below), which costs nothing as long as the fold's powers follow the same
 * order. Clobbers T0.
 */
.macro SPLIT8 off, l0, l1, l2, base=%rsi
	vmovdqu64	\off(\base), \l2
	vpunpcklqdq	\off+64(\base), \l2, \l0	/* low words */
	vpunpckhqdq	\off+64(\base), \l2, \l2	/* high words */
	SPLIT_LIMBS	\l0, \l1, \l2
.endm

/* SPLIT8 after the loads: l0, l2 the blocks' low and high words. */
.macro SPLIT_LIMBS l0, l1, l2
	vpsrlq		$44, \l0, \l1
	vpsllq		$20, \l2, T0
	vpternlogq	$0xa8, MASK44, T0, \l1		/* (l1 | T0) & MASK44 */
	vpandq		MASK44, \l0, \l0
	vpsrlq		$24, \l2, \l2
	vporq		PAD, \l2, \l2
.endm

/* l += low halves, u += high halves of the columns of a * p (header). */
.macro MADD a0, a1, a2, p0, p1, p2, q1, q2
	.irp j, 0, 1, 2, 3, 4, 5, 6, 7, 8
	PROD	\j, \a0, \a1, \a2, \p0, \p1, \p2, \q1, \q2
	.endr
.endm

/* Product j (0..8) of MADD, for callers that spread them out: a_(j / 3)
 * times the operand of column j mod 3, into its low and high sums. Row i
 * of the schoolbook takes (p0, p1, p2), (q2, p0, p1), (q1, q2, p0) for its
 * columns 0, 1, 2. */
.macro PROD j, a0, a1, a2, p0, p1, p2, q1, q2
	.if (\j) < 3
	PROD_COL (\j), \a0, \p0, \p1, \p2
	.elseif (\j) < 6
	PROD_COL (\j)-3, \a1, \q2, \p0, \p1
	.else
	PROD_COL (\j)-6, \a2, \q1, \q2, \p0
	.endif
.endm

/* \a times \x<col> into column col's sums L<col> (low halves) and U<col>
 * (high). */
.macro PROD_COL col, a, x0, x1, x2
	.if (\col) == 0
	vpmadd52luq	\x0, \a, L0
	vpmadd52huq	\x0, \a, U0
	.elseif (\col) == 1
	vpmadd52luq	\x1, \a, L1
	vpmadd52huq	\x1, \a, U1
	.else
	vpmadd52luq	\x2, \a, L2
	vpmadd52huq	\x2, \a, U2
	.endif
.endm

.macro ZERO_U
	vpxorq	U0, U0, U0
	vpxorq	U1, U1, U1
	vpxorq	U2, U2, U2
.endm

/* Zeroes the column sums, for a product that adds no blocks. */
.macro ZERO_LU
	vpxorq	L0, L0, L0
	vpxorq	L1, L1, L1
	vpxorq	L2, L2, L2
	ZERO_U
.endm

/* a = the columns l, u folded into t_0..t_2 and carried once (header). */
.macro REDUCE
	vpsllq	$10, U2, T0
	vpsllq	$12, U2, T1
	vpsllq	$8, U0, T2
	vpsllq	$8, U1, T3
	vpaddq	T0, L0, L0
	vpaddq	T2, L1, L1
	vpaddq	T3, L2, L2
	vpaddq	T1, L0, L0
	vpsrlq	$44, L0, T0
	vpsrlq	$44, L1, T1
	vpsrlq	$42, L2, T2
	vpandq	MASK44, L0, A0
	vpandq	MASK44, L1, A1
	vpandq	MASK42, L2, A2
	vpaddq	T0, A1, A1
	vpaddq	T1, A2, A2
	vpaddq	T2, A0, A0
	vpsllq	$2, T2, T2
	vpaddq	T2, A0, A0
.endm

/* rax, rbx, rcx = the radix-2^44 limbs of h in r8, r9, r10 (the top one
 * takes every bit of h from 2^88 up). Clobbers rdx. */
.macro TO44
	movabsq	$0xfffffffffff, %rdx
	movq	%r8, %rax
	andq	%rdx, %rax
	movq	%r8, %rbx
	shrdq	$44, %r9, %rbx
	andq	%rdx, %rbx
	movq	%r9, %rcx
	shrdq	$24, %r10, %rcx
.endm

/* rax = the sum of the eight lanes of zmm\n, by way of ymm\n, xmm\n. */
.macro HSUM n
	vextracti64x4	$1, %zmm\n, %ymm12
	vpaddq		%ymm12, %ymm\n, %ymm\n
	vextracti128	$1, %ymm\n, %xmm12
	vpaddq		%xmm12, %xmm\n, %xmm\n
	vpshufd		$0x4e, %xmm\n, %xmm12
	vpaddq		%xmm12, %xmm\n, %xmm\n
	vmovq		%xmm\n, %rax
.endm

/* r8, r9, r10 = the lane sums of zmm0, zmm1, zmm2 (a fold's d_0, d_1,
 * d_2, for PACK44). */
.macro HSUM_H
	HSUM	0
	movq	%rax, %r8
	HSUM	1
	movq	%rax, %r9
	HSUM	2
	movq	%rax, %r10
.endm

/* Stores the limbs of a power of r in rax, rbx, rcx (p_0, p_1, p_2) and
 * q_1 = 20 p_1, q_2 = 20 p_2 at o0 .. o4 (\base). Clobbers rbx, rcx. */
.macro STORE_P o0, o1, o2, o3, o4, base=%rdi
	movq	%rax, \o0(\base)
	movq	%rbx, \o1(\base)
	movq	%rcx, \o2(\base)
	leaq	(%rbx,%rbx,4), %rbx
	shlq	$2, %rbx
	movq	%rbx, \o3(\base)
	leaq	(%rcx,%rcx,4), %rcx
	shlq	$2, %rcx
	movq	%rcx, \o4(\base)
.endm

/* The lane that holds block k (0..7) of a group: 2 k for k < 4, else
 * 2 (k - 4) + 1 (SPLIT8). */
#define LANE_OF(k)	(2*(k)-7*((k)>>2))

/* r8, r9, r10 = the lane sums d_0, d_1, d_2 of a fold (d_0, d_1 < 2^47.1,
 * d_2 < 2^45.1) fully carried (d_0 < 2^44, d_1 <= 2^44, d_2 < 2^42) and
 * packed into base 2^64: h0 = d_0 + d_1 2^44, h1 = d_1 2^-20 + d_2 2^24,
 * h2 = d_2 2^-40. Clobbers rax, r11, r12. */
.macro PACK44
	movabsq	$0xfffffffffff, %r11
	movabsq	$0x3ffffffffff, %r12
	movq	%r8, %rax
	shrq	$44, %rax
	andq	%r11, %r8
	addq	%rax, %r9
	movq	%r9, %rax
	shrq	$44, %rax
	andq	%r11, %r9
	addq	%rax, %r10
	movq	%r10, %rax
	shrq	$42, %rax
	andq	%r12, %r10
	leaq	(%rax,%rax,4), %rax
	addq	%rax, %r8
	movq	%r8, %rax
	shrq	$44, %rax
	andq	%r11, %r8
	addq	%rax, %r9
	movq	%r9, %rax
	shlq	$44, %rax
	orq	%rax, %r8		/* d_0 < 2^44: no carry */
	shrq	$20, %r9
	movq	%r10, %rax
	shlq	$24, %rax
	shrq	$40, %r10
	addq	%rax, %r9
	adcq	$0, %r10
.endm
