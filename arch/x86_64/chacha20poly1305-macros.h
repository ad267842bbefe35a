/* SPDX-License-Identifier: MIT */
/*
 * GNU as macros shared by the stitched ChaCha20-Poly1305 kernels
 * (chacha20poly1305-avx2.S, chacha20poly1305-avx512ifma.S): the three
 * modes of a kernel's body, STEP_ENTRY, where a table step's entry lies,
 * and SPLIT, the output of a table step in pieces, and the scalar
 * Poly1305 block in two halves (poly1305-macros.h MUL_R). The including
 * file defines the frame offsets KS, MACBUF, SRC and DST
 * (chacha20poly1305-avx2.S's header comment says what they hold).
 */

#include "../../lib/chacha20poly1305/sizes.h"

/* The kernel's body, in one of three modes. SEAL (0): src and dst 512
 * bytes a step (rdx, rsi: src, dst; len in rcx), the MAC reading what dst
 * got. SEAL_STEPS (1): each step in place where its table entry says (rsi:
 * the table; len in rdx), the MAC reading it. OPEN_STEPS (2): step i's
 * ciphertext where entry i says (rdx: the table; len in rcx), its output to
 * dst + 512 i (rsi: dst), the MAC reading the ciphertext. With a table,
 * the frame's SRC holds the address of the next step's entry instead of
 * its src, and DST (OPEN_STEPS) the next step's dst. */
#define SEAL		0
#define SEAL_STEPS	1
#define OPEN_STEPS	2

/* dst = v XOR keystream at off(rax) (rax: KS plus the piece's offset in
 * the step), and the ciphertext to MACBUF at the same offset. */
.macro SPLIT_OUT mode, v, off, last=0
	vpxor	(%rax,\off), \v, %ymm2
	.if \mode == SEAL_STEPS
	vmovdqu	%ymm2, (%rdx,\off)
	vmovdqu	%ymm2, MACBUF - KS(%rax,\off)
	.else
	vmovdqu	\v, MACBUF - KS(%rax,\off)
	vmovdqu	%ymm2, (%rsi,\off)
	.endif
.endm

/* Where a table step's entry (SEAL_STEPS, OPEN_STEPS) lies: rbp = the
 * entry at SRC, or SRC + 16 for the second of a step's two (half = 512);
 * to \pieces when it is in pieces (SPLIT); else \src = its address and
 * \dst = its output's, the same in SEAL_STEPS, DST + half in OPEN_STEPS. */
.macro STEP_ENTRY mode, half, src, dst, pieces
	movq	SRC(%rsp), %rbp
	.if \half
	addq	$16, %rbp
	.endif
	cmpq	$0, CHACHA20POLY1305_STEP_PIECES(%rbp)
	jne	\pieces
	movq	(%rbp), \src
	.if \mode == SEAL_STEPS
	movq	\src, \dst
	.else
	movq	DST(%rsp), \dst
	.if \half
	addq	$\half, \dst
	.endif
	.endif
.endm

/* A step in pieces, its keystream in KS (OUTPUT8 0): rbp is its table
 * entry (the pieces, their count). Each piece is XORed with its part of
 * the keystream 32 bytes at a time, its last 32 bytes (which overlap the
 * chunk before when 32 does not divide its length) loaded before any are
 * stored, or a byte at a time when it is shorter than 32. The output goes
 * back into the piece (SEAL_STEPS) or to DST (OPEN_STEPS), and the
 * ciphertext, contiguous, to MACBUF, where the MAC reads it: rsi. half
 * (0 or 512, for a kernel whose step is two table entries): the entry's
 * keystream is at KS + half, its output goes to DST + half and its
 * ciphertext to MACBUF + half. Branches
 * and addresses depend on the pieces' addresses and lengths only.
 * Clobbers rax, rbx, rcx, rdx, rbp, r14, r15 and ymm0..ymm2. */
.macro SPLIT mode, half=0
	movq	(%rbp), %rbx
	movq	CHACHA20POLY1305_STEP_PIECES(%rbp), %rcx
	leaq	KS+\half(%rsp), %rax
	.if \mode == OPEN_STEPS
	movq	DST(%rsp), %rsi
	.if \half
	addq	$\half, %rsi
	.endif
	.endif
61:	movq	(%rbx), %rdx		/* the piece */
	movq	CHACHA20POLY1305_PIECE_LEN(%rbx), %r14	/* its length */
	xorl	%r15d, %r15d
	cmpq	$32, %r14
	jb	63f
	leaq	-32(%r14), %rbp
	vmovdqu	(%rdx,%rbp), %ymm1
62:	vmovdqu	(%rdx,%r15), %ymm0
	SPLIT_OUT \mode, %ymm0, %r15
	addq	$32, %r15
	cmpq	%rbp, %r15
	jbe	62b
	SPLIT_OUT \mode, %ymm1, %rbp, 1
	jmp	64f
63:	movzbl	(%rdx,%r15), %ebp
	.if \mode == SEAL_STEPS
	xorb	(%rax,%r15), %bpl
	movb	%bpl, (%rdx,%r15)
	movb	%bpl, MACBUF - KS(%rax,%r15)
	.else
	movb	%bpl, MACBUF - KS(%rax,%r15)
	xorb	(%rax,%r15), %bpl
	movb	%bpl, (%rsi,%r15)
	.endif
	incq	%r15
	cmpq	%r14, %r15
	jb	63b
64:	addq	%r14, %rax
	.if \mode == OPEN_STEPS
	addq	%r14, %rsi
	.endif
	addq	$CHACHA20POLY1305_PIECE_SIZE, %rbx
	decq	%rcx
	jnz	61b
	leaq	MACBUF+\half(%rsp), %rsi
.endm

/* h = (h + m + 2^128) r for the block m at off(rsi), in two halves: the
 * additions and products, then the reduction; rsi += adv. */
.macro POLY_A off=0
	addq	\off(%rsi), %r8
	adcq	\off+8(%rsi), %r9
	adcq	$1, %r10
	MUL_R_PRODUCTS
.endm

.macro POLY_B adv=16
	MUL_R_REDUCE
	.if \adv
	leaq	\adv(%rsi), %rsi
	.endif
.endm

/* A kernel's entry in mode: the callee-saved registers pushed (PROLOGUE
 * of poly1305-macros.h), len in rcx and src (or the table) in rdx in
 * every mode, the frame (FRAME bytes, and MACBUF_SIZE more with a table)
 * 64-byte aligned below with the caller's rsp in ORIG, b->poly in POLY
 * and in the register poly, rdi the ChaCha20 state, SRC, DST (OPEN_STEPS),
 * LEFT = len and CTR = state[12] + ceil(len / 64), the counter it ends on.
 * Clobbers rax, rcx. */
.macro KERNEL_ENTRY mode, poly
	endbr64
	PROLOGUE
	.if \mode == SEAL_STEPS
	movq	%rdx, %rcx
	movq	%rsi, %rdx
	.endif
	movq	%rsp, %rax
	.if \mode == SEAL
	subq	$FRAME, %rsp
	.else
	subq	$FRAME + MACBUF_SIZE, %rsp
	.endif
	andq	$-64, %rsp
	movq	%rax, ORIG(%rsp)
	movq	CHACHA20POLY1305_BULK_POLY(%rdi), \poly
	movq	0(%rdi), %rdi
	movq	\poly, POLY(%rsp)
	movq	%rdx, SRC(%rsp)
	.if \mode == OPEN_STEPS
	movq	%rsi, DST(%rsp)
	.endif
	movq	%rcx, LEFT(%rsp)
	leaq	63(%rcx), %rcx		/* state[12] + ceil(len / 64) */
	shrq	$6, %rcx
	addl	48(%rdi), %ecx
	movl	%ecx, CTR(%rsp)
.endm
