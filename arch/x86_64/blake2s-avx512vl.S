/* SPDX-License-Identifier: MIT */
/*
 * BLAKE2s compression function F (RFC 7693 section 3.2) for x86-64 with
 * AVX-512F and AVX-512VL (EVEX on xmm and ymm), one 64-byte block after
 * another.
 *
 * void blake2s_compress_avx512vl(struct blake2s_state *state,
 *				  const uint8_t *block, size_t nblocks,
 *				  uint32_t inc)
 *	rdi state (h[8] at 0, t[2] at 32, f[2] at 40), rsi block, rdx nblocks,
 *	ecx inc. For each block: t += inc as one 64-bit number (t[0] low), then
 *	h = F(h, block, t, f). Writes h and t back; f is left as it was.
 *
 * The work vector is laid out as in blake2s-avx.S: rows a (v0..v3), b
 * (v4..v7), c (v8..v11), d (v12..v15), one xmm each; the four G of a
 * column step run on the lanes at once, and for the diagonal step rows a,
 * c and d are rotated (vpshufd) so that lane j holds the diagonal G whose
 * b is v[4 + j].
 *
 * Rotations. The plain form of G's steps, d = (d ^ a) >>> r, is an xor
 * then a two-cycle vprord on the path from a to d. As rotation is linear
 * over xor, (d ^ a) >>> r = (d >>> r) ^ (a >> r) ^ (a << (32 - r)) (the two
 * shifts of a have no bit in common): d >>> r is computed before a is
 * ready, and a's two one-cycle shifts meet it in one vpternlogd (0x96, a
 * three-input xor). The path from a to d is two cycles, not three, and the
 * same for c to b. The early rotation is vprord for d (by 16 and 8) but
 * two shifts and vpord for b (by 12 and 7): b's early rotation issues in
 * the same cycles as the shifts of a on the path, and a vprord there
 * delays them on Zen 4 (the variants measured:
 * bench/results/2026-12-04-zen4-blake2s-avx512vl.md).
 *
 * Message schedule: the sixteen words live in two ymm registers in the
 * order the round uses them: W0 = { x of the four column G, y of the
 * four column G }, W1 = { x of the four diagonal G (in lane order), y of
 * them }. Each round takes its order from the previous round's with two
 * vpermi2d (two sources, sixteen words) and a constant index table
 * (.Lperm: the first from the block as loaded, then one per round). The
 * x vectors are then the low halves of W0 and W1 as they are; the y
 * vectors come out of the high halves with vextracti32x4. No gather, no
 * scalar load of a message word, no address that depends on the data.
 * W alternates between ymm4/ymm6 (rounds 0, 2, ...) and ymm8/ymm9 (the
 * block, then rounds 1, 3, ...): vpermi2d writes over its index register,
 * so each round's tables are loaded into the other pair.
 *
 * Register plan.
 *   xmm0..xmm3   rows a, b, c, d
 *   ymm4, ymm6   W0, W1 in even rounds (xmm4, xmm6: column x, diagonal x)
 *   ymm8, ymm9   the block (words 0..7, 8..15), then W0, W1 in odd rounds
 *   xmm5, xmm7   column y, diagonal y (high halves of W0, W1)
 *   xmm10, xmm11 h[0..3], h[4..7], kept across blocks
 *   xmm12        { t[0], t[1], f[0], f[1] }
 *   xmm13        { inc, 0, 0, 0 }: added to the 64-bit counter lane of xmm12
 *   xmm14, xmm15 scratch: the shifts of a and of c
 *   xmm16, xmm17 scratch: b's early rotation (EVEX only)
 *
 * Nothing goes to the stack. vzeroall on return wipes ymm0..ymm15, and
 * xmm16, xmm17 are zeroed before it (the message, the work vector and
 * the chain value are secret); xmm18..xmm31 are not touched.
 *
 * Constant time (reviewed by hand: valgrind cannot execute AVX-512, so
 * ci/ct.sh lists this row as not checked): the one branch counts blocks
 * (rdx); the message permutation is vpermi2d with constant index tables,
 * never a secret index into memory; every address is the state, the input
 * pointer advanced by 64 bytes, or a constant table.
 *
 * CPU features: AVX-512F and AVX-512VL (vprord, vpternlogd, vpord,
 * vpermi2d, vextracti32x4, xmm16 and xmm17, on xmm and ymm); nothing of
 * AVX2, so the row stays right with ZINC_CPU_DISABLE=avx2 too.
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"
#include "blake2s-macros.h"

BLAKE2S_IV

.section .rodata

/*
 * vpermi2d indexes, two of eight dwords a round: 0..7 pick a word of the
 * first source (W0 of the round before, or block words 0..7), 8..15 of the
 * second. The comments name the message words each round then holds:
 * sigma[r][0, 2, 4, 6], [1, 3, 5, 7] for W0 and [14, 8, 10, 12],
 * [15, 9, 11, 13] for W1 (RFC 7693 section 2.7).
 */
.balign 32
.Lperm:
	/* round 0: from the block */
	.long	 0,  2,  4,  6,  1,  3,  5,  7	/* words 0 2 4 6 1 3 5 7 */
	.long	14,  8, 10, 12, 15,  9, 11, 13	/* words 14 8 10 12 15 9 11 13 */
	/* round 1: from round 0's order */
	.long	 8,  2, 13, 15, 10,  9, 12,  3	/* words 14 4 9 13 10 8 15 6 */
	.long	 6,  4,  0, 14,  5, 11,  1,  7	/* words 5 1 0 11 3 12 2 7 */
	/* round 2: from round 1's order */
	.long	11, 13,  8,  6,  5, 10, 14,  3	/* words 11 12 5 15 8 0 2 13 */
	.long	 2,  4, 12, 15,  1,  0,  7,  9	/* words 9 10 3 7 4 14 6 1 */
	/* round 3: from round 2's order */
	.long	11, 10,  7,  0,  8, 15,  1, 13	/* words 7 3 13 11 9 1 12 14 */
	.long	 3,  6,  2, 12,  4, 14,  9,  5	/* words 15 2 5 4 8 6 10 0 */
	/* round 4: from round 3's order */
	.long	 4, 10,  9, 14, 15,  0, 11,  8	/* words 9 5 2 10 0 7 4 15 */
	.long	 1,  7,  3, 13,  2,  5,  6, 12	/* words 3 14 11 6 13 1 12 8 */
	/* round 5: from round 4's order */
	.long	 2, 11,  4, 15, 14,  3, 10,  8	/* words 2 6 0 8 12 10 11 3 */
	.long	13,  6,  5,  7,  0, 12,  1,  9	/* words 1 4 7 15 9 13 5 14 */
	/* round 6: from round 5's order */
	.long	 4,  8, 15,  9, 14, 11, 13,  5	/* words 12 1 14 4 5 15 13 10 */
	.long	 3,  2,  1, 12,  6, 10,  7,  0	/* words 8 0 6 9 11 7 3 2 */
	/* round 7: from round 6's order */
	.long	 6, 13,  0, 14, 12,  2,  1, 11	/* words 13 7 12 3 11 14 1 9 */
	.long	15,  4,  5,  8,  7,  9,  3, 10	/* words 2 5 15 8 10 0 4 6 */
	/* round 8: from round 7's order */
	.long	15,  5,  4, 13, 10,  7,  3, 11	/* words 6 14 11 0 15 9 3 8 */
	.long	12,  2,  0,  6,  9,  8,  1, 14	/* words 10 12 13 1 5 2 7 4 */
	/* round 9: from round 8's order */
	.long	 8,  7, 14, 11, 13, 15,  0, 12	/* words 10 8 7 1 2 4 6 5 */
	.long	10,  4,  5,  6,  3,  2,  1,  9	/* words 13 15 9 3 0 11 14 12 */

.text

/* Half of G (RFC 7693 section 3.1) on all four lanes: a = a + b + m;
 * d = (d ^ a) >>> r1; c = c + d; b = (b ^ c) >>> r2; each rotation of an
 * xor split as the header says: d >>> r1 by vprord, b >>> r2 by two shifts
 * and an or (xmm16, xmm17 scratch). */
.macro HALF_G m, r1, r2
	vpaddd	\m, %xmm0, %xmm0
	vpaddd	%xmm1, %xmm0, %xmm0
	vprord	$\r1, %xmm3, %xmm3
	vpsrld	$\r1, %xmm0, %xmm14
	vpslld	$(32 - \r1), %xmm0, %xmm15
	vpternlogd $0x96, %xmm15, %xmm14, %xmm3
	vpaddd	%xmm3, %xmm2, %xmm2
	vpsrld	$\r2, %xmm1, %xmm16
	vpslld	$(32 - \r2), %xmm1, %xmm17
	vpord	%xmm16, %xmm17, %xmm1
	vpsrld	$\r2, %xmm2, %xmm14
	vpslld	$(32 - \r2), %xmm2, %xmm15
	vpternlogd $0x96, %xmm15, %xmm14, %xmm1
.endm

/* Round r: W0, W1 (ymm w0, w1) from the previous order in ymm p0, p1, then
 * the two steps. x0, x1 are the xmm names of w0, w1. */
.macro ROUND r, p0, p1, w0, w1, x0, x1
	vmovdqa	(.Lperm + 64 * \r)(%rip), \w0
	vmovdqa	(.Lperm + 64 * \r + 32)(%rip), \w1
	vpermi2d \p1, \p0, \w0
	vpermi2d \p1, \p0, \w1
	vextracti32x4 $1, \w0, %xmm5
	vextracti32x4 $1, \w1, %xmm7
	HALF_G	\x0, 16, 12
	HALF_G	%xmm5, 8, 7
	TO_DIAGONALS
	HALF_G	\x1, 16, 12
	HALF_G	%xmm7, 8, 7
	TO_COLUMNS
.endm

.macro EVEN_ROUND r
	ROUND	\r, %ymm8, %ymm9, %ymm4, %ymm6, %xmm4, %xmm6
.endm

.macro ODD_ROUND r
	ROUND	\r, %ymm4, %ymm6, %ymm8, %ymm9, %xmm8, %xmm9
.endm

.globl blake2s_compress_avx512vl
.type blake2s_compress_avx512vl, @function
.balign 32
ZINC_ENTRY blake2s_compress_avx512vl
	endbr64
	BLAKE2S_LOAD %xmm10, %xmm11, %xmm12, %xmm13, .Lout

.Lblock:
	/* t += inc: one 64-bit add, so the carry from t[0] into t[1] and the
	 * wrap at 2^64 come with it. */
	vpaddq	%xmm13, %xmm12, %xmm12
	vmovdqu	(%rsi), %ymm8
	vmovdqu	32(%rsi), %ymm9
	BLAKE2S_INIT %xmm10, %xmm11, %xmm12

	EVEN_ROUND 0
	ODD_ROUND 1
	EVEN_ROUND 2
	ODD_ROUND 3
	EVEN_ROUND 4
	ODD_ROUND 5
	EVEN_ROUND 6
	ODD_ROUND 7
	EVEN_ROUND 8
	ODD_ROUND 9

	/* h[i] ^= v[i] ^ v[i + 8] */
	vpternlogd $0x96, %xmm2, %xmm0, %xmm10
	vpternlogd $0x96, %xmm3, %xmm1, %xmm11
	addq	$64, %rsi
	decq	%rdx
	jnz	.Lblock

	vpxord	%xmm16, %xmm16, %xmm16
	vpxord	%xmm17, %xmm17, %xmm17
	BLAKE2S_STORE %xmm10, %xmm11, %xmm12, .Lout
.size blake2s_compress_avx512vl, .-blake2s_compress_avx512vl
