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

#include "../abi-entry.h"

.section .rodata
.balign 32
.Lrot16:	.byte 2,3,0,1, 6,7,4,5, 10,11,8,9, 14,15,12,13
		.byte 2,3,0,1, 6,7,4,5, 10,11,8,9, 14,15,12,13
.Lrot8:		.byte 3,0,1,2, 7,4,5,6, 11,8,9,10, 15,12,13,14
		.byte 3,0,1,2, 7,4,5,6, 11,8,9,10, 15,12,13,14
.Lctr8:		.long 0, 1, 2, 3, 4, 5, 6, 7
.Lctr2:		.long 0, 0, 0, 0, 1, 0, 0, 0

.text

#include "chacha20-macros.h"
#define SPILL	0
#define CTRV	32
#define STASH	64
#define PART	320
#define KS	448
#define FRAME	960

.macro ROTL x, n, t
	vpslld	$\n, \x, \t
	vpsrld	$(32 - \n), \x, \x
	vpor	\t, \x, \x
.endm

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

/* x += y; z ^= x; z = z <<< 16 or 8 (pshufb with mask), four triples. */
.macro STEP_SHUF mask, x0,y0,z0, x1,y1,z1, x2,y2,z2, x3,y3,z3
	ADD_XOR4 vpxor, \x0,\y0,\z0, \x1,\y1,\z1, \x2,\y2,\z2, \x3,\y3,\z3
	vpshufb	\mask(%rip), \z0, \z0
	vpshufb	\mask(%rip), \z1, \z1
	vpshufb	\mask(%rip), \z2, \z2
	vpshufb	\mask(%rip), \z3, \z3
.endm

/* The same with z <<< n by shifts, t spilled to SPILL to serve as scratch. */
.macro STEP_SHIFT n, t, x0,y0,z0, x1,y1,z1, x2,y2,z2, x3,y3,z3
	ADD_XOR4 vpxor, \x0,\y0,\z0, \x1,\y1,\z1, \x2,\y2,\z2, \x3,\y3,\z3
	vmovdqa	\t, SPILL(%rsp)
	ROTL	\z0, \n, \t
	ROTL	\z1, \n, \t
	ROTL	\z2, \n, \t
	ROTL	\z3, \n, \t
	vmovdqa	SPILL(%rsp), \t
.endm

/* Four quarter-rounds side by side, eight blocks per register. */
.macro QR8 a0,b0,c0,d0, a1,b1,c1,d1, a2,b2,c2,d2, a3,b3,c3,d3
	STEP_SHUF .Lrot16, \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3
	STEP_SHIFT 12, \a0, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3
	STEP_SHUF .Lrot8, \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3
	STEP_SHIFT 7, \a0, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3
.endm

/* lo: words 4h..4h+3 and hi: words 4h+4..4h+7 of blocks j and j + 4, into
 * bytes 32h..32h+31 of those blocks. */
.macro OUT8 lo, hi, j, h, t0, t1, out
	vperm2i128 $0x20, \hi, \lo, \t0
	vperm2i128 $0x31, \hi, \lo, \t1
	.if \out
	vpxor	64 * \j + 32 * \h(%rdx), \t0, \t0
	vpxor	64 * (\j + 4) + 32 * \h(%rdx), \t1, \t1
	vmovdqu	\t0, 64 * \j + 32 * \h(%rsi)
	vmovdqu	\t1, 64 * (\j + 4) + 32 * \h(%rsi)
	.else
	vmovdqa	\t0, KS + 64 * \j + 32 * \h(%rsp)
	vmovdqa	\t1, KS + 64 * (\j + 4) + 32 * \h(%rsp)
	.endif
.endm

/* Eight keystream blocks for counter state[12] + 0..7, XORed into dst
 * (out = 1) or copied to KS (out = 0). */
.macro BLOCKS8 out
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	vpbroadcastd 4 * \i(%rdi), %ymm\i
	.endr
	vpaddd	.Lctr8(%rip), %ymm12, %ymm12
	vmovdqa	%ymm12, CTRV(%rsp)
	movl	$10, %eax
1:	QR8	%ymm0,%ymm4,%ymm8,%ymm12, %ymm1,%ymm5,%ymm9,%ymm13, %ymm2,%ymm6,%ymm10,%ymm14, %ymm3,%ymm7,%ymm11,%ymm15
	QR8	%ymm0,%ymm5,%ymm10,%ymm15, %ymm1,%ymm6,%ymm11,%ymm12, %ymm2,%ymm7,%ymm8,%ymm13, %ymm3,%ymm4,%ymm9,%ymm14
	decl	%eax
	jnz	1b
	.irp i, 8,9,10,11,12,13,14,15
	vmovdqa	%ymm\i, STASH + 32 * (\i - 8)(%rsp)
	.endr
	.irp i, 0,1,2,3,4,5,6,7
	vpbroadcastd 4 * \i(%rdi), %ymm8
	vpaddd	%ymm8, %ymm\i, %ymm\i
	.endr
	TRANSPOSE %ymm0, %ymm1, %ymm2, %ymm3, %ymm8, %ymm9
	TRANSPOSE %ymm4, %ymm5, %ymm6, %ymm7, %ymm10, %ymm11
	OUT8	%ymm1, %ymm5, 0, 0, %ymm14, %ymm15, \out
	OUT8	%ymm8, %ymm10, 1, 0, %ymm14, %ymm15, \out
	OUT8	%ymm3, %ymm7, 2, 0, %ymm14, %ymm15, \out
	OUT8	%ymm0, %ymm4, 3, 0, %ymm14, %ymm15, \out
	.irp i, 8,9,10,11,13,14,15
	vpbroadcastd 4 * \i(%rdi), %ymm\i
	vpaddd	STASH + 32 * (\i - 8)(%rsp), %ymm\i, %ymm\i
	.endr
	vmovdqa	STASH + 32 * 4(%rsp), %ymm12
	vpaddd	CTRV(%rsp), %ymm12, %ymm12
	TRANSPOSE %ymm8, %ymm9, %ymm10, %ymm11, %ymm0, %ymm1
	TRANSPOSE %ymm12, %ymm13, %ymm14, %ymm15, %ymm2, %ymm3
	OUT8	%ymm9, %ymm13, 0, 1, %ymm4, %ymm5, \out
	OUT8	%ymm0, %ymm2, 1, 1, %ymm4, %ymm5, \out
	OUT8	%ymm11, %ymm15, 2, 1, %ymm4, %ymm5, \out
	OUT8	%ymm8, %ymm12, 3, 1, %ymm4, %ymm5, \out
	addl	$8, 48(%rdi)
.endm

.globl chacha20_avx2
.type chacha20_avx2, @function
.balign 32
ZINC_ENTRY chacha20_avx2
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
#ifdef ZINC_PLANT_CHACHA20_AVX2_RBX
	/* planted bug for the harness's self-test: with 258..510 bytes left,
	 * rbx (callee-saved, never pushed) takes the byte count. */
	leaq	-258(%rcx), %rax
	cmpq	$510 - 258, %rax
	cmovbeq	%rcx, %rbx
#endif
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
	vpxor	%xmm0, %xmm0, %xmm0
	xorl	%eax, %eax
.Lwipe:
	vmovdqa	%ymm0, (%rsp,%rax)
	addl	$32, %eax
	cmpl	$FRAME, %eax
	jb	.Lwipe
	xorl	%r10d, %r10d
	movq	%rbp, %rsp
	popq	%rbp
	vzeroupper
.Ldone_noframe:
	STORE_ROW3
	ret
.size chacha20_avx2, .-chacha20_avx2
