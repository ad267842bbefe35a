/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20 (RFC 8439) for x86-64 with AVX2: eight blocks at a time while at
 * least 512 bytes remain; a rest above 128 bytes takes eight more blocks into
 * a stack copy, a shorter one two blocks at a time (one per 128-bit lane),
 * and a last single block (or a call of at most 64 bytes) one block in xmm
 * registers: the same chain of rounds, without the two-block output. A
 * final part shorter than the blocks computed is XORed from a keystream copy
 * on the stack. Only the part of the frame a call wrote is wiped before
 * returning (r11d bytes from its start: PART, the eight-block scratch up to
 * KS, then KS), so whole blocks of the one- and two-block paths, which use
 * no stack, wipe none.
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
 *   ymm4 scratch, ymm5/ymm6 the rotation masks, ymm8..ymm11 the input rows
 *   (ymm11 with both lanes' counters, advanced by 2 a step in the register).
 *   One block: the same on the xmm halves.
 *
 * CPU features: AVX2.
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"
#include "chacha20-macros.h"
#define PART	0
#define SPILL	128
#define CTRV	160
#define STASH	192
#define KS	448
#define FRAME	960
#include "chacha20-avx2-macros.h"

.section .rodata
AVX2_CONSTANTS
.Lctr2:		.long 0, 0, 0, 0, 1, 0, 0, 0
.Ltwo:		.long 2, 0, 0, 0, 2, 0, 0, 0
.text

/*
 * One round on the rows of two blocks (ymm; one block with xmm registers),
 * four quarter-rounds each, rotations by 16 and 8 with the masks m16, m8; then the
 * lane rotations that line up the next round (sa for row a, sc for row c,
 * row d swaps halves): rotating a, c and d rather than b keeps the shuffles
 * off the dependency chain. Column to diagonal: sa = 0x93, sc = 0x39; back:
 * sa = 0x39, sc = 0x93.
 */
.macro ROUND2 a, b, c, d, t, sa, sc, m16, m8
	vpaddd	\b, \a, \a
	vpxor	\a, \d, \d
	vpshufb	\m16, \d, \d
	vpaddd	\d, \c, \c
	vpxor	\c, \b, \b
	ROTL	\b, 12, \t
	vpaddd	\b, \a, \a
	vpxor	\a, \d, \d
	vpshufd	$\sa, \a, \a
	vpshufb	\m8, \d, \d
	vpaddd	\d, \c, \c
	vpshufd	$0x4e, \d, \d
	vpxor	\c, \b, \b
	vpshufd	$\sc, \c, \c
	ROTL	\b, 7, \t
.endm

/*
 * w = ymm: rows w0..w3 = two keystream blocks (one per 128-bit lane) from
 * the input rows w8..w11; w = xmm: one block, from xmm8..xmm11. The 20
 * rounds and the feed-forward; masks in w5, w6; clobbers w4 and eax.
 */
.macro ROWS2 w
	vmovdqa	%\w\()8, %\w\()0
	vmovdqa	%\w\()9, %\w\()1
	vmovdqa	%\w\()10, %\w\()2
	vmovdqa	%\w\()11, %\w\()3
	movl	$10, %eax
1:	ROUND2	%\w\()0, %\w\()1, %\w\()2, %\w\()3, %\w\()4, 0x93, 0x39, %\w\()5, %\w\()6
	ROUND2	%\w\()0, %\w\()1, %\w\()2, %\w\()3, %\w\()4, 0x39, 0x93, %\w\()5, %\w\()6
	decl	%eax
	jnz	1b
	vpaddd	%\w\()8, %\w\()0, %\w\()0
	vpaddd	%\w\()9, %\w\()1, %\w\()1
	vpaddd	%\w\()10, %\w\()2, %\w\()2
	vpaddd	%\w\()11, %\w\()3, %\w\()3
.endm

.globl chacha20_avx2
.type chacha20_avx2, @function
.balign 32
ZINC_ENTRY chacha20_avx2
	endbr64
	ENTER_FRAME .Ldone_noframe, FRAME	/* bytes of the frame to wipe */

.Lloop8:
	cmpq	$512, %rcx
	jb	.Lpart8
	movl	$KS, %r11d
	BLOCKS8	1
	addq	$512, %rsi
	addq	$512, %rdx
	subq	$512, %rcx
	jmp	.Lloop8

.Lpart8:
	/* Above 128 bytes left, eight blocks into KS beat two-block steps. */
	cmpq	$128, %rcx
	jbe	.Lloop2
	movl	$FRAME, %r11d
	BLOCKS8	0
	XOR_KS	KS, 32
	jmp	.Ldone

.Lloop2:
	testq	%rcx, %rcx
	jz	.Ldone
	cmpq	$64, %rcx
	jbe	.Lone
	vmovdqa	.Lrot16(%rip), %ymm5
	vmovdqa	.Lrot8(%rip), %ymm6
	vbroadcasti128 (%rdi), %ymm8
	vbroadcasti128 16(%rdi), %ymm9
	vbroadcasti128 32(%rdi), %ymm10
	vbroadcasti128 48(%rdi), %ymm11
	vpaddd	.Lctr2(%rip), %ymm11, %ymm11
.Lblock2:
	/* Row 3 with the counters stays in ymm11 (+2 per step): a 16-byte
	 * reload after a 4-byte store of the counter would wait for that
	 * store to reach the cache instead of being forwarded. */
	ROWS2	ymm
	vpaddd	.Ltwo(%rip), %ymm11, %ymm11
	cmpq	$128, %rcx
	jb	.Lpartial
	vperm2i128 $0x20, %ymm1, %ymm0, %ymm12
	vperm2i128 $0x20, %ymm3, %ymm2, %ymm13
	vperm2i128 $0x31, %ymm1, %ymm0, %ymm14
	vperm2i128 $0x31, %ymm3, %ymm2, %ymm15
	XOR_ROWS %ymm12, %ymm13, %ymm14, %ymm15, 32
	addq	$128, %rsi
	addq	$128, %rdx
	subq	$128, %rcx
	jz	.Ldone
	cmpq	$64, %rcx
	ja	.Lblock2
	/* One block left: the low lanes of ymm8..ymm11 are its input rows
	 * (its counter is lane 0 of ymm11). */
	jmp	.Lone_rounds

.Lone:
	/* At most one block: the same rounds on xmm registers, one block
	 * instead of two, and no stack unless the block is partial. */
	vmovdqu	(%rdi), %xmm8
	vmovdqu	16(%rdi), %xmm9
	vmovdqu	32(%rdi), %xmm10
	vmovdqu	48(%rdi), %xmm11
	vmovdqa	.Lrot16(%rip), %xmm5
	vmovdqa	.Lrot8(%rip), %xmm6
.Lone_rounds:
	ROWS2	xmm
	cmpq	$64, %rcx
	jb	.Lpartial
	XOR_BLOCK1
	jmp	.Ldone

.Lpartial:
	/* 1..127 bytes left: XOR them with a copy of the two keystream blocks. */
	WIPE_AT_LEAST 128
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
	RETURN_WIPING 32, .Ldone_noframe
.size chacha20_avx2, .-chacha20_avx2
