/* SPDX-License-Identifier: MIT */
/*
 * BLAKE2s compression function F (RFC 7693 section 3.2) for x86-64 with AVX
 * (128-bit VEX), one 64-byte block after another.
 *
 * void blake2s_compress_avx(struct blake2s_state *state, const uint8_t *block,
 *			     size_t nblocks, uint32_t inc)
 *	rdi state (h[8] at 0, t[2] at 32, f[2] at 40), rsi block, rdx nblocks,
 *	ecx inc. For each block: t += inc as one 64-bit number (t[0] low), then
 *	h = F(h, block, t, f). Writes h and t back; f is left as it was.
 *
 * The sixteen words v[0..15] of the work vector are four rows, one xmm each;
 * the four G of a column step run on the lanes at once. For the diagonal
 * step rows a, c and d are rotated by one, three and two lanes instead of
 * row b (b's last update ends each step, so rotating it would lengthen the
 * dependency chain); lane j then holds the diagonal G whose b is v[4 + j],
 * and the message words are loaded in that lane order.
 *
 * Message schedule: each round's four vectors of message words are loaded
 * straight from the block with vmovd + vpinsrd at offsets 4 * sigma[r][i],
 * written out below from the RFC 7693 section 2.7 table. The offsets are
 * constants, so no address depends on the data.
 *
 * Register plan.
 *   xmm0..xmm3   rows a (v0..v3), b (v4..v7), c (v8..v11), d (v12..v15)
 *   xmm4..xmm7   message words: column x, column y, diagonal x, diagonal y
 *   xmm8, xmm9   h[0..3], h[4..7], kept across blocks
 *   xmm10        { inc, 0, 0, 0 }: added to the 64-bit counter lane of xmm14
 *   xmm12, xmm13 vpshufb masks for rotations right by 16 and by 8
 *   xmm14        { t[0], t[1], f[0], f[1] }
 *   xmm15        scratch for the rotations by 12 and 7 (shifts + or)
 *
 * Nothing goes to the stack. vzeroall on return wipes every vector register
 * (the message, the work vector and the chain value are secret).
 *
 * CPU features: AVX (VEX-encoded SSE4.1 vpinsrd and SSSE3 vpshufb).
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"
#include "blake2s-macros.h"

BLAKE2S_IV

.section .rodata
.balign 16
.Lror16:	.byte 2,3,0,1, 6,7,4,5, 10,11,8,9, 14,15,12,13
.Lror8:		.byte 1,2,3,0, 5,6,7,4, 9,10,11,8, 13,14,15,12

.text

/* dst = { m[i0], m[i1], m[i2], m[i3] } from the block at rsi. */
.macro MSG dst, i0, i1, i2, i3
	vmovd	(4 * \i0)(%rsi), \dst
	vpinsrd	$1, (4 * \i1)(%rsi), \dst, \dst
	vpinsrd	$2, (4 * \i2)(%rsi), \dst, \dst
	vpinsrd	$3, (4 * \i3)(%rsi), \dst, \dst
.endm

/* Half of G (RFC 7693 section 3.1) on all four lanes: a = a + b + m;
 * d = (d ^ a) >>> r1 (a vpshufb mask); c = c + d; b = (b ^ c) >>> r2. */
.macro HALF_G m, r1mask, r2
	vpaddd	\m, %xmm0, %xmm0
	vpaddd	%xmm1, %xmm0, %xmm0
	vpxor	%xmm0, %xmm3, %xmm3
	vpshufb	\r1mask, %xmm3, %xmm3
	vpaddd	%xmm3, %xmm2, %xmm2
	vpxor	%xmm2, %xmm1, %xmm1
	vpsrld	$\r2, %xmm1, %xmm15
	vpslld	$(32 - \r2), %xmm1, %xmm1
	vpor	%xmm15, %xmm1, %xmm1
.endm

/* One round with the message schedule s0..s15 = sigma[r]. */
.macro ROUND s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15
	MSG	%xmm4, \s0, \s2, \s4, \s6
	MSG	%xmm5, \s1, \s3, \s5, \s7
	MSG	%xmm6, \s14, \s8, \s10, \s12
	MSG	%xmm7, \s15, \s9, \s11, \s13
	HALF_G	%xmm4, %xmm12, 12
	HALF_G	%xmm5, %xmm13, 7
	TO_DIAGONALS
	HALF_G	%xmm6, %xmm12, 12
	HALF_G	%xmm7, %xmm13, 7
	TO_COLUMNS
.endm

.globl blake2s_compress_avx
.type blake2s_compress_avx, @function
.balign 32
ZINC_ENTRY blake2s_compress_avx
	endbr64
	BLAKE2S_LOAD %xmm8, %xmm9, %xmm14, %xmm10, .Lout
	vmovdqa	.Lror16(%rip), %xmm12
	vmovdqa	.Lror8(%rip), %xmm13

.Lblock:
	/* t += inc: one 64-bit add, so the carry from t[0] into t[1] and the
	 * wrap at 2^64 come with it. */
	vpaddq	%xmm10, %xmm14, %xmm14
	BLAKE2S_INIT %xmm8, %xmm9, %xmm14

	ROUND	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	ROUND	14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3
	ROUND	11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4
	ROUND	7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8
	ROUND	9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13
	ROUND	2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9
	ROUND	12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11
	ROUND	13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10
	ROUND	6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5
	ROUND	10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0

	/* h[i] ^= v[i] ^ v[i + 8] */
	vpxor	%xmm2, %xmm0, %xmm0
	vpxor	%xmm3, %xmm1, %xmm1
	vpxor	%xmm0, %xmm8, %xmm8
	vpxor	%xmm1, %xmm9, %xmm9
	addq	$64, %rsi
	decq	%rdx
	jnz	.Lblock

	BLAKE2S_STORE %xmm8, %xmm9, %xmm14, .Lout
.size blake2s_compress_avx, .-blake2s_compress_avx
