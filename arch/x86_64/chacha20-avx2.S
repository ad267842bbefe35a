/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20 (RFC 8439) for x86-64 with AVX2: eight blocks at a time while at
 * least 512 bytes remain; a rest above 128 bytes takes eight more blocks into
 * a stack copy, a shorter one two blocks at a time (one per 128-bit lane). A
 * final part shorter than the blocks computed is XORed from a keystream copy
 * on the stack; every stack copy is wiped before returning.
 *
 * void chacha20_avx2(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len)
 *	rdi state, rsi dst, rdx src, rcx len; state[12] ends advanced by
 *	ceil(len / 64) modulo 2^32 (kept in r8d), word 13 is never touched.
 *
 * Register plan.
 *   Eight blocks: ymm0..ymm15 hold state words 0..15, lane j for block j.
 *   Rotations by 16 and 8 are vpshufb with the mask in memory; those by 12
 *   and 7 need a scratch register, so x0 is spilled to SPILL around them.
 *   Word 12's input (counter + 0..7, mod 2^32) is kept at CTRV; the other
 *   input words are re-broadcast from state[]. For the output, words 8..15
 *   are stashed at STASH while words 0..7 are added, transposed and XORed.
 *   The keystream of a last, partial group of eight goes to KS.
 *   Two blocks: ymm0..ymm3 the rows (low lane block n, high lane n + 1),
 *   ymm4 scratch, ymm5/ymm6 the rotation masks, ymm8..ymm11 the input rows.
 *
 * CPU features: AVX2.
 */

.section .note.GNU-stack,"",%progbits

#include "chacha20-macros.h"
#define SPILL	0
#define CTRV	32
#define STASH	64
#define PART	320
#define KS	448
#define FRAME	960
#include "chacha20-avx2-macros.h"

.section .rodata
AVX2_CONSTANTS
.Lctr2:		.long 0, 0, 0, 0, 1, 0, 0, 0
.text

/*
 * One round on the rows of two blocks (four quarter-rounds each), then the
 * lane rotations that line up the next round (sa for row a, sc for row c,
 * row d swaps halves): rotating a, c and d rather than b keeps the shuffles
 * off the dependency chain. Column to diagonal: sa = 0x93, sc = 0x39; back:
 * sa = 0x39, sc = 0x93.
 */
.macro ROUND2 a, b, c, d, t, sa, sc
	vpaddd	\b, \a, \a
	vpxor	\a, \d, \d
	vpshufb	%ymm5, \d, \d
	vpaddd	\d, \c, \c
	vpxor	\c, \b, \b
	ROTL	\b, 12, \t
	vpaddd	\b, \a, \a
	vpxor	\a, \d, \d
	vpshufd	$\sa, \a, \a
	vpshufb	%ymm6, \d, \d
	vpaddd	\d, \c, \c
	vpshufd	$0x4e, \d, \d
	vpxor	\c, \b, \b
	vpshufd	$\sc, \c, \c
	ROTL	\b, 7, \t
.endm

.globl chacha20_avx2
.type chacha20_avx2, @function
.balign 32
chacha20_avx2:
	endbr64
	FINAL_COUNTER .Ldone_noframe

	pushq	%rbp
	movq	%rsp, %rbp
	subq	$FRAME, %rsp
	andq	$-64, %rsp

.Lloop8:
	cmpq	$512, %rcx
	jb	.Lpart8
	BLOCKS8	1
	addq	$512, %rsi
	addq	$512, %rdx
	subq	$512, %rcx
	jmp	.Lloop8

.Lpart8:
	/* Above 128 bytes left, eight blocks into KS beat two-block steps. */
	cmpq	$128, %rcx
	jbe	.Lloop2
	BLOCKS8	0
	XOR_KS	KS, 32
	jmp	.Ldone

.Lloop2:
	testq	%rcx, %rcx
	jz	.Ldone
	vmovdqa	.Lrot16(%rip), %ymm5
	vmovdqa	.Lrot8(%rip), %ymm6
	vbroadcasti128 (%rdi), %ymm8
	vbroadcasti128 16(%rdi), %ymm9
	vbroadcasti128 32(%rdi), %ymm10
	vbroadcasti128 48(%rdi), %ymm11
	vpaddd	.Lctr2(%rip), %ymm11, %ymm11
	vmovdqa	%ymm8, %ymm0
	vmovdqa	%ymm9, %ymm1
	vmovdqa	%ymm10, %ymm2
	vmovdqa	%ymm11, %ymm3
	movl	$10, %eax
.Ldround2:
	ROUND2	%ymm0, %ymm1, %ymm2, %ymm3, %ymm4, 0x93, 0x39
	ROUND2	%ymm0, %ymm1, %ymm2, %ymm3, %ymm4, 0x39, 0x93
	decl	%eax
	jnz	.Ldround2
	vpaddd	%ymm8, %ymm0, %ymm0
	vpaddd	%ymm9, %ymm1, %ymm1
	vpaddd	%ymm10, %ymm2, %ymm2
	vpaddd	%ymm11, %ymm3, %ymm3
	addl	$2, 48(%rdi)
	cmpq	$128, %rcx
	jb	.Lpartial
	vperm2i128 $0x20, %ymm1, %ymm0, %ymm12
	vperm2i128 $0x20, %ymm3, %ymm2, %ymm13
	vperm2i128 $0x31, %ymm1, %ymm0, %ymm14
	vperm2i128 $0x31, %ymm3, %ymm2, %ymm15
	vpxor	(%rdx), %ymm12, %ymm12
	vpxor	32(%rdx), %ymm13, %ymm13
	vpxor	64(%rdx), %ymm14, %ymm14
	vpxor	96(%rdx), %ymm15, %ymm15
	vmovdqu	%ymm12, (%rsi)
	vmovdqu	%ymm13, 32(%rsi)
	vmovdqu	%ymm14, 64(%rsi)
	vmovdqu	%ymm15, 96(%rsi)
	addq	$128, %rsi
	addq	$128, %rdx
	subq	$128, %rcx
	jmp	.Lloop2

.Lpartial:
	/* 1..127 bytes left: XOR them with a copy of the two keystream blocks. */
	vmovdqa	%xmm0, PART(%rsp)
	vmovdqa	%xmm1, PART + 16(%rsp)
	vmovdqa	%xmm2, PART + 32(%rsp)
	vmovdqa	%xmm3, PART + 48(%rsp)
	vextracti128 $1, %ymm0, PART + 64(%rsp)
	vextracti128 $1, %ymm1, PART + 80(%rsp)
	vextracti128 $1, %ymm2, PART + 96(%rsp)
	vextracti128 $1, %ymm3, PART + 112(%rsp)
	XOR_KS	PART, 16

.Ldone:
	WIPE_FRAME
	xorl	%r10d, %r10d
	movq	%rbp, %rsp
	popq	%rbp
	vzeroupper
.Ldone_noframe:
	STORE_ROW3
	ret
.size chacha20_avx2, .-chacha20_avx2
