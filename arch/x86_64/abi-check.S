/* SPDX-License-Identifier: MIT */
/*
 * ABI trampoline for tests (x86-64 System V): calls an entry point with the
 * callee-saved registers set to chosen values and records what they hold
 * afterwards, together with the stack pointer and the flags, so that a test
 * can check a backend preserves rbx, rbp, r12-r15 and rsp and returns with
 * the direction flag clear.
 *
 * uint64_t abi_check_call(struct abi_check_regs *regs, const void *fn,
 *			   uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3)
 *	Calls fn(a0, a1, a2, a3) and returns its rax.
 *	regs (see arch/x86_64/abi_test.c), byte offsets:
 *	  0..47   in:  rbx, rbp, r12, r13, r14, r15 given to fn
 *	  48..95  out: the same registers after fn returned
 *	  96      rsp at the call, 104 rsp after fn returned
 *	  112     rflags after fn returned
 *
 * Register plan: r10 holds regs until the call (then it is on the stack),
 * r11 holds fn. rax, r8, r9, r10 and r11 are filled with garbage before the
 * call so that a backend reading an unset register misbehaves visibly. rsp
 * is restored from abi_saved_rsp, so a backend that unbalances the stack is
 * reported instead of crashing the trampoline.
 *
 * Not reentrant (one saved rsp); tests are single-threaded.
 * CPU features: none beyond x86-64.
 */

.section .note.GNU-stack,"",%progbits

#ifdef __x86_64__

.bss
.balign 8
abi_saved_rsp:	.quad 0
abi_callee_rsp:	.quad 0

.text
.globl abi_check_call
.type abi_check_call, @function
.balign 32
abi_check_call:
	endbr64
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	pushq	%rdi		/* regs; rsp is now 16-byte aligned */
	movq	%rdi, %r10
	movq	%rsi, %r11
	movq	%rdx, %rdi
	movq	%rcx, %rsi
	movq	%r8, %rdx
	movq	%r9, %rcx
	movq	0(%r10), %rbx
	movq	8(%r10), %rbp
	movq	16(%r10), %r12
	movq	24(%r10), %r13
	movq	32(%r10), %r14
	movq	40(%r10), %r15
	movq	%rsp, 96(%r10)
	movq	%rsp, abi_saved_rsp(%rip)
	movabsq	$0x5a5a5a5a5a5a5a5a, %rax
	movq	%rax, %r8
	movq	%rax, %r9
	movq	%rax, %r10
	call	*%r11
	movq	%rsp, abi_callee_rsp(%rip)
	movq	abi_saved_rsp(%rip), %rsp
	pushfq
	popq	%r11
	movq	(%rsp), %r10
	movq	%r11, 112(%r10)
	movq	abi_callee_rsp(%rip), %r11
	movq	%r11, 104(%r10)
	movq	%rbx, 48(%r10)
	movq	%rbp, 56(%r10)
	movq	%r12, 64(%r10)
	movq	%r13, 72(%r10)
	movq	%r14, 80(%r10)
	movq	%r15, 88(%r10)
	cld
	popq	%rdi
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	ret
.size abi_check_call, .-abi_check_call

#endif
