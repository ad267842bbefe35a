/* SPDX-License-Identifier: MIT */
/*
 * GNU as macros shared by the BLAKE2s .S files (arch/x86_64/blake2s-*.S).
 * Every one of them takes rdi = state (h[8] at 0, t[2] at 32, f[2] at 40),
 * rsi = block, rdx = nblocks, ecx = inc, and keeps the work vector's rows
 * a, b, c, d in xmm0..xmm3.
 */

/* .Liv: the BLAKE2s IV (RFC 7693 section 2.6), 32 bytes, in .rodata. */
.macro BLAKE2S_IV
	.pushsection .rodata
	.balign 16
.Liv:	.long 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a
	.long 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
	.popsection
.endm

/* Returns at once when nblocks is 0; else h[0..3], h[4..7] into xmm h0,
 * h1, { t[0], t[1], f[0], f[1] } into xmm tf and { inc, 0, 0, 0 } into
 * xmm inc. \out is the label before the ret. */
.macro BLAKE2S_LOAD h0, h1, tf, inc, out
	testq	%rdx, %rdx
	jz	\out
	vmovdqu	(%rdi), \h0
	vmovdqu	16(%rdi), \h1
	vmovdqu	32(%rdi), \tf
	vmovd	%ecx, \inc
.endm

/* The work vector of a block (RFC 7693 section 3.2): v[0..7] = h,
 * v[8..11] = IV[0..3], v[12..15] = IV[4..7] ^ { t, f }; tf already holds
 * this block's counter. */
.macro BLAKE2S_INIT h0, h1, tf
	vmovdqa	\h0, %xmm0
	vmovdqa	\h1, %xmm1
	vmovdqa	.Liv(%rip), %xmm2
	vpxor	.Liv + 16(%rip), \tf, %xmm3
.endm

/* Rotate rows a, c, d: sa, sc, sd are vpshufd immediates. */
.macro LINE_UP sa, sc, sd
	vpshufd	$\sa, %xmm0, %xmm0
	vpshufd	$\sc, %xmm2, %xmm2
	vpshufd	$\sd, %xmm3, %xmm3
.endm

/* Columns to diagonals and back: lane j of a, c, d gets a[j - 1], c[j + 1],
 * d[j + 2] (mod 4), so that lane j holds the diagonal G whose b is
 * v[4 + j]; then the inverse. */
.macro TO_DIAGONALS
	LINE_UP	0x93, 0x39, 0x4e
.endm
.macro TO_COLUMNS
	LINE_UP	0x39, 0x93, 0x4e
.endm

/* Writes h (xmm h0, h1) and t (the low half of xmm tf) back, wipes every
 * vector register (vzeroall: the message, the work vector and the chain
 * value are secret) and defines \out, the label of the ret. */
.macro BLAKE2S_STORE h0, h1, tf, out
	vmovdqu	\h0, (%rdi)
	vmovdqu	\h1, 16(%rdi)
	vmovq	\tf, 32(%rdi)
	vzeroall
\out:
	ret
.endm
