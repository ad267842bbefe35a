/* SPDX-License-Identifier: MIT */
/*
 * ABI trampoline (AAPCS64): calls an entry point with the callee-saved
 * registers and FPCR set to chosen values and records what they hold
 * afterwards, together with the stack pointer, so that a caller can check a
 * backend preserves x19-x29, the low halves of v8-v15 (d8-d15), sp and
 * FPCR (arch/arm64/abi_check.h checks them).
 *
 * uint64_t abi_check_call(struct abi_check_regs *regs, const void *fn,
 *			   uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3,
 *			   uint64_t a4, uint64_t a5)
 *	Calls fn(a0, ..., a5) and returns its x0.
 *	regs (arch/arm64/abi_check.h), byte offsets:
 *	  0..87     in:  x19..x29 given to fn
 *	  88..151   in:  d8..d15 given to fn
 *	  152..239  out: x19..x29 after fn returned
 *	  240..303  out: d8..d15 after fn returned
 *	  304       sp at the call, 312 sp after fn returned
 *	  320       in: FPCR given to fn, 328 out: FPCR after
 *	The caller's own FPCR is restored before returning.
 *
 * zinc_abi_enter (ZINC_ABI_CHECK builds, the fuzz targets'): where the
 * checked entry points of arch/abi-entry.h branch, with x9 = their
 * site (body, file, name) and the arguments untouched; passes both to
 * zinc_abi_checked (arch/abi_check.c), which calls the body through
 * abi_check_call and returns its x0.
 *
 * Register plan: x9 holds regs until the call (then it is in the frame),
 * x16 holds fn. x6..x15 and x17 are filled with garbage before the call
 * (beyond the arguments) so that a backend reading an unset register
 * misbehaves visibly. sp is restored from the thread-local abi_saved_sp,
 * so a backend that unbalances the stack is reported instead of crashing
 * the trampoline; the previous value is kept in the frame and put back, so
 * calls nest and threads do not share it.
 *
 * CPU features: none beyond ARMv8-A.
 */

.section .note.GNU-stack,"",%progbits

#ifdef __aarch64__

#include "../abi-saved-sp.h"

ABI_SAVED_SP_WORD abi_saved_sp, 8

/* \reg = the address of this thread's abi_saved_sp; clobbers \tmp. */
.macro SAVED_SP reg, tmp
	adrp	\reg, :gottprel:abi_saved_sp
	ldr	\reg, [\reg, #:gottprel_lo12:abi_saved_sp]
	mrs	\tmp, tpidr_el0
	add	\reg, \reg, \tmp
.endm

/* op (stp or ldp) on x19..x28 and the ten doublewords at [base, #xoff],
 * and on d8..d15 and the eight at [base, #doff]. */
.macro CALLEE_SAVED op, base, xoff, doff
	\op	x19, x20, [\base, #\xoff]
	\op	x21, x22, [\base, #\xoff + 16]
	\op	x23, x24, [\base, #\xoff + 32]
	\op	x25, x26, [\base, #\xoff + 48]
	\op	x27, x28, [\base, #\xoff + 64]
	\op	d8, d9, [\base, #\doff]
	\op	d10, d11, [\base, #\doff + 16]
	\op	d12, d13, [\base, #\doff + 32]
	\op	d14, d15, [\base, #\doff + 48]
.endm

/* Frame: x29, x30 at 0; x19..x28 at 16; d8..d15 at 96; then: */
#define REGS		160
#define PREV_SP		168
#define CALLER_FPCR	176
#define FRAME		192

.text
.globl abi_check_call
.type abi_check_call, %function
.balign 16
abi_check_call:
	hint	#34			/* bti c */
	stp	x29, x30, [sp, #-FRAME]!
	mov	x29, sp
	CALLEE_SAVED	stp, sp, 16, 96
	str	x0, [sp, #REGS]
	mrs	x10, fpcr
	str	x10, [sp, #CALLER_FPCR]
	SAVED_SP x11, x12
	ldr	x10, [x11]
	str	x10, [sp, #PREV_SP]
	mov	x10, sp
	str	x10, [x11]
	mov	x9, x0
	mov	x16, x1
	mov	x0, x2
	mov	x1, x3
	mov	x2, x4
	mov	x3, x5
	mov	x4, x6
	mov	x5, x7
	CALLEE_SAVED	ldp, x9, 0, 88
	str	x10, [x9, #304]
	ldr	x10, [x9, #320]
	msr	fpcr, x10
	ldr	x29, [x9, #80]
	mov	x6, #0x5555555555555555
	.irp	r, 7,8,9,10,11,12,13,14,15,17
	mov	x\r, x6
	.endr
	blr	x16
	mov	x10, sp
	SAVED_SP x11, x12
	ldr	x11, [x11]
	mov	sp, x11
	ldr	x9, [sp, #REGS]
	str	x10, [x9, #312]
	CALLEE_SAVED	stp, x9, 152, 240
	str	x29, [x9, #232]
	mrs	x10, fpcr
	str	x10, [x9, #328]
	ldr	x10, [sp, #CALLER_FPCR]
	msr	fpcr, x10
	SAVED_SP x11, x12
	ldr	x10, [sp, #PREV_SP]
	str	x10, [x11]
	CALLEE_SAVED	ldp, sp, 16, 96
	ldp	x29, x30, [sp], #FRAME
	ret
.size abi_check_call, .-abi_check_call

#ifdef ZINC_ABI_CHECK
/* x0..x5 to the stack, then zinc_abi_checked(site, args). */
.globl zinc_abi_enter
.hidden zinc_abi_enter
.type zinc_abi_enter, %function
.balign 16
zinc_abi_enter:
	hint	#34			/* bti c */
	stp	x29, x30, [sp, #-64]!
	mov	x29, sp
	stp	x0, x1, [sp, #16]
	stp	x2, x3, [sp, #32]
	stp	x4, x5, [sp, #48]
	mov	x0, x9
	add	x1, sp, #16
	bl	zinc_abi_checked
	ldp	x29, x30, [sp], #64
	ret
.size zinc_abi_enter, .-zinc_abi_enter
#endif

#endif
