/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20 (RFC 8439) for x86-64 with AVX-512F on 512-bit registers: sixteen
 * blocks at a time (vprold rotations, nothing spilled) while more than 256
 * bytes remain, then four blocks at a time (one per 128-bit lane). A part
 * shorter than the blocks just computed is XORed from a keystream copy on the
 * stack, which is wiped before returning.
 *
 * void chacha20_avx512(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len)
 *	rdi state, rsi dst, rdx src, rcx len; state[12] ends advanced by
 *	ceil(len / 64) modulo 2^32 (kept in r8d), word 13 is never touched.
 *
 * Register plan.
 *   Sixteen blocks: zmm0..zmm15 hold state words 0..15, lane j for block j;
 *   zmm16 is word 12's input (counter + 0..15, mod 2^32); the other input
 *   words are added back straight from state[] with {1to16} broadcasts.
 *   zmm17..zmm24 are scratch for the 4x4 word transposes inside each
 *   128-bit lane, zmm25..zmm28 for the 4x4 transposes of 128-bit lanes.
 *   Four blocks: zmm0..zmm3 the rows (lane k for block n + k), zmm20..zmm23
 *   the input rows.
 *
 * CPU features: AVX-512F only (every vector instruction works on zmm).
 */

.section .note.GNU-stack,"",%progbits

.section .rodata
.balign 64
.Lctr16:	.long 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
.Lctr4:		.long 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0

.text

#include "chacha20-tail.h"
#define KS	0
#define FRAME	1024

/*
 * One round on the rows a, b, c, d of four blocks (one per 128-bit lane),
 * then the lane rotations that line up the next round's quarter-rounds (sa
 * for row a, sc for row c, row d always swaps halves). Rotating a, c and d
 * rather than b keeps the shuffles off the add-xor-rotate dependency chain.
 * Column to diagonal: sa = 0x93, sc = 0x39; and back: sa = 0x39, sc = 0x93.
 */
.macro RND1 a, b, c, d, sa, sc
	vpaddd	\b, \a, \a
	vpxord	\a, \d, \d
	vprold	$16, \d, \d
	vpaddd	\d, \c, \c
	vpxord	\c, \b, \b
	vprold	$12, \b, \b
	vpaddd	\b, \a, \a
	vpxord	\a, \d, \d
	vpshufd	$\sa, \a, \a
	vprold	$8, \d, \d
	vpaddd	\d, \c, \c
	vpshufd	$0x4e, \d, \d
	vpxord	\c, \b, \b
	vpshufd	$\sc, \c, \c
	vprold	$7, \b, \b
.endm

/* Four quarter-rounds side by side, sixteen blocks per register. */
.macro QR16 a0,b0,c0,d0, a1,b1,c1,d1, a2,b2,c2,d2, a3,b3,c3,d3
	.irp n, 16, 12, 8, 7
	.if \n == 16 || \n == 8
	vpaddd	\b0, \a0, \a0
	vpaddd	\b1, \a1, \a1
	vpaddd	\b2, \a2, \a2
	vpaddd	\b3, \a3, \a3
	vpxord	\a0, \d0, \d0
	vpxord	\a1, \d1, \d1
	vpxord	\a2, \d2, \d2
	vpxord	\a3, \d3, \d3
	vprold	$\n, \d0, \d0
	vprold	$\n, \d1, \d1
	vprold	$\n, \d2, \d2
	vprold	$\n, \d3, \d3
	.else
	vpaddd	\d0, \c0, \c0
	vpaddd	\d1, \c1, \c1
	vpaddd	\d2, \c2, \c2
	vpaddd	\d3, \c3, \c3
	vpxord	\c0, \b0, \b0
	vpxord	\c1, \b1, \b1
	vpxord	\c2, \b2, \b2
	vpxord	\c3, \b3, \b3
	vprold	$\n, \b0, \b0
	vprold	$\n, \b1, \b1
	vprold	$\n, \b2, \b2
	vprold	$\n, \b3, \b3
	.endif
	.endr
.endm

/* 4x4 transpose inside each 128-bit lane; afterwards b, t0, d, a hold the
 * words of blocks 4k, 4k + 1, 4k + 2, 4k + 3 in lane k. */
.macro TRANSPOSE a, b, c, d, t0, t1
	vpunpckldq \b, \a, \t0
	vpunpckhdq \b, \a, \a
	vpunpckldq \d, \c, \t1
	vpunpckhdq \d, \c, \c
	vpunpcklqdq \t1, \t0, \b
	vpunpckhqdq \t1, \t0, \t0
	vpunpcklqdq \c, \a, \d
	vpunpckhqdq \c, \a, \a
.endm

/*
 * 4x4 transpose of 128-bit lanes: g0..g3 hold 16 bytes of each of four
 * blocks (lane k: block k); afterwards g0, g1, b0, b2 hold blocks 0..3 whole
 * (b1 and b3 are scratch).
 */
.macro LANES g0, g1, g2, g3, b0, b1, b2, b3
	vshufi32x4 $0x44, \g1, \g0, \b0
	vshufi32x4 $0xee, \g1, \g0, \b1
	vshufi32x4 $0x44, \g3, \g2, \b2
	vshufi32x4 $0xee, \g3, \g2, \b3
	vshufi32x4 $0x88, \b2, \b0, \g0
	vshufi32x4 $0xdd, \b2, \b0, \g1
	vshufi32x4 $0x88, \b3, \b1, \b0
	vshufi32x4 $0xdd, \b3, \b1, \b2
.endm

/* Block j + 4k of sixteen, from the k-th lane transpose output. */
.macro OUT1 reg, blk, out
	.if \out
	vpxord	64 * (\blk)(%rdx), \reg, \reg
	vmovdqu64 \reg, 64 * (\blk)(%rsi)
	.else
	vmovdqa64 \reg, KS + 64 * (\blk)(%rsp)
	.endif
.endm

.macro OUT16 g0, g1, g2, g3, j, out
	LANES	\g0, \g1, \g2, \g3, %zmm25, %zmm26, %zmm27, %zmm28
	OUT1	\g0, \j, \out
	OUT1	\g1, \j + 4, \out
	OUT1	%zmm25, \j + 8, \out
	OUT1	%zmm27, \j + 12, \out
.endm

/* Sixteen keystream blocks for counter state[12] + 0..15, XORed into dst
 * (out = 1) or copied to KS (out = 0). */
.macro BLOCKS16 out
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	vpbroadcastd 4 * \i(%rdi), %zmm\i
	.endr
	vpbroadcastd 48(%rdi), %zmm16
	vpaddd	.Lctr16(%rip), %zmm16, %zmm16
	vmovdqa64 %zmm16, %zmm12
	movl	$10, %eax
1:	QR16	%zmm0,%zmm4,%zmm8,%zmm12, %zmm1,%zmm5,%zmm9,%zmm13, %zmm2,%zmm6,%zmm10,%zmm14, %zmm3,%zmm7,%zmm11,%zmm15
	QR16	%zmm0,%zmm5,%zmm10,%zmm15, %zmm1,%zmm6,%zmm11,%zmm12, %zmm2,%zmm7,%zmm8,%zmm13, %zmm3,%zmm4,%zmm9,%zmm14
	decl	%eax
	jnz	1b
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	vpaddd	4 * \i(%rdi){1to16}, %zmm\i, %zmm\i
	.endr
	vpaddd	%zmm16, %zmm12, %zmm12
	TRANSPOSE %zmm0, %zmm1, %zmm2, %zmm3, %zmm17, %zmm18
	TRANSPOSE %zmm4, %zmm5, %zmm6, %zmm7, %zmm19, %zmm20
	TRANSPOSE %zmm8, %zmm9, %zmm10, %zmm11, %zmm21, %zmm22
	TRANSPOSE %zmm12, %zmm13, %zmm14, %zmm15, %zmm23, %zmm24
	OUT16	%zmm1, %zmm5, %zmm9, %zmm13, 0, \out
	OUT16	%zmm17, %zmm19, %zmm21, %zmm23, 1, \out
	OUT16	%zmm3, %zmm7, %zmm11, %zmm15, 2, \out
	OUT16	%zmm0, %zmm4, %zmm8, %zmm12, 3, \out
	addl	$16, 48(%rdi)
.endm

.globl chacha20_avx512
.type chacha20_avx512, @function
.balign 32
chacha20_avx512:
	endbr64
	movq	%rcx, %rax
	shrq	$6, %rax
	testq	$63, %rcx
	setnz	%r8b
	movzbl	%r8b, %r8d
	addl	%eax, %r8d
	addl	48(%rdi), %r8d
	testq	%rcx, %rcx
	jz	.Ldone_noframe

	pushq	%rbp
	movq	%rsp, %rbp
	subq	$FRAME, %rsp
	andq	$-64, %rsp
	xorl	%r11d, %r11d	/* bytes of KS to wipe */

	cmpq	$256, %rcx
	jbe	.Lfour
.Lloop16:
	cmpq	$1024, %rcx
	jb	.Lpart16
	BLOCKS16 1
	addq	$1024, %rsi
	addq	$1024, %rdx
	subq	$1024, %rcx
	jnz	.Lloop16
	jmp	.Ldone

.Lpart16:
	/* 1..1023 bytes left. */
	testq	%rcx, %rcx
	jz	.Ldone
	cmpq	$256, %rcx
	jbe	.Lfour
	BLOCKS16 0
	movl	$1024, %r11d
	jmp	.Lxor

.Lfour:
	/* 1..256 bytes left: four blocks. */
	vbroadcasti32x4 (%rdi), %zmm20
	vbroadcasti32x4 16(%rdi), %zmm21
	vbroadcasti32x4 32(%rdi), %zmm22
	vbroadcasti32x4 48(%rdi), %zmm23
	vpaddd	.Lctr4(%rip), %zmm23, %zmm23
	vmovdqa64 %zmm20, %zmm0
	vmovdqa64 %zmm21, %zmm1
	vmovdqa64 %zmm22, %zmm2
	vmovdqa64 %zmm23, %zmm3
	movl	$10, %eax
.Ldround4:
	RND1	%zmm0, %zmm1, %zmm2, %zmm3, 0x93, 0x39
	RND1	%zmm0, %zmm1, %zmm2, %zmm3, 0x39, 0x93
	decl	%eax
	jnz	.Ldround4
	vpaddd	%zmm20, %zmm0, %zmm0
	vpaddd	%zmm21, %zmm1, %zmm1
	vpaddd	%zmm22, %zmm2, %zmm2
	vpaddd	%zmm23, %zmm3, %zmm3
	LANES	%zmm0, %zmm1, %zmm2, %zmm3, %zmm4, %zmm5, %zmm6, %zmm7
	/* zmm0 = block 0, zmm1 = block 1, zmm4 = block 2, zmm6 = block 3 */
	cmpq	$256, %rcx
	jb	.Lfour_part
	OUT1	%zmm0, 0, 1
	OUT1	%zmm1, 1, 1
	OUT1	%zmm4, 2, 1
	OUT1	%zmm6, 3, 1
	jmp	.Ldone
.Lfour_part:
	OUT1	%zmm0, 0, 0
	OUT1	%zmm1, 1, 0
	OUT1	%zmm4, 2, 0
	OUT1	%zmm6, 3, 0
	movl	$256, %r11d

.Lxor:
	/* dst = src XOR KS for the rcx (< bytes in KS) bytes left. */
	xorl	%eax, %eax
.Lxor64:
	leaq	64(%rax), %r9
	cmpq	%rcx, %r9
	ja	.Lxor8
	vmovdqu64 (%rdx,%rax), %zmm0
	vpxord	KS(%rsp,%rax), %zmm0, %zmm0
	vmovdqu64 %zmm0, (%rsi,%rax)
	movq	%r9, %rax
	jmp	.Lxor64
.Lxor8:
	XOR_TAIL KS

.Ldone:
	/* Wipe the keystream copy (r11 bytes). Registers are not wiped (as in
	 * the kernel). */
	vpxord	%zmm0, %zmm0, %zmm0
	xorl	%eax, %eax
	testl	%r11d, %r11d
	jz	.Lwiped
.Lwipe:
	vmovdqa64 %zmm0, (%rsp,%rax)
	addl	$64, %eax
	cmpl	%r11d, %eax
	jb	.Lwipe
.Lwiped:
	xorl	%r10d, %r10d
	movq	%rbp, %rsp
	popq	%rbp
	vzeroupper
.Ldone_noframe:
	/* Store row 3 whole with the new counter, so that a caller's next
	 * 16-byte load of it is forwarded from this store. */
	vmovdqu	48(%rdi), %xmm1
	vpinsrd	$0, %r8d, %xmm1, %xmm1
	vmovdqu	%xmm1, 48(%rdi)
	ret
.size chacha20_avx512, .-chacha20_avx512
