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
 * (the state itself is wiped by poly1305_final).
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
	movq	0(%rsi), %rax
	movq	8(%rsi), %rdx
	movabsq	$0x0ffffffc0fffffff, %rcx
	andq	%rcx, %rax
	movabsq	$0x0ffffffc0ffffffc, %rcx
	andq	%rcx, %rdx
	movq	%rax, R0(%rdi)
	movq	%rdx, R1(%rdi)
	movq	%rdx, %rcx
	shrq	$2, %rcx
	addq	%rdx, %rcx
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
	jb	.Lnone
	PROLOGUE
	movq	%rdx, %rbp
	movl	%ecx, %r15d
	movq	H0(%rdi), %r8
	movq	H1(%rdi), %r9
	movq	H2(%rdi), %r10
	movq	R0(%rdi), %r11
	movq	R1(%rdi), %r12
	movq	S1(%rdi), %r13
.balign	16
.Lblock:
	addq	0(%rsi), %r8
	adcq	8(%rsi), %r9
	adcq	%r15, %r10
	MUL_R
	leaq	16(%rsi), %rsi
	subq	$16, %rbp
	cmpq	$16, %rbp
	jae	.Lblock
	movq	%r8, H0(%rdi)
	movq	%r9, H1(%rdi)
	movq	%r10, H2(%rdi)
	EPILOGUE
.Lnone:
	ret
.size	poly1305_x86_64_blocks, .-poly1305_x86_64_blocks

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
