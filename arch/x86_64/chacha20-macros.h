/* SPDX-License-Identifier: MIT */
/*
 * GNU as macros shared by the ChaCha20 .S files (arch/x86_64/chacha20-*.S).
 * Every one of them takes rdi = state[16], rsi = dst, rdx = src, rcx = len.
 */

/* r8d = state[12] + ceil(len / 64) (mod 2^32), the counter the function
 * leaves behind; jumps to \empty when len is 0. Clobbers rax. */
.macro FINAL_COUNTER empty
	movq	%rcx, %rax
	shrq	$6, %rax
	testq	$63, %rcx
	setnz	%r8b
	movzbl	%r8b, %r8d
	addl	%eax, %r8d
	addl	48(%rdi), %r8d
	testq	%rcx, %rcx
	jz	\empty
.endm

/* After FINAL_COUNTER (to \empty when len is 0): rbp saved and the
 * caller's rsp in it, a frame of \frame bytes, 64-byte aligned, at rsp;
 * r11d = 0, the frame's bytes to wipe (WIPE_AT_LEAST, RETURN_WIPING). */
.macro ENTER_FRAME empty, frame
	FINAL_COUNTER \empty

	pushq	%rbp
	movq	%rsp, %rbp
	subq	$\frame, %rsp
	andq	$-64, %rsp
	xorl	%r11d, %r11d
.endm

/* r11d = max(r11d, n): the frame's first n bytes are to be wiped. A cmov,
 * though n and r11d only depend on the length. Clobbers eax. */
.macro WIPE_AT_LEAST n
	movl	$\n, %eax
	cmpl	%eax, %r11d
	cmovbl	%eax, %r11d
.endm

/* Stores row 3 (words 12..15) whole with word 12 = r8d, so that a caller's
 * next 16-byte load of the row is forwarded from this store rather than
 * waiting for a 4-byte store to reach the cache. Clobbers xmm1 (AVX). */
.macro STORE_ROW3
	vmovdqu	48(%rdi), %xmm1
	vpinsrd	$0, %r8d, %xmm1, %xmm1
	vmovdqu	%xmm1, 48(%rdi)
.endm

/*
 * Zeroes the stack from rsp + eax (a multiple of \width) up to rsp +
 * \end, \width bytes a store (at least one) from the zero register:
 * ymm0 for 32 (AVX), zmm0 for 64 (AVX-512F). Advances eax.
 */
.macro ZERO_STACK width, end
6:
	.if \width == 64
	vmovdqa64 %zmm0, (%rsp,%rax)
	.else
	vmovdqa	%ymm0, (%rsp,%rax)
	.endif
	addl	$\width, %eax
	cmpl	\end, %eax
	jb	6b
.endm

/*
 * The AVX-512 backends' way out: wipe the r11 bytes of keystream copied to
 * the (64-byte aligned) stack frame, \width bytes a store (32 or 64), pop
 * the frame set up with rbp, then (at \noframe, where a zero length jumps)
 * store row 3 and return. Registers are not wiped, as in the kernel: it is
 * measurably slower at 64 bytes, and they are not memory.
 */
.macro RETURN_WIPING width, noframe
	vpxor	%xmm0, %xmm0, %xmm0
	xorl	%eax, %eax
	testl	%r11d, %r11d
	jz	7f
	ZERO_STACK \width, %r11d
7:	xorl	%r10d, %r10d
	movq	%rbp, %rsp
	popq	%rbp
	vzeroupper
\noframe:
	STORE_ROW3
	ret
.endm

/*
 * XOR the bytes [%rax, %rcx) of src with keystream saved on the stack at
 * \ks(%rsp) into dst, eight bytes at a time and then byte by byte. Leaves
 * %rax = %rcx; clobbers %r9 and %r10. Branches depend only on the (public)
 * length.
 */
.macro XOR_TAIL ks
1:	leaq	8(%rax), %r9
	cmpq	%rcx, %r9
	ja	2f
	movq	(%rdx,%rax), %r10
	xorq	\ks(%rsp,%rax), %r10
	movq	%r10, (%rsi,%rax)
	movq	%r9, %rax
	jmp	1b
2:	cmpq	%rcx, %rax
	jae	3f
	movzbl	(%rdx,%rax), %r10d
	xorb	\ks(%rsp,%rax), %r10b
	movb	%r10b, (%rsi,%rax)
	incq	%rax
	jmp	2b
3:
.endm

/*
 * dst = src XOR the keystream at \ks(%rsp) for bytes [0, %rcx): whole
 * \width-byte vectors (16: xmm, 32: ymm, VEX; 64: zmm, AVX-512F) through
 * register 4, then XOR_TAIL. Clobbers %rax, %r9, %r10.
 */
.macro XOR_KS ks, width
	xorl	%eax, %eax
4:	leaq	\width(%rax), %r9
	cmpq	%rcx, %r9
	ja	5f
	.if \width == 64
	vmovdqu64 (%rdx,%rax), %zmm4
	vpxord	\ks(%rsp,%rax), %zmm4, %zmm4
	vmovdqu64 %zmm4, (%rsi,%rax)
	.elseif \width == 32
	vmovdqu	(%rdx,%rax), %ymm4
	vpxor	\ks(%rsp,%rax), %ymm4, %ymm4
	vmovdqu	%ymm4, (%rsi,%rax)
	.else
	vmovdqu	(%rdx,%rax), %xmm4
	vpxor	\ks(%rsp,%rax), %xmm4, %xmm4
	vmovdqu	%xmm4, (%rsi,%rax)
	.endif
	movq	%r9, %rax
	jmp	4b
5:	XOR_TAIL \ks
.endm

/*
 * A width-byte piece (reg: xmm / ymm / zmm for 16 / 32 / 64; EVEX, so
 * AVX-512F, and AVX-512VL below 64) of the keystream for the bytes
 * [off, off + width) of the rcx left: XORed into dst when rcx covers it
 * whole, copied to \ks(%rsp) when it is the partial last piece (rcx inside
 * it), skipped when rcx ends before it. Pieces may come in any order;
 * PIECES_END then XORs the partial one. Branches on the length only.
 */
.macro PIECE reg, off, width, ks
	cmpq	$(\off) + \width, %rcx
	jb	.Lpiece_part\@
	vpxord	\off(%rdx), \reg, \reg
	vmovdqu64 \reg, \off(%rsi)
	jmp	.Lpiece_next\@
.Lpiece_part\@:
	cmpq	$\off, %rcx
	jbe	.Lpiece_next\@
	vmovdqa64 \reg, \ks(%rsp)
.Lpiece_next\@:
.endm

/* After the pieces of one group: on to \done when rcx is a whole number of
 * pieces; else rsi, rdx and rcx move to the partial piece (in the keystream
 * copy, whose first width bytes are then to be wiped: WIPE_AT_LEAST) and on
 * to \xor, which XORs it. Clobbers rax. */
.macro PIECES_END width, done, xor
	movq	%rcx, %rax
	andq	$-\width, %rax
	subq	%rax, %rcx
	jz	\done
	addq	%rax, %rsi
	addq	%rax, %rdx
	WIPE_AT_LEAST \width
	jmp	\xor
.endm

/* Four consecutive width-byte pieces r0..r3 from offset 0, then
 * PIECES_END. */
.macro PIECES4 r0, r1, r2, r3, width, ks, done, xor
	PIECE	\r0, 0, \width, \ks
	PIECE	\r1, \width, \width, \ks
	PIECE	\r2, 2*\width, \width, \ks
	PIECE	\r3, 3*\width, \width, \ks
	PIECES_END \width, \done, \xor
.endm

/* dst[0..4 w) = src[0..4 w) XOR the keystream in r0..r3 (VEX registers of
 * w = 16 or 32 bytes, in that order); clobbers them. XOR_BLOCK1: one
 * block in rows xmm0..xmm3. */
.macro XOR_ROWS r0, r1, r2, r3, w
	vpxor	(%rdx), \r0, \r0
	vpxor	\w(%rdx), \r1, \r1
	vpxor	2*\w(%rdx), \r2, \r2
	vpxor	3*\w(%rdx), \r3, \r3
	vmovdqu	\r0, (%rsi)
	vmovdqu	\r1, \w(%rsi)
	vmovdqu	\r2, 2*\w(%rsi)
	vmovdqu	\r3, 3*\w(%rsi)
.endm

.macro XOR_BLOCK1
	XOR_ROWS %xmm0, %xmm1, %xmm2, %xmm3, 16
.endm

/*
 * 4x4 transpose of 32-bit words inside each 128-bit lane (ymm or zmm, VEX or
 * EVEX registers): a, b, c, d hold one state word each of four blocks per
 * lane; afterwards b, t0, d, a hold those four words of the lane's first,
 * second, third and fourth block.
 */
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

/* The macros below need AVX-512F (and AVX-512VL on xmm/ymm registers). */

/*
 * One round on rows a, b, c, d of one or more blocks (one block per 128-bit
 * lane), then the lane rotations that line up the next round's quarter-rounds
 * (sa for row a, sc for row c, row d always swaps halves). Rotating a, c and
 * d rather than b keeps the shuffles off the add-xor-rotate dependency chain.
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

/* x += y; z ^= x, in four independent register triples (AVX: xor is
 * vpxor; AVX-512 registers 16..31 need vpxord). */
.macro ADD_XOR4 xor, x0,y0,z0, x1,y1,z1, x2,y2,z2, x3,y3,z3
	vpaddd	\y0, \x0, \x0
	vpaddd	\y1, \x1, \x1
	vpaddd	\y2, \x2, \x2
	vpaddd	\y3, \x3, \x3
	\xor	\x0, \z0, \z0
	\xor	\x1, \z1, \z1
	\xor	\x2, \z2, \z2
	\xor	\x3, \z3, \z3
.endm

/* x += y; z ^= x; z <<<= n, in four independent register triples. */
.macro STEP4 n, x0,y0,z0, x1,y1,z1, x2,y2,z2, x3,y3,z3
	ADD_XOR4 vpxord, \x0,\y0,\z0, \x1,\y1,\z1, \x2,\y2,\z2, \x3,\y3,\z3
	vprold	$\n, \z0, \z0
	vprold	$\n, \z1, \z1
	vprold	$\n, \z2, \z2
	vprold	$\n, \z3, \z3
.endm

/* Four quarter-rounds side by side on sixteen registers holding one state
 * word each (one block per 32-bit lane: eight blocks in ymm, sixteen in zmm). */
.macro QR_WORDS a0,b0,c0,d0, a1,b1,c1,d1, a2,b2,c2,d2, a3,b3,c3,d3
	STEP4	16, \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3
	STEP4	12, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3
	STEP4	8, \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3
	STEP4	7, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3
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

/*
 * Rows w0..w3 (w = ymm or zmm) of two or four blocks, one per 128-bit lane,
 * for counter state[12] + lane (ctr: the per-lane additions), after the 20
 * rounds and the feed-forward; w20..w23 keep the input rows.
 */
.macro ROWS w, ctr
	vbroadcasti32x4 (%rdi), %\w\()20
	vbroadcasti32x4 16(%rdi), %\w\()21
	vbroadcasti32x4 32(%rdi), %\w\()22
	vbroadcasti32x4 48(%rdi), %\w\()23
	vpaddd	\ctr(%rip), %\w\()23, %\w\()23
	vmovdqa64 %\w\()20, %\w\()0
	vmovdqa64 %\w\()21, %\w\()1
	vmovdqa64 %\w\()22, %\w\()2
	vmovdqa64 %\w\()23, %\w\()3
	movl	$10, %eax
1:	RND1	%\w\()0, %\w\()1, %\w\()2, %\w\()3, 0x93, 0x39
	RND1	%\w\()0, %\w\()1, %\w\()2, %\w\()3, 0x39, 0x93
	decl	%eax
	jnz	1b
	vpaddd	%\w\()20, %\w\()0, %\w\()0
	vpaddd	%\w\()21, %\w\()1, %\w\()1
	vpaddd	%\w\()22, %\w\()2, %\w\()2
	vpaddd	%\w\()23, %\w\()3, %\w\()3
.endm

/*
 * Keystream words of eight (w = ymm, n = 8) or sixteen (w = zmm, n = 16)
 * blocks for counter state[12] + 0..n-1: w0..w15 start as the broadcast
 * input words (w16 keeps word 12's per-block counters, from ctr), get the 20
 * rounds and the feed-forward (the other input words are added back
 * straight from state[] with {1toN} broadcasts), then the in-lane 4x4
 * transposes with w17..w24 as scratch, which leave words 4h..4h+3 of block
 * 4k+j (block 4k+j+4 in the high halves for ymm) in lane k of: h = 0: w1,
 * w17, w3, w0 for j = 0..3; h = 1: w5, w19, w7, w4; h = 2: w9, w21, w11, w8;
 * h = 3: w13, w23, w15, w12.
 */
.macro WORDS w, n, ctr
	WORDS_IN \w, \ctr
	movl	$10, %eax
1:	QR_WORDS %\w\()0,%\w\()4,%\w\()8,%\w\()12, %\w\()1,%\w\()5,%\w\()9,%\w\()13, %\w\()2,%\w\()6,%\w\()10,%\w\()14, %\w\()3,%\w\()7,%\w\()11,%\w\()15
	QR_WORDS %\w\()0,%\w\()5,%\w\()10,%\w\()15, %\w\()1,%\w\()6,%\w\()11,%\w\()12, %\w\()2,%\w\()7,%\w\()8,%\w\()13, %\w\()3,%\w\()4,%\w\()9,%\w\()14
	decl	%eax
	jnz	1b
	WORDS_OUT \w, \n
.endm

/* WORDS's input: w0..w15 the broadcast state words, w16 (and w12) word
 * 12 plus the per-block counters at ctr. */
.macro WORDS_IN w, ctr
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	vpbroadcastd 4 * \i(%rdi), %\w\()\i
	.endr
	vpbroadcastd 48(%rdi), %\w\()16
	vpaddd	\ctr(%rip), %\w\()16, %\w\()16
	vmovdqa64 %\w\()16, %\w\()12
.endm

/* WORDS's output, after the 20 rounds: the feed-forward and the
 * transposes. */
.macro WORDS_OUT w, n
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	vpaddd	4 * \i(%rdi){1to\n}, %\w\()\i, %\w\()\i
	.endr
	vpaddd	%\w\()16, %\w\()12, %\w\()12
	TRANSPOSE %\w\()0, %\w\()1, %\w\()2, %\w\()3, %\w\()17, %\w\()18
	TRANSPOSE %\w\()4, %\w\()5, %\w\()6, %\w\()7, %\w\()19, %\w\()20
	TRANSPOSE %\w\()8, %\w\()9, %\w\()10, %\w\()11, %\w\()21, %\w\()22
	TRANSPOSE %\w\()12, %\w\()13, %\w\()14, %\w\()15, %\w\()23, %\w\()24
.endm

/* One round (RND1) on each of n sets of four blocks: zmm0..3, zmm4..7,
 * zmm8..11. */
.macro RND1N n, sa, sc
	RND1	%zmm0, %zmm1, %zmm2, %zmm3, \sa, \sc
	.if \n > 1
	RND1	%zmm4, %zmm5, %zmm6, %zmm7, \sa, \sc
	.endif
	.if \n > 2
	RND1	%zmm8, %zmm9, %zmm10, %zmm11, \sa, \sc
	.endif
.endm

/*
 * n (1..3) sets of four blocks, one per 128-bit lane, side by side: set s
 * is blocks 4s..4s+3 (counter state[12] + 4s + lane, mod 2^32), its rows
 * in zmm4s..zmm4s+3 after the 20 rounds and the feed-forward. zmm16..18
 * keep input rows 0..2 (the same for every set), zmm19 + s set s's row 3;
 * zmm23 is scratch. The including file defines .Lctr4 (0, 1, 2, 3 in the
 * first word of each 128-bit lane) and .Linc4 (4, 0, 0, 0).
 */
/* Set rows r0..r3 = the input rows zmm16..zmm18 and row 3 in ctr (op =
 * vmovdqa64), or the feed-forward: r0..r3 += them (op = vpaddd). */
.macro SET_ROWS op, r0, r1, r2, r3, ctr
	.ifc \op, vpaddd
	vpaddd	%zmm16, \r0, \r0
	vpaddd	%zmm17, \r1, \r1
	vpaddd	%zmm18, \r2, \r2
	vpaddd	\ctr, \r3, \r3
	.else
	vmovdqa64 %zmm16, \r0
	vmovdqa64 %zmm17, \r1
	vmovdqa64 %zmm18, \r2
	vmovdqa64 \ctr, \r3
	.endif
.endm

/* SET_ROWS on the n sets of ROWSN. */
.macro SETS_ROWS op, n
	SET_ROWS \op, %zmm0, %zmm1, %zmm2, %zmm3, %zmm19
	.if \n > 1
	SET_ROWS \op, %zmm4, %zmm5, %zmm6, %zmm7, %zmm20
	.endif
	.if \n > 2
	SET_ROWS \op, %zmm8, %zmm9, %zmm10, %zmm11, %zmm21
	.endif
.endm

.macro ROWSN n
	vbroadcasti32x4 (%rdi), %zmm16
	vbroadcasti32x4 16(%rdi), %zmm17
	vbroadcasti32x4 32(%rdi), %zmm18
	vbroadcasti32x4 48(%rdi), %zmm19
	vpaddd	.Lctr4(%rip), %zmm19, %zmm19
	.if \n > 1
	vbroadcasti32x4 .Linc4(%rip), %zmm23
	vpaddd	%zmm23, %zmm19, %zmm20
	.endif
	.if \n > 2
	vpaddd	%zmm23, %zmm20, %zmm21
	.endif
	SETS_ROWS vmovdqa64, \n
	movl	$10, %eax
1:	RND1N	\n, 0x93, 0x39
	RND1N	\n, 0x39, 0x93
	decl	%eax
	jnz	1b
	SETS_ROWS vpaddd, \n
.endm

/*
 * Keystream block idx (whole, in reg) of the last blocks, which cover the
 * rcx bytes left and were computed in order: XORed into dst when the
 * message holds all of it (then on to .Ldone if nothing is left after it);
 * otherwise it is the last, partial block: it goes to the copy, rsi / rdx / rcx
 * move to it, and .Ltail_ks XORs the rcx (< 64) bytes. Branches on the
 * length only; \ks(%rsp) is the keystream copy. The including file
 * defines .Ldone and .Ltail_ks.
 */
.macro TAILBLK reg, idx, ks
	cmpq	$64 * (\idx + 1), %rcx
	jb	.Lpart\@
	vpxord	64 * (\idx)(%rdx), \reg, \reg
	vmovdqu64 \reg, 64 * (\idx)(%rsi)
	je	.Ldone		/* flags of the cmpq: exactly at the end */
	jmp	.Lnext\@
.Lpart\@:
	vmovdqa64 \reg, \ks(%rsp)
	addq	$64 * (\idx), %rsi
	addq	$64 * (\idx), %rdx
	subq	$64 * (\idx), %rcx
	jmp	.Ltail_ks
.Lnext\@:
.endm

/* Set s (0..2) of ROWSN: its four blocks in order, through TAILBLK
 * (zmm24..27 scratch). */
.macro TAILSET s, ks
	.if \s == 0
	LANES	%zmm0, %zmm1, %zmm2, %zmm3, %zmm24, %zmm25, %zmm26, %zmm27
	TAILBLK	%zmm0, 0, \ks
	TAILBLK	%zmm1, 1, \ks
	.elseif \s == 1
	LANES	%zmm4, %zmm5, %zmm6, %zmm7, %zmm24, %zmm25, %zmm26, %zmm27
	TAILBLK	%zmm4, 4, \ks
	TAILBLK	%zmm5, 5, \ks
	.else
	LANES	%zmm8, %zmm9, %zmm10, %zmm11, %zmm24, %zmm25, %zmm26, %zmm27
	TAILBLK	%zmm8, 8, \ks
	TAILBLK	%zmm9, 9, \ks
	.endif
	TAILBLK	%zmm24, 4*\s+2, \ks
	TAILBLK	%zmm26, 4*\s+3, \ks
.endm

/* ROWSN n, then its n sets through TAILSET (the rcx bytes left, 1..256n),
 * then on to .Ldone. */
.macro ROWS_TAIL n, ks
	ROWSN	\n
	TAILSET	0, \ks
	.if \n > 1
	TAILSET	1, \ks
	.endif
	.if \n > 2
	TAILSET	2, \ks
	.endif
	jmp	.Ldone
.endm

/* The eight-block step on ymm registers with AVX-512VL (chacha20-avx512vl.S,
 * chacha20poly1305-avx512ifma.S): the including file defines KS. */

/* lo: words 8h..8h+3 and hi: words 8h+4..8h+7 of blocks j and j + 4: bytes
 * 32h..32h+31 of those blocks, XORed into dst (out = 1), each given to
 * PIECE (out = 2) or copied to KS (out = 0). */
.macro OUT8VL lo, hi, j, h, out
	vshufi32x4 $0, \hi, \lo, %ymm25
	vshufi32x4 $3, \hi, \lo, %ymm26
	.if \out == 2
	PIECE	%ymm25, 64*\j+32*\h, 32, KS
	PIECE	%ymm26, 64*(\j+4)+32*\h, 32, KS
	.elseif \out
	vpxord	64 * \j + 32 * \h(%rdx), %ymm25, %ymm25
	vpxord	64 * (\j + 4) + 32 * \h(%rdx), %ymm26, %ymm26
	vmovdqu32 %ymm25, 64 * \j + 32 * \h(%rsi)
	vmovdqu32 %ymm26, 64 * (\j + 4) + 32 * \h(%rsi)
	.else
	vmovdqa32 %ymm25, KS + 64 * \j + 32 * \h(%rsp)
	vmovdqa32 %ymm26, KS + 64 * (\j + 4) + 32 * \h(%rsp)
	.endif
.endm

/* After WORDS ymm: the eight blocks XORed from rdx into rsi (out = 1), as
 * pieces (out = 2) or copied to KS (out = 0); state[12] += 8. */
.macro OUTPUT8VL out
	OUT8VL	%ymm1, %ymm5, 0, 0, \out
	OUT8VL	%ymm9, %ymm13, 0, 1, \out
	OUT8VL	%ymm17, %ymm19, 1, 0, \out
	OUT8VL	%ymm21, %ymm23, 1, 1, \out
	OUT8VL	%ymm3, %ymm7, 2, 0, \out
	OUT8VL	%ymm11, %ymm15, 2, 1, \out
	OUT8VL	%ymm0, %ymm4, 3, 0, \out
	OUT8VL	%ymm8, %ymm12, 3, 1, \out
	addl	$8, 48(%rdi)
.endm

/* The sixteen-block step on zmm registers (chacha20-avx512.S,
 * chacha20poly1305-avx512ifma.S): the including file defines KS. */

/* Block blk (0..15) of sixteen, from reg: XORed from src into dst (out =
 * 1: rdx into rsi, or with split = 1 blocks 8..15 from r14 into r15),
 * given to PIECE (out = 2) or copied to KS (out = 0). */
.macro OUT16B reg, blk, out, split
	.if \out == 2
	PIECE	\reg, 64*(\blk), 64, KS
	.elseif \out
	.if \split && (\blk) >= 8
	vpxord	64 * (\blk - 8)(%r14), \reg, \reg
	vmovdqu64 \reg, 64 * (\blk - 8)(%r15)
	.else
	vpxord	64 * (\blk)(%rdx), \reg, \reg
	vmovdqu64 \reg, 64 * (\blk)(%rsi)
	.endif
	.else
	vmovdqa64 \reg, KS + 64 * (\blk)(%rsp)
	.endif
.endm

/* Lane transpose j (0..3) of g0..g3, its blocks j, j + 4, j + 8, j + 12
 * out by OUT16B. */
.macro OUT16G g0, g1, g2, g3, j, out, split
	LANES	\g0, \g1, \g2, \g3, %zmm25, %zmm26, %zmm27, %zmm28
	OUT16B	\g0, \j, \out, \split
	OUT16B	\g1, \j+4, \out, \split
	OUT16B	%zmm25, \j+8, \out, \split
	OUT16B	%zmm27, \j+12, \out, \split
.endm

/* After WORDS zmm (or the transposes of the words): the sixteen blocks
 * out by OUT16B. */
.macro OUT16_GROUPS out, split=0
	OUT16G	%zmm1, %zmm5, %zmm9, %zmm13, 0, \out, \split
	OUT16G	%zmm17, %zmm19, %zmm21, %zmm23, 1, \out, \split
	OUT16G	%zmm3, %zmm7, %zmm11, %zmm15, 2, \out, \split
	OUT16G	%zmm0, %zmm4, %zmm8, %zmm12, 3, \out, \split
.endm

/* OUT16_GROUPS, then state[12] += 16. */
.macro OUTPUT16 out, split=0
	OUT16_GROUPS \out, \split
	addl	$16, 48(%rdi)
.endm
