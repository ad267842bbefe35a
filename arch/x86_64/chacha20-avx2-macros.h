/* SPDX-License-Identifier: MIT */
/*
 * GNU as macros for the AVX2 eight-block ChaCha20 step, shared by
 * chacha20-avx2.S and chacha20poly1305-avx2.S. The including file defines
 * the stack offsets SPILL, CTRV, STASH (and KS for OUTPUT8 0) and the
 * constants with AVX2_CONSTANTS (in .rodata); rdi points at state[16].
 */

/* The vpshufb masks of the rotations by 16 and 8, and the counter steps. */
.macro AVX2_CONSTANTS
.balign 32
.Lrot16:	.byte 2,3,0,1, 6,7,4,5, 10,11,8,9, 14,15,12,13
		.byte 2,3,0,1, 6,7,4,5, 10,11,8,9, 14,15,12,13
.Lrot8:		.byte 3,0,1,2, 7,4,5,6, 11,8,9,10, 15,12,13,14
		.byte 3,0,1,2, 7,4,5,6, 11,8,9,10, 15,12,13,14
.Lctr8:		.long 0, 1, 2, 3, 4, 5, 6, 7
.endm

.macro ROTL x, n, t
	vpslld	$\n, \x, \t
	vpsrld	$(32 - \n), \x, \x
	vpor	\t, \x, \x
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

/* \mix \slot when a mix macro is given. */
.macro MIX_AT mix, slot
	.ifnb \mix
	\mix	\slot
	.endif
.endm

/* Four quarter-rounds side by side, eight blocks per register; \mix, when
 * given, is expanded after each of the four steps with slots \slot + 0..3. */
.macro QR8 a0,b0,c0,d0, a1,b1,c1,d1, a2,b2,c2,d2, a3,b3,c3,d3, mix=, slot=0
	STEP_SHUF .Lrot16, \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3
	MIX_AT	\mix, \slot
	STEP_SHIFT 12, \a0, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3
	MIX_AT	\mix, \slot+1
	STEP_SHUF .Lrot8, \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3
	MIX_AT	\mix, \slot+2
	STEP_SHIFT 7, \a0, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3
	MIX_AT	\mix, \slot+3
.endm

/* lo: words 4h..4h+3 and hi: words 4h+4..4h+7 of blocks j and j + 4, into
 * bytes 32h..32h+31 of those blocks (XORed from src into dst when out = 1). */
.macro OUT8 lo, hi, j, h, t0, t1, out, src=%rdx, dst=%rsi
	vperm2i128 $0x20, \hi, \lo, \t0
	vperm2i128 $0x31, \hi, \lo, \t1
	.if \out
	vpxor	64 * \j + 32 * \h(\src), \t0, \t0
	vpxor	64 * (\j + 4) + 32 * \h(\src), \t1, \t1
	vmovdqu	\t0, 64 * \j + 32 * \h(\dst)
	vmovdqu	\t1, 64 * (\j + 4) + 32 * \h(\dst)
	.else
	vmovdqa	\t0, KS + 64 * \j + 32 * \h(%rsp)
	vmovdqa	\t1, KS + 64 * (\j + 4) + 32 * \h(%rsp)
	.endif
.endm

/*
 * The 20 rounds of eight blocks for counter state[12] + 0..7: ymm0..ymm15
 * end as state words 0..15 (lane j: block j) before the feed-forward, the
 * counters at CTRV. \cnt counts the double rounds; \mix, when given, is
 * expanded after each of the eight steps of each double round with the
 * step's slot 0..7 (chacha20poly1305-avx2.S puts its scalar Poly1305
 * blocks there, for the integer ports).
 */
.macro ROUNDS8 cnt=%eax, mix=
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	vpbroadcastd 4 * \i(%rdi), %ymm\i
	.endr
	vpaddd	.Lctr8(%rip), %ymm12, %ymm12
	vmovdqa	%ymm12, CTRV(%rsp)
	movl	$10, \cnt
1:	QR8	%ymm0,%ymm4,%ymm8,%ymm12, %ymm1,%ymm5,%ymm9,%ymm13, %ymm2,%ymm6,%ymm10,%ymm14, %ymm3,%ymm7,%ymm11,%ymm15, \mix, 0
	QR8	%ymm0,%ymm5,%ymm10,%ymm15, %ymm1,%ymm6,%ymm11,%ymm12, %ymm2,%ymm7,%ymm8,%ymm13, %ymm3,%ymm4,%ymm9,%ymm14, \mix, 4
	decl	\cnt
	jnz	1b
.endm

/* Bytes 32h..32h+31 of all eight blocks: OUT8 for j = 0..3 with the
 * (lo, hi) pairs given in j order, \mix (when given) expanded after each
 * with slot \slot + j. */
.macro OUT8X4 h, lo0,hi0, lo1,hi1, lo2,hi2, lo3,hi3, t0, t1, out, src, dst, mix, slot
	OUT8	\lo0, \hi0, 0, \h, \t0, \t1, \out, \src, \dst
	MIX_AT	\mix, \slot
	OUT8	\lo1, \hi1, 1, \h, \t0, \t1, \out, \src, \dst
	MIX_AT	\mix, \slot+1
	OUT8	\lo2, \hi2, 2, \h, \t0, \t1, \out, \src, \dst
	MIX_AT	\mix, \slot+2
	OUT8	\lo3, \hi3, 3, \h, \t0, \t1, \out, \src, \dst
	MIX_AT	\mix, \slot+3
.endm

/* After ROUNDS8: the feed-forward, the keystream XORed from src into dst
 * (rdx and rsi unless given) (out = 1) or copied to KS (out = 0), and
 * state[12] += 8. \mix, when given, is expanded after each of the eight
 * 64-byte stores with slots 8..15. */
.macro OUTPUT8 out, src=%rdx, dst=%rsi, mix=
	.irp i, 8,9,10,11,12,13,14,15
	vmovdqa	%ymm\i, STASH + 32 * (\i - 8)(%rsp)
	.endr
	.irp i, 0,1,2,3,4,5,6,7
	vpbroadcastd 4 * \i(%rdi), %ymm8
	vpaddd	%ymm8, %ymm\i, %ymm\i
	.endr
	TRANSPOSE %ymm0, %ymm1, %ymm2, %ymm3, %ymm8, %ymm9
	TRANSPOSE %ymm4, %ymm5, %ymm6, %ymm7, %ymm10, %ymm11
	OUT8X4	0, %ymm1,%ymm5, %ymm8,%ymm10, %ymm3,%ymm7, %ymm0,%ymm4, %ymm14, %ymm15, \out, \src, \dst, \mix, 8
	.irp i, 8,9,10,11,13,14,15
	vpbroadcastd 4 * \i(%rdi), %ymm\i
	vpaddd	STASH + 32 * (\i - 8)(%rsp), %ymm\i, %ymm\i
	.endr
	vmovdqa	STASH + 32 * 4(%rsp), %ymm12
	vpaddd	CTRV(%rsp), %ymm12, %ymm12
	TRANSPOSE %ymm8, %ymm9, %ymm10, %ymm11, %ymm0, %ymm1
	TRANSPOSE %ymm12, %ymm13, %ymm14, %ymm15, %ymm2, %ymm3
	OUT8X4	1, %ymm9,%ymm13, %ymm0,%ymm2, %ymm11,%ymm15, %ymm8,%ymm12, %ymm4, %ymm5, \out, \src, \dst, \mix, 12
	addl	$8, 48(%rdi)
.endm

/* Zeroes the FRAME bytes at rsp (32-byte aligned). Clobbers ymm0, eax. */
.macro WIPE_FRAME
	vpxor	%xmm0, %xmm0, %xmm0
	xorl	%eax, %eax
	ZERO_STACK 32, $FRAME
.endm

/* Eight keystream blocks for counter state[12] + 0..7, XORed into dst
 * (out = 1) or copied to KS (out = 0). */
.macro BLOCKS8 out
	ROUNDS8
	OUTPUT8	\out
.endm
