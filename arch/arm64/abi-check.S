/* SPDX-License-Identifier: MIT */
/*
 * ABI trampoline for tests (AAPCS64): calls an entry point with the
 * callee-saved registers set to chosen values and records what they hold
 * afterwards, together with the stack pointer, so that a test can check a
 * backend preserves x19-x29, the low halves of v8-v15 (d8-d15) and sp.
 *
 * uint64_t abi_check_call(struct abi_check_regs *regs, const void *fn,
 *			   uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3)
 *	Calls fn(a0, a1, a2, a3) and returns its x0.
 *	regs (see arch/arm64/abi_test.c), byte offsets:
 *	  0..87     in:  x19..x29 given to fn
 *	  88..151   in:  d8..d15 given to fn
 *	  152..239  out: x19..x29 after fn returned
 *	  240..303  out: d8..d15 after fn returned
 *	  304       sp at the call, 312 sp after fn returned
 *
 * Register plan: x9 holds regs until the call (then it is in the frame),
 * x16 holds fn. x6..x15 and x17 are filled with garbage before the call
 * so that a backend reading an unset register misbehaves visibly. sp is
 * restored from abi_saved_sp, so a backend that unbalances the stack is
 * reported instead of crashing the trampoline.
 *
 * Not reentrant (one saved sp); tests are single-threaded.
 * CPU features: none beyond ARMv8-A.
 */

.section .note.GNU-stack,"",%progbits

#ifdef __aarch64__

.bss
.balign 8
abi_saved_sp:	.quad 0

.text
.globl abi_check_call
.type abi_check_call, %function
.balign 16
abi_check_call:
	hint	#34			/* bti c */
	stp	x29, x30, [sp, #-176]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	stp	d8, d9, [sp, #96]
	stp	d10, d11, [sp, #112]
	stp	d12, d13, [sp, #128]
	stp	d14, d15, [sp, #144]
	str	x0, [sp, #160]		/* regs */
	mov	x9, x0
	mov	x16, x1
	mov	x0, x2
	mov	x1, x3
	mov	x2, x4
	mov	x3, x5
	ldp	x19, x20, [x9]
	ldp	x21, x22, [x9, #16]
	ldp	x23, x24, [x9, #32]
	ldp	x25, x26, [x9, #48]
	ldp	x27, x28, [x9, #64]
	ldp	d8, d9, [x9, #88]
	ldp	d10, d11, [x9, #104]
	ldp	d12, d13, [x9, #120]
	ldp	d14, d15, [x9, #136]
	mov	x10, sp
	str	x10, [x9, #304]
	adrp	x11, abi_saved_sp
	str	x10, [x11, :lo12:abi_saved_sp]
	ldr	x29, [x9, #80]
	mov	x6, #0x5555555555555555
	.irp	r, 7,8,9,10,11,12,13,14,15,17
	mov	x\r, x6
	.endr
	blr	x16
	mov	x10, sp
	adrp	x11, abi_saved_sp
	ldr	x11, [x11, :lo12:abi_saved_sp]
	mov	sp, x11
	ldr	x9, [sp, #160]
	str	x10, [x9, #312]
	stp	x19, x20, [x9, #152]
	stp	x21, x22, [x9, #168]
	stp	x23, x24, [x9, #184]
	stp	x25, x26, [x9, #200]
	stp	x27, x28, [x9, #216]
	str	x29, [x9, #232]
	stp	d8, d9, [x9, #240]
	stp	d10, d11, [x9, #256]
	stp	d12, d13, [x9, #272]
	stp	d14, d15, [x9, #288]
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	d8, d9, [sp, #96]
	ldp	d10, d11, [sp, #112]
	ldp	d12, d13, [sp, #128]
	ldp	d14, d15, [sp, #144]
	ldp	x29, x30, [sp], #176
	ret
.size abi_check_call, .-abi_check_call

#endif
