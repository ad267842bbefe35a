/* SPDX-License-Identifier: MIT */
/*
 * Poly1305 (RFC 8439 section 2.5) for x86-64 with AVX-512 IFMA: eight
 * blocks at a time in eight lanes of radix-2^44 limbs (44, 44 and 42 bits),
 * multiplied with the 52-bit multiply-adds vpmadd52luq / vpmadd52huq; the
 * rest in base 2^64 scalar code (poly1305-x86_64.S). As in poly1305-avx2,
 * h is kept between calls in base 2^64 exactly as poly1305-x86_64 keeps it,
 * so init and emit are that row's and any call may take either path.
 *
 * void poly1305_avx512ifma_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit)
 *	Fewer than VEC_COLD bytes (VEC_WARM once the powers of r are
 *	computed): poly1305_x86_64_blocks. Otherwise, with blocks
 *	m_0 .. m_{8n-1} and lanes A_j (j = 0..7):
 *	  A_0 = h + m_0, A_j = m_j;  A_j = A_j r^8 + m_{8k+j} for k = 1..n-1
 *	  (two groups a step: A_j = A_j r^16 + m_{8k+j} r^8 + m_{8k+8+j});
 *	  then the k = (len mod 128) / 16 blocks left, if any, as a group
 *	  weighted r^k: A_j = A_j r^k + m_{8n+j-8+k} for j >= 8-k, A_j r^k
 *	  for the others; h = A_0 r^8 + A_1 r^7 + ... + A_7 r.
 * void poly1305_avx512ifma_test_lanes(void *state, const uint64_t lanes[24],
 *				       const uint8_t *in, size_t len)	(ZINC_TESTING)
 *	Starts the loop above from the lanes given (lanes[8 i + j] = limb i
 *	of A_j), runs it over len bytes (a multiple of 128, padbit 1) and
 *	stores the resulting h, so a test can reach any legal lane state.
 *
 * Multiplication: a = a_0 + a_1 2^44 + a_2 2^88 times a power
 * p = p_0 + p_1 2^44 + p_2 2^88 of r. As 44 + 44 + 42 = 130, a weight of
 * 2^132 is 4 2^130 = 20 (mod p), so with q_j = 20 p_j the three columns are
 *	d_0 = a_0 p_0 + a_1 q_2 + a_2 q_1
 *	d_1 = a_0 p_1 + a_1 p_0 + a_2 q_2
 *	d_2 = a_0 p_2 + a_1 p_1 + a_2 p_0.
 * vpmadd52luq adds the low 52 bits of a product of the low 52 bits of its
 * operands to a lane, vpmadd52huq the next 52: each column is kept as a
 * low sum l_i (weight 2^(44 i)) and a high sum u_i (weight 2^(44 i + 52)),
 * and the reduction takes t_0 = l_0 + 5120 u_2 (2^140 = 2^8 2^132 = 20 2^8),
 * t_1 = l_1 + 2^8 u_0, t_2 = l_2 + 2^8 u_1, then one carry pass in parallel:
 * a_0 = t_0 mod 2^44 + 5 (t_2 >> 42), a_1 = t_1 mod 2^44 + (t_0 >> 44),
 * a_2 = t_2 mod 2^42 + (t_1 >> 44). The next group's blocks are the start
 * of the low sums, so adding them costs nothing.
 *
 * Representations and limb bounds (the state-level target enforces them):
 *	h between calls: base 2^64 as in poly1305-x86_64 (h2 <= 7 in, <= 4
 *	  out). A conversion in gives a_0, a_1 < 2^44, a_2 < 2^43.
 *	Powers r^1 .. r^8 are computed once per key in scalar code (MUL_R:
 *	  below 5 2^128, so p_0, p_1 < 2^44, p_2 < 5 2^40), r^16 as r^8 r^8
 *	  with the vector multiply (p_0 < 2^44 + 2^17, p_1 < 2^44 + 2^15,
 *	  p_2 < 2^42 + 2^15); so q_1 < 2^48.4 and q_2 < 2^46.7.
 *	Lanes: three limbs per lane in 64-bit elements. The only bound the
 *	  multiply needs is the hardware's: every limb < 2^52 (vpmadd52 reads
 *	  52 bits), and the lanes are legal exactly while that holds. From
 *	  such lanes (and blocks with limbs < 2^44, 2^44, 2^41) the high
 *	  parts of the products are < 2^44.1, 2^46.7, 2^48.4, so u_0 < 2^49.1,
 *	  u_1 < 2^47.5, u_2 < 2^45.6, and the low sums < 2^54.6: t_0 < 2^58.1,
 *	  t_1 < 2^57.4, t_2 < 2^56.1, and the carry pass leaves
 *	  a_0 < 2^44 + 2^16.5, a_1 < 2^44 + 2^14.1, a_2 < 2^42 + 2^13.4: far
 *	  below 2^52 again, whatever legal lanes it started from.
 *	Back to base 2^64: h = sum A_j r^(8-j) lane by lane with the same
 *	  multiply and carry pass (no blocks), the eight lanes summed
 *	  (< 2^47.1, 2^47.1, 2^45.1), a full carry in scalar code
 *	  (d_0 < 2^44, d_1 <= 2^44, d_2 < 2^42) and packed: h < 2^130 + 2^44,
 *	  h2 <= 4.
 *
 * Register plan: zmm0-2 the lanes' limbs a_0..a_2, zmm3-5 the low sums
 * l_0..l_2 and zmm6-8 the high sums u_0..u_2, zmm9-11 the first group's
 * blocks, zmm12-15 and zmm31 scratch, zmm16-20 r^16 (p_0, p_1, p_2, q_1,
 * q_2 broadcast; r^k for the last k blocks), zmm21-25 r^8 likewise, zmm26
 * the 44-bit mask, zmm27 the 42-bit one, zmm28 the pad bit at 2^40 of each
 * lane, k1 the lanes of the last k blocks (a function of len only,
 * cleared after use). rdi state, rsi in, rbp bytes left, r15 padbit; the
 * scalar parts as in poly1305-macros.h. Before returning, vzeroall and
 * zeroing zmm16-31 wipe every vector register.
 *
 * Constant time (reviewed by hand: valgrind cannot execute AVX-512, so
 * ci/ct.sh lists this row as not checked): every branch tests a length
 * (rdx, rbp) or the powers-ready flag of the state, which depends on the
 * lengths of earlier calls only; every address is the state, the input
 * pointer advanced by whole groups, or a constant table; the tail's mask
 * (k1) is made from the length. Key, r powers, h and message take no part
 * in a branch or an address.
 *
 * CPU features: AVX-512F (zmm, vpunpck[lh]qdq, vpternlogq, broadcasts,
 * kmovw and zero-masking),
 * AVX-512IFMA (vpmadd52luq, vpmadd52huq), AVX-512VL (EVEX forms on
 * xmm16-31 for the wipe).
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

#include "poly1305-macros.h"

/* Below this many bytes a call runs the scalar loop only: VEC_COLD while
 * the powers of r are still to be computed, VEC_WARM once a call of this
 * key has computed them (the vector loop takes 128 bytes a group). The
 * measurements behind them: bench/results/ (poly1305-avx512ifma). */
#define VEC_COLD	384
#define VEC_WARM	128

/* State layout after the poly1305-x86_64 words (424 bytes). */
#define READY	48		/* powers below are valid */
#define PR(i)	(64+64*(i))	/* limb i of r^(8-k) in LANE_OF(k), k = 0..7 */
#define PQ(i)	(192+64*(i))	/* 20 times limb i, i = 1, 2 */
#define R16(i)	(384+8*(i))	/* r^16: p_0, p_1, p_2, q_1, q_2 */

#define A0	%zmm0
#define A1	%zmm1
#define A2	%zmm2
#define L0	%zmm3
#define L1	%zmm4
#define L2	%zmm5
#define U0	%zmm6
#define U1	%zmm7
#define U2	%zmm8
#define M0	%zmm9
#define M1	%zmm10
#define M2	%zmm11
#define T0	%zmm12
#define T1	%zmm13
#define T2	%zmm14
#define T3	%zmm15
#define T4	%zmm31
#define P16_0	%zmm16
#define P16_1	%zmm17
#define P16_2	%zmm18
#define Q16_1	%zmm19
#define Q16_2	%zmm20
#define P8_0	%zmm21
#define P8_1	%zmm22
#define P8_2	%zmm23
#define Q8_1	%zmm24
#define Q8_2	%zmm25
#define MASK44	%zmm26
#define MASK42	%zmm27
#define PAD	%zmm28

#include "poly1305-ifma-macros.h"

.section .rodata
.balign 64
.Llane_of:	.quad	0, 4, 1, 5, 2, 6, 3, 7	/* the block in each lane */
/* For k = 0..7 blocks left: the lanes of blocks 8-k .. 7 (bit per lane),
 * and the lane of r^k, that of block 8-k (LANE_OF). */
.Ltail_lanes:	.short	0, 0x80, 0xa0, 0xa8, 0xaa, 0xea, 0xfa, 0xfe
.Lpower_lane:	.byte	0, 7, 5, 3, 1, 6, 4, 2
.Lmask44:	.quad	0xfffffffffff
.Lmask42:	.quad	0x3ffffffffff

.text



/* The limbs TO44 left (r^(8-k)) as the lane of block k in PR / PQ. */
.macro STORE_POWER k
	STORE_P	PR(0)+8*LANE_OF(\k), PR(1)+8*LANE_OF(\k), PR(2)+8*LANE_OF(\k), PQ(1)+8*LANE_OF(\k), PQ(2)+8*LANE_OF(\k)
.endm

/* p_0, p_1, p_2, q_1, q_2 of r^8 .. r (lanes 0..7 of PR / PQ) into five
 * registers with op: vmovdqu64 for the lanes, vpbroadcastq for r^8. */
.macro LOAD_P op, p0, p1, p2, q1, q2
	\op	PR(0)(%rdi), \p0
	\op	PR(1)(%rdi), \p1
	\op	PR(2)(%rdi), \p2
	\op	PQ(1)(%rdi), \q1
	\op	PQ(2)(%rdi), \q2
.endm

/*
 * r, r^2, .., r^8 into the lanes of blocks 7, 6, .., 0 of PR / PQ (r^8 in
 * lane 0), r^16 into R16.
 * Needs the masks (.Lsetup). Clobbers rax-rdx, r8-r14, zmm0-14.
 */
.type	.Lpowers, @function
.Lpowers:
	LOAD_R_AS_H %rdi
	TO44
	STORE_POWER 7
	.irp k, 6, 5, 4, 3, 2, 1, 0
	MUL_R
	TO44
	STORE_POWER \k
	.endr
	/* r^16 = r^8 r^8, lane 0 of a vector multiply. */
	LOAD_P	vpbroadcastq, A0, A1, A2, M1, M2
	ZERO_LU
	MADD	A0, A1, A2, A0, A1, A2, M1, M2
	REDUCE
	vmovq	%xmm0, %rax
	vmovq	%xmm1, %rbx
	vmovq	%xmm2, %rcx
	STORE_P	R16(0), R16(1), R16(2), R16(3), R16(4)
	movq	$1, READY(%rdi)
	ret
.size	.Lpowers, .-.Lpowers

/*
 * The constants (masks, r15 as the pad bit at 2^40 of every
 * lane), the powers of r computed unless the state holds them already,
 * and r^16, r^8 broadcast into their registers. Clobbers as .Lpowers.
 */
.type	.Lsetup, @function
.Lsetup:
	vpbroadcastq	.Lmask44(%rip), MASK44
	vpbroadcastq	.Lmask42(%rip), MASK42
	PAD_AND_POWERS PAD, 40, READY
	vpbroadcastq	R16(0)(%rdi), P16_0
	vpbroadcastq	R16(1)(%rdi), P16_1
	vpbroadcastq	R16(2)(%rdi), P16_2
	vpbroadcastq	R16(3)(%rdi), Q16_1
	vpbroadcastq	R16(4)(%rdi), Q16_2
	LOAD_P	vpbroadcastq, P8_0, P8_1, P8_2, Q8_1, Q8_2
	ret
.size	.Lsetup, .-.Lsetup

.globl	poly1305_avx512ifma_blocks
.hidden	poly1305_avx512ifma_blocks
.type	poly1305_avx512ifma_blocks, @function
.balign	32
ZINC_ENTRY poly1305_avx512ifma_blocks
	endbr64
	VEC_ENTRY VEC_WARM, VEC_COLD, READY
	call	.Lsetup
	/* Lane 0 starts at h, the others at 0; then the first group. */
	LOAD_H	%rdi
	TO44
	vmovq	%rax, %xmm0
	vmovq	%rbx, %xmm1
	vmovq	%rcx, %xmm2
	SPLIT8	0, M0, M1, M2
	vpaddq	M0, A0, A0
	vpaddq	M1, A1, A1
	vpaddq	M2, A2, A2
	addq	$128, %rsi
	subq	$128, %rbp
	jmp	.Lloop_check

	/* Two groups a step: A = A r^16 + G1 r^8 + G2, with G2 as the start
	 * of the low sums and G1's products (which do not wait for A) first. */
.balign	32
.Lloop:
	SPLIT8	0, M0, M1, M2
	SPLIT8	128, L0, L1, L2
	ZERO_U
	MADD	M0, M1, M2, P8_0, P8_1, P8_2, Q8_1, Q8_2
	MADD	A0, A1, A2, P16_0, P16_1, P16_2, Q16_1, Q16_2
	REDUCE
	addq	$256, %rsi
	subq	$256, %rbp
.Lloop_check:
	cmpq	$256, %rbp
	jae	.Lloop
	cmpq	$128, %rbp
	jb	.Ltail
	/* One group: A = A r^8 + G. */
	SPLIT8	0, L0, L1, L2
	ZERO_U
	MADD	A0, A1, A2, P8_0, P8_1, P8_2, Q8_1, Q8_2
	REDUCE
	addq	$128, %rsi
	subq	$128, %rbp
.Ltail:
	/* k = 1..7 blocks left: A = A r^k + T, T the blocks in the lanes of
	 * blocks 8-k .. 7 of a group (weighted r^k .. r at the fold), zero
	 * in the others. T is read as the group of 128 bytes that ends with
	 * the message's last block (bytes already taken, never past the
	 * end), its first 8-k lanes cleared; r^k is lane LANE_OF(8-k) of
	 * PR / PQ. Addresses and the mask depend on the length only. */
	cmpq	$16, %rbp
	jb	.Lfold
	movq	%rbp, %rcx
	shrq	$4, %rcx			/* k */
	leaq	-128(%rsi,%rbp), %rsi
	SPLIT8	0, L0, L1, L2
	leaq	.Ltail_lanes(%rip), %rax
	kmovw	(%rax,%rcx,2), %k1
	vmovdqa64	L0, L0{%k1}{z}
	vmovdqa64	L1, L1{%k1}{z}
	vmovdqa64	L2, L2{%k1}{z}
	leaq	.Lpower_lane(%rip), %rax
	movzbl	(%rax,%rcx), %ecx
	vpbroadcastq	PR(0)(%rdi,%rcx,8), P16_0
	vpbroadcastq	PR(1)(%rdi,%rcx,8), P16_1
	vpbroadcastq	PR(2)(%rdi,%rcx,8), P16_2
	vpbroadcastq	PQ(1)(%rdi,%rcx,8), Q16_1
	vpbroadcastq	PQ(2)(%rdi,%rcx,8), Q16_2
	ZERO_U
	MADD	A0, A1, A2, P16_0, P16_1, P16_2, Q16_1, Q16_2
	REDUCE
	xorl	%ebp, %ebp
	kxorw	%k1, %k1, %k1
.Lfold:
	/* h = A_0 r^8 + A_1 r^7 + ... + A_7 r, lane by lane, then summed. */
	LOAD_P	vmovdqu64, M0, M1, M2, T3, T4
	ZERO_LU
	MADD	A0, A1, A2, M0, M1, M2, T3, T4
	REDUCE
	HSUM_H
	vzeroall
	.irp n, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	vpxord	%xmm\n, %xmm\n, %xmm\n
	.endr
	PACK44
	/* Nothing is left (rbp = 0): VEC_EXIT's scalar call returns at once. */
	VEC_EXIT %r8, %r9, %r10
.size	poly1305_avx512ifma_blocks, .-poly1305_avx512ifma_blocks

#ifdef ZINC_TESTING
.globl	poly1305_avx512ifma_test_lanes
.hidden	poly1305_avx512ifma_test_lanes
.type	poly1305_avx512ifma_test_lanes, @function
.balign	32
ZINC_ENTRY poly1305_avx512ifma_test_lanes
	endbr64
	TEST_LANES_ENTRY T0
	/* lanes[8 i + k] (A_k) into LANE_OF(k) */
	.irp i, 0, 1, 2
	vpermq	64*\i(%rsi), T0, %zmm\i
	.endr
	popq	%rsi
	jmp	.Lloop_check
.size	poly1305_avx512ifma_test_lanes, .-poly1305_avx512ifma_test_lanes
#endif
