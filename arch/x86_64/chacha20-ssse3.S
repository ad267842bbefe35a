/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20 (RFC 8439) and HChaCha20 (draft-irtf-cfrg-xchacha) for x86-64 with
 * SSSE3: four blocks at a time while at least 256 bytes remain, then one block
 * at a time; a final partial block is XORed from a keystream copy on the stack.
 * Only the part of the frame a call wrote is wiped before returning (r11d
 * bytes from its start: PART, then the four-block area), so whole single
 * blocks, which use no stack, wipe none.
 *
 * void chacha20_ssse3(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len)
 *	rdi state, rsi dst, rdx src, rcx len; state[12] ends advanced by
 *	ceil(len / 64) modulo 2^32 (kept in r8d), word 13 is never touched.
 * void hchacha20_ssse3(uint8_t out[32], const uint8_t nonce[16], const uint8_t key[32])
 *
 * Register plan.
 *   One block: xmm0..xmm3 the four state rows, xmm4 scratch, xmm5/xmm6 the
 *   pshufb masks for rotations by 16 and 8, xmm8..xmm11 the input rows for the
 *   feed-forward.
 *   Four blocks: xmm0..xmm15 hold state words 0..15, lane j for block j. The
 *   rotations by 12 and 7 need one scratch register, so x0 is spilled to the
 *   stack around them. The input words (broadcast; word 12 is counter + 0..3)
 *   live on the stack at ORIG, the output words at KS before the transpose.
 *
 * CPU features: SSSE3 (pshufb); everything else is SSE2.
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

.section .rodata
.balign 16
.Lrot16:	.byte 2,3,0,1, 6,7,4,5, 10,11,8,9, 14,15,12,13
.Lrot8:		.byte 3,0,1,2, 7,4,5,6, 11,8,9,10, 15,12,13,14
.Lctr4:		.long 0, 1, 2, 3
.Lone:		.long 1, 0, 0, 0
.Lsigma:	.long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574

.text

#include "chacha20-macros.h"
#define PART	0
#define SPILL	64
#define ORIG	80
#define KS	336
#define FRAME	592

/* x = x <<< n, with t as scratch. */
.macro ROTL x, n, t
	movdqa	\x, \t
	pslld	$\n, \x
	psrld	$(32 - \n), \t
	por	\t, \x
.endm

/*
 * One round on the rows a, b, c, d of one block (four quarter-rounds), then
 * the lane rotations that line up the next round (sa for row a, sc for row
 * c, row d swaps halves): rotating a, c and d rather than b keeps the
 * shuffles off the dependency chain. Column to diagonal: sa = 0x93,
 * sc = 0x39; back: sa = 0x39, sc = 0x93.
 */
.macro ROUND1 a, b, c, d, t, sa, sc
	paddd	\b, \a
	pxor	\a, \d
	pshufb	%xmm5, \d
	paddd	\d, \c
	pxor	\c, \b
	ROTL	\b, 12, \t
	paddd	\b, \a
	pxor	\a, \d
	pshufd	$\sa, \a, \a
	pshufb	%xmm6, \d
	paddd	\d, \c
	pshufd	$0x4e, \d, \d
	pxor	\c, \b
	pshufd	$\sc, \c, \c
	ROTL	\b, 7, \t
.endm

/* The 20 rounds on xmm0..xmm3, one block; clobbers xmm4 and eax. */
.macro PERMUTE1
	movl	$10, %eax
1:	ROUND1	%xmm0, %xmm1, %xmm2, %xmm3, %xmm4, 0x93, 0x39
	ROUND1	%xmm0, %xmm1, %xmm2, %xmm3, %xmm4, 0x39, 0x93
	decl	%eax
	jnz	1b
.endm

/* x += y; z ^= x, in four independent register triples. */
.macro ADD_XOR4_SSE x0,y0,z0, x1,y1,z1, x2,y2,z2, x3,y3,z3
	paddd	\y0, \x0
	paddd	\y1, \x1
	paddd	\y2, \x2
	paddd	\y3, \x3
	pxor	\x0, \z0
	pxor	\x1, \z1
	pxor	\x2, \z2
	pxor	\x3, \z3
.endm

/* x += y; z ^= x; z = z <<< 16 or 8 (pshufb with mask), four triples. */
.macro STEP_SHUF mask, x0,y0,z0, x1,y1,z1, x2,y2,z2, x3,y3,z3
	ADD_XOR4_SSE \x0,\y0,\z0, \x1,\y1,\z1, \x2,\y2,\z2, \x3,\y3,\z3
	pshufb	\mask(%rip), \z0
	pshufb	\mask(%rip), \z1
	pshufb	\mask(%rip), \z2
	pshufb	\mask(%rip), \z3
.endm

/* The same with z <<< n by shifts, t spilled to SPILL to serve as scratch. */
.macro STEP_SHIFT n, t, x0,y0,z0, x1,y1,z1, x2,y2,z2, x3,y3,z3
	ADD_XOR4_SSE \x0,\y0,\z0, \x1,\y1,\z1, \x2,\y2,\z2, \x3,\y3,\z3
	movdqa	\t, SPILL(%rsp)
	ROTL	\z0, \n, \t
	ROTL	\z1, \n, \t
	ROTL	\z2, \n, \t
	ROTL	\z3, \n, \t
	movdqa	SPILL(%rsp), \t
.endm

/* Four quarter-rounds side by side, four blocks per register. */
.macro QR4 a0,b0,c0,d0, a1,b1,c1,d1, a2,b2,c2,d2, a3,b3,c3,d3
	STEP_SHUF .Lrot16, \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3
	STEP_SHIFT 12, \a0, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3
	STEP_SHUF .Lrot8, \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3
	STEP_SHIFT 7, \a0, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3
.endm

/*
 * Words w..w+3 of four blocks, from KS, added to nothing further: transposes
 * them into rows and XORs bytes 16*g.. of each block. Clobbers xmm0..xmm5.
 */
.macro OUT4 g
	movdqa	KS + 64 * \g(%rsp), %xmm0
	movdqa	KS + 64 * \g + 16(%rsp), %xmm1
	movdqa	KS + 64 * \g + 32(%rsp), %xmm2
	movdqa	KS + 64 * \g + 48(%rsp), %xmm3
	movdqa	%xmm0, %xmm4
	punpckldq %xmm1, %xmm4
	punpckhdq %xmm1, %xmm0
	movdqa	%xmm2, %xmm5
	punpckldq %xmm3, %xmm5
	punpckhdq %xmm3, %xmm2
	movdqa	%xmm4, %xmm1
	punpcklqdq %xmm5, %xmm4
	punpckhqdq %xmm5, %xmm1
	movdqa	%xmm0, %xmm3
	punpcklqdq %xmm2, %xmm0
	punpckhqdq %xmm2, %xmm3
	movdqu	16 * \g(%rdx), %xmm5
	pxor	%xmm5, %xmm4
	movdqu	%xmm4, 16 * \g(%rsi)
	movdqu	64 + 16 * \g(%rdx), %xmm5
	pxor	%xmm5, %xmm1
	movdqu	%xmm1, 64 + 16 * \g(%rsi)
	movdqu	128 + 16 * \g(%rdx), %xmm5
	pxor	%xmm5, %xmm0
	movdqu	%xmm0, 128 + 16 * \g(%rsi)
	movdqu	192 + 16 * \g(%rdx), %xmm5
	pxor	%xmm5, %xmm3
	movdqu	%xmm3, 192 + 16 * \g(%rsi)
.endm

.globl chacha20_ssse3
.type chacha20_ssse3, @function
.balign 32
ZINC_ENTRY chacha20_ssse3
	endbr64
	ENTER_FRAME .Ldone_noframe, FRAME	/* bytes of the frame to wipe */

.Lloop4:
	cmpq	$256, %rcx
	jb	.Lloop1
	movl	$FRAME, %r11d
	/* Broadcast each input word; word 12 gets counter + 0..3 (mod 2^32). */
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	movd	4 * \i(%rdi), %xmm\i
	pshufd	$0, %xmm\i, %xmm\i
	.endr
	paddd	.Lctr4(%rip), %xmm12
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	movdqa	%xmm\i, ORIG + 16 * \i(%rsp)
	.endr
	movl	$10, %eax
.Ldround4:
	QR4	%xmm0,%xmm4,%xmm8,%xmm12, %xmm1,%xmm5,%xmm9,%xmm13, %xmm2,%xmm6,%xmm10,%xmm14, %xmm3,%xmm7,%xmm11,%xmm15
	QR4	%xmm0,%xmm5,%xmm10,%xmm15, %xmm1,%xmm6,%xmm11,%xmm12, %xmm2,%xmm7,%xmm8,%xmm13, %xmm3,%xmm4,%xmm9,%xmm14
	decl	%eax
	jnz	.Ldround4
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	paddd	ORIG + 16 * \i(%rsp), %xmm\i
	movdqa	%xmm\i, KS + 16 * \i(%rsp)
	.endr
	OUT4	0
	OUT4	1
	OUT4	2
	OUT4	3
	addl	$4, 48(%rdi)
	addq	$256, %rsi
	addq	$256, %rdx
	subq	$256, %rcx
	jmp	.Lloop4

.Lloop1:
	/* Under 256 bytes left: one block at a time, the counter kept in
	 * xmm11 (a 16-byte reload after a 4-byte store of it would wait for
	 * the store to reach the cache instead of being forwarded). */
	testq	%rcx, %rcx
	jz	.Ldone
	movdqa	.Lrot16(%rip), %xmm5
	movdqa	.Lrot8(%rip), %xmm6
	movdqu	(%rdi), %xmm8
	movdqu	16(%rdi), %xmm9
	movdqu	32(%rdi), %xmm10
	movdqu	48(%rdi), %xmm11
.Lblock1:
	movdqa	%xmm8, %xmm0
	movdqa	%xmm9, %xmm1
	movdqa	%xmm10, %xmm2
	movdqa	%xmm11, %xmm3
	PERMUTE1
	paddd	%xmm8, %xmm0
	paddd	%xmm9, %xmm1
	paddd	%xmm10, %xmm2
	paddd	%xmm11, %xmm3
	paddd	.Lone(%rip), %xmm11
	cmpq	$64, %rcx
	jb	.Lpartial
	movdqu	(%rdx), %xmm4
	pxor	%xmm4, %xmm0
	movdqu	%xmm0, (%rsi)
	movdqu	16(%rdx), %xmm4
	pxor	%xmm4, %xmm1
	movdqu	%xmm1, 16(%rsi)
	movdqu	32(%rdx), %xmm4
	pxor	%xmm4, %xmm2
	movdqu	%xmm2, 32(%rsi)
	movdqu	48(%rdx), %xmm4
	pxor	%xmm4, %xmm3
	movdqu	%xmm3, 48(%rsi)
	addq	$64, %rsi
	addq	$64, %rdx
	subq	$64, %rcx
	jnz	.Lblock1
	jmp	.Ldone

.Lpartial:
	/* 1..63 bytes left: XOR them with a copy of the keystream block. */
	WIPE_AT_LEAST 64
	movdqa	%xmm0, PART(%rsp)
	movdqa	%xmm1, PART + 16(%rsp)
	movdqa	%xmm2, PART + 32(%rsp)
	movdqa	%xmm3, PART + 48(%rsp)
	xorl	%eax, %eax
.Lpart8:
	XOR_TAIL PART

.Ldone:
	/* Wipe the stack copies of state and keystream, and the registers. */
	pxor	%xmm0, %xmm0
	xorl	%eax, %eax
	testl	%r11d, %r11d
	jz	.Lwiped
.Lwipe:
	movdqa	%xmm0, (%rsp,%rax)
	addl	$16, %eax
	cmpl	%r11d, %eax
	jb	.Lwipe
.Lwiped:
	.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	pxor	%xmm\i, %xmm\i
	.endr
	xorl	%r10d, %r10d
	movq	%rbp, %rsp
	popq	%rbp
.Ldone_noframe:
	/* Store row 3 whole with the new counter, so that a caller's next
	 * 16-byte load of it is forwarded from this store. */
	movd	%r8d, %xmm0
	movdqu	48(%rdi), %xmm1
	movss	%xmm0, %xmm1
	movdqu	%xmm1, 48(%rdi)
	ret
.size chacha20_ssse3, .-chacha20_ssse3

.globl hchacha20_ssse3
.type hchacha20_ssse3, @function
.balign 32
ZINC_ENTRY hchacha20_ssse3
	endbr64
	movdqa	.Lrot16(%rip), %xmm5
	movdqa	.Lrot8(%rip), %xmm6
	movdqa	.Lsigma(%rip), %xmm0
	movdqu	(%rdx), %xmm1
	movdqu	16(%rdx), %xmm2
	movdqu	(%rsi), %xmm3
	PERMUTE1
	movdqu	%xmm0, (%rdi)
	movdqu	%xmm3, 16(%rdi)
	pxor	%xmm0, %xmm0
	pxor	%xmm1, %xmm1
	pxor	%xmm2, %xmm2
	pxor	%xmm3, %xmm3
	pxor	%xmm4, %xmm4
	ret
.size hchacha20_ssse3, .-hchacha20_ssse3
