/* SPDX-License-Identifier: MIT */
/*
 * The bulk of ChaCha20-Poly1305 encryption (RFC 8439 section 2.8) for x86-64
 * with AVX-512F and AVX-512 IFMA, in one pass: each step makes sixteen
 * ChaCha20 blocks (1024 bytes) in zmm registers, as chacha20-avx512.S does,
 * and meanwhile absorbs into Poly1305 the 1024 bytes of ciphertext the step
 * before wrote (MIX, spread over the rounds' 80 slots): its first 32 blocks
 * as four groups of eight in eight lanes of radix-2^44 limbs with
 * vpmadd52luq / vpmadd52huq, as poly1305-avx512ifma.S does
 * (poly1305-ifma-macros.h), and its last 32 in a scalar base-2^64 chain
 * with mulq, as poly1305-x86_64.S does, on the integer ports, which the
 * rounds leave idle (the vector ports are the bound: every lane product
 * costs the rounds time, a scalar one does not). The scalar chain starts
 * from 0 each step, and its result h_s joins lane 0 of the next step's
 * first group, whose weight is then right:
 *	A = A r^64 + (G_0 + h_s) r^56 + G_1 r^48 + G_2 r^40 + G_3 r^32,
 *	h_s = the Horner sum of blocks 32..63 of the step (from 0),
 * one reduction a step; at the end h = A_0 r^8 + A_1 r^7 + ... + A_7 r +
 * h_s (.Lfold). The first step has nothing to absorb: the powers of r
 * (r .. r^8 lane-wise, r^8 .. r^64 broadcast) are computed among its
 * rounds instead (PMIX). A last part of 513..1023 bytes takes sixteen more
 * blocks into a stack copy (KS), one of 257..512 bytes eight on ymm (six
 * groups in the lanes then, sixteen blocks scalar), absorbing the last
 * whole step meanwhile; one of 1..256 bytes takes four blocks, one per
 * 128-bit lane, after the last whole step is absorbed alone. What the
 * last step wrote is absorbed alone at the end: a whole step all in the lanes (.Lmac_step), a last part two groups
 * at a time and its last 1..7 blocks as poly1305-avx512ifma's tail does,
 * with masked loads that read nothing outside the part (.Labsorb).
 *
 * The three entry points have the signatures, contracts and step tables of
 * chacha20poly1305-avx2.S (its header comment): the flat kernel, _steps
 * (in place over a table of 512-byte steps, some in pieces) and _open
 * (decryption's one pass into a contiguous dst). A step here is two table
 * entries: when both lie in one place each, the keystream is XORed
 * straight from the registers; otherwise it goes to KS and each entry is
 * XORed from there (in one place) or SPLIT (in pieces, its ciphertext
 * gathered into MACBUF + 512 half for the MAC).
 *
 * void chacha20poly1305_avx512ifma(const struct chacha20poly1305_bulk *b,
 *				    uint8_t *dst, const uint8_t *src, size_t len)
 * void chacha20poly1305_avx512ifma_steps(const struct chacha20poly1305_bulk *b,
 *					  const struct chacha20poly1305_step *steps,
 *					  size_t len)
 * void chacha20poly1305_avx512ifma_open(const struct chacha20poly1305_bulk *b,
 *					 uint8_t *dst,
 *					 const struct chacha20poly1305_step *steps,
 *					 size_t len)
 *	b->chacha: ChaCha20 state[16]; b->poly: Poly1305 state in the layout
 *	of poly1305-x86_64 (h0, h1, h2, r0, r1, s1). len >= 512. state[12]
 *	ends advanced by ceil(len / 64) modulo 2^32 (word 13 never touched:
 *	the per-block counters are 32-bit lane additions); for each whole
 *	16-byte block m of the ciphertext, in order, h = (h + m + 2^128) r,
 *	partly reduced (a last partial block is left to the caller).
 *
 * Limb bounds. h enters in base 2^64 with h0, h1 < 2^64 and h2 <= 7 (the
 * contract of poly1305-x86_64's blocks()) and waits as h_s (HS) for the
 * first group absorbed; the lanes start at 0. The scalar chain keeps
 * MUL_R's bounds (poly1305-macros.h: h2 <= 4 after each block), so h_s
 * becomes limbs < 2^44, 2^44, 2^43 (TO44) added to a block's < 2^44,
 * 2^44, 2^41: < 2^45 in lane 0 of one group. Powers: r .. r^8 by MUL_R
 * (p_0, p_1 < 2^44, p_2 < 5 2^40), r^16 .. r^64 by the vector multiply
 * (< 2^44 + 2^17 each limb), q_i = 20 p_i < 2^48.4. Lanes leave every
 * reduction with a_0 < 2^44 + 2^17.4, a_1 < 2^44 + 2^14.1, a_2 < 2^42 +
 * 2^15 (below 2^44.1). A reduction sums at most eight multiplies (five
 * with the sixteen-block rounds, seven with the eight-block ones, eight
 * for a step alone), three terms a column each: low halves < 2^52 each,
 * high halves < 2^41.4 each (operands < 2^45 times q < 2^48.4), so l_i <
 * 24 2^52 + 2^45 < 2^56.6 and u_i < 2^46, and t_0 = l_0 + 5120 u_2 <
 * 2^58.4, t_1, t_2 < 2^57: well inside 64 bits, and the carry pass gives
 * the bounds above again. The fold and the packing are poly1305-avx512ifma's (h < 2^130 +
 * 2^44, h2 <= 4); adding h_s (h2 <= 4) makes h2 <= 9, whose bits from 2
 * up fold back by 2^130 = 5: h2 <= 4 out.
 *
 * Register plan.
 *   Vector: zmm0..zmm15 the sixteen state words of sixteen blocks and zmm16
 *   word 12's input, as in chacha20-avx512.S (WORDS_IN / WORDS_OUT of
 *   chacha20-macros.h; ymm0..ymm16 for eight blocks, as in
 *   chacha20-avx512vl.S), zmm17..zmm28 the transposes' scratch at the end
 *   of a step; during the rounds zmm17..zmm19 the low sums L, zmm20..zmm22
 *   the high sums U, zmm23..zmm25 a group's limbs M (and REDUCE's scratch
 *   with zmm26, T0), zmm27 the 44-bit mask, zmm28 the pad bit at 2^40 of
 *   each lane (both set again before each step's rounds); zmm29..zmm31
 *   the lanes A across steps. The powers are {1to8} broadcasts from the
 *   frame (PB) and, for the fold and the last blocks, lanes of the frame
 *   (PL).
 *   Scalar: rdi the ChaCha20 state; r11, r12, r13 r0, r1, s1 throughout.
 *   In the rounds (called: the frame at rsp + 8) r15 and rbp the two
 *   halves of the step before's ciphertext, r8, r9, r10 the scalar h,
 *   rsi where its blocks are read, rax, rbx, rcx, rdx, r14 MUL_R's
 *   scratch. In a step's stores rdx, rsi (src and dst of blocks 0..7) and
 *   r14, r15 (blocks 8..15); SPLIT as in chacha20poly1305-macros.h. The
 *   frame holds the next step's src (SRC; with a table, the address of its
 *   entry), its dst (DST), the bytes not yet encrypted (LEFT), b->poly
 *   (POLY), the final counter (CTR), the caller's rsp (ORIG), where the
 *   step before's ciphertext is (MAC0, MAC1), h_s between steps (HS), the
 *   powers (PL, PB) and KS (1024 bytes of keystream); with a table, MACBUF
 *   (1024 bytes) above it.
 *
 * CPU features: AVX-512F (zmm, vprold, broadcasts, masks), AVX-512VL (the
 * eight-block rounds on ymm, EVEX forms on xmm16..31), AVX-512 IFMA
 * (vpmadd52luq, vpmadd52huq).
 *
 * Constant time (reviewed by hand: valgrind cannot execute AVX-512, so
 * ci/ct.sh lists this row as not checked): every branch tests len, LEFT
 * (derived from len) or a step's table entry (its addresses and piece
 * lengths, public as in the AVX2 kernel); every address is the state, the
 * frame, a step's src, dst or pieces, a constant table (.Lqmask, .Llanes,
 * .Lplane indexed by the last part's length), or a power's lane chosen by
 * that length; the masks of the masked loads and of PMIX's stores come
 * from the length or are constants. Key, powers of r, h, keystream and
 * message take no part in a branch, an address or a mask. Before
 * returning, the frame up to MACBUF (keystream, powers, h_s) is zeroed
 * (MACBUF only ever holds ciphertext), and vzeroall with zeroing
 * zmm16..zmm31 clears every vector register (k1..k4 are cleared after
 * use and only ever hold length-derived or constant masks); h and r stay
 * in caller-saved registers, as with poly1305-x86_64.
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"
#include "poly1305-macros.h"

#define KS	0		/* 1024: keystream */
#define PL	1024		/* + 64 f: field f of r^(8-k) in lane LANE_OF(k) */
#define PB	1344		/* + 72 f + 8 m: field f of r^(8 m), m = 1..8 (m = 0 unused) */
#define SRC	1704
#define DST	1712
#define LEFT	1720
#define POLY	1728
#define CTR	1736
#define ORIG	1744
#define MAC0	1752
#define MAC1	1760
#define HS	1768		/* 24: the scalar part's h, not yet in the lanes */
#define FRAME	1792
#define MACBUF	1792		/* past the wiped frame: it only holds ciphertext */
#define MACBUF_SIZE 1024

#define L0	%zmm17
#define L1	%zmm18
#define L2	%zmm19
#define U0	%zmm20
#define U1	%zmm21
#define U2	%zmm22
#define M0	%zmm23
#define M1	%zmm24
#define M2	%zmm25
#define T0	%zmm26
#define T1	%zmm23
#define T2	%zmm24
#define T3	%zmm25
#define MASK44	%zmm27
#define MASK42	.Lmask42(%rip){1to8}
#define PAD	%zmm28
#define A0	%zmm29
#define A1	%zmm30
#define A2	%zmm31

#include "chacha20-macros.h"
#include "poly1305-ifma-macros.h"
#include "chacha20poly1305-macros.h"

.section .rodata
.balign 64
.Lctr16:	.long 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
.Lctr8:		.long 0, 1, 2, 3, 4, 5, 6, 7
.Lctr4:		.long 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0
.Lmask44:	.quad	0xfffffffffff
.Lmask42:	.quad	0x3ffffffffff
.Lpad:		.quad	1 << 40
/* For the last k = 0..7 blocks of a part, read as the 128 bytes that end
 * with them: the 64-bit words of those blocks (the low byte for the first
 * 64 bytes, the high byte for the next), the lanes they land in (SPLIT8's
 * order), and the lane of r^k in PL, LANE_OF(8 - k). */
.Lqmask:	.short	0, 0xc000, 0xf000, 0xfc00, 0xff00, 0xffc0, 0xfff0, 0xfffc
.Llanes:	.short	0, 0x80, 0xa0, 0xa8, 0xaa, 0xea, 0xfa, 0xfe
.Lplane:	.byte	0, 7, 5, 3, 1, 6, 4, 2

.text

/* dst = 20 src (q from p). */
.macro Q20 src, dst
	vpsllq	$2, \src, \dst
	vpaddq	\src, \dst, \dst
	vpsllq	$2, \dst, \dst
.endm

/* Part j (0..6) of a multiply of lanes a by the power whose field f is at
 * off + 72 f (base), broadcast: products 0 and 1, 2 and 3, then one each. */
.macro MPART j, a0, a1, a2, off, base
	.if (\j) == 0
	MPROD	0, \a0, \a1, \a2, \off, \base
	MPROD	1, \a0, \a1, \a2, \off, \base
	.elseif (\j) == 1
	MPROD	2, \a0, \a1, \a2, \off, \base
	MPROD	3, \a0, \a1, \a2, \off, \base
	.else
	MPROD	(\j)+2, \a0, \a1, \a2, \off, \base
	.endif
.endm

.macro MPROD j, a0, a1, a2, off, base
	PROD	\j, \a0, \a1, \a2, \off(\base){1to8}, \off+72(\base){1to8}, \off+144(\base){1to8}, \off+216(\base){1to8}, \off+288(\base){1to8}
.endm

/* The whole multiply MPART spreads out: LU += lanes a times the power
 * whose field f is at off + 72 f (base), broadcast. */
.macro MADD_POWER a0, a1, a2, off, base
	MADD	\a0, \a1, \a2, \off(\base){1to8}, \off+72(\base){1to8}, \off+144(\base){1to8}, \off+216(\base){1to8}, \off+288(\base){1to8}
.endm

/*
 * Slot s (0..79: eight a double round) of a step's MAC over the 1024
 * bytes the step before wrote, its first 512 bytes at r15, the rest at
 * rbp: the first ng groups (4 or 6) in the lanes, the other 64 - 8 ng
 * blocks (from rsi = rbp + 128 (ng - 4)) in scalar base 2^64 (r8, r9, r10,
 * from 0), two blocks every five slots (POLY_A, POLY_B), for the integer
 * ports. The scalar h of the step before (r8, r9, r10 on entry: it covers
 * blocks that end one step earlier) joins lane 0 of G_0, which is
 * weighted r^56 r^8 = r^64:
 *	A = A r^64 + (G_0 + h_s) r^56 + G_1 r^48 + ... + G_(ng-1) r^(64 - 8 ng).
 * Double round 0: h_s in, G_0 r^56; 1: A r^64; 2..ng: G_1 .. G_(ng-1);
 * slot 8 (ng + 1) reduces. Called: the frame is at rsp + 8.
 */
.macro MIXG s, ng
	.if (\s) == 0
	TO44
	vmovq	%rax, %xmm20
	vmovq	%rbx, %xmm21
	vmovq	%rcx, %xmm22
	SPLIT8	0, M0, M1, M2, %r15
	vpaddq	U0, M0, M0
	vpaddq	U1, M1, M1
	vpaddq	U2, M2, M2
	ZERO_LU
	xorl	%r8d, %r8d
	xorl	%r9d, %r9d
	xorl	%r10d, %r10d
	.elseif (\s) < 8
	MPART	(\s)-1, M0, M1, M2, 8+PB+8*7, %rsp
	.elseif (\s) < 16
	.if (\s) > 8
	MPART	(\s)-9, A0, A1, A2, 8+PB+8*8, %rsp
	.endif
	.elseif (\s) < 8*((\ng)+1)
	.if ((\s) - 8 * ((\s) / 8)) == 0
	.if (\s) < 40
	SPLIT8	128*((\s)/8-1), M0, M1, M2, %r15
	.else
	SPLIT8	128*((\s)/8-5), M0, M1, M2, %rbp
	.endif
	.else
	MPART	(\s)-8*((\s)/8)-1, M0, M1, M2, 8+PB+8*(8-(\s)/8), %rsp
	.endif
	.elseif (\s) == 8*((\ng)+1)
	REDUCE
	.endif
	.if ((\s) - 5 * ((\s) / 5)) == 0 && 2*((\s)/5) < 64-8*(\ng)
	POLY_A
	.elseif ((\s) - 5 * ((\s) / 5)) == 1 && 2*((\s)/5) < 64-8*(\ng)
	POLY_B
	.elseif ((\s) - 5 * ((\s) / 5)) == 2 && 2*((\s)/5)+1 < 64-8*(\ng)
	POLY_A
	.elseif ((\s) - 5 * ((\s) / 5)) == 3 && 2*((\s)/5)+1 < 64-8*(\ng)
	POLY_B
	.endif
.endm

/* With sixteen blocks' rounds (zmm): four groups in the lanes, 32 blocks
 * scalar; with eight (ymm, which leave the vector ports half idle): six
 * groups, 16 blocks. */
.macro MIX s
	MIXG	\s, 4
.endm

.macro MIX8 s
	MIXG	\s, 6
.endm

/* The limbs TO44 left (r^(8-k)) as lane LANE_OF(k) of PL (frame at rsp +
 * 8: called). */
.macro STORE_PL k
	STORE_P	8+PL+8*LANE_OF(\k), 8+PL+64+8*LANE_OF(\k), 8+PL+128+8*LANE_OF(\k), 8+PL+192+8*LANE_OF(\k), 8+PL+256+8*LANE_OF(\k), %rsp
.endm

/* A power's limbs in A0..A2 (lanes of mask k2) and their q into field
 * f = 0..4 of PB at m (called: the frame at rsp + 8). Clobbers T0. */
.macro STORE_PB m
	vmovdqu64 A0, 8+PB+8*\m(%rsp){%k2}
	vmovdqu64 A1, 8+PB+72+8*\m(%rsp){%k2}
	vmovdqu64 A2, 8+PB+144+8*\m(%rsp){%k2}
	Q20	A1, T0
	vmovdqu64 T0, 8+PB+216+8*\m(%rsp){%k2}
	Q20	A2, T0
	vmovdqu64 T0, 8+PB+288+8*\m(%rsp){%k2}
.endm

/* k = the 16-bit mask m. */
.macro KMASK k, m
	movl	$\m, %eax
	kmovw	%eax, \k
.endm

/* The product in LU reduced into A0..A2, and its lanes of the mask
 * \lanes stored into PB at \m (STORE_PB \m; called: the frame at rsp +
 * 8). Clobbers what REDUCE and STORE_PB do, eax and k2. */
.macro REDUCE_PB lanes, m
	REDUCE
	KMASK	%k2, \lanes
	STORE_PB \m
.endm

/*
 * Slot s of the first step's rounds (nothing to absorb yet): the powers
 * into the frame, r0, r1, s1 in r11, r12, r13. Slots 0..21: r .. r^8 into
 * the lanes of PL (scalar MUL_R, as poly1305-avx512ifma's .Lpowers, three
 * slots a power); 22: r^8 into PB; then lane-wise, each product's limbs
 * stored (masked) into PB: 24, 28: r^16 = r^8 r^8; 32, 36: [r^24, r^32] =
 * [r^8, r^16] r^16; 40, 44: [r^40 .. r^64] = [r^8 .. r^32] r^32, and the
 * lanes A zeroed. Called: the frame is at rsp + 8.
 */
.macro PMIX s
	.if (\s) == 0
	movq	%r11, %r8
	movq	%r12, %r9
	xorl	%r10d, %r10d
	TO44
	STORE_PL 7
	.elseif (\s) < 22
	.if ((\s) - 3 * ((\s) / 3)) == 2
	MUL_R_PRODUCTS
	.elseif ((\s) - 3 * ((\s) / 3)) == 0
	MUL_R_REDUCE
	TO44
	STORE_PL 7-(\s)/3
	.endif
	.elseif (\s) == 22
	.irp f, 0, 1, 2, 3, 4
	movq	8+PL+64*\f(%rsp), %rax
	movq	%rax, 8+PB+72*\f+8(%rsp)
	.endr
	.elseif (\s) == 24
	vpbroadcastq 8+PL(%rsp), A0
	vpbroadcastq 8+PL+64(%rsp), A1
	vpbroadcastq 8+PL+128(%rsp), A2
	ZERO_LU
	MADD	A0, A1, A2, 8+PL(%rsp){1to8}, 8+PL+64(%rsp){1to8}, 8+PL+128(%rsp){1to8}, 8+PL+192(%rsp){1to8}, 8+PL+256(%rsp){1to8}
	.elseif (\s) == 28
	REDUCE_PB 1, 2
	.elseif (\s) == 32
	vpbroadcastq 8+PL(%rsp), M0
	vpbroadcastq 8+PL+64(%rsp), M1
	vpbroadcastq 8+PL+128(%rsp), M2
	KMASK	%k1, 0xaa
	vmovdqa64 A0, M0{%k1}
	vmovdqa64 A1, M1{%k1}
	vmovdqa64 A2, M2{%k1}
	ZERO_LU
	MADD_POWER M0, M1, M2, 8+PB+16, %rsp
	.elseif (\s) == 36
	REDUCE_PB 3, 3
	.elseif (\s) == 40
	KMASK	%k1, 0xf
	vmovdqu64 8+PB+8(%rsp), M0{%k1}{z}
	vmovdqu64 8+PB+72+8(%rsp), M1{%k1}{z}
	vmovdqu64 8+PB+144+8(%rsp), M2{%k1}{z}
	ZERO_LU
	MADD_POWER M0, M1, M2, 8+PB+32, %rsp
	.elseif (\s) == 44
	REDUCE_PB 0xf, 5
	kxorw	%k1, %k1, %k1
	kxorw	%k2, %k2, %k2
	vpxorq	A0, A0, A0
	vpxorq	A1, A1, A1
	vpxorq	A2, A2, A2
	.endif
.endm

/* Four quarter-rounds on the sixteen word registers (QR_WORDS) with slots
 * \slot .. \slot + 3 of \mix after its four steps. */
.macro QRM mix, a0,b0,c0,d0, a1,b1,c1,d1, a2,b2,c2,d2, a3,b3,c3,d3, slot
	STEP4	16, \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3
	\mix	\slot
	STEP4	12, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3
	\mix	\slot+1
	STEP4	8, \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3
	\mix	\slot+2
	STEP4	7, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3
	\mix	\slot+3
.endm

/* The 20 rounds of sixteen (w = zmm, n = 16) or eight (ymm, 8) blocks
 * with \mix's slots among them, between WORDS_IN and WORDS_OUT. */
.macro ROUNDS_MIX mix, w, n, ctr
	WORDS_IN \w, \ctr
	.irp dr, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9
	QRM	\mix, %\w\()0,%\w\()4,%\w\()8,%\w\()12, %\w\()1,%\w\()5,%\w\()9,%\w\()13, %\w\()2,%\w\()6,%\w\()10,%\w\()14, %\w\()3,%\w\()7,%\w\()11,%\w\()15, 8*\dr
	QRM	\mix, %\w\()0,%\w\()5,%\w\()10,%\w\()15, %\w\()1,%\w\()6,%\w\()11,%\w\()12, %\w\()2,%\w\()7,%\w\()8,%\w\()13, %\w\()3,%\w\()4,%\w\()9,%\w\()14, 8*\dr+4
	.endr
	WORDS_OUT \w, \n
.endm

/* The function \name: ROUNDS_MIX \mix, \w, \n, \ctr and return. */
.macro ROUNDS_FN name, mix, w, n, ctr
.type	\name, @function
.balign	32
\name:
	ROUNDS_MIX \mix, \w, \n, \ctr
	ret
.size	\name, .-\name
.endm

/* The 20 rounds of sixteen blocks with a step's MAC (MIX) among them, and
 * WORDS_OUT; r8..r13, r15, rsi, MASK44 and PAD as MIX needs them. */
ROUNDS_FN .Lrounds_mac, MIX, zmm, 16, .Lctr16

/* The same with eight blocks (a last part of at most 512 bytes). */
ROUNDS_FN .Lrounds_mac8, MIX8, ymm, 8, .Lctr8

/* The first step's rounds, sixteen blocks, with the powers computed among
 * them (PMIX); r11..r13 and MASK44 as PMIX needs them. */
ROUNDS_FN .Lrounds_pow, PMIX, zmm, 16, .Lctr16

/* A step's MAC alone (the last whole step's, when no part follows), all
 * in the lanes, as the vector ports have nothing else to do:
 *	A = A r^64 + (G_0 + h_s) r^56 + G_1 r^48 + ... + G_6 r^8 + G_7,
 * G_0..G_3 at r15, G_4..G_7 at rsi; h_s (r8, r9, r10) is 0 after.
 * Called: the frame is at rsp + 8. */
.type	.Lmac_step, @function
.balign	32
.Lmac_step:
	TO44
	vmovq	%rax, %xmm0
	vmovq	%rbx, %xmm1
	vmovq	%rcx, %xmm2
	xorl	%r8d, %r8d
	xorl	%r9d, %r9d
	xorl	%r10d, %r10d
	ZERO_U
	SPLIT8	384, L0, L1, L2, %rsi
	SPLIT8	0, M0, M1, M2, %r15
	vpaddq	%zmm0, M0, M0
	vpaddq	%zmm1, M1, M1
	vpaddq	%zmm2, M2, M2
	MADD_POWER M0, M1, M2, 8+PB+8*7, %rsp
	MADD_POWER A0, A1, A2, 8+PB+8*8, %rsp
	.irp g, 1, 2, 3, 4, 5, 6
	.if \g < 4
	SPLIT8	128*\g, M0, M1, M2, %r15
	.else
	SPLIT8	128*(\g-4), M0, M1, M2, %rsi
	.endif
	MADD_POWER M0, M1, M2, 8+PB+8*(7-\g), %rsp
	.endr
	REDUCE
	ret
.size	.Lmac_step, .-.Lmac_step

/* l += h_s waiting in zmm0..zmm2 (lane 0), which is zero after. */
.macro ADD_HS l0, l1, l2
	vpaddq	%zmm0, \l0, \l0
	vpaddq	%zmm1, \l1, \l1
	vpaddq	%zmm2, \l2, \l2
	vpxorq	%zmm0, %zmm0, %zmm0
	vpxorq	%zmm1, %zmm1, %zmm1
	vpxorq	%zmm2, %zmm2, %zmm2
.endm

/* The n (a multiple of 16) bytes at p absorbed alone: A = A r^16 + G_a
 * r^8 + G_b two groups at a time, A = A r^8 + G for one, then the last
 * k = 1..7 blocks as the group of 128
 * bytes that ends with them, loaded under a mask (the words before the
 * part are never read), the other lanes zero: A = A r^k + T. The scalar
 * h_s waiting in zmm0..zmm2 (lane 0) joins the first group (G_a), or, when
 * the part has no whole group, the lane of T weighted r^k; it is zero
 * after.
 * rbp is the frame. Clobbers rax, rdx, k1..k4 (cleared). */
.macro ABSORB_HALF p, n
90:	cmpq	$256, \n
	jb	91f
	ZERO_U
	SPLIT8	0, M0, M1, M2, \p
	SPLIT8	128, L0, L1, L2, \p
	ADD_HS	M0, M1, M2
	MADD_POWER M0, M1, M2, PB+8, %rbp
	MADD_POWER A0, A1, A2, PB+16, %rbp
	REDUCE
	addq	$256, \p
	subq	$256, \n
	jmp	90b
91:	cmpq	$128, \n
	jb	92f
	ZERO_U
	SPLIT8	0, L0, L1, L2, \p
	ADD_HS	L0, L1, L2
	MADD_POWER A0, A1, A2, PB+8, %rbp
	REDUCE
	addq	$128, \p
	subq	$128, \n
92:	testq	\n, \n
	jz	93f
	movq	\n, %rax
	shrq	$4, %rax			/* k */
	leaq	-128(\p,\n), \p
	leaq	.Lqmask(%rip), %rdx
	kmovw	(%rdx,%rax,2), %k2
	kshiftrw $8, %k2, %k3
	leaq	.Llanes(%rip), %rdx
	kmovw	(%rdx,%rax,2), %k1
	leaq	.Lplane(%rip), %rdx
	movzbl	(%rdx,%rax), %eax		/* the lane of block 8 - k, of r^k */
	xorl	%edx, %edx
	btsl	%eax, %edx
	kmovw	%edx, %k4
	vmovdqu64 (\p), L2{%k2}{z}
	vmovdqu64 64(\p), L1{%k3}{z}
	vpunpcklqdq L1, L2, L0
	vpunpckhqdq L1, L2, L2
	SPLIT_LIMBS L0, L1, L2
	vmovdqa64 L2, L2{%k1}{z}
	vpxorq	U0, U0, U0			/* h_s from lane 0 to lane k4 */
	vpermq	%zmm0, U0, U1{%k4}{z}
	vpaddq	U1, L0, L0
	vpermq	%zmm1, U0, U1{%k4}{z}
	vpaddq	U1, L1, L1
	vpermq	%zmm2, U0, U1{%k4}{z}
	vpaddq	U1, L2, L2
	ZERO_U
	leaq	(%rbp,%rax,8), %rdx
	MADD	A0, A1, A2, PL(%rdx){1to8}, PL+64(%rdx){1to8}, PL+128(%rdx){1to8}, PL+192(%rdx){1to8}, PL+256(%rdx){1to8}
	REDUCE
	kxorw	%k1, %k1, %k1
	kxorw	%k2, %k2, %k2
	kxorw	%k3, %k3, %k3
	kxorw	%k4, %k4, %k4
93:
.endm

/* The whole 16-byte blocks of the last part, rcx (> 0) bytes: up to 512
 * at MAC0 (its first entry), the rest at MAC1; h_s (HS) joins them, and
 * HS is zero after. Called: the frame is at rsp + 8. */
.type	.Labsorb, @function
.balign	32
.Labsorb:
	leaq	8(%rsp), %rbp
	vpbroadcastq .Lmask44(%rip), MASK44
	vpbroadcastq .Lpad(%rip), PAD
	movq	%rcx, %rsi
	movq	HS(%rbp), %r8
	movq	HS+8(%rbp), %r9
	movq	HS+16(%rbp), %r10
	TO44
	vmovq	%rax, %xmm0
	vmovq	%rbx, %xmm1
	vmovq	%rcx, %xmm2
	xorl	%eax, %eax
	movq	%rax, HS(%rbp)
	movq	%rax, HS+8(%rbp)
	movq	%rax, HS+16(%rbp)
	movq	%rsi, %rcx
	movq	MAC0(%rbp), %r8
	movq	MAC1(%rbp), %r9
	movl	$512, %ebx
	cmpq	%rbx, %rcx
	cmovbq	%rcx, %rbx
	subq	%rbx, %rcx
	ABSORB_HALF %r8, %rbx
	ABSORB_HALF %r9, %rcx
	ret
.size	.Labsorb, .-.Labsorb


/* A step's MAC of the step before (at MAC0, MAC1), h_s from and back to
 * HS: with the rounds (fn .Lrounds_mac, .Lrounds_mac8 with ng = 6) or
 * alone (.Lmac_step). */
.macro STEP_MAC fn, ng=4
	movq	MAC0(%rsp), %r15
	movq	MAC1(%rsp), %rbp
	leaq	128*(\ng-4)(%rbp), %rsi
	movq	HS(%rsp), %r8
	movq	HS+8(%rsp), %r9
	movq	HS+16(%rsp), %r10
	vpbroadcastq .Lmask44(%rip), MASK44
	vpbroadcastq .Lpad(%rip), PAD
	call	\fn
	movq	%r8, HS(%rsp)
	movq	%r9, HS+8(%rsp)
	movq	%r10, HS+16(%rsp)
.endm

/* One entry's 512 bytes or fewer (rcx; a step in pieces says its own) of
 * a table step after OUTPUT16 0, the entry at SRC + half / 32: XORed from
 * KS + half where it lies (to DST + half in OPEN_STEPS), or SPLIT; MAC0 or
 * MAC1 then says where its ciphertext is. */
.macro HALF_OUT mode, half
	STEP_ENTRY \mode, \half, %rdx, %rsi, 81f
	movq	%rdx, MAC0 + \half / 64(%rsp)
	XOR_KS	KS+\half, 64
	jmp	82f
81:	SPLIT	\mode, \half
	movq	%rsi, MAC0 + \half / 64(%rsp)
82:
.endm

/* The output of a whole step (after WORDS_OUT), and SRC, DST, LEFT
 * advanced past it. */
.macro STEP_OUT mode
	.if \mode == SEAL
	movq	SRC(%rsp), %rdx
	movq	DST(%rsp), %rsi
	leaq	512(%rdx), %r14
	leaq	512(%rsi), %r15
	OUTPUT16 1, 1
	movq	%rsi, MAC0(%rsp)
	movq	%r15, MAC1(%rsp)
	addq	$1024, SRC(%rsp)
	addq	$1024, DST(%rsp)
	.else
	movq	SRC(%rsp), %rbp
	movq	8(%rbp), %rax
	orq	24(%rbp), %rax
	jnz	71f
	movq	(%rbp), %rdx
	movq	16(%rbp), %r14
	.if \mode == SEAL_STEPS
	movq	%rdx, %rsi
	movq	%r14, %r15
	.else
	movq	DST(%rsp), %rsi
	leaq	512(%rsi), %r15
	.endif
	OUTPUT16 1, 1
	movq	%rdx, MAC0(%rsp)
	movq	%r14, MAC1(%rsp)
	jmp	72f
71:	OUTPUT16 0
	movl	$512, %ecx
	HALF_OUT \mode, 0
	movl	$512, %ecx
	HALF_OUT \mode, 512
72:	addq	$32, SRC(%rsp)
	.if \mode == OPEN_STEPS
	addq	$1024, DST(%rsp)
	.endif
	.endif
	subq	$1024, LEFT(%rsp)
.endm

/* The last part's 1..1023 bytes (LEFT) from the keystream in KS. */
.macro TAIL_OUT mode
	.if \mode == SEAL
	movq	SRC(%rsp), %rdx
	movq	DST(%rsp), %rsi
	movq	LEFT(%rsp), %rcx
	XOR_KS	KS, 64
	movq	DST(%rsp), %rax
	movq	%rax, MAC0(%rsp)
	addq	$512, %rax
	movq	%rax, MAC1(%rsp)
	.else
	movq	LEFT(%rsp), %rcx
	movl	$512, %eax
	cmpq	%rax, %rcx
	cmovaq	%rax, %rcx
	HALF_OUT \mode, 0
	movq	LEFT(%rsp), %rcx
	subq	$512, %rcx
	jbe	73f
	HALF_OUT \mode, 512
73:
	.endif
.endm

.macro AEAD_KERNEL mode
	KERNEL_ENTRY \mode, %r15
	movq	%rsi, DST(%rsp)		/* SEAL too: dst */
	/* h waits in HS for the first group absorbed; the lanes start at 0. */
	LOAD_H_R %r15
	movq	%r8, HS(%rsp)
	movq	%r9, HS+8(%rsp)
	movq	%r10, HS+16(%rsp)
	vpbroadcastq .Lmask44(%rip), MASK44

	cmpq	$1024, LEFT(%rsp)
	jb	.Ltail_first\mode
	/* The first step: no ciphertext to absorb yet; the powers. */
	call	.Lrounds_pow
	STEP_OUT \mode
.Lnext\mode:
	cmpq	$1024, LEFT(%rsp)
	jb	.Ltail\mode
	STEP_MAC .Lrounds_mac
	STEP_OUT \mode
	jmp	.Lnext\mode

.Ltail\mode:
	cmpq	$0, LEFT(%rsp)
	je	.Lalone\mode
	/* 1..1023 bytes left: four blocks (up to 256 bytes, one per 128-bit
	 * lane, as chacha20-avx512.S does) after the last whole step is
	 * absorbed alone, or eight (up to 512) or sixteen while it is, into
	 * KS. */
	cmpq	$256, LEFT(%rsp)
	ja	.Ltail8\mode
	STEP_MAC .Lmac_step
	ROWS	zmm, .Lctr4
	LANES	%zmm0, %zmm1, %zmm2, %zmm3, %zmm4, %zmm5, %zmm6, %zmm7
	vmovdqa64 %zmm0, KS(%rsp)
	vmovdqa64 %zmm1, KS+64(%rsp)
	vmovdqa64 %zmm4, KS+128(%rsp)
	vmovdqa64 %zmm6, KS+192(%rsp)
	addl	$4, 48(%rdi)
	jmp	.Lpart\mode
.Ltail8\mode:
	cmpq	$512, LEFT(%rsp)
	ja	.Ltail16\mode
	STEP_MAC .Lrounds_mac8, 6
	OUTPUT8VL 0
	jmp	.Lpart\mode
.Ltail16\mode:
	STEP_MAC .Lrounds_mac
	jmp	.Lpart16\mode
.Ltail_first\mode:
	call	.Lrounds_pow
.Lpart16\mode:
	OUTPUT16 0
.Lpart\mode:
	TAIL_OUT \mode
	movq	LEFT(%rsp), %rcx
	andq	$-16, %rcx
	jz	.Lfold\mode
	call	.Labsorb
	jmp	.Lfold\mode
.Lalone\mode:
	/* The last whole step, absorbed alone. */
	STEP_MAC .Lmac_step
.Lfold\mode:
	call	.Lfold
	movl	CTR(%rsp), %eax
	movl	%eax, 48(%rdi)

	movq	ORIG(%rsp), %rcx
	vpxord	%zmm0, %zmm0, %zmm0
	xorl	%eax, %eax
	ZERO_STACK 64, $FRAME
	vzeroall
	.irp n, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	vpxord	%xmm\n, %xmm\n, %xmm\n
	.endr
	movq	%rcx, %rsp
	EPILOGUE
	ret
.endm

/* h = A_0 r^8 + A_1 r^7 + ... + A_7 r (the lanes of PL), summed, carried,
 * packed, plus h_s (HS: h2 <= 4 each, so at most 9, and its bits from 2
 * up folded back by 2^130 = 5: h2 <= 4), into the state at POLY. Called:
 * the frame is at rsp + 8. */
.type	.Lfold, @function
.balign	32
.Lfold:
	vpbroadcastq .Lmask44(%rip), MASK44
	ZERO_LU
	MADD	A0, A1, A2, 8+PL(%rsp), 8+PL+64(%rsp), 8+PL+128(%rsp), 8+PL+192(%rsp), 8+PL+256(%rsp)
	REDUCE
	vmovdqa64 A0, %zmm0
	vmovdqa64 A1, %zmm1
	vmovdqa64 A2, %zmm2
	HSUM_H
	PACK44
	addq	8+HS(%rsp), %r8
	adcq	8+HS+8(%rsp), %r9
	adcq	8+HS+16(%rsp), %r10
	movq	%r10, %rax
	andq	$3, %r10
	shrq	$2, %rax
	leaq	(%rax,%rax,4), %rax
	addq	%rax, %r8
	adcq	$0, %r9
	adcq	$0, %r10
	movq	8+POLY(%rsp), %rax
	movq	%r8, H0(%rax)
	movq	%r9, H1(%rax)
	movq	%r10, H2(%rax)
	ret
.size	.Lfold, .-.Lfold

.globl	chacha20poly1305_avx512ifma
.hidden	chacha20poly1305_avx512ifma
.type	chacha20poly1305_avx512ifma, @function
.balign	32
ZINC_ENTRY chacha20poly1305_avx512ifma
	AEAD_KERNEL SEAL
.size	chacha20poly1305_avx512ifma, .-chacha20poly1305_avx512ifma

.globl	chacha20poly1305_avx512ifma_steps
.hidden	chacha20poly1305_avx512ifma_steps
.type	chacha20poly1305_avx512ifma_steps, @function
.balign	32
ZINC_ENTRY chacha20poly1305_avx512ifma_steps
	AEAD_KERNEL SEAL_STEPS
.size	chacha20poly1305_avx512ifma_steps, .-chacha20poly1305_avx512ifma_steps

.globl	chacha20poly1305_avx512ifma_open
.hidden	chacha20poly1305_avx512ifma_open
.type	chacha20poly1305_avx512ifma_open, @function
.balign	32
ZINC_ENTRY chacha20poly1305_avx512ifma_open
	AEAD_KERNEL OPEN_STEPS
.size	chacha20poly1305_avx512ifma_open, .-chacha20poly1305_avx512ifma_open
