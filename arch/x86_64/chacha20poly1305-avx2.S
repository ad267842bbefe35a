/* SPDX-License-Identifier: MIT */
/*
 * The bulk of ChaCha20-Poly1305 encryption (RFC 8439 section 2.8) for x86-64
 * with AVX2, in one pass: each step makes eight ChaCha20 blocks (512 bytes)
 * with AVX2, as chacha20-avx2.S does, and meanwhile absorbs into Poly1305
 * the 512 bytes of ciphertext the step before wrote, with 32 scalar blocks
 * in base 2^64 as poly1305-x86_64.S does (their two halves spread over the
 * eight steps of each double round and among the stores). The vector rounds
 * keep the vector ports busy, the multiplications the integer ports, so the
 * MAC costs little on top of the cipher. The first step has nothing to
 * absorb yet. A last part of 1..511 bytes takes eight more blocks into a
 * stack copy (absorbing the last whole step meanwhile); what the last step
 * wrote is absorbed alone at the end.
 *
 * void chacha20poly1305_avx2(const struct chacha20poly1305_bulk *b, uint8_t *dst,
 *			      const uint8_t *src, size_t len)
 *	b->chacha: ChaCha20 state[16]; b->poly: Poly1305 state in the layout
 *	of poly1305-x86_64 (h0, h1, h2, r0, r1, s1 at H0..S1 of
 *	poly1305-macros.h). len >= 512. dst = src XOR the keystream from block
 *	state[12] on (dst == src allowed); state[12] ends advanced by
 *	ceil(len / 64) modulo 2^32; for each whole 16-byte block m of dst, in
 *	order, h = (h + m + 2^128) r, partly reduced (a last partial block is
 *	left to the caller).
 *
 * void chacha20poly1305_avx2_steps(const struct chacha20poly1305_bulk *b,
 *				    const struct chacha20poly1305_step *steps, size_t len)
 *	The same, in place, with the message in pieces (the scatter-gather
 *	encrypt): len >= 512, and step i (bytes 512 i .. min(512 (i + 1),
 *	len) of the message), for i < ceil(len / 512), is at steps[i].at, or,
 *	when steps[i].pieces is not 0, in that many pieces at steps[i].piece
 *	(struct chacha20poly1305_step in lib/chacha20poly1305/chacha20poly1305.h).
 *	A whole step is encrypted and MACed where it lies. A step in pieces
 *	(one that an iovec entry boundary cuts) takes its keystream into KS;
 *	SPLIT then XORs each piece in place, 32 bytes at a time, and writes the
 *	ciphertext contiguous into MACBUF too, where the MAC reads it in the
 *	next step, for less than copying the step out and back cost
 *	(bench/results/date-not-recorded-epyc-25-17.md#sg-split-step).
 *
 * void chacha20poly1305_avx2_open(const struct chacha20poly1305_bulk *b,
 *				   uint8_t *dst, const struct chacha20poly1305_step *steps,
 *				   size_t len)
 *	Decryption's one pass: len >= 512, step i's ciphertext where steps[i]
 *	says, as above; dst (contiguous, len bytes) = ciphertext XOR keystream,
 *	and the MAC absorbs the ciphertext's whole 16-byte blocks (a step in
 *	pieces: gathered into MACBUF as it is decrypted). The caller holds dst
 *	back until the tag is checked.
 *
 * Limb bounds (the contract of poly1305-x86_64's blocks(), so that any
 * Poly1305 row sharing the layout continues the state): takes h0, h1 < 2^64
 * and h2 <= 7, leaves h2 <= 4 (MUL_R in poly1305-macros.h says why).
 *
 * Register plan.
 *   Vector: ymm0..ymm15 hold state words 0..15 of the eight blocks, as in
 *   chacha20-avx2.S (chacha20-avx2-macros.h); the frame holds SPILL, CTRV,
 *   STASH and KS as there: keystream and key material.
 *   Scalar: h0, h1, h2 in r8, r9, r10; r0, r1, s1 in r11, r12, r13; rax,
 *   rbx, rcx, rdx, r14 the scratch of MUL_R; rsi is where the MAC reads
 *   (the step before's ciphertext: in place, or MACBUF) and, having
 *   advanced 512 bytes in a step, where that step writes (SEAL); rdi the
 *   ChaCha20 state; r15 counts double rounds or the last blocks, and in a
 *   step's stores is dst, with rbp src. SPLIT, after the stores, uses rax
 *   (keystream), rbx and rcx (the pieces left), rdx and r14 (a piece),
 *   r15 and rbp (offsets), rsi (dst in OPEN_STEPS). The frame holds the
 *   next step's src (SRC; with a table, the address of its entry), its dst
 *   (DST, OPEN_STEPS), the bytes not yet encrypted (LEFT), b->poly (POLY),
 *   the final counter (CTR) and the caller's rsp (ORIG); with a table,
 *   MACBUF (512 bytes) above it.
 *
 * CPU features: AVX2. Branches and addresses depend only on len and the
 * steps' addresses and lengths. Before returning, the frame up to MACBUF
 * is zeroed (MACBUF only ever holds ciphertext) and vzeroall clears every
 * vector register; h and r stay in caller-saved registers, as with
 * poly1305-x86_64.
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"
#include "chacha20-macros.h"
#include "poly1305-macros.h"
#include "../../lib/chacha20poly1305/sizes.h"
#define SPILL	0
#define CTRV	32
#define STASH	64
#define SRC	320
#define LEFT	328
#define POLY	336
#define CTR	344
#define ORIG	352
#define DST	360
#define KS	384
#define FRAME	896
#define MACBUF	896	/* past the wiped frame: it only holds ciphertext */
#define MACBUF_SIZE CHACHA20POLY1305_STEP
#include "chacha20-avx2-macros.h"

/* A step (lib/chacha20poly1305/sizes.h) is what ROUNDS8 and OUTPUT8 make:
 * eight blocks, whose keystream KS holds; its 32 Poly1305 blocks are MIX's
 * schedule below. */
.if CHACHA20POLY1305_STEP != 8 * 64 || FRAME - KS != CHACHA20POLY1305_STEP
.error "a step is eight ChaCha20 blocks, the keystream of OUTPUT8 0 in KS"
.endif
.if CHACHA20POLY1305_STEP / 16 != 10 * 3 + 2 || MACBUF != FRAME
.error "MIX absorbs a step's Poly1305 blocks, three per double round and two among the stores"
.endif

.section .rodata
AVX2_CONSTANTS

.text

.macro POLY_BLOCK
	POLY_A
	POLY_B
.endm

/* The 32 blocks of a step: three in each double round's eight steps
 * (slots 0..7 of ROUNDS8), 30 in all, and the last two among the stores
 * (slots 8..15 of OUTPUT8) at 0(rsi) and 16(rsi), rsi not advanced. */
.macro MIX slot
	.if \slot == 0 || \slot == 3 || \slot == 6
	POLY_A
	.elseif \slot == 1 || \slot == 4 || \slot == 7
	POLY_B
	.elseif \slot == 9
	POLY_A	0
	.elseif \slot == 13
	POLY_A	16
	.elseif \slot == 11 || \slot == 15
	POLY_B	0
	.endif
.endm

#include "chacha20poly1305-macros.h"

/* The output of a whole step of a table (SEAL_STEPS, OPEN_STEPS), its
 * entry at SRC: straight from its address when it lies in one place, else
 * the keystream into KS and SPLIT; \mix as for OUTPUT8. Leaves rsi where
 * the step's ciphertext is. */
.macro STEP_OUT mode, mix=
	STEP_ENTRY \mode, 0, %rbp, %r15, 77f
	OUTPUT8	1, %rbp, %r15, \mix
	movq	%rbp, %rsi
	jmp	78f
77:	OUTPUT8	0, %rdx, %rsi, \mix	/* rbp stays the entry */
	SPLIT	\mode
78:
.endm

.macro AEAD_KERNEL mode
	KERNEL_ENTRY \mode, %rax
	LOAD_H_R %rax

	/* The first step: no ciphertext to absorb yet. */
	ROUNDS8	%r15d
	.if \mode == SEAL
	OUTPUT8	1
	.else
	STEP_OUT \mode
	.endif
	jmp	.Lnext\mode

.balign	32
.Lstep\mode:
	ROUNDS8	%r15d, MIX
	.if \mode == SEAL
	movq	SRC(%rsp), %rbp
	leaq	32(%rsi), %r15
	OUTPUT8	1, %rbp, %r15, MIX
	movq	%r15, %rsi
	.else
	STEP_OUT \mode, MIX
	.endif
.Lnext\mode:
	.if \mode == SEAL
	addq	$CHACHA20POLY1305_STEP, SRC(%rsp)
	.else
	addq	$CHACHA20POLY1305_STEP_SIZE, SRC(%rsp)
	.endif
	.if \mode == OPEN_STEPS
	addq	$CHACHA20POLY1305_STEP, DST(%rsp)
	.endif
	movq	LEFT(%rsp), %rcx
	subq	$CHACHA20POLY1305_STEP, %rcx
	movq	%rcx, LEFT(%rsp)
	cmpq	$CHACHA20POLY1305_STEP, %rcx
	jae	.Lstep\mode
	movl	$CHACHA20POLY1305_STEP / 16, %r15d
	testq	%rcx, %rcx
	jz	.Llast\mode

	/* 1..511 bytes left: eight more blocks into KS while the last whole
	 * step is absorbed, XORed from there (or SPLIT when the last part is
	 * in pieces); then the whole 16-byte blocks of the last part's
	 * ciphertext are absorbed. XOR_KS clobbers r9 and r10. */
	ROUNDS8	%r15d, MIX
	POLY_BLOCK
	POLY_BLOCK
	OUTPUT8	0
	movq	SRC(%rsp), %rdx
	.if \mode != SEAL
	movq	%rdx, %rbp
	cmpq	$0, CHACHA20POLY1305_STEP_PIECES(%rdx)
	jne	.Lsplit\mode
	movq	(%rdx), %rdx
	.endif
	.if \mode == SEAL_STEPS
	movq	%rdx, %rsi
	.elseif \mode == OPEN_STEPS
	movq	DST(%rsp), %rsi
	.endif
	movq	LEFT(%rsp), %rcx
	movq	%r9, %rbx
	movq	%r10, %r14
	XOR_KS	KS, 32
	movq	%rbx, %r9
	movq	%r14, %r10
	.if \mode == OPEN_STEPS
	movq	%rdx, %rsi		/* the MAC reads the ciphertext */
	.endif
	.if \mode != SEAL
	jmp	.Ltail\mode
.Lsplit\mode:
	SPLIT	\mode
.Ltail\mode:
	.endif
	movq	LEFT(%rsp), %r15
	shrq	$4, %r15
	jz	.Ldone\mode
.Llast\mode:
	POLY_BLOCK
	decl	%r15d
	jnz	.Llast\mode
.Ldone\mode:
	movq	POLY(%rsp), %rax
	movq	%r8, H0(%rax)
	movq	%r9, H1(%rax)
	movq	%r10, H2(%rax)
	movl	CTR(%rsp), %eax
	movl	%eax, 48(%rdi)

	movq	ORIG(%rsp), %rcx
	WIPE_FRAME
	vzeroall
	movq	%rcx, %rsp
	EPILOGUE
	ret
.endm

.globl	chacha20poly1305_avx2
.hidden	chacha20poly1305_avx2
.type	chacha20poly1305_avx2, @function
.balign	32
ZINC_ENTRY chacha20poly1305_avx2
	AEAD_KERNEL SEAL
.size	chacha20poly1305_avx2, .-chacha20poly1305_avx2

.globl	chacha20poly1305_avx2_steps
.hidden	chacha20poly1305_avx2_steps
.type	chacha20poly1305_avx2_steps, @function
.balign	32
ZINC_ENTRY chacha20poly1305_avx2_steps
	AEAD_KERNEL SEAL_STEPS
.size	chacha20poly1305_avx2_steps, .-chacha20poly1305_avx2_steps

.globl	chacha20poly1305_avx2_open
.hidden	chacha20poly1305_avx2_open
.type	chacha20poly1305_avx2_open, @function
.balign	32
ZINC_ENTRY chacha20poly1305_avx2_open
	AEAD_KERNEL OPEN_STEPS
.size	chacha20poly1305_avx2_open, .-chacha20poly1305_avx2_open
