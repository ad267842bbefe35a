/* SPDX-License-Identifier: MIT */
/*
 * Scalar Poly1305 steps in base 2^64 shared by poly1305-x86_64.S,
 * poly1305-avx2.S and poly1305-avx512ifma.S (which use them for their
 * powers of r and their short calls).
 *
 * h = h0 + h1 2^64 + h2 2^128 in %r8, %r9, %r10; the clamped key
 * r = r0 + r1 2^64 in %r11, %r12 and s1 = r1 + (r1 >> 2) in %r13.
 * Clamping leaves r0, r1 < 2^60 and r1 = 0 mod 4, so s1 < 2^61 and, as
 * 2^130 = 5 (mod p), r1 2^128 = (r1 / 4) 2^130 = s1 - r1 (mod p):
 *
 *   h r = (h0 r0 + h1 s1) + (h0 r1 + h1 r0 + h2 s1) 2^64 + (h2 r0) 2^128.
 */

/* State layout (struct poly1305_x86_64 in lib/poly1305/poly1305.c). */
#define H0	0
#define H1	8
#define H2	16
#define R0	24
#define R1	32
#define S1	40

/* h from the state at \st into r8, r9, r10. */
.macro LOAD_H st
	movq	H0(\st), %r8
	movq	H1(\st), %r9
	movq	H2(\st), %r10
.endm

/* h and r from the state at \st into the registers above. */
.macro LOAD_H_R st
	LOAD_H	\st
	movq	R0(\st), %r11
	movq	R1(\st), %r12
	movq	S1(\st), %r13
.endm

/* h = r (h2 = 0) and r0, r1, s1 from the state at \st into their
 * registers: where a table of the powers of r starts. */
.macro LOAD_R_AS_H st
	movq	R0(\st), %r8
	movq	R1(\st), %r9
	xorl	%r10d, %r10d
	movq	%r8, %r11
	movq	R1(\st), %r12
	movq	S1(\st), %r13
.endm

/* The entry of a vector row's blocks(): calls of fewer than cold bytes
 * (warm once the word at ready(%rdi) says the powers of r are computed)
 * go to poly1305_x86_64_blocks; the others save the callee-saved
 * registers (PROLOGUE, arch/x86_64/arch.h) and keep len in rbp and
 * padbit in r15. */
.macro VEC_ENTRY warm, cold, ready
	cmpq	$\warm, %rdx
	jb	poly1305_x86_64_blocks
	cmpq	$0, \ready(%rdi)
	jne	1f
	cmpq	$\cold, %rdx
	jb	poly1305_x86_64_blocks
1:	PROLOGUE
	movq	%rdx, %rbp
	movl	%ecx, %r15d
.endm

/* The exit of a vector row's blocks() after VEC_ENTRY: h0, h1, h2 into the
 * state, and the rbp bytes the vector loop left (fewer than a group) to
 * poly1305_x86_64_blocks with padbit r15. */
.macro VEC_EXIT h0, h1, h2
	movq	\h0, H0(%rdi)
	movq	\h1, H1(%rdi)
	movq	\h2, H2(%rdi)
	movq	%rbp, %rdx
	movl	%r15d, %ecx
	EPILOGUE
	jmp	poly1305_x86_64_blocks
.endm

/* The end of a vector row's .Lsetup: pad = r15 (padbit) << shift in every
 * 64-bit lane, and the row's .Lpowers called unless the word at
 * ready(%rdi) says the state holds the powers of r already. */
.macro PAD_AND_POWERS pad, shift, ready
	movq	%r15, %rax
	shlq	$\shift, %rax
	vpbroadcastq	%rax, \pad
	cmpq	$0, \ready(%rdi)
	jne	1f
	call	.Lpowers
1:
.endm

/* The start of a vector row's test_lanes(state, lanes, in, len) (under
 * ZINC_TESTING): registers saved, len in rbp, padbit 1 in r15, the row's
 * .Lsetup called with rsi still the lanes, and idx = its lane permutation
 * .Llane_of; the caller loads the lanes from (%rsi), then pops in into
 * rsi. */
.macro TEST_LANES_ENTRY idx
	PROLOGUE
	movq	%rcx, %rbp
	movl	$1, %r15d
	pushq	%rdx			/* in; .Lsetup keeps only rsi, rdi, rbp, r15 */
	call	.Lsetup
	vmovdqa64	.Llane_of(%rip), \idx
.endm

/* r0, r1 = the first 16 key bytes at (key), clamped (RFC 8439 section
 * 2.5); s1 = r1 + r1 / 4; t scratch (may be s1). */
.macro CLAMP key, r0, r1, s1, t
	movq	0(\key), \r0
	movq	8(\key), \r1
	movabsq	$0x0ffffffc0fffffff, \t
	andq	\t, \r0
	movabsq	$0x0ffffffc0ffffffc, \t
	andq	\t, \r1
	movq	\r1, \s1
	shrq	$2, \s1
	addq	\r1, \s1
.endm

/*
 * h = h r, partly reduced. Takes h0, h1 < 2^64 and h2 <= 9; leaves
 * h0, h1 < 2^64 and h2 <= 4. Clobbers rax, rbx, rcx, rdx, r14.
 * Why it fits: h0 r0 + h1 s1 < 2^124 + 2^125 and the middle column is
 * < 2^125 + 2^65, so its high word is < 2^61; h2 r0 < 9 2^60, so the top
 * t2 = h2 r0 + hi(middle) + carry < 2^63.6 and 5 (t2 >> 2) < 2^64.
 */
.macro MUL_R
	MUL_R_PRODUCTS
	MUL_R_REDUCE
.endm

/* The first half of MUL_R: the four 64x64-bit products into d0 = rbx:r14
 * and d1 = r9:rcx (so far), for callers that interleave the halves with
 * other work. */
.macro MUL_R_PRODUCTS
	movq	%r13, %rax
	mulq	%r9			/* h1 s1 */
	movq	%rax, %r14
	movq	%rdx, %rbx
	movq	%r11, %rax
	mulq	%r9			/* h1 r0 */
	movq	%rax, %rcx
	movq	%rdx, %r9
	movq	%r11, %rax
	mulq	%r8			/* h0 r0 */
	addq	%rax, %r14
	adcq	%rdx, %rbx		/* d0 = rbx:r14 */
	movq	%r12, %rax
	mulq	%r8			/* h0 r1 */
	addq	%rax, %rcx
	adcq	%rdx, %r9
.endm

/* The second half: the products summed into t0, t1, t2 and reduced. */
.macro MUL_R_REDUCE
	movq	%r13, %rdx
	imulq	%r10, %rdx		/* h2 s1 < 2^64 */
	imulq	%r11, %r10		/* d2 = h2 r0 */
	addq	%rdx, %rcx
	adcq	$0, %r9			/* d1 = r9:rcx */
	addq	%rbx, %rcx		/* t1 = lo(d1) + hi(d0) */
	adcq	%r9, %r10		/* t2 = d2 + hi(d1) + carry */
	/* 2^130 = 5: h = t0 + t1 2^64 + (t2 & 3) 2^128 + 5 (t2 >> 2) */
	movq	%r10, %rax
	andq	$3, %r10
	andq	$-4, %rax
	movq	%rax, %rdx
	shrq	$2, %rdx
	addq	%rdx, %rax
	addq	%rax, %r14
	adcq	$0, %rcx
	adcq	$0, %r10
	movq	%r14, %r8
	movq	%rcx, %r9
.endm

/*
 * h = h mod p, fully reduced, for any h2 < 2^62. First 2^130 = 5 folds the
 * bits of h2 above 2 into h0, leaving h < 2^130 + 5 2^62 < 2p; then h - p
 * = (h + 5) - 2^130 replaces h when h + 5 reaches 2^130. The choice is a
 * cmov, not a branch. Clobbers rax, rcx, rdx.
 */
.macro REDUCE_FULL
	movq	%r10, %rax
	andq	$3, %r10
	shrq	$2, %rax
	leaq	(%rax, %rax, 4), %rax
	addq	%rax, %r8
	adcq	$0, %r9
	adcq	$0, %r10
	movq	%r8, %rax
	movq	%r9, %rcx
	movq	%r10, %rdx
	addq	$5, %rax
	adcq	$0, %rcx
	adcq	$0, %rdx
	shrq	$2, %rdx		/* 1 when h + 5 >= 2^130 */
	cmovnzq	%rax, %r8
	cmovnzq	%rcx, %r9
	movl	$0, %eax
	cmovnzq	%rax, %r10
.endm
