/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20 (RFC 8439) for x86-64 with AVX-512F on 512-bit registers: 32
 * blocks a step (two sixteen-block groups whose rounds are interleaved, so
 * that the core has eight independent quarter-round chains rather than four)
 * while more than 1536 bytes remain (the last such step may be partial),
 * then sixteen blocks once if 1024..1536 remain. The last 1..1023 bytes take
 * the fewest blocks that cover them: one to three sets of four blocks (one
 * block per 128-bit lane) side by side up to 768 bytes, sixteen blocks
 * beyond. Whole blocks are XORed straight into dst; a partial last block is
 * XORed from a keystream copy on the stack, which is wiped before returning.
 * Why these steps: bench/results/2026-12-05-zen4-chacha20.md#steps and #tails.
 *
 * void chacha20_avx512(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len)
 *	rdi state, rsi dst, rdx src, rcx len; state[12] ends advanced by
 *	ceil(len / 64) modulo 2^32 (kept in r8d), word 13 is never touched.
 *	Every group of blocks computes its counters as state[12] + i in 32-bit
 *	lanes, so they wrap modulo 2^32 and never carry into word 13.
 *
 * Register plan.
 *   32 blocks: zmm0..zmm15 hold state words 0..15 of blocks 0..15 (lane j
 *   for block j), zmm16..zmm31 those of blocks 16..31; nothing is left for
 *   constants, so word 12's inputs (counter + 0..15 and + 16..31, mod 2^32)
 *   wait on the stack (CTRA, CTRB) and the other input words are added back
 *   straight from state[] with {1to16} broadcasts. After the rounds the
 *   second group is spilled to the stack (SPILL) while the first is
 *   transposed and written out with zmm16..zmm28 as scratch, then reloaded
 *   into zmm0..zmm15 and written out the same way.
 *   Sixteen blocks: zmm0..zmm15 hold state words 0..15, lane j for block j;
 *   zmm16 is word 12's input (counter + 0..15, mod 2^32); the other input
 *   words are added back straight from state[] with {1to16} broadcasts.
 *   zmm17..zmm24 are scratch for the 4x4 word transposes inside each
 *   128-bit lane, zmm25..zmm28 for the 4x4 transposes of 128-bit lanes.
 *   Sets of four blocks: set s (0..2) in zmm4s..zmm4s+3, its rows (lane k
 *   for block 4s + k); zmm16..zmm18 the input rows 0..2 (shared), zmm19 + s
 *   set s's row 3; zmm23 the step between sets, zmm24..zmm27 scratch for
 *   the lane transposes.
 *
 * Stack frame (64-byte aligned): KS, the keystream of a partial last
 *   block, and SPILL, the second group's words after the rounds, share
 *   bytes 0..1023, which are wiped before returning when either was used
 *   (r11 = bytes to wipe); CTRA / CTRB hold block counters only.
 *
 * CPU features: AVX-512F only (every vector instruction works on zmm, or
 * is VEX on xmm0..xmm15 for the final wipe and the row-3 store).
 *
 * Constant time: the only branches are on the length (rcx) and the loop
 * counter of the rounds; every load and store address depends only on the
 * dst / src / state pointers, the length and the fixed frame layout; no
 * table is indexed by data. Key, nonce and keystream only flow through
 * vector arithmetic, shuffles, loads and stores, whose timing does not
 * depend on the values. (valgrind cannot run AVX-512: ci/ct.sh lists this
 * row as not checked; this is the manual review.)
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

.section .rodata
.balign 64
.Lctr16:	.long 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
.Lctr4:		.long 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0

.text

#define KS	0	/* before chacha20-macros.h: its OUT16B names it */
#include "chacha20-macros.h"
#define SPILL	0	/* the 32-block loop's second group, over KS */
#define CTRA	1024	/* word 12's input, first and second group */
#define CTRB	1088
#define FRAME	1152

.section .rodata
.balign 16
.Linc4:		.long 4, 0, 0, 0	/* four blocks further */
.text

/* Sixteen keystream blocks for counter state[12] + 0..15, XORed into dst
 * (out = 1) or as pieces (out = 2). */
.macro BLOCKS16 out
	WORDS	zmm, 16, .Lctr16
	OUTPUT16 \out
.endm

/* x += y; z ^= x; z <<<= n in two groups of four independent register
 * triples (the two sixteen-block groups of the 32-block step), one group's
 * four then the other's: measured faster on Zen 4 than the eight adds, then
 * eight xors, then eight rotates
 * (bench/results/2026-12-05-zen4-chacha20.md#steps). */
.macro STEP4X2 n, x0,y0,z0, x1,y1,z1, x2,y2,z2, x3,y3,z3, X0,Y0,Z0, X1,Y1,Z1, X2,Y2,Z2, X3,Y3,Z3
	STEP4	\n, \x0,\y0,\z0, \x1,\y1,\z1, \x2,\y2,\z2, \x3,\y3,\z3
	STEP4	\n, \X0,\Y0,\Z0, \X1,\Y1,\Z1, \X2,\Y2,\Z2, \X3,\Y3,\Z3
.endm

/* QR_WORDS on two groups of sixteen registers, step by step side by side:
 * eight independent quarter-rounds. Lower-case: first group, upper-case:
 * second. */
.macro QR_WORDS2 a0,b0,c0,d0, a1,b1,c1,d1, a2,b2,c2,d2, a3,b3,c3,d3, A0,B0,C0,D0, A1,B1,C1,D1, A2,B2,C2,D2, A3,B3,C3,D3
	STEP4X2	16, \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3, \A0,\B0,\D0, \A1,\B1,\D1, \A2,\B2,\D2, \A3,\B3,\D3
	STEP4X2	12, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3, \C0,\D0,\B0, \C1,\D1,\B1, \C2,\D2,\B2, \C3,\D3,\B3
	STEP4X2	8, \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3, \A0,\B0,\D0, \A1,\B1,\D1, \A2,\B2,\D2, \A3,\B3,\D3
	STEP4X2	7, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3, \C0,\D0,\B0, \C1,\D1,\B1, \C2,\D2,\B2, \C3,\D3,\B3
.endm

/* zmm0..zmm15 hold the sixteen words of sixteen blocks after the rounds,
 * their word 12's input at \ctr(%rsp): the feed-forward (the other words
 * straight from state[] with {1to16} broadcasts), the transposes (zmm17..28
 * scratch, as WORDS leaves them), and the 1024 bytes XORed into dst. */
.macro FINISH16 ctr, out
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	vpaddd	4 * \i(%rdi){1to16}, %zmm\i, %zmm\i
	.endr
	vpaddd	\ctr(%rsp), %zmm12, %zmm12
	TRANSPOSE %zmm0, %zmm1, %zmm2, %zmm3, %zmm17, %zmm18
	TRANSPOSE %zmm4, %zmm5, %zmm6, %zmm7, %zmm19, %zmm20
	TRANSPOSE %zmm8, %zmm9, %zmm10, %zmm11, %zmm21, %zmm22
	TRANSPOSE %zmm12, %zmm13, %zmm14, %zmm15, %zmm23, %zmm24
	OUT16_GROUPS \out
.endm

/*
 * Thirty-two keystream blocks, counter state[12] + 0..31: two
 * sixteen-block groups, the first in zmm0..zmm15 (counters + 0..15), the
 * second in zmm16..zmm31 (+ 16..31), their rounds interleaved. With all 32
 * registers holding state, word 12's inputs wait at CTRA / CTRB, and the
 * second group is spilled to SPILL while the first is transposed and
 * XORed into the first 1024 bytes at dst. Then rsi and rdx move on by 1024
 * and the second group is XORed into the next 1024 bytes (out = 1), or,
 * with rcx reduced by 1024 as well, given to PIECE (out = 2: 513..1023
 * bytes left for it).
 */
.macro BLOCKS32 out
	vpbroadcastd 48(%rdi), %zmm12
	vpaddd	.Lctr16(%rip), %zmm12, %zmm12
	movl	48(%rdi), %eax
	addl	$16, %eax
	vpbroadcastd %eax, %zmm28
	vpaddd	.Lctr16(%rip), %zmm28, %zmm28
	vmovdqa64 %zmm12, CTRA(%rsp)
	vmovdqa64 %zmm28, CTRB(%rsp)
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	vpbroadcastd 4 * \i(%rdi), %zmm\i
	.endr
	.irp i, 16,17,18,19,20,21,22,23,24,25,26,27,29,30,31
	vpbroadcastd 4 * (\i - 16)(%rdi), %zmm\i
	.endr
	movl	$10, %eax
1:	QR_WORDS2 %zmm0,%zmm4,%zmm8,%zmm12, %zmm1,%zmm5,%zmm9,%zmm13, %zmm2,%zmm6,%zmm10,%zmm14, %zmm3,%zmm7,%zmm11,%zmm15, %zmm16,%zmm20,%zmm24,%zmm28, %zmm17,%zmm21,%zmm25,%zmm29, %zmm18,%zmm22,%zmm26,%zmm30, %zmm19,%zmm23,%zmm27,%zmm31
	QR_WORDS2 %zmm0,%zmm5,%zmm10,%zmm15, %zmm1,%zmm6,%zmm11,%zmm12, %zmm2,%zmm7,%zmm8,%zmm13, %zmm3,%zmm4,%zmm9,%zmm14, %zmm16,%zmm21,%zmm26,%zmm31, %zmm17,%zmm22,%zmm27,%zmm28, %zmm18,%zmm23,%zmm24,%zmm29, %zmm19,%zmm20,%zmm25,%zmm30
	decl	%eax
	jnz	1b
	.irp i, 16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	vmovdqa64 %zmm\i, SPILL + 64 * (\i - 16)(%rsp)
	.endr
	FINISH16 CTRA, 1
	addq	$1024, %rsi
	addq	$1024, %rdx
	.if \out == 2
	subq	$1024, %rcx
	.endif
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	vmovdqa64 SPILL + 64 * \i(%rsp), %zmm\i
	.endr
	FINISH16 CTRB, \out
	addl	$32, 48(%rdi)
.endm

.globl chacha20_avx512
.type chacha20_avx512, @function
.balign 32
ZINC_ENTRY chacha20_avx512
	endbr64
	ENTER_FRAME .Ldone_noframe, FRAME	/* bytes of KS to wipe */

	cmpq	$1024, %rcx
	jb	.Lpart16
	cmpq	$1536, %rcx
	jbe	.Lone16
	WIPE_AT_LEAST 1024	/* SPILL */
.Lloop32:
	/* More than 1536 bytes left. */
	cmpq	$2048, %rcx
	jb	.Lpart32
	BLOCKS32 1
	addq	$1024, %rsi
	addq	$1024, %rdx
	subq	$2048, %rcx
	jz	.Ldone
	cmpq	$1536, %rcx
	ja	.Lloop32
	cmpq	$1024, %rcx
	jb	.Lpart16
.Lone16:
	/* 1024..1536 bytes left. */
	BLOCKS16 1
	addq	$1024, %rsi
	addq	$1024, %rdx
	subq	$1024, %rcx
	jz	.Ldone
	jmp	.Lpart16

.Lpart32:
	/* 1537..2047 bytes left: 32 blocks, the second group's whole ones
	 * XORed straight into dst. */
	BLOCKS32 2
	PIECES_END 64, .Ldone, .Lxor

.Lpart16:
	/* 1..1023 bytes left: as few four-block sets as cover them, side by
	 * side, up to twelve blocks; sixteen blocks beyond. */
	cmpq	$256, %rcx
	jbe	.Lfour
	cmpq	$512, %rcx
	jbe	.Leight
	cmpq	$768, %rcx
	jbe	.Ltwelve
	BLOCKS16 2
	PIECES_END 64, .Ldone, .Lxor

.Ltwelve:
	ROWS_TAIL 3, KS
.Leight:
	ROWS_TAIL 2, KS
.Lfour:
	ROWS_TAIL 1, KS

.Ltail_ks:
	/* One partial block in KS. */
	WIPE_AT_LEAST 64
.Lxor:
	/* dst = src XOR KS for the rcx (< bytes in KS) bytes left. */
	XOR_KS	KS, 64

.Ldone:
	RETURN_WIPING 64, .Ldone_noframe
.size chacha20_avx512, .-chacha20_avx512
