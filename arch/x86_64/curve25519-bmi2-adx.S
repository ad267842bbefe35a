/* SPDX-License-Identifier: MIT */
/*
 * Field arithmetic mod p = 2^255 - 19 for X25519 (RFC 7748) on x86-64 with
 * BMI2 (mulx) and ADX (adcx/adox), and the Montgomery ladder step built
 * from it, and the ladder loop. lib/curve25519/curve25519-bmi2-adx.c runs
 * the inversion chain (lib/curve25519/ladder.h) over these functions.
 *
 * Representation: an element is four 64-bit limbs, little-endian,
 * value = h0 + h1 2^64 + h2 2^128 + h3 2^192: any 256-bit integer, not
 * necessarily below p. Reduction uses 2^256 = 38 (mod p): the high half of
 * a 512-bit product is multiplied by 38 and added to the low half, and a
 * carry out of bit 256 comes back as 38 (or, after a product, bit 255 and
 * up come back as 19 each).
 *
 * Limb bounds: every function takes any 256-bit inputs (all limbs up to
 * 2^64 - 1) and leaves a 256-bit output congruent to the result, so
 * "carried" and "loose" are the same here: [0, 2^64 - 1] per limb. mul,
 * sq and sqn leave it below 2^255 + 2^11; add, sub, mul121666 and the
 * step's BB + 121666 E anywhere below 2^256. Only
 * curve25519_bmi2_adx_tobytes reduces fully, to [0, p).
 *
 * void curve25519_bmi2_adx_mul(u64 h[4], const u64 f[4], const u64 g[4])
 *	h = f g.  4 x 4 schoolbook with mulx: the row for f[i] adds its low
 *	halves on the CF chain (adcx) and its high halves on the OF chain
 *	(adox), so both chains run at once; then REDUCE.
 * void curve25519_bmi2_adx_sq(u64 h[4], const u64 f[4])
 *	h = f^2.  The six products f[i] f[j], i < j, once; doubled on the CF
 *	chain while the four squares f[i]^2 go in on the OF chain; REDUCE.
 * void curve25519_bmi2_adx_sqn(u64 h[4], const u64 f[4], u64 n)
 *	h = f^(2^n), n >= 1: FSQ n times, the loop count public (the
 *	inversion's addition chain), the value in registers between them.
 * void curve25519_bmi2_adx_add(u64 h[4], const u64 f[4], const u64 g[4])
 * void curve25519_bmi2_adx_sub(u64 h[4], const u64 f[4], const u64 g[4])
 *	h = f + g, h = f - g: a carry (borrow) out of bit 256 adds (subtracts)
 *	38, twice at most; the second cannot carry again.
 * void curve25519_bmi2_adx_mul121666(u64 h[4], const u64 f[4])
 *	h = 121666 f: a 5-limb product, the top limb folded as 38.
 * void curve25519_bmi2_adx_cswap(u64 f[4], u64 g[4], u64 bit)
 *	swaps f and g when bit = 1, by mask: the same loads and stores for
 *	both values of bit.
 * void curve25519_bmi2_adx_tobytes(u8 s[32], const u64 f[4])
 *	s = f mod p in [0, p), little-endian. f mod 2^255 + 19 (f >> 255) is
 *	below 2^255 + 19 < 2p; then h + 19 has bit 255 set exactly when h >= p,
 *	and h - p is h + 19 with that bit cleared (picked by cmov).
 * void curve25519_bmi2_adx_ladder_step(struct ladder *l, u64 swap)
 *	what RFC 7748's cswap of (x2:z2) and (x3:z3) when swap = 1 and one
 *	step of the ladder give, on the state of lib/curve25519/ladder.h:
 *	fourteen elements at offsets X1 ... CB below (x1, x2, z2, x3, z3 and
 *	the step's temporaries), z2 = E (BB + 121666 E). No swap is done: the
 *	sum does not depend on it, and the doubling's operands are picked by
 *	cmov (STEP below).
 * void curve25519_bmi2_adx_ladder(struct ladder *l, const u8 scalar[32])
 *	the 255 steps of the ladder for the (clamped) scalar and the last
 *	swap, as lib/curve25519/ladder.h's loop.
 *
 * Register plan. Product limbs r8..r15 (low half r8..r11), rax/rbx the low
 * and high words of each mulx, rdx the mulx multiplicand, rbp zero for the
 * "add carry" ends of the chains, rsi/rcx the operand pointers (rdi the
 * state in the ladder step, rsi its swap mask). sqn keeps its value in
 * rcx, rsi, rdi, rbp and zeroes rbx where a chain ends. rbx, rbp,
 * r12..r15 are saved and restored. Only the ladder loop (scalar pointer,
 * step count, previous bit, wiped) and sqn (h, n) keep anything on the
 * stack beyond the saved registers; before returning, every function
 * clears the scratch registers that held limbs. No branch or address
 * depends on the data.
 *
 * CPU features: BMI2 (mulx) and ADX (adcx, adox).
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

.text

/* Offsets of the ladder state (struct ladder in lib/curve25519/ladder.h). */
#define X1	0
#define X2	32
#define Z2	64
#define X3	96
#define Z3	128
#define A	160
#define AA	192
#define B	224
#define BB	256
#define E	288
#define C	320
#define D	352
#define DA	384
#define CB	416

.macro SAVE
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	xor	%ebp, %ebp
.endm

/* Clears the scratch registers, restores the saved ones. */
.macro RESTORE
	xor	%eax, %eax
	xor	%ecx, %ecx
	xor	%edx, %edx
	xor	%esi, %esi
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
	xor	%r11d, %r11d
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
.endm

.macro STORE h
	mov	%r8, 0+\h
	mov	%r9, 8+\h
	mov	%r10, 16+\h
	mov	%r11, 24+\h
.endm

/* dst += OF + CF, ending both carry chains: z a register holding zero, or
 * none (rbx zeroed for it by a mov, which keeps the flags). */
.macro ADDFLAGS dst, z
	.ifc	\z, none
	mov	$0, %ebx
	adox	%rbx, \dst
	adcx	%rbx, \dst
	.else
	adox	\z, \dst
	adcx	\z, \dst
	.endif
.endm

/*
 * r8..r11 = r8..r15 mod p, below 2^255 + 2^11: low + 38 high leaves a
 * carry limb r12 <= 39; then everything from bit 255 up, q = 2 r12 +
 * bit 255 < 80, is folded back as 19 q (2^255 = 19 mod p) onto the low 255
 * bits, and that sum cannot carry out of 256 bits.
 * z is a register holding zero, rbp by default; with z = none, rbx is
 * zeroed for it. Clobbers rax, rbx, rdx, r12.
 */
.macro REDUCE z=%rbp
	mov	$38, %edx
	xor	%eax, %eax		/* clears CF and OF */
	mulx	%r12, %rax, %rbx
	adcx	%rax, %r8
	adox	%rbx, %r9
	mulx	%r13, %rax, %rbx
	adcx	%rax, %r9
	adox	%rbx, %r10
	mulx	%r14, %rax, %rbx
	adcx	%rax, %r10
	adox	%rbx, %r11
	mulx	%r15, %rax, %r12
	adcx	%rax, %r11
	ADDFLAGS	%r12, \z
	/* q = 2 r12 + bit 255; r8..r11 += 19 q with bit 255 cleared */
	mov	%r11, %rax
	shr	$63, %rax
	btr	$63, %r11
	lea	(%rax, %r12, 2), %r12
	lea	(%r12, %r12, 8), %rax
	lea	(%r12, %rax, 2), %rax
	add	%rax, %r8
	adc	$0, %r9
	adc	$0, %r10
	adc	$0, %r11
.endm

/* t0..t4 += fi g, t4 zero before: one row of FMUL, the low halves of the
 * products on the CF chain and the high halves on the OF chain. Needs
 * rbp = 0; clobbers rax, rbx, rdx. */
.macro FMULROW fi, g, t0, t1, t2, t3, t4
	mov	\fi, %rdx
	xor	\t4, \t4		/* clears CF and OF */
	mulx	0+\g, %rax, %rbx
	adcx	%rax, \t0
	adox	%rbx, \t1
	mulx	8+\g, %rax, %rbx
	adcx	%rax, \t1
	adox	%rbx, \t2
	mulx	16+\g, %rax, %rbx
	adcx	%rax, \t2
	adox	%rbx, \t3
	mulx	24+\g, %rax, %rbx
	adcx	%rax, \t3
	adox	%rbx, \t4
	adcx	%rbp, \t4
.endm

/* r8..r11 = f g (mod p, 256 bits); f, g memory operands such as 0(%rsi).
 * Needs rbp = 0; clobbers rax, rbx, rdx, r12..r15. */
.macro FMUL f, g
	mov	0+\f, %rdx
	mulx	0+\g, %r8, %r9
	mulx	8+\g, %rax, %r10
	add	%rax, %r9
	mulx	16+\g, %rax, %r11
	adc	%rax, %r10
	mulx	24+\g, %rax, %r12
	adc	%rax, %r11
	adc	%rbp, %r12

	FMULROW	8+\f, \g, %r9, %r10, %r11, %r12, %r13
	FMULROW	16+\f, \g, %r10, %r11, %r12, %r13, %r14
	FMULROW	24+\f, \g, %r11, %r12, %r13, %r14, %r15

	REDUCE
.endm

/* lo, hi doubled (CF chain) plus fi^2 (OF chain), for FSQ. Clobbers rax,
 * rbx, rdx. */
.macro FSQDIAG fi, lo, hi
	mov	\fi, %rdx
	mulx	%rdx, %rax, %rbx
	adcx	\lo, \lo
	adox	%rax, \lo
	adcx	\hi, \hi
	adox	%rbx, \hi
.endm

/* r8..r11 = f^2 (mod p, 256 bits), f given as its four limbs f0..f3
 * (memory operands, or registers other than rax, rbx, rdx, r8..r15).
 * Clobbers rax, rbx, rdx, r12..r15. */
.macro FSQ4 f0, f1, f2, f3, z=%rbp
	/* f0 f1, f0 f2, f0 f3 at limbs 1..4 */
	mov	\f0, %rdx
	mulx	\f1, %r9, %r10
	mulx	\f2, %rax, %r11
	add	%rax, %r10
	mulx	\f3, %rax, %r12
	adc	%rax, %r11
	adc	$0, %r12
	/* f1 f2, f1 f3 at limbs 3..5, f2 f3 at limbs 5..6 */
	mov	\f1, %rdx
	xor	%r13d, %r13d
	mulx	\f2, %rax, %rbx
	adcx	%rax, %r11
	adox	%rbx, %r12
	mulx	\f3, %rax, %rbx
	adcx	%rax, %r12
	adox	%rbx, %r13
	mov	\f2, %rdx
	mulx	\f3, %rax, %r14
	adcx	%rax, %r13
	ADDFLAGS	%r14, \z
	/* doubled (CF chain) plus the squares (OF chain) */
	xor	%eax, %eax
	mov	\f0, %rdx
	mulx	%rdx, %r8, %rax
	adcx	%r9, %r9
	adox	%rax, %r9
	FSQDIAG	\f1, %r10, %r11
	FSQDIAG	\f2, %r12, %r13
	mov	\f3, %rdx
	mulx	%rdx, %rax, %r15
	adcx	%r14, %r14
	adox	%rax, %r14
	ADDFLAGS	%r15, \z

	REDUCE	\z
.endm

/* r8..r11 = f^2 (mod p, 256 bits), f a memory operand. */
.macro FSQ f
	FSQ4	0+\f, 8+\f, 16+\f, 24+\f
.endm

/*
 * r8..r11 = f + g (op add, opc adc) or f - g (op sub, opc sbb), mod p in
 * 256 bits: a carry (borrow) out of bit 256 is worth 38, added (taken)
 * twice at most. Clobbers rax. last = 0 leaves out the second fold.
 */
.macro FADDSUB f, g, op, opc, last=1
	mov	0+\f, %r8
	mov	8+\f, %r9
	mov	16+\f, %r10
	mov	24+\f, %r11
	\op	0+\g, %r8
	\opc	8+\g, %r9
	\opc	16+\g, %r10
	\opc	24+\g, %r11
	sbb	%rax, %rax
	and	$38, %eax
	\op	%rax, %r8
	\opc	$0, %r9
	\opc	$0, %r10
	\opc	$0, %r11
	.if \last
	sbb	%rax, %rax
	and	$38, %eax
	\op	%rax, %r8
	.endif
.endm

.macro FADD f, g
	FADDSUB	\f, \g, add, adc
.endm

.macro FSUB f, g
	FADDSUB	\f, \g, sub, sbb
.endm

/* r8..r11 = 121666 f, or with g given g + 121666 f (mod p, 256 bits): the
 * 5-limb product (plus g) is below 2^256 (2^17 + 2), its top limb folded as
 * 38 (below 2^24), and a carry out of that fold as 38 once more, which
 * cannot carry again. Clobbers rax, rbx, rdx. */
.macro FMUL121666 f, g
	mov	$121666, %edx
	mulx	0+\f, %r8, %rax
	mulx	8+\f, %r9, %rbx
	add	%rax, %r9
	mulx	16+\f, %r10, %rax
	adc	%rbx, %r10
	mulx	24+\f, %r11, %rbx
	adc	%rax, %r11
	adc	$0, %rbx
	.ifnb	\g
	add	0+\g, %r8
	adc	8+\g, %r9
	adc	16+\g, %r10
	adc	24+\g, %r11
	adc	$0, %rbx
	.endif
	imul	$38, %rbx, %rbx
	add	%rbx, %r8
	adc	$0, %r9
	adc	$0, %r10
	adc	$0, %r11
	sbb	%rax, %rax
	and	$38, %eax
	add	%rax, %r8
.endm

/* r8..r11 = g when mask (rsi) is all ones, f when it is zero, by cmov:
 * both are loaded either way. Clobbers the flags. */
.macro SELECT f, g
	mov	0+\f, %r8
	mov	8+\f, %r9
	mov	16+\f, %r10
	mov	24+\f, %r11
	test	%rsi, %rsi
	cmovnz	0+\g, %r8
	cmovnz	8+\g, %r9
	cmovnz	16+\g, %r10
	cmovnz	24+\g, %r11
.endm

/* Swaps the elements f and g when mask is all ones, leaves them when it is
 * zero, with the same loads and stores. Clobbers rax, rcx, r8. */
.macro CSWAP f, g, mask
	.irp i, 0, 8, 16, 24
	mov	\i+\f, %rax
	mov	\i+\g, %rcx
	mov	%rax, %r8
	xor	%rcx, %r8
	and	\mask, %r8
	xor	%r8, %rax
	xor	%r8, %rcx
	mov	%rax, \i+\f
	mov	%rcx, \i+\g
	.endr
.endm

.globl curve25519_bmi2_adx_mul
.hidden curve25519_bmi2_adx_mul
.type curve25519_bmi2_adx_mul, @function
.balign 32
ZINC_ENTRY curve25519_bmi2_adx_mul
	endbr64
	SAVE
	mov	%rdx, %rcx
	FMUL	0(%rsi), 0(%rcx)
	STORE	0(%rdi)
	RESTORE
	ret
.size curve25519_bmi2_adx_mul, .-curve25519_bmi2_adx_mul

.globl curve25519_bmi2_adx_sq
.hidden curve25519_bmi2_adx_sq
.type curve25519_bmi2_adx_sq, @function
.balign 32
ZINC_ENTRY curve25519_bmi2_adx_sq
	endbr64
	SAVE
	FSQ	0(%rsi)
	STORE	0(%rdi)
	RESTORE
	ret
.size curve25519_bmi2_adx_sq, .-curve25519_bmi2_adx_sq

/* h = f^(2^n), n >= 1 (public), for the inversion: FSQ4 n times with the
 * value kept in rcx, rsi, rdi, rbp between squarings (no store and reload);
 * h and n on the stack. */
.globl curve25519_bmi2_adx_sqn
.hidden curve25519_bmi2_adx_sqn
.type curve25519_bmi2_adx_sqn, @function
.balign 32
ZINC_ENTRY curve25519_bmi2_adx_sqn
	endbr64
	SAVE
	push	%rdi
	push	%rdx
	mov	0(%rsi), %rcx
	mov	16(%rsi), %rdi
	mov	24(%rsi), %rbp
	mov	8(%rsi), %rsi
	.balign	32
1:	FSQ4	%rcx, %rsi, %rdi, %rbp, z=none
	mov	%r8, %rcx
	mov	%r9, %rsi
	mov	%r10, %rdi
	mov	%r11, %rbp
	decq	0(%rsp)
	jnz	1b
	pop	%rdx
	pop	%rdi
	STORE	0(%rdi)
	xor	%edi, %edi
	RESTORE
	ret
.size curve25519_bmi2_adx_sqn, .-curve25519_bmi2_adx_sqn

.globl curve25519_bmi2_adx_add
.hidden curve25519_bmi2_adx_add
.type curve25519_bmi2_adx_add, @function
.balign 32
ZINC_ENTRY curve25519_bmi2_adx_add
	endbr64
	FADD	0(%rsi), 0(%rdx)
	STORE	0(%rdi)
	xor	%eax, %eax
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
	xor	%r11d, %r11d
	ret
.size curve25519_bmi2_adx_add, .-curve25519_bmi2_adx_add

.globl curve25519_bmi2_adx_sub
.hidden curve25519_bmi2_adx_sub
.type curve25519_bmi2_adx_sub, @function
.balign 32
ZINC_ENTRY curve25519_bmi2_adx_sub
	endbr64
	FSUB	0(%rsi), 0(%rdx)
	STORE	0(%rdi)
	xor	%eax, %eax
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
	xor	%r11d, %r11d
	ret
.size curve25519_bmi2_adx_sub, .-curve25519_bmi2_adx_sub

.globl curve25519_bmi2_adx_mul121666
.hidden curve25519_bmi2_adx_mul121666
.type curve25519_bmi2_adx_mul121666, @function
.balign 32
ZINC_ENTRY curve25519_bmi2_adx_mul121666
	endbr64
	SAVE
	FMUL121666 0(%rsi)
	STORE	0(%rdi)
	RESTORE
	ret
.size curve25519_bmi2_adx_mul121666, .-curve25519_bmi2_adx_mul121666

.globl curve25519_bmi2_adx_cswap
.hidden curve25519_bmi2_adx_cswap
.type curve25519_bmi2_adx_cswap, @function
.balign 32
ZINC_ENTRY curve25519_bmi2_adx_cswap
	endbr64
	neg	%rdx			/* mask: all ones when bit = 1 */
	CSWAP	0(%rdi), 0(%rsi), %rdx
	xor	%eax, %eax
	xor	%ecx, %ecx
	xor	%edx, %edx
	xor	%r8d, %r8d
	ret
.size curve25519_bmi2_adx_cswap, .-curve25519_bmi2_adx_cswap

.globl curve25519_bmi2_adx_tobytes
.hidden curve25519_bmi2_adx_tobytes
.type curve25519_bmi2_adx_tobytes, @function
.balign 32
ZINC_ENTRY curve25519_bmi2_adx_tobytes
	endbr64
	push	%rbx
	mov	0(%rsi), %r8
	mov	8(%rsi), %r9
	mov	16(%rsi), %r10
	mov	24(%rsi), %r11
	/* h = f mod 2^255 + 19 (f >> 255) < 2^255 + 19 */
	mov	%r11, %rax
	shr	$63, %rax
	imul	$19, %rax, %rax
	btr	$63, %r11
	add	%rax, %r8
	adc	$0, %r9
	adc	$0, %r10
	adc	$0, %r11
	/* h + 19; bit 255 set exactly when h >= p, and then h - p is the rest */
	mov	%r8, %rax
	mov	%r9, %rbx
	mov	%r10, %rcx
	mov	%r11, %rdx
	add	$19, %rax
	adc	$0, %rbx
	adc	$0, %rcx
	adc	$0, %rdx
	btr	$63, %rdx		/* CF = bit 255 */
	cmovc	%rax, %r8
	cmovc	%rbx, %r9
	cmovc	%rcx, %r10
	cmovc	%rdx, %r11
	STORE	0(%rdi)
	xor	%eax, %eax
	xor	%ebx, %ebx
	xor	%ecx, %ecx
	xor	%edx, %edx
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
	xor	%r11d, %r11d
	pop	%rbx
	ret
.size curve25519_bmi2_adx_tobytes, .-curve25519_bmi2_adx_tobytes

/*
 * One ladder step on the state at rdi, rsi the swap mask (all ones when
 * (x2:z2) and (x3:z3) are to be swapped first). The step never swaps:
 * swapping the points exchanges (A, B) with (C, D), so DA with CB, which
 * leaves DA + CB and (DA - CB)^2, hence x3 and z3, unchanged; only the
 * doubling changes, and it doubles (C, D) instead of (A, B), selected by
 * cmov. The formulas of lib/curve25519/ladder.h's ladder_step otherwise,
 * with z2 = E (BB + 121666 E) in one macro. Needs rbp = 0; clobbers rax,
 * rbx, rdx, r8..r15.
 */
.macro STEP
	FADD	X2(%rdi), Z2(%rdi)
	STORE	A(%rdi)
	FSUB	X2(%rdi), Z2(%rdi)
	STORE	B(%rdi)
	FADD	X3(%rdi), Z3(%rdi)
	STORE	C(%rdi)
	FSUB	X3(%rdi), Z3(%rdi)
	STORE	D(%rdi)
	FMUL	D(%rdi), A(%rdi)
	STORE	DA(%rdi)
	FMUL	C(%rdi), B(%rdi)
	STORE	CB(%rdi)
	SELECT	A(%rdi), C(%rdi)
	STORE	A(%rdi)
	SELECT	B(%rdi), D(%rdi)
	STORE	B(%rdi)
	FSQ	A(%rdi)
	STORE	AA(%rdi)
	FSQ	B(%rdi)
	STORE	BB(%rdi)
	FADD	DA(%rdi), CB(%rdi)
	STORE	A(%rdi)
	FSUB	DA(%rdi), CB(%rdi)
	STORE	B(%rdi)
	FSUB	AA(%rdi), BB(%rdi)
	STORE	E(%rdi)
	FMUL121666	E(%rdi), BB(%rdi)
	STORE	D(%rdi)
	FMUL	AA(%rdi), BB(%rdi)
	STORE	X2(%rdi)
	FSQ	B(%rdi)
	STORE	C(%rdi)
	FSQ	A(%rdi)
	STORE	X3(%rdi)
	FMUL	E(%rdi), D(%rdi)
	STORE	Z2(%rdi)
	FMUL	X1(%rdi), C(%rdi)
	STORE	Z3(%rdi)
.endm

.globl curve25519_bmi2_adx_ladder_step
.hidden curve25519_bmi2_adx_ladder_step
.type curve25519_bmi2_adx_ladder_step, @function
.balign 32
ZINC_ENTRY curve25519_bmi2_adx_ladder_step
	endbr64
	SAVE
	neg	%rsi			/* mask: all ones when swap = 1 */
	STEP
	RESTORE
	ret
.size curve25519_bmi2_adx_ladder_step, .-curve25519_bmi2_adx_ladder_step

/*
 * void curve25519_bmi2_adx_ladder(struct ladder *l, const u8 scalar[32])
 * The whole ladder loop of lib/curve25519/ladder.h: for t = 254 down to 0,
 * STEP with swap = k_t ^ k_(t+1) (k_255 = 0), then the last swap by k_0.
 * The loop count and the scalar byte read are public (t only); the stack
 * holds the scalar pointer, t and the previous bit, and the bit is wiped.
 */
.globl curve25519_bmi2_adx_ladder
.hidden curve25519_bmi2_adx_ladder
.type curve25519_bmi2_adx_ladder, @function
.balign 32
ZINC_ENTRY curve25519_bmi2_adx_ladder
	endbr64
	SAVE
	sub	$24, %rsp
	mov	%rsi, 0(%rsp)		/* scalar */
	movq	$0, 8(%rsp)		/* the previous bit */
	movq	$254, 16(%rsp)		/* t */
	.balign	32
1:	mov	16(%rsp), %rcx
	mov	0(%rsp), %rax
	mov	%rcx, %rdx
	shr	$3, %rdx
	movzbl	(%rax, %rdx), %eax
	and	$7, %ecx
	shr	%cl, %eax
	and	$1, %eax
	mov	8(%rsp), %rsi
	mov	%rax, 8(%rsp)
	xor	%rax, %rsi
	neg	%rsi			/* mask: all ones when k_t != k_(t+1) */
	STEP
	decq	16(%rsp)
	jns	1b
	mov	8(%rsp), %rsi
	neg	%rsi
	CSWAP	X2(%rdi), X3(%rdi), %rsi
	CSWAP	Z2(%rdi), Z3(%rdi), %rsi
	movq	$0, 8(%rsp)
	add	$24, %rsp
	RESTORE
	ret
.size curve25519_bmi2_adx_ladder, .-curve25519_bmi2_adx_ladder
