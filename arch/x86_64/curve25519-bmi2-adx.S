/* SPDX-License-Identifier: MIT */
/*
 * Field arithmetic mod p = 2^255 - 19 for X25519 (RFC 7748) on x86-64 with
 * BMI2 (mulx) and ADX (adcx/adox), and the Montgomery ladder step built
 * from it, and the ladder loop. lib/curve25519/curve25519-bmi2-adx.c runs
 * the rest of X25519 over them and inverts in C (lib/curve25519/divsteps.h).
 *
 * Representation: an element is four 64-bit limbs, little-endian,
 * value = h0 + h1 2^64 + h2 2^128 + h3 2^192: any 256-bit integer, not
 * necessarily below p. Reduction uses 2^256 = 38 (mod p): the high half of
 * a 512-bit product is multiplied by 38 and added to the low half, and a
 * carry out of bit 256 comes back as 38 (or, after a product, bit 255 and
 * up come back as 19 each).
 *
 * Limb bounds: loose is any 256-bit value, every limb in [0, 2^64 - 1];
 * carried is loose with the top limb at most 2^63 (so the value is below
 * 2^255 + 2^192). mul, sq and mul121666 take loose inputs and leave
 * carried outputs (mul, sq below 2^255 + 2^11, mul121666 below
 * 2^255 + 2^23); add and sub take carried inputs and leave loose outputs
 * (one fold of the carry or borrow suffices for carried inputs: FADDSUB4);
 * the ladder step takes and leaves x1, x2, z2, x3, z3 carried; madd takes
 * and leaves p carried, q's first two carried and its third loose. Only
 * curve25519_bmi2_adx_tobytes (loose input) reduces fully, to [0, p).
 *
 * void curve25519_bmi2_adx_mul(u64 h[4], const u64 f[4], const u64 g[4])
 *	h = f g.  4 x 4 schoolbook with mulx: the row for f[i] adds its low
 *	halves on the CF chain (adcx) and its high halves on the OF chain
 *	(adox), so both chains run at once; then REDUCE.
 * void curve25519_bmi2_adx_sq(u64 h[4], const u64 f[4])
 *	h = f^2.  The six products f[i] f[j], i < j, once; doubled on the CF
 *	chain while the four squares f[i]^2 go in on the OF chain; REDUCE.
 * void curve25519_bmi2_adx_add(u64 h[4], const u64 f[4], const u64 g[4])
 * void curve25519_bmi2_adx_sub(u64 h[4], const u64 f[4], const u64 g[4])
 *	h = f + g, h = f - g: a carry (borrow) out of bit 256 adds (subtracts)
 *	38, once: for carried f and g it cannot carry (borrow) again.
 * void curve25519_bmi2_adx_mul121666(u64 h[4], const u64 f[4])
 *	h = 121666 f: a 5-limb product, bit 255 and up folded as 19 each.
 * void curve25519_bmi2_adx_tobytes(u8 s[32], const u64 f[4])
 *	s = f mod p in [0, p), little-endian. f mod 2^255 + 19 (f >> 255) is
 *	below 2^255 + 19 < 2p; then h + 19 has bit 255 set exactly when h >= p,
 *	and h - p is h + 19 with that bit cleared (picked by cmov).
 * void curve25519_bmi2_adx_ladder_step(struct ladder *l, u64 swap)
 *	what RFC 7748's cswap of (x2:z2) and (x3:z3) when swap = 1 and one
 *	step of the ladder give, on x1, x2, z2, x3, z3 of lib/curve25519/
 *	ladder.h's struct ladder (copied into the frame and back; the struct's
 *	temporaries are not used), z2 = E (BB + 121666 E). No swap is done:
 *	the sum does not depend on it, and the doubling's operands are picked
 *	by cmov (STEP below).
 * void curve25519_bmi2_adx_ladder(struct ladder *l, const u8 scalar[32])
 *	the 255 steps of the ladder for the (clamped) scalar and the last
 *	swap, as lib/curve25519/ladder.h's loop, on the same frame.
 * void curve25519_bmi2_adx_madd(struct base_point *p,
 *				 const struct base_precomp *q)
 *	p += q on edwards25519, lib/curve25519/base.h's base_madd in one
 *	routine (the fixed-base comb's 64 additions).
 * void curve25519_bmi2_adx_select(struct base_precomp *r,
 *				   const u8 row[8][3][32], u64 mag, u64 neg)
 *	base.h's base_select on one row of curve25519_base_table: every
 *	entry loaded by cmove, the negation by masks.
 *
 * Register plan. Product limbs r8..r15 (low half r8..r11, the result),
 * rax/rbx the low and high words of each mulx, rdx the mulx multiplicand;
 * a chain's last carry goes in by adc $0 or by adox/adcx of rbx zeroed
 * with a mov (no register is kept zero). rcx, rsi, rdi, rbp hold one
 * operand in registers: the squaring's input in the ladder step (picked by
 * cmov from the frame). The ladder and its step keep x1, x2, z2, x3, z3, the
 * step's temporaries, the swap mask and the loop's counters in a frame
 * at rsp (FRAME below), addressed from rsp; madd keeps its temporaries in
 * a frame at rsp, p in rdi, q in rsi; the per-operation functions take
 * their pointers in rdi, rsi, rdx (rcx). rbx, rbp, r12..r15 are saved and
 * restored; every frame is wiped (fixed-length stores) and the
 * scratch registers that held limbs are cleared before returning.
 *
 * Constant time: no branch and no address depends on the scalar, the
 * point or any limb; the only branch is the loop count (public: 255
 * steps), the swap is a mask and cmov, and every
 * instruction used (mulx, adcx, adox, adc, sbb, cmov, lea, shifts) takes
 * a time that does not depend on its operands on the CPUs this row runs
 * on.
 *
 * CPU features: BMI2 (mulx) and ADX (adcx, adox).
 */

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

.text

/*
 * The ladder's frame (curve25519_bmi2_adx_ladder and _ladder_step), at rsp,
 * 64-byte aligned so that no element straddles a cache line: x1, x2, z2,
 * x3, z3 copied in from struct ladder (lib/curve25519/ladder.h), the step's
 * temporaries, the swap mask, the loop's scalar pointer, previous bit and
 * t, the caller's struct ladder and the rsp to return to. The whole frame
 * is wiped before returning.
 */
#define X1	0
#define X2	32
#define Z2	64
#define X3	96
#define Z3	128
#define A	160	/* x2 + z2 */
#define B	192	/* x2 - z2 */
#define C	224	/* x3 + z3 */
#define D	256	/* x3 - z3 */
#define DA	288
#define S	320	/* DA + CB */
#define AA	352
#define BB	384
#define E	416	/* AA - BB */
#define DP	448	/* BB + 121666 E */
#define CB	480
#define DIF	512	/* DA - CB */
#define MASK	544	/* all ones: double (x3:z3), not (x2:z2) */
#define SCALAR	552
#define PREV	560
#define TBIT	568
#define CALLER	576
#define OLDSP	584
#define FRAME	640	/* a multiple of 64 and of 8 */

.macro SAVE
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	push	%r15
.endm

/* Clears the scratch registers, restores the saved ones. */
.macro RESTORE
	xor	%eax, %eax
	xor	%ecx, %ecx
	xor	%edx, %edx
	xor	%esi, %esi
	xor	%edi, %edi
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

/* dst += OF + CF, ending both carry chains (rbx zeroed for it by a mov,
 * which keeps the flags). */
.macro ADDFLAGS dst
	mov	$0, %ebx
	adox	%rbx, \dst
	adcx	%rbx, \dst
.endm

/*
 * r8..r11 = t 2^256 + r8..r11 mod p, carried: everything from bit 255 up,
 * q = 2 t + bit 255, is folded back as 19 q (2^255 = 19 mod p) onto the
 * low 255 bits; for t < 2^58, 19 q < 2^64, so the sum is below 2^255 +
 * 2^64: it cannot carry out of 256 bits and its top limb is at most 2^63.
 * Clobbers rax, t.
 */
.macro FOLD255 t
	mov	%r11, %rax
	shr	$63, %rax
	btr	$63, %r11
	lea	(%rax, \t, 2), \t
	lea	(\t, \t, 8), %rax
	lea	(\t, %rax, 2), %rax
	add	%rax, %r8
	adc	$0, %r9
	adc	$0, %r10
	adc	$0, %r11
.endm

/*
 * r8..r11 = r8..r15 mod p, below 2^255 + 2^11: low + 38 high leaves a
 * carry limb r12 <= 39; then everything from bit 255 up, q = 2 r12 +
 * bit 255 < 80, is folded back as 19 q (2^255 = 19 mod p) onto the low 255
 * bits, and that sum cannot carry out of 256 bits.
 * Clobbers rax, rbx, rdx, r12.
 */
.macro REDUCE
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
	ADDFLAGS	%r12
	FOLD255	%r12
.endm

/* t0..t4 += fi g, t4 zero before: one row of FMUL4, the low halves of the
 * products on the CF chain and the high halves on the OF chain; the last
 * CF goes in by adc $0 (the OF chain has ended). Clobbers rax, rbx, rdx. */
.macro FMULROW fi, g0, g1, g2, g3, t0, t1, t2, t3, t4
	mov	\fi, %rdx
	xor	\t4, \t4		/* clears CF and OF */
	mulx	\g0, %rax, %rbx
	adcx	%rax, \t0
	adox	%rbx, \t1
	mulx	\g1, %rax, %rbx
	adcx	%rax, \t1
	adox	%rbx, \t2
	mulx	\g2, %rax, %rbx
	adcx	%rax, \t2
	adox	%rbx, \t3
	mulx	\g3, %rax, %rbx
	adcx	%rax, \t3
	adox	%rbx, \t4
	adc	$0, \t4
.endm

/* r8..r11 = f g (mod p, 256 bits), f and g given as their four limbs
 * (memory operands, or registers other than rax, rbx, rdx, r8..r15).
 * Clobbers rax, rbx, rdx, r12..r15. */
.macro FMUL4 f0, f1, f2, f3, g0, g1, g2, g3
	mov	\f0, %rdx
	mulx	\g0, %r8, %r9
	mulx	\g1, %rax, %r10
	add	%rax, %r9
	mulx	\g2, %rax, %r11
	adc	%rax, %r10
	mulx	\g3, %rax, %r12
	adc	%rax, %r11
	adc	$0, %r12

	FMULROW	\f1, \g0, \g1, \g2, \g3, %r9, %r10, %r11, %r12, %r13
	FMULROW	\f2, \g0, \g1, \g2, \g3, %r10, %r11, %r12, %r13, %r14
	FMULROW	\f3, \g0, \g1, \g2, \g3, %r11, %r12, %r13, %r14, %r15

	REDUCE
.endm

/* FMUL4 with f and g in memory (such as 0(%rsi)). */
.macro FMUL f, g
	FMUL4	0+\f, 8+\f, 16+\f, 24+\f, 0+\g, 8+\g, 16+\g, 24+\g
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
.macro FSQ4 f0, f1, f2, f3
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
	ADDFLAGS	%r14
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
	ADDFLAGS	%r15

	REDUCE
.endm

/* r8..r11 = f^2 (mod p, 256 bits), f a memory operand. */
.macro FSQ f
	FSQ4	0+\f, 8+\f, 16+\f, 24+\f
.endm

/* r8..r11 = f^2, f in rcx, rsi, rdi, rbp. */
.macro FSQR
	FSQ4	%rcx, %rsi, %rdi, %rbp
.endm

/*
 * r8..r11 = f + g (op add, opc adc) or f - g (op sub, opc sbb), mod p in
 * 256 bits, f and g carried, as four limbs (g may be rcx, rsi, rdi, rbp): a
 * carry (borrow) out of bit 256 is worth 38, added (taken) once. Carried
 * inputs are below 2^255 + 2^192, so f + g < 2^256 + 2^193 carries at most
 * once and the carried sum minus 2^256 plus 38 is below 2^194; f - g >
 * -2^256 borrows at most once and plus 2^256 - 38 it is above 2^254. No
 * second fold: the output is any 256-bit value (loose). Clobbers rax.
 */
.macro FADDSUB4 f0, f1, f2, f3, g0, g1, g2, g3, op, opc
	mov	\f0, %r8
	mov	\f1, %r9
	mov	\f2, %r10
	mov	\f3, %r11
	\op	\g0, %r8
	\opc	\g1, %r9
	\opc	\g2, %r10
	\opc	\g3, %r11
	sbb	%rax, %rax
	and	$38, %eax
	\op	%rax, %r8
	\opc	$0, %r9
	\opc	$0, %r10
	\opc	$0, %r11
.endm

.macro FADD f, g
	FADDSUB4	0+\f, 8+\f, 16+\f, 24+\f, 0+\g, 8+\g, 16+\g, 24+\g, add, adc
.endm

.macro FSUB f, g
	FADDSUB4	0+\f, 8+\f, 16+\f, 24+\f, 0+\g, 8+\g, 16+\g, 24+\g, sub, sbb
.endm

/* r8..r11 = 121666 f, or with g given g + 121666 f (mod p, carried), f as
 * four limbs (memory or registers other than rax, rbx, rdx, r8..r11), g in
 * memory, both loose: the 5-limb product (plus g) is below 121667 2^256,
 * its top limb rbx below 2^17, folded by FOLD255. Clobbers rax, rbx, rdx. */
.macro FMUL121666 f0, f1, f2, f3, g
	mov	$121666, %edx
	mulx	\f0, %r8, %rax
	mulx	\f1, %r9, %rbx
	add	%rax, %r9
	mulx	\f2, %r10, %rax
	adc	%rbx, %r10
	mulx	\f3, %r11, %rbx
	adc	%rax, %r11
	adc	$0, %rbx
	.ifnb	\g
	add	0+\g, %r8
	adc	8+\g, %r9
	adc	16+\g, %r10
	adc	24+\g, %r11
	adc	$0, %rbx
	.endif
	FOLD255	%rbx
.endm

/* rcx, rsi, rdi, rbp = g when the frame's MASK is all ones, f when it is
 * zero, by cmov: both are loaded either way. Clobbers the flags. */
.macro SELECTR f, g
	mov	0+\f, %rcx
	mov	8+\f, %rsi
	mov	16+\f, %rdi
	mov	24+\f, %rbp
	cmpq	$0, MASK(%rsp)
	cmovne	0+\g, %rcx
	cmovne	8+\g, %rsi
	cmovne	16+\g, %rdi
	cmovne	24+\g, %rbp
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
	FMUL121666 0(%rsi), 8(%rsi), 16(%rsi), 24(%rsi)
	STORE	0(%rdi)
	RESTORE
	ret
.size curve25519_bmi2_adx_mul121666, .-curve25519_bmi2_adx_mul121666

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

/* The frame's elements sum = f + g and dif = f - g (offsets). */
.macro SUMDIF f, g, sum, dif
	FADD	\f(%rsp), \g(%rsp)
	STORE	\sum(%rsp)
	FSUB	\f(%rsp), \g(%rsp)
	STORE	\dif(%rsp)
.endm

/*
 * One ladder step on the frame at rsp, MASK all ones when (x2:z2) and
 * (x3:z3) are to be swapped first. The step never swaps: swapping the
 * points exchanges (A, B) with (C, D), so DA with CB, which leaves DA + CB
 * and (DA - CB)^2, hence x3 and z3, unchanged; only the doubling changes,
 * and it doubles (C, D) instead of (A, B), selected by cmov into the
 * squaring's operand registers. The formulas of lib/curve25519/ladder.h's
 * ladder_step otherwise, with z2 = E (BB + 121666 E). The order puts
 * independent operations next to each other (DA and CB; (DA - CB)^2 between
 * the squarings AA and BB; z3 = x1 (DA - CB)^2, the longest chain, before
 * the doubling's last products), which measured faster than passing each
 * result to the next operation in registers in a dependent order (49.1k
 * against 42.9k TSC cycles per X25519 on Zen 5). Clobbers rax, rbx, rcx,
 * rdx, rsi, rdi, rbp, r8..r15.
 */
.macro STEP
	SUMDIF	X2, Z2, A, B
	SUMDIF	X3, Z3, C, D
	FMUL	D(%rsp), A(%rsp)
	STORE	DA(%rsp)
	FMUL	C(%rsp), B(%rsp)
	STORE	CB(%rsp)
	SUMDIF	DA, CB, S, DIF
	SELECTR	A(%rsp), C(%rsp)
	FSQR
	STORE	AA(%rsp)
	FSQ	DIF(%rsp)
	STORE	C(%rsp)
	SELECTR	B(%rsp), D(%rsp)
	FSQR
	STORE	BB(%rsp)
	FSQ	S(%rsp)
	STORE	X3(%rsp)
	FSUB	AA(%rsp), BB(%rsp)
	STORE	E(%rsp)
	FMUL	X1(%rsp), C(%rsp)
	STORE	Z3(%rsp)
	FMUL121666	0+E(%rsp), 8+E(%rsp), 16+E(%rsp), 24+E(%rsp), BB(%rsp)
	STORE	DP(%rsp)
	FMUL	AA(%rsp), BB(%rsp)
	STORE	X2(%rsp)
	FMUL	E(%rsp), DP(%rsp)
	STORE	Z2(%rsp)
.endm

/* Sets up the frame: rsp 64-byte aligned below the saved registers, the
 * caller's struct ladder (rdi) and its x1, x2, z2, x3, z3 copied in.
 * Clobbers rax, rcx. */
.macro FRAME_ENTER
	SAVE
	mov	%rsp, %rax
	sub	$FRAME, %rsp
	and	$-64, %rsp
	mov	%rax, OLDSP(%rsp)
	mov	%rdi, CALLER(%rsp)
	.irp i, 0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152
	mov	\i(%rdi), %rcx
	mov	%rcx, \i(%rsp)
	.endr
.endm

/* Copies x2, z2, x3, z3 back to the caller's struct ladder, wipes the
 * frame (rep stosq of a fixed length), returns to the saved rsp and
 * restores the registers. */
.macro FRAME_LEAVE
	mov	CALLER(%rsp), %rdi
	.irp i, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152
	mov	\i(%rsp), %rcx
	mov	%rcx, \i(%rdi)
	.endr
	mov	OLDSP(%rsp), %rdx
	mov	%rsp, %rdi
	xor	%eax, %eax
	mov	$FRAME / 8, %ecx
	rep stosq
	mov	%rdx, %rsp
	RESTORE
.endm

.globl curve25519_bmi2_adx_ladder_step
.hidden curve25519_bmi2_adx_ladder_step
.type curve25519_bmi2_adx_ladder_step, @function
.balign 32
ZINC_ENTRY curve25519_bmi2_adx_ladder_step
	endbr64
	FRAME_ENTER
	neg	%rsi			/* mask: all ones when swap = 1 */
	mov	%rsi, MASK(%rsp)
	STEP
	FRAME_LEAVE
	ret
.size curve25519_bmi2_adx_ladder_step, .-curve25519_bmi2_adx_ladder_step

/*
 * void curve25519_bmi2_adx_ladder(struct ladder *l, const u8 scalar[32])
 * The whole ladder loop of lib/curve25519/ladder.h: for t = 254 down to 0,
 * STEP with swap = k_t ^ k_(t+1) (k_255 = 0), then the last swap by k_0.
 * The loop count and the scalar byte read are public (t only); the frame
 * holds the scalar pointer, t, the previous bit and the mask, all wiped.
 */
.globl curve25519_bmi2_adx_ladder
.hidden curve25519_bmi2_adx_ladder
.type curve25519_bmi2_adx_ladder, @function
.balign 32
ZINC_ENTRY curve25519_bmi2_adx_ladder
	endbr64
	FRAME_ENTER
	mov	%rsi, SCALAR(%rsp)
	movq	$0, PREV(%rsp)
	movq	$254, TBIT(%rsp)
	.balign	32
1:	mov	TBIT(%rsp), %rcx
	mov	SCALAR(%rsp), %rax
	mov	%rcx, %rdx
	shr	$3, %rdx
	movzbl	(%rax, %rdx), %eax
	and	$7, %ecx
	shr	%cl, %eax
	and	$1, %eax
	mov	PREV(%rsp), %rsi
	mov	%rax, PREV(%rsp)
	xor	%rax, %rsi
	neg	%rsi			/* mask: all ones when k_t != k_(t+1) */
	mov	%rsi, MASK(%rsp)
	STEP
	decq	TBIT(%rsp)
	jns	1b
	mov	PREV(%rsp), %rsi
	neg	%rsi
	CSWAP	X2(%rsp), X3(%rsp), %rsi
	CSWAP	Z2(%rsp), Z3(%rsp), %rsi
	FRAME_LEAVE
	ret
.size curve25519_bmi2_adx_ladder, .-curve25519_bmi2_adx_ladder

/*
 * void curve25519_bmi2_adx_madd(struct base_point *p,
 *				 const struct base_precomp *q)
 * p += q on edwards25519 (lib/curve25519/base.h's base_madd, the same
 * formulas): p = (X, Y, Z, T) at offsets 0, 32, 64, 96 (carried), q =
 * (y + x, y - x, 2dxy) at 0, 32, 64 (carried, carried, loose). D = 2 Z is
 * FADD then FOLD255 of a zero top, so carried like the products, and E, F,
 * G, H are sums and differences of carried values. The temporaries A, B,
 * C, D, E, F, G, H live in a 256-byte frame at rsp, wiped before return
 * by 32 stores (rep stosq's start-up made the whole fixed-base
 * multiplication 7-10% slower: 64 calls).
 */
#define MX	0
#define MY	32
#define MZ	64
#define MT	96
#define QYPX	0
#define QYMX	32
#define QXY2D	64
#define MA	0
#define MB	32
#define MC	64
#define MD	96
#define ME	128
#define MF	160
#define MG	192
#define MH	224
#define MFRAME	256

.globl curve25519_bmi2_adx_madd
.hidden curve25519_bmi2_adx_madd
.type curve25519_bmi2_adx_madd, @function
.balign 32
ZINC_ENTRY curve25519_bmi2_adx_madd
	endbr64
	SAVE
	sub	$MFRAME, %rsp
	FSUB	MY(%rdi), MX(%rdi)
	STORE	ME(%rsp)
	FMUL	ME(%rsp), QYMX(%rsi)		/* A = (Y - X)(y - x) */
	STORE	MA(%rsp)
	FADD	MY(%rdi), MX(%rdi)
	STORE	MF(%rsp)
	FMUL	MF(%rsp), QYPX(%rsi)		/* B = (Y + X)(y + x) */
	STORE	MB(%rsp)
	FMUL	MT(%rdi), QXY2D(%rsi)		/* C = T 2dxy */
	STORE	MC(%rsp)
	FADD	MZ(%rdi), MZ(%rdi)
	xor	%ecx, %ecx
	FOLD255	%rcx				/* D = 2 Z, carried */
	STORE	MD(%rsp)
	FSUB	MB(%rsp), MA(%rsp)		/* E = B - A */
	STORE	ME(%rsp)
	FSUB	MD(%rsp), MC(%rsp)		/* F = D - C */
	STORE	MF(%rsp)
	FADD	MD(%rsp), MC(%rsp)		/* G = D + C */
	STORE	MG(%rsp)
	FADD	MB(%rsp), MA(%rsp)		/* H = B + A */
	STORE	MH(%rsp)
	FMUL	ME(%rsp), MF(%rsp)
	STORE	MX(%rdi)			/* X = E F */
	FMUL	MG(%rsp), MH(%rsp)
	STORE	MY(%rdi)			/* Y = G H */
	FMUL	ME(%rsp), MH(%rsp)
	STORE	MT(%rdi)			/* T = E H */
	FMUL	MF(%rsp), MG(%rsp)
	STORE	MZ(%rdi)			/* Z = F G */
	xor	%eax, %eax
	.irp i, 0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248
	mov	%rax, \i(%rsp)
	.endr
	add	$MFRAME, %rsp
	RESTORE
	ret
.size curve25519_bmi2_adx_madd, .-curve25519_bmi2_adx_madd

/*
 * void curve25519_bmi2_adx_select(struct base_precomp *r,
 *				   const u8 row[8][3][32], u64 mag, u64 neg)
 * r = mag row[mag - 1] (as (y + x, y - x, 2dxy) limbs; (1, 1, 0) for
 * mag = 0), negated when neg = 1: (y - x, y + x, -2dxy). lib/curve25519/
 * base.h's base_select for this row: every entry of the row is loaded
 * (cmove from memory loads whether or not it moves), the choice is by
 * flags of cmp mag, j and by masks, never by a branch or an address.
 * The table holds canonical values (below p, so carried); -2dxy is
 * 0 - xy2d with its borrow folded once (FADDSUB4's bound): loose. The
 * twelve limbs live in r8..r15 (y + x, y - x) and rax, rbx, rbp, rcx
 * (2dxy); neg and r on the stack.
 */
.macro SELROW j
	cmp	$\j, %rdx
	cmove	(\j - 1) * 96 + 0(%rsi), %r8
	cmove	(\j - 1) * 96 + 8(%rsi), %r9
	cmove	(\j - 1) * 96 + 16(%rsi), %r10
	cmove	(\j - 1) * 96 + 24(%rsi), %r11
	cmove	(\j - 1) * 96 + 32(%rsi), %r12
	cmove	(\j - 1) * 96 + 40(%rsi), %r13
	cmove	(\j - 1) * 96 + 48(%rsi), %r14
	cmove	(\j - 1) * 96 + 56(%rsi), %r15
	cmove	(\j - 1) * 96 + 64(%rsi), %rax
	cmove	(\j - 1) * 96 + 72(%rsi), %rbx
	cmove	(\j - 1) * 96 + 80(%rsi), %rbp
	cmove	(\j - 1) * 96 + 88(%rsi), %rcx
.endm

/* a, b swapped where mask (rdx) is all ones; clobbers rsi. */
.macro MASKSWAP a, b
	mov	\a, %rsi
	xor	\b, %rsi
	and	%rdx, %rsi
	xor	%rsi, \a
	xor	%rsi, \b
.endm

.globl curve25519_bmi2_adx_select
.hidden curve25519_bmi2_adx_select
.type curve25519_bmi2_adx_select, @function
.balign 32
ZINC_ENTRY curve25519_bmi2_adx_select
	endbr64
	SAVE
	push	%rdi
	push	%rcx
	mov	$1, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
	xor	%r11d, %r11d
	mov	$1, %r12d
	xor	%r13d, %r13d
	xor	%r14d, %r14d
	xor	%r15d, %r15d
	xor	%eax, %eax
	xor	%ebx, %ebx
	xor	%ebp, %ebp
	xor	%ecx, %ecx
	SELROW	1
	SELROW	2
	SELROW	3
	SELROW	4
	SELROW	5
	SELROW	6
	SELROW	7
	SELROW	8
	mov	0(%rsp), %rdx
	neg	%rdx			/* all ones when neg = 1 */
	MASKSWAP	%r8, %r12
	MASKSWAP	%r9, %r13
	MASKSWAP	%r10, %r14
	MASKSWAP	%r11, %r15
	mov	8(%rsp), %rdi
	STORE	0(%rdi)
	mov	%r12, 32(%rdi)
	mov	%r13, 40(%rdi)
	mov	%r14, 48(%rdi)
	mov	%r15, 56(%rdi)
	/* r8..r11 = 0 - 2dxy, the borrow folded as 38 once (as FADDSUB4,
	 * whose scratch rax holds a limb here) */
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
	xor	%r11d, %r11d
	sub	%rax, %r8
	sbb	%rbx, %r9
	sbb	%rbp, %r10
	sbb	%rcx, %r11
	sbb	%r12, %r12
	and	$38, %r12d
	sub	%r12, %r8
	sbb	$0, %r9
	sbb	$0, %r10
	sbb	$0, %r11
	MASKSWAP	%rax, %r8
	MASKSWAP	%rbx, %r9
	MASKSWAP	%rbp, %r10
	MASKSWAP	%rcx, %r11
	mov	%rax, 64(%rdi)
	mov	%rbx, 72(%rdi)
	mov	%rbp, 80(%rdi)
	mov	%rcx, 88(%rdi)
	movq	$0, 0(%rsp)
	add	$16, %rsp
	RESTORE
	ret
.size curve25519_bmi2_adx_select, .-curve25519_bmi2_adx_select
