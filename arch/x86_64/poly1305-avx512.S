/* SPDX-License-Identifier: MIT */
/*
 * Poly1305 (RFC 8439 section 2.5) for x86-64 with AVX-512F: eight blocks at
 * a time in eight lanes of radix-2^26 limbs (the lane arithmetic of
 * poly1305-avx2, poly1305-radix26.h, on zmm), the rest in base 2^64 scalar
 * code (poly1305-x86_64.S). For AVX-512 CPUs without IFMA; where IFMA is
 * there, poly1305-avx512ifma is preferred. As in poly1305-avx2, h is kept
 * between calls in base 2^64 exactly as poly1305-x86_64 keeps it, so init
 * and emit are that row's and any call may take either path.
 *
 * void poly1305_avx512_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit)
 *	Fewer than VEC_COLD bytes (VEC_WARM once the powers of r are
 *	computed): poly1305_x86_64_blocks. Otherwise, with blocks
 *	m_0 .. m_{8n-1} and lanes A_j (j = 0..7):
 *	  A_0 = h + m_0, A_j = m_j;  A_j = A_j r^8 + m_{8k+j} for k = 1..n-1
 *	  (two groups a step: A_j = A_j r^16 + m_{8k+j} r^8 + m_{8k+8+j});
 *	  h = A_0 r^8 + A_1 r^7 + ... + A_7 r,
 *	then the len mod 128 bytes left go to the scalar loop.
 * void poly1305_avx512_test_lanes(void *state, const uint64_t lanes[40],
 *				   const uint8_t *in, size_t len)	(ZINC_TESTING)
 *	Starts the loop above from the lanes given (lanes[8 i + j] = limb i
 *	of A_j), runs it over len bytes (a multiple of 128, padbit 1) and
 *	stores the resulting h, so a test can reach any legal lane state.
 *
 * Representations and limb bounds (the state-level target enforces them):
 *	h between calls: base 2^64 as in poly1305-x86_64 (h2 <= 7 in, <= 4
 *	  out; a conversion in may see h up to 2^131, so its top limb is
 *	  < 2^27).
 *	Lanes: five 26-bit limbs a_0..a_4 per lane in 64-bit elements, each
 *	  < 2^28 whenever the lanes are multiplied; the same bounds as
 *	  poly1305-avx2 and for the same reasons (products < 2^57, a column of
 *	  five < 2^60, one carry pass leaves every limb < 2^26 + 2^11 and a
 *	  block adds < 2^26). Only the sum over the lanes at the fold is
 *	  wider: eight columns < 2^63, which FROM26 carries without overflow;
 *	  h < 2^130 + 2^52 afterwards, so h2 <= 4.
 *	Powers r .. r^8 are computed once per key in scalar code (MUL_R,
 *	  partly reduced: limbs < 2^26 but the top one < 5 2^24), r^16 as
 *	  r^8 r^8 with the lane multiply and one carry pass (limbs < 2^26 +
 *	  2^11); so r_j < 2^27 and 5 r_j < 2^29 as the products need. All
 *	  are kept in the state.
 *
 * Register plan: zmm0-4 the lanes' limbs a_0..a_4, zmm5-9 the product
 * columns d_0..d_4, zmm10-13 scratch (products, block loads), zmm14 the pad
 * bit at 2^24 of each lane, zmm15 the 26-bit mask; r^16 and r^8 are read
 * as broadcast memory operands. rdi state, rsi in, rbp bytes left, r15
 * padbit; the scalar parts as in poly1305-macros.h. vzeroall before
 * returning wipes every vector register used (zmm16-31 and k registers
 * are not used).
 *
 * Constant time (reviewed by hand: valgrind cannot execute AVX-512, so
 * ci/ct.sh lists this row as not checked): every branch tests a length
 * (rdx, rbp) or the powers-ready flag of the state, which depends on the
 * lengths of earlier calls only; every address is the state, the input
 * pointer advanced by whole groups, or a constant table. Key, r powers,
 * h and message take no part in a branch or an address.
 *
 * CPU features: AVX-512F (vpmuludq, vpandq, vpternlogq, vpunpck[lh]qdq,
 * vpermq, vpmovzxdq and embedded broadcasts on zmm).
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

#include "poly1305-macros.h"

/* Below this many bytes a call runs the scalar loop only: VEC_COLD while
 * the powers of r are still to be computed, VEC_WARM once a call of this
 * key has computed them. The measurements behind them: bench/results/
 * (poly1305-avx512). */
#define VEC_COLD	512
#define VEC_WARM	256

/* State layout after the poly1305-x86_64 words (496 bytes). */
#define READY	48		/* powers below are valid */
#define R16Q	64		/* r^16: limb j at +8 j, 5 limb j at +40 + 8 (j-1) */
#define R8Q	136		/* r^8 likewise (the low dword of each qword) */
#define PW(j)	(208+32*(j))	/* limb j of r^(8-k) in dword LANE_OF(k) */
#define SW(j)	(336+32*(j))	/* 5 times those, j = 1..4 */

#define A0	%zmm0
#define A1	%zmm1
#define A2	%zmm2
#define A3	%zmm3
#define A4	%zmm4
#define D0	%zmm5
#define D1	%zmm6
#define D2	%zmm7
#define D3	%zmm8
#define D4	%zmm9
#define T0	%zmm10
#define T1	%zmm11
#define T2	%zmm12
#define T3	%zmm13
#define PAD	%zmm14
#define MASK	%zmm15
#define VPAND	vpandq

#include "poly1305-radix26.h"

/* The lane that holds block k (0..7) of a group (SPLIT8). */
#define LANE_OF(k)	(2*(k)-7*((k)>>2))

.section .rodata
.balign 64
.Llane_of:	.quad	0, 4, 1, 5, 2, 6, 3, 7	/* the block in each lane */
.Lmask26:	.quad	MASK26

.text

/*
 * Eight blocks at (%rsi) split into limbs l0..l4 (with the pad bit): the
 * unpacks put blocks 0, 4, 1, 5, 2, 6, 3, 7 in lanes 0..7, and the fold's
 * powers follow that order. Clobbers T0, T2, T3.
 */
.macro SPLIT8 l0, l1, l2, l3, l4
	vmovdqu64	0(%rsi), T0
	vpunpcklqdq	64(%rsi), T0, T2		/* low words */
	vpunpckhqdq	64(%rsi), T0, T3		/* high words */
	vpandq		MASK, T2, \l0
	vpsrlq		$26, T2, \l1
	vpandq		MASK, \l1, \l1
	vpsrlq		$52, T2, \l2
	vpsllq		$12, T3, T0
	vpternlogq	$0xa8, MASK, T0, \l2		/* (l2 | T0) & MASK */
	vpsrlq		$14, T3, \l3
	vpandq		MASK, \l3, \l3
	vpsrlq		$40, T3, \l4
	vporq		PAD, \l4, \l4
.endm

/* d = a * r^k (or d += with acc = 1), r^k's limbs at base(%rdi) as
 * broadcast qwords (R16Q, R8Q). */
.macro MUL_Q base, acc=0
	COLUMN	0, \base(%rdi){1to8}, , \acc
	COLUMN	1, \base+8(%rdi){1to8}, \base+40(%rdi){1to8}
	COLUMN	2, \base+16(%rdi){1to8}, \base+48(%rdi){1to8}
	COLUMN	3, \base+24(%rdi){1to8}, \base+56(%rdi){1to8}
	COLUMN	4, \base+32(%rdi){1to8}, \base+64(%rdi){1to8}
.endm

/* The limbs TO26 left (r^(8-k)) as the lane of block k in PW / SW. */
.macro STORE_POWER k
	STORE26	PW(0)+4*LANE_OF(\k), SW(1)+4*LANE_OF(\k), 32
.endm

/*
 * r, r^2, .., r^8 into the lanes of blocks 7, 6, .., 0 of PW / SW, r^8
 * into R8Q, r^16 into R16Q. Needs MASK. Clobbers rax-rdx, r8-r14,
 * zmm0-11.
 */
.type	.Lpowers, @function
.Lpowers:
	LOAD_R_AS_H %rdi
	TO26
	STORE_POWER 7
	.irp k, 6, 5, 4, 3, 2, 1, 0
	NEXT_POWER
	TO26
	STORE_POWER \k
	.endr
	/* TO26 left r^8's limbs; STORE_POWER multiplied them by 5 */
	.irp j, 0, 1, 2, 3, 4
	movl	PW(\j)(%rdi), %eax
	movl	%eax, R8Q+8*\j(%rdi)
	.endr
	.irp j, 1, 2, 3, 4
	movl	SW(\j)(%rdi), %eax
	movl	%eax, R8Q+32+8*\j(%rdi)
	.endr
	/* r^16 = r^8 r^8 with the lane arithmetic (every lane alike; the
	 * stale upper dwords of R8Q's qwords are not read by vpmuludq). */
	.irp j, 0, 1, 2, 3, 4
	vpbroadcastq	R8Q+8*\j(%rdi), %zmm\j
	.endr
	MUL_Q	R8Q
	.irp j, 0, 1, 2, 3, 4
	vpxorq	%zmm\j, %zmm\j, %zmm\j
	.endr
	ADD_CARRY
	vmovq	%xmm0, %rax
	vmovq	%xmm1, %rbx
	vmovq	%xmm2, %rcx
	vmovq	%xmm3, %rdx
	vmovq	%xmm4, %r14
	STORE26	R16Q, R16Q+40, 8
	movq	$1, READY(%rdi)
	ret
.size	.Lpowers, .-.Lpowers

/* The 26-bit mask, the pad bit (r15 at 2^24 of every lane), the powers of
 * r unless the state holds them. Clobbers as .Lpowers. */
.type	.Lsetup, @function
.Lsetup:
	vpbroadcastq	.Lmask26(%rip), MASK
	PAD_AND_POWERS PAD, 24, READY
	ret
.size	.Lsetup, .-.Lsetup

.globl	poly1305_avx512_blocks
.hidden	poly1305_avx512_blocks
.type	poly1305_avx512_blocks, @function
.balign	32
ZINC_ENTRY poly1305_avx512_blocks
	endbr64
	VEC_ENTRY VEC_WARM, VEC_COLD, READY
	call	.Lsetup
	/* Lane 0 starts at h, the others at 0; then the first group. */
	H_TO_LANE0
	SPLIT8	D0, D1, D2, D3, D4
	ADD_D
	addq	$128, %rsi
	subq	$128, %rbp
	jmp	.Lloop_check

	/* Two groups a step: A = A r^16 + G1 r^8 + G2. Only the first product
	 * depends on A; the second uses A's registers for G1 once A is read. */
.balign	32
.Lloop:
	MUL_Q	R16Q
	SPLIT8	A0, A1, A2, A3, A4
	MUL_Q	R8Q, 1
	addq	$128, %rsi
	SPLIT8	A0, A1, A2, A3, A4
	ADD_CARRY
	addq	$128, %rsi
	subq	$256, %rbp
.Lloop_check:
	cmpq	$256, %rbp
	jae	.Lloop
	cmpq	$128, %rbp
	jb	.Lfold
	/* One group: A = A r^8 + G. */
	MUL_Q	R8Q
	SPLIT8	A0, A1, A2, A3, A4
	ADD_CARRY
	addq	$128, %rsi
	subq	$128, %rbp
.Lfold:
	/* h = A_0 r^8 + A_1 r^7 + ... + A_7 r, lane by lane. */
	MUL_LANES
	SUM_LANES 8
	/* Columns < 2^63: full carry and pack; the last len mod 128 bytes,
	 * if any, in base 2^64. */
	FOLD_EXIT
.size	poly1305_avx512_blocks, .-poly1305_avx512_blocks

#ifdef ZINC_TESTING
.globl	poly1305_avx512_test_lanes
.hidden	poly1305_avx512_test_lanes
.type	poly1305_avx512_test_lanes, @function
.balign	32
ZINC_ENTRY poly1305_avx512_test_lanes
	endbr64
	TEST_LANES_ENTRY T0
	/* lanes[8 i + k] (A_k) into LANE_OF(k) */
	.irp i, 0, 1, 2, 3, 4
	vpermq	64*\i(%rsi), T0, %zmm\i
	.endr
	popq	%rsi
	jmp	.Lloop_check
.size	poly1305_avx512_test_lanes, .-poly1305_avx512_test_lanes
#endif
