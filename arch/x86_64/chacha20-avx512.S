/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20 (RFC 8439) for x86-64 with AVX-512F on 512-bit registers: sixteen
 * blocks at a time (vprold rotations, nothing spilled) while more than 256
 * bytes remain, then four blocks at a time (one per 128-bit lane). A part
 * shorter than the blocks just computed is XORed from a keystream copy on the
 * stack, which is wiped before returning.
 *
 * void chacha20_avx512(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len)
 *	rdi state, rsi dst, rdx src, rcx len; state[12] ends advanced by
 *	ceil(len / 64) modulo 2^32 (kept in r8d), word 13 is never touched.
 *
 * Register plan.
 *   Sixteen blocks: zmm0..zmm15 hold state words 0..15, lane j for block j;
 *   zmm16 is word 12's input (counter + 0..15, mod 2^32); the other input
 *   words are added back straight from state[] with {1to16} broadcasts.
 *   zmm17..zmm24 are scratch for the 4x4 word transposes inside each
 *   128-bit lane, zmm25..zmm28 for the 4x4 transposes of 128-bit lanes.
 *   Four blocks: zmm0..zmm3 the rows (lane k for block n + k), zmm20..zmm23
 *   the input rows.
 *
 * CPU features: AVX-512F only (every vector instruction works on zmm).
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

.section .rodata
.balign 64
.Lctr16:	.long 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
.Lctr4:		.long 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0

.text

#include "chacha20-macros.h"
#define KS	0
#define FRAME	1024

/* Block j + 4k of sixteen, from the k-th lane transpose output. */
.macro OUT1 reg, blk, out
	.if \out
	vpxord	64 * (\blk)(%rdx), \reg, \reg
	vmovdqu64 \reg, 64 * (\blk)(%rsi)
	.else
	vmovdqa64 \reg, KS + 64 * (\blk)(%rsp)
	.endif
.endm

.macro OUT16 g0, g1, g2, g3, j, out
	LANES	\g0, \g1, \g2, \g3, %zmm25, %zmm26, %zmm27, %zmm28
	OUT1	\g0, \j, \out
	OUT1	\g1, \j + 4, \out
	OUT1	%zmm25, \j + 8, \out
	OUT1	%zmm27, \j + 12, \out
.endm

/* Sixteen keystream blocks for counter state[12] + 0..15, XORed into dst
 * (out = 1) or copied to KS (out = 0). */
.macro BLOCKS16 out
	WORDS	zmm, 16, .Lctr16
	OUT16	%zmm1, %zmm5, %zmm9, %zmm13, 0, \out
	OUT16	%zmm17, %zmm19, %zmm21, %zmm23, 1, \out
	OUT16	%zmm3, %zmm7, %zmm11, %zmm15, 2, \out
	OUT16	%zmm0, %zmm4, %zmm8, %zmm12, 3, \out
	addl	$16, 48(%rdi)
.endm

.globl chacha20_avx512
.type chacha20_avx512, @function
.balign 32
ZINC_ENTRY chacha20_avx512
	endbr64
	FINAL_COUNTER .Ldone_noframe

	pushq	%rbp
	movq	%rsp, %rbp
	subq	$FRAME, %rsp
	andq	$-64, %rsp
	xorl	%r11d, %r11d	/* bytes of KS to wipe */

	cmpq	$256, %rcx
	jbe	.Lfour
.Lloop16:
	cmpq	$1024, %rcx
	jb	.Lpart16
	BLOCKS16 1
	addq	$1024, %rsi
	addq	$1024, %rdx
	subq	$1024, %rcx
	jnz	.Lloop16
	jmp	.Ldone

.Lpart16:
	/* 1..1023 bytes left. */
	testq	%rcx, %rcx
	jz	.Ldone
	cmpq	$256, %rcx
	jbe	.Lfour
	BLOCKS16 0
	movl	$1024, %r11d
	jmp	.Lxor

.Lfour:
	/* 1..256 bytes left: four blocks. */
	ROWS	zmm, .Lctr4
	LANES	%zmm0, %zmm1, %zmm2, %zmm3, %zmm4, %zmm5, %zmm6, %zmm7
	/* zmm0 = block 0, zmm1 = block 1, zmm4 = block 2, zmm6 = block 3 */
	cmpq	$256, %rcx
	jb	.Lfour_part
	OUT1	%zmm0, 0, 1
	OUT1	%zmm1, 1, 1
	OUT1	%zmm4, 2, 1
	OUT1	%zmm6, 3, 1
	jmp	.Ldone
.Lfour_part:
	OUT1	%zmm0, 0, 0
	OUT1	%zmm1, 1, 0
	OUT1	%zmm4, 2, 0
	OUT1	%zmm6, 3, 0
	movl	$256, %r11d

.Lxor:
	/* dst = src XOR KS for the rcx (< bytes in KS) bytes left. */
	XOR_KS	KS, 64

.Ldone:
	RETURN_WIPING 64, .Ldone_noframe
.size chacha20_avx512, .-chacha20_avx512
