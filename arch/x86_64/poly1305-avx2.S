/* SPDX-License-Identifier: MIT */
/*
 * Poly1305 (RFC 8439 section 2.5) for x86-64 with AVX2: four blocks at a
 * time in four lanes of radix-2^26 limbs, the rest in base 2^64 scalar
 * code (poly1305-x86_64.S). Between calls h is kept in base 2^64 exactly as
 * poly1305-x86_64 keeps it, so init and emit are that row's and any call
 * may take either path.
 *
 * void poly1305_avx2_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit)
 *	Fewer than VEC_COLD bytes (VEC_WARM once the powers of r are
 *	computed): poly1305_x86_64_blocks. Otherwise, with
 *	blocks m_0 .. m_{4n-1} and lanes A_j (j = 0..3):
 *	  A_0 = h + m_0, A_j = m_j;  A_j = A_j r^4 + m_{4k+j} for k = 1..n-1;
 *	  h = A_0 r^4 + A_1 r^3 + A_2 r^2 + A_3 r,
 *	then the len mod 64 bytes left go to the scalar loop.
 * void poly1305_avx2_test_lanes(void *state, const uint64_t lanes[20],
 *				 const uint8_t *in, size_t len)	(ZINC_TESTING)
 *	Starts the loop above from the lanes given (lanes[4 i + j] = limb i
 *	of A_j), runs it over len bytes (a multiple of 64, padbit 1) and
 *	stores the resulting h, so a test can reach any legal lane state.
 *
 * Representations and limb bounds (the state-level target enforces them):
 *	h between calls: base 2^64 as in poly1305-x86_64 (h2 <= 7 in, <= 4
 *	  out; a conversion in may see h up to 2^131, so its top limb is
 *	  < 2^27).
 *	Lanes: five 26-bit limbs a_0..a_4 per lane in 64-bit elements. Each
 *	  limb is < 2^28 whenever the lanes are multiplied: a product with
 *	  r_j < 2^27 or 5 r_j < 2^29 is < 2^57, a column of five < 2^60 and
 *	  the sum over four lanes < 2^62. The carry pass below leaves
 *	  a_0, a_2, a_3 < 2^26, a_1 < 2^26 + 2^11, a_4 < 2^26 + 2^9 from
 *	  columns < 2^60; adding a block (limbs < 2^26, a_4 < 2^25 with the
 *	  pad bit) keeps every limb < 2^28. The first block's lane gets h
 *	  (limbs < 2^26, top < 2^27) and m_0: < 2^28 too.
 *	Back to base 2^64: the four lanes' columns are summed (< 2^62),
 *	  carried fully in scalar code (d_0..d_4 < 2^26 but d_1 < 2^26 + 2^13)
 *	  and packed: h < 2^130 + 2^52, so h2 <= 4.
 *	Powers r .. r^4 and r^8 are computed once per key in scalar code
 *	  (MUL_R, partly reduced: below 5 2^128, so their limbs are < 2^26
 *	  but the top one < 5 2^24, and 5 r_j < 2^29) and kept in the state.
 *
 * Register plan: ymm0-4 the lanes' limbs a_0..a_4, ymm5-9 the product
 * columns d_0..d_4, ymm10-13 scratch (products, block loads), ymm14 the pad
 * bit at 2^24 of each lane, ymm15 the 26-bit mask. rdi state, rsi in, rbp
 * bytes left, r15 padbit; the scalar parts as in poly1305-macros.h.
 * vzeroall before returning wipes every vector register.
 *
 * CPU features: AVX2 (vpmuludq, vpbroadcastd, vinserti128 on ymm).
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

#include "poly1305-macros.h"

/* Below this many bytes a call runs the scalar loop only: VEC_COLD while
 * the powers of r are still to be computed, VEC_WARM once a call of this
 * key has computed them. VEC_COLD is where the vector path starts to win
 * for a new key (bench/results/date-not-recorded-epyc-25-17.md
 * #poly1305-avx2-vec-cold). */
#define VEC_COLD	384
#define VEC_WARM	128

/* State layout after the poly1305-x86_64 words (512 bytes at most). */
#define READY	48		/* powers below are valid */
#define RB_	64		/* r^4 limb j broadcast to 8 dwords at RB_ + 32 j */
#define SB_	192		/* 5 r^4 limb j, j = 1..4 */
#define R8B_	352		/* r^8 limb j */
#define S8B_	480		/* 5 r^8 limb j, j = 1..4 */
#define RB(j)	(RB_ + 32 * (j))
#define SB(j)	(SB_ + 32 * (j))
#define R8B(j)	(R8B_ + 32 * (j))
#define S8B(j)	(S8B_ + 32 * (j))
#define PW(j)	(640 + 16 * (j))	/* limb j of r^4, r^3, r^2, r^1 */
#define SW(j)	(704 + 16 * (j))	/* 5 times those, j = 1..4 */

#define A0	%ymm0
#define A1	%ymm1
#define A2	%ymm2
#define A3	%ymm3
#define A4	%ymm4
#define D0	%ymm5
#define D1	%ymm6
#define D2	%ymm7
#define D3	%ymm8
#define D4	%ymm9
#define T0	%ymm10
#define T1	%ymm11
#define T2	%ymm12
#define T3	%ymm13
#define PAD	%ymm14
#define MASK	%ymm15
#define VPAND	vpand

#include "poly1305-radix26.h"

.section .rodata
.balign 8
.Lmask26:	.quad	MASK26

.text

/* Four blocks at (%rsi) split into limbs: block j in lane j of l0..l4. */
.macro SPLIT4 l0, l1, l2, l3, l4
	vmovdqu		0(%rsi), %xmm10
	vinserti128	$1, 32(%rsi), T0, T0		/* m0 | m2 */
	vmovdqu		16(%rsi), %xmm11
	vinserti128	$1, 48(%rsi), T1, T1		/* m1 | m3 */
	vpunpcklqdq	T1, T0, T2			/* low words */
	vpunpckhqdq	T1, T0, T3			/* high words */
	vpand		MASK, T2, \l0
	vpsrlq		$26, T2, \l1
	vpand		MASK, \l1, \l1
	vpsrlq		$52, T2, \l2
	vpsllq		$12, T3, T0
	vpor		T0, \l2, \l2
	vpand		MASK, \l2, \l2
	vpsrlq		$14, T3, \l3
	vpand		MASK, \l3, \l3
	vpsrlq		$40, T3, \l4
	vpor		PAD, \l4, \l4
.endm

/* Stores the limbs TO26 left (a power of r < 2^130) as lane l of PW/SW. */
.macro STORE_POWER l
	STORE26	PW(0)+4*\l, SW(1)+4*\l, 16
.endm

/* 8 copies of the dword in gpr at off(%rdi). */
.macro BCAST gpr, off
	vmovd		\gpr, %xmm10
	vpbroadcastd	%xmm10, T0
	vmovdqu		T0, \off(%rdi)
.endm

/* d = a * r^k (or d += with acc = 1), r^k's limbs broadcast in the tables
 * at offsets rb (limbs) and sb (5 times them). */
.macro MUL_BCAST rb, sb, acc=0
	COLUMN	0, \rb(%rdi), , \acc
	COLUMN	1, \rb+32(%rdi), \sb+32(%rdi)
	COLUMN	2, \rb+64(%rdi), \sb+64(%rdi)
	COLUMN	3, \rb+96(%rdi), \sb+96(%rdi)
	COLUMN	4, \rb+128(%rdi), \sb+128(%rdi)
.endm

/* Computes the powers of r into the state unless it holds them already. */
.macro POWERS_READY
	cmpq	$0, READY(%rdi)
	jne	1f
	call	.Lpowers
1:
.endm

/*
 * r, r^2, r^3, r^4 into lanes 3, 2, 1, 0 of PW/SW, r^4 broadcast into
 * RB/SB, r^8 into R8B/S8B. Clobbers rax-rdx, r8-r14, ymm10.
 */
.type	.Lpowers, @function
.Lpowers:
	LOAD_R_AS_H %rdi
	TO26
	STORE_POWER 3
	.irp l, 2, 1, 0
	NEXT_POWER
	TO26
	STORE_POWER \l
	.endr
	vpbroadcastd	PW(0)(%rdi), T0
	vmovdqu		T0, RB(0)(%rdi)
	.irp j, 1, 2, 3, 4
	vpbroadcastd	PW(\j)(%rdi), T0
	vmovdqu		T0, RB(\j)(%rdi)
	vpbroadcastd	SW(\j)(%rdi), T0
	vmovdqu		T0, SB(\j)(%rdi)
	.endr
	.rept 4
	NEXT_POWER
	.endr
	TO26
	BCAST	%eax, R8B(0)
	BCAST	%ebx, R8B(1)
	BCAST	%ecx, R8B(2)
	BCAST	%edx, R8B(3)
	BCAST	%r14d, R8B(4)
	leal	(%rbx, %rbx, 4), %ebx
	leal	(%rcx, %rcx, 4), %ecx
	leal	(%rdx, %rdx, 4), %edx
	leal	(%r14, %r14, 4), %r14d
	BCAST	%ebx, S8B(1)
	BCAST	%ecx, S8B(2)
	BCAST	%edx, S8B(3)
	BCAST	%r14d, S8B(4)
	movq	$1, READY(%rdi)
	ret
.size	.Lpowers, .-.Lpowers

.globl	poly1305_avx2_blocks
.hidden	poly1305_avx2_blocks
.type	poly1305_avx2_blocks, @function
.balign	32
ZINC_ENTRY poly1305_avx2_blocks
	endbr64
	VEC_ENTRY VEC_WARM, VEC_COLD, READY
	POWERS_READY
	/* Lane 0 starts at h, the others at 0. */
	H_TO_LANE0
	call	.Lsetup
	SPLIT4	D0, D1, D2, D3, D4
	ADD_D
	addq	$64, %rsi
	subq	$64, %rbp
	jmp	.Lloop_check

	/* Two groups a step: A = A r^8 + G1 r^4 + G2. Only the first product
	 * depends on A; the second uses A's registers for G1 once A is read. */
.balign	32
.Lloop:
	MUL_BCAST R8B_, S8B_
	SPLIT4	A0, A1, A2, A3, A4
	MUL_BCAST RB_, SB_, 1
	addq	$64, %rsi
	SPLIT4	A0, A1, A2, A3, A4
	ADD_CARRY
	addq	$64, %rsi
	subq	$128, %rbp
.Lloop_check:
	cmpq	$128, %rbp
	jae	.Lloop
	cmpq	$64, %rbp
	jb	.Lfold
	/* One group: A = A r^4 + G. */
	MUL_BCAST RB_, SB_
	SPLIT4	A0, A1, A2, A3, A4
	ADD_CARRY
	addq	$64, %rsi
	subq	$64, %rbp
.Lfold:

	/* h = A_0 r^4 + A_1 r^3 + A_2 r^2 + A_3 r. */
	MUL_LANES
	SUM_LANES 4
	/* Columns < 2^62: full carry and pack; the last len mod 64 bytes,
	 * if any, in base 2^64. */
	FOLD_EXIT
.size	poly1305_avx2_blocks, .-poly1305_avx2_blocks

/* The 26-bit mask and the pad bit (r15 at 2^24 of every lane). */
.type	.Lsetup, @function
.Lsetup:
	vpbroadcastq	.Lmask26(%rip), MASK
	movq	%r15, %rax
	shlq	$24, %rax
	vmovq		%rax, %xmm14
	vpbroadcastq	%xmm14, PAD
	ret
.size	.Lsetup, .-.Lsetup

#ifdef ZINC_TESTING
.globl	poly1305_avx2_test_lanes
.hidden	poly1305_avx2_test_lanes
.type	poly1305_avx2_test_lanes, @function
.balign	32
ZINC_ENTRY poly1305_avx2_test_lanes
	endbr64
	PROLOGUE
	movq	%rcx, %rbp
	movl	$1, %r15d
	vmovdqu	0(%rsi), A0
	vmovdqu	32(%rsi), A1
	vmovdqu	64(%rsi), A2
	vmovdqu	96(%rsi), A3
	vmovdqu	128(%rsi), A4
	movq	%rdx, %rsi
	POWERS_READY
	call	.Lsetup
	jmp	.Lloop_check
.size	poly1305_avx2_test_lanes, .-poly1305_avx2_test_lanes
#endif
