/* SPDX-License-Identifier: MIT */
/*
 * Poly1305 (RFC 8439 section 2.5) for any x86-64: h in base 2^64, one
 * 16-byte block per iteration with 64x64 -> 128-bit mulq.
 *
 * void poly1305_x86_64_init(void *state, const uint8_t r[16])
 *	clamps r, stores r0, r1, s1 = r1 + (r1 >> 2), sets h = 0 and clears
 *	the word poly1305-avx2 keeps its "powers of r ready" flag in.
 * void poly1305_x86_64_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit)
 *	for each block m: h = (h + m + padbit 2^128) r, partly reduced.
 * void poly1305_x86_64_emit(void *state, uint8_t mac[16], const uint32_t s[4])
 *	mac = ((h mod p) + s) mod 2^128.
 * void poly1305_x86_64_mac(uint8_t mac[16], const uint8_t *in, size_t len, const uint8_t key[32])
 *	the one-shot MAC, what init, blocks, the padded last block and emit
 *	compute, with h and r in registers only: no state in memory, a
 *	partial last block read 1, 2, 4 and 8 bytes at a time (never past
 *	the message) and padded in registers. Registers: as blocks(), with
 *	rdi mac, r15 key, rbx and r14 the last block's words.
 *
 * Limb bounds (the state-level target enforces exactly these):
 *	blocks() takes h0, h1 < 2^64 and h2 <= 7 and leaves h2 <= 4
 *	(MUL_R in poly1305-macros.h says why); emit() takes any h2 < 2^62.
 *	So values of h from 0 up to 8 2^128 - 1 = 2^131 - 1, non-canonical
 *	ones in [p, 2^131) included, are legal between calls.
 *
 * Register plan: h0, h1, h2 in r8, r9, r10; r0, r1, s1 in r11, r12, r13;
 * rdi state, rsi in, rbp bytes left, r15 padbit; rax, rdx for mulq, rbx,
 * rcx, r14 scratch.
 *
 * CPU features: none beyond x86-64. Uses no stack for secrets and no vector
 * registers; secrets left in caller-saved registers are the caller's
 * (the state itself is wiped by poly1305_final), except that mac() zeroes
 * those it used, having no caller that could.
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

#include "poly1305-macros.h"

.text

.globl	poly1305_x86_64_init
.hidden	poly1305_x86_64_init
.type	poly1305_x86_64_init, @function
.balign	32
ZINC_ENTRY poly1305_x86_64_init
	endbr64
	CLAMP	%rsi, %rax, %rdx, %rcx, %rcx
	movq	%rax, R0(%rdi)
	movq	%rdx, R1(%rdi)
	movq	%rcx, S1(%rdi)
	xorl	%eax, %eax
	movq	%rax, H0(%rdi)
	movq	%rax, H1(%rdi)
	movq	%rax, H2(%rdi)
	movq	%rax, 48(%rdi)
	ret
.size	poly1305_x86_64_init, .-poly1305_x86_64_init

.globl	poly1305_x86_64_blocks
.hidden	poly1305_x86_64_blocks
.type	poly1305_x86_64_blocks, @function
.balign	32
ZINC_ENTRY poly1305_x86_64_blocks
	endbr64
	cmpq	$16, %rdx
	jb	19f
	PROLOGUE
	movq	%rdx, %rbp
	movl	%ecx, %r15d
	LOAD_H_R %rdi
.balign	16
10:	addq	0(%rsi), %r8
	adcq	8(%rsi), %r9
	adcq	%r15, %r10
	MUL_R
	leaq	16(%rsi), %rsi
	subq	$16, %rbp
	cmpq	$16, %rbp
	jae	10b
	movq	%r8, H0(%rdi)
	movq	%r9, H1(%rdi)
	movq	%r10, H2(%rdi)
	EPILOGUE
19:	ret
.size	poly1305_x86_64_blocks, .-poly1305_x86_64_blocks

/*
 * rax = the last k = ebp bytes (0..7) of a message at rsi, followed by the
 * 0x01 byte of the padding: the bytes are read 1, 2 and 4 at a time from
 * the end, so nothing past the message is touched. Branches and
 * addresses depend on the length only. Clobbers rcx, rdx.
 */
.macro TAIL_WORD
	xorl	%eax, %eax
	testl	$1, %ebp
	jz	21f
	movzbl	-1(%rsi,%rbp), %eax
21:	testl	$2, %ebp
	jz	22f
	movl	%ebp, %ecx
	andl	$4, %ecx
	movzwl	(%rsi,%rcx), %edx
	shlq	$16, %rax
	orq	%rdx, %rax
22:	testl	$4, %ebp
	jz	23f
	movl	(%rsi), %edx
	shlq	$32, %rax
	orq	%rdx, %rax
23:	leal	0(,%rbp,8), %ecx
	movl	$1, %edx
	shlq	%cl, %rdx
	orq	%rdx, %rax
.endm

.globl	poly1305_x86_64_mac
.hidden	poly1305_x86_64_mac
.type	poly1305_x86_64_mac, @function
.balign	32
ZINC_ENTRY poly1305_x86_64_mac
	endbr64
	PROLOGUE
	movq	%rcx, %r15		/* key */
	movq	%rdx, %rbp		/* bytes left */
	CLAMP	%r15, %r11, %r12, %r13, %rax
	xorl	%r8d, %r8d
	xorl	%r9d, %r9d
	xorl	%r10d, %r10d
	cmpq	$16, %rbp
	jb	12f
.balign	16
10:	addq	0(%rsi), %r8
	adcq	8(%rsi), %r9
	adcq	$1, %r10
	MUL_R
	leaq	16(%rsi), %rsi
	subq	$16, %rbp
	cmpq	$16, %rbp
	jae	10b
12:	testq	%rbp, %rbp
	jz	15f
	/* 1..15 bytes left: m = bytes || 0x01 || zeros, no 2^128 bit. */
	xorl	%ebx, %ebx
	cmpq	$8, %rbp
	jb	13f
	movq	(%rsi), %rbx
	addq	$8, %rsi
	subq	$8, %rbp
	TAIL_WORD
	movq	%rax, %r14
	jmp	14f
13:	TAIL_WORD
	movq	%rax, %rbx
	xorl	%r14d, %r14d
14:	addq	%rbx, %r8
	adcq	%r14, %r9
	adcq	$0, %r10
	MUL_R
15:	REDUCE_FULL
	addq	16(%r15), %r8
	adcq	24(%r15), %r9
	movq	%r8, 0(%rdi)
	movq	%r9, 8(%rdi)
	/* the caller-saved registers that held h, r0 or scratch, zeroed */
	.irp	r, eax, ecx, edx, r8d, r9d, r10d, r11d
	xorl	%\r, %\r
	.endr
	EPILOGUE
	ret
.size	poly1305_x86_64_mac, .-poly1305_x86_64_mac

.globl	poly1305_x86_64_emit
.hidden	poly1305_x86_64_emit
.type	poly1305_x86_64_emit, @function
.balign	32
ZINC_ENTRY poly1305_x86_64_emit
	endbr64
	movq	%rdx, %r11		/* s */
	movq	H0(%rdi), %r8
	movq	H1(%rdi), %r9
	movq	H2(%rdi), %r10
	REDUCE_FULL
	addq	0(%r11), %r8
	adcq	8(%r11), %r9
	movq	%r8, 0(%rsi)
	movq	%r9, 8(%rsi)
	ret
.size	poly1305_x86_64_emit, .-poly1305_x86_64_emit
