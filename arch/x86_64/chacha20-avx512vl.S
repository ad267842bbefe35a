/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20 (RFC 8439) for x86-64 with AVX-512VL on 128/256-bit registers:
 * eight blocks at a time (vprold rotations, 32 registers so nothing is
 * spilled) while 512 bytes or more remain, except that 513..768 bytes left
 * take three four-block zmm sets side by side (ROWS_TAIL, as
 * chacha20-avx512's tail); what is left after that, or a short input,
 * takes the narrowest path that covers it: one block (xmm), two (one ymm
 * set), four (one zmm set) or eight. Of the blocks just
 * computed, the whole 32-byte (64-byte for four blocks) pieces the message
 * covers are XORed straight into dst; only a partial last piece goes
 * through a keystream copy on the stack, which is wiped before returning
 * (bench/results/2026-12-05-zen4-chacha20.md#tails).
 *
 * void chacha20_avx512vl(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len)
 *	rdi state, rsi dst, rdx src, rcx len; state[12] ends advanced by
 *	ceil(len / 64) modulo 2^32 (kept in r8d), word 13 is never touched.
 * void hchacha20_avx512vl(uint8_t out[32], const uint8_t nonce[16], const uint8_t key[32])
 *	HChaCha20 (draft-irtf-cfrg-xchacha) with the one-block rounds.
 *
 * Register plan.
 *   Eight blocks: ymm0..ymm15 hold state words 0..15, lane j for block j;
 *   ymm16 is word 12's input (counter + 0..7, mod 2^32); the other input
 *   words are added back straight from state[] with {1to8} broadcasts.
 *   ymm17..ymm24 are transpose scratch, ymm25/ymm26 output scratch.
 *   One, two, four blocks: rows in xmm0..xmm3, ymm0..ymm3 or zmm0..zmm3
 *   (lane k for block n + k); input rows in xmm16..xmm19 or ymm/zmm20..23;
 *   ymm4..ymm7 or zmm4..zmm7 put the output in block order.
 *   Twelve blocks: set s (0..2) of four in zmm4s..zmm4s+3, input rows in
 *   zmm16..zmm18 and zmm19..zmm21 (row 3 per set), zmm23..zmm27 scratch.
 *
 * CPU features: AVX-512F and AVX-512VL (EVEX on xmm/ymm registers, vprold,
 * registers 16..31; the four-block path uses zmm).
 *
 * Constant time: the only branches are on the length (rcx, and which
 * pieces it covers) and the loop counter of the rounds; every load and
 * store address depends only on the pointers, the length and the frame
 * layout; no table is indexed by data. (valgrind cannot run AVX-512:
 * ci/ct.sh lists this row as not checked; this is the manual review.)
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

.section .rodata
.balign 64
.Lctr4:		.long 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0
.Lctr8:		.long 0, 1, 2, 3, 4, 5, 6, 7
.Lctr2:		.long 0, 0, 0, 0, 1, 0, 0, 0
.Lsigma:	.long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
.Linc4:		.long 4, 0, 0, 0

.text

#define KS	0	/* before chacha20-macros.h: its OUT8VL names it */
#define FRAME	512
#include "chacha20-macros.h"

/* The 20 rounds on the rows xmm0..xmm3 of one block; eax counts the
 * double rounds down to 0. */
.macro ROUNDS1
	movl	$10, %eax
1:	RND1	%xmm0, %xmm1, %xmm2, %xmm3, 0x93, 0x39
	RND1	%xmm0, %xmm1, %xmm2, %xmm3, 0x39, 0x93
	decl	%eax
	jnz	1b
.endm

/* Eight keystream blocks for counter state[12] + 0..7, XORed into dst
 * (out = 1) or as pieces (out = 2). */
.macro BLOCKS8 out
	WORDS	ymm, 8, .Lctr8
	OUTPUT8VL \out
.endm

.globl chacha20_avx512vl
.type chacha20_avx512vl, @function
.balign 32
ZINC_ENTRY chacha20_avx512vl
	endbr64
	ENTER_FRAME .Ldone_noframe, FRAME	/* bytes of KS to wipe */

.Ltail:
	/* Dispatch on what is left (rcx > 0); only 512 and up loops. */
	cmpq	$64, %rcx
	jbe	.Lone
	cmpq	$128, %rcx
	jbe	.Ltwo
	cmpq	$256, %rcx
	jbe	.Lfour
	cmpq	$512, %rcx
	jb	.Lpart8
	je	.Lblocks8
	cmpq	$768, %rcx
	jbe	.Ltwelve
.Lblocks8:
	BLOCKS8	1
	addq	$512, %rsi
	addq	$512, %rdx
	subq	$512, %rcx
	jnz	.Ltail
	jmp	.Ldone

.Lpart8:
	/* 257..511 bytes left: eight blocks, the whole 32-byte pieces XORed
	 * straight into dst. */
	BLOCKS8	2
	PIECES_END 32, .Ldone, .Lxor

.Ltwelve:
	/* 513..768 bytes left: three sets of four blocks in zmm, side by side
	 * (faster than eight blocks and a tail on Zen 4:
	 * bench/results/2026-12-05-zen4-chacha20.md#tails). */
	ROWS_TAIL 3, KS

.Lone:
	/* 1..64 bytes left: one block in xmm rows. */
	vmovdqu32 (%rdi), %xmm16
	vmovdqu32 16(%rdi), %xmm17
	vmovdqu32 32(%rdi), %xmm18
	vmovdqu32 48(%rdi), %xmm19
	vmovdqa32 %xmm16, %xmm0
	vmovdqa32 %xmm17, %xmm1
	vmovdqa32 %xmm18, %xmm2
	vmovdqa32 %xmm19, %xmm3
	ROUNDS1
	vpaddd	%xmm16, %xmm0, %xmm0
	vpaddd	%xmm17, %xmm1, %xmm1
	vpaddd	%xmm18, %xmm2, %xmm2
	vpaddd	%xmm19, %xmm3, %xmm3
	cmpq	$64, %rcx
	jb	.Lone_part
	XOR_BLOCK1
	jmp	.Ldone
.Lone_part:
	vmovdqa	%xmm0, KS(%rsp)
	vmovdqa	%xmm1, KS + 16(%rsp)
	vmovdqa	%xmm2, KS + 32(%rsp)
	vmovdqa	%xmm3, KS + 48(%rsp)
	movl	$64, %r11d
	jmp	.Lxor

.Ltwo:
	/* 65..128 bytes left: two blocks, one per 128-bit lane. */
	ROWS	ymm, .Lctr2
	/* Block order: low lanes are block n, high lanes block n + 1. */
	vshufi32x4 $0, %ymm1, %ymm0, %ymm4
	vshufi32x4 $0, %ymm3, %ymm2, %ymm5
	vshufi32x4 $3, %ymm1, %ymm0, %ymm6
	vshufi32x4 $3, %ymm3, %ymm2, %ymm7
	PIECES4	%ymm4, %ymm5, %ymm6, %ymm7, 32, KS, .Ldone, .Lxor

.Lfour:
	/* 129..256 bytes left: four blocks, one per 128-bit lane of zmm rows
	 * (measured faster here than two interleaved ymm sets). */
	ROWS	zmm, .Lctr4
	LANES	%zmm0, %zmm1, %zmm2, %zmm3, %zmm4, %zmm5, %zmm6, %zmm7
	/* zmm0 = block 0, zmm1 = block 1, zmm4 = block 2, zmm6 = block 3 */
	PIECES4	%zmm0, %zmm1, %zmm4, %zmm6, 64, KS, .Ldone, .Lxor

.Ltail_ks:
	/* One partial 64-byte block in KS (TAILSET). */
	WIPE_AT_LEAST 64
.Lxor:
	/* dst = src XOR KS for the rcx (< bytes in KS) bytes left. */
	XOR_KS	KS, 32

.Ldone:
	RETURN_WIPING 32, .Ldone_noframe
.size chacha20_avx512vl, .-chacha20_avx512vl

/* HChaCha20: the 20 rounds on (constants, key, nonce), words 0..3 and 12..15
 * out, no feed-forward; rows in xmm0..xmm3. */
.globl hchacha20_avx512vl
.type hchacha20_avx512vl, @function
.balign 32
ZINC_ENTRY hchacha20_avx512vl
	endbr64
	vmovdqa	.Lsigma(%rip), %xmm0
	vmovdqu	(%rdx), %xmm1
	vmovdqu	16(%rdx), %xmm2
	vmovdqu	(%rsi), %xmm3
	ROUNDS1
	vmovdqu	%xmm0, (%rdi)
	vmovdqu	%xmm3, 16(%rdi)
	ret
.size hchacha20_avx512vl, .-hchacha20_avx512vl
