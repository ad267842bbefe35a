/* SPDX-License-Identifier: MIT */
/*
 * ABI trampoline (x86-64 System V): calls an entry point with the
 * callee-saved registers, MXCSR and the x87 control word set to chosen
 * values and records what they hold afterwards, together with the stack
 * pointer and the flags, so that a caller can check a backend preserves
 * rbx, rbp, r12-r15, rsp, MXCSR and the x87 control word and returns with
 * the direction flag clear (arch/x86_64/abi_check.h checks them).
 *
 * uint64_t abi_check_call(struct abi_check_regs *regs, const void *fn,
 *			   uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3,
 *			   uint64_t a4, uint64_t a5)
 *	Calls fn(a0, ..., a5), every integer argument register, and returns
 *	its rax. regs (arch/x86_64/abi_check.h), byte offsets:
 *	  0..47   in:  rbx, rbp, r12, r13, r14, r15 given to fn
 *	  48..95  out: the same registers after fn returned
 *	  96      rsp at the call, 104 rsp after fn returned
 *	  112     rflags after fn returned
 *	  120     in: MXCSR given to fn, 124 out: MXCSR after
 *	  128     in: x87 control word given to fn, 130 out: after
 *	The caller's own MXCSR and control word are restored before returning.
 *
 * zinc_abi_enter (ZINC_ABI_CHECK builds, the fuzz targets'): where the
 * checked entry points of arch/abi-entry.h jump, with r11 = their
 * site (body, file, name) and the arguments untouched; passes both to
 * zinc_abi_checked (arch/abi_check.c), which calls the body through
 * abi_check_call and returns its rax.
 *
 * Register plan: r10 holds regs until the call (then it is on the stack),
 * r11 holds fn. rax, r10 and r11 are filled with garbage before the call so
 * that a backend reading an unset register misbehaves visibly. rsp is
 * restored from the thread-local abi_saved_rsp, so a backend that
 * unbalances the stack is reported instead of crashing the trampoline;
 * the previous value is kept in the frame and put back, so calls nest and
 * threads do not share it.
 *
 * CPU features: SSE (ldmxcsr) and x87, both in every x86-64.
 */

.section .note.GNU-stack,"",%progbits

#ifdef __x86_64__

#include "arch.h"	/* PROLOGUE, EPILOGUE */
#include "../abi-saved-sp.h"

ABI_SAVED_SP_WORD abi_saved_rsp, 8

/* The callee-saved registers of the block's in[6] and out[6], in order. */
#define SAVED_REGS	%rbx, %rbp, %r12, %r13, %r14, %r15

/* movq between each register and the words at off(base), one after the
 * other: into memory (dir store) or from it (dir load). */
.macro WORDS dir, off, base, reg, more:vararg
	.ifc	\dir, store
	movq	\reg, \off(\base)
	.else
	movq	\off(\base), \reg
	.endif
	.ifnb	\more
	WORDS	\dir, \off+8, \base, \more
	.endif
.endm

/* Frame offsets from rsp after the prologue (72 bytes above: 8 pushes and
 * the return address, then the stack arguments a4 and a5). */
#define CALLER_MXCSR	0
#define CALLER_FCW	4
#define REGS		8
#define PREV_RSP	16
#define A4		80
#define A5		88

.text
.globl abi_check_call
.type abi_check_call, @function
.balign 32
abi_check_call:
	endbr64
	PROLOGUE
	movq	abi_saved_rsp@gottpoff(%rip), %rax
	pushq	%fs:(%rax)	/* PREV_RSP */
	pushq	%rdi		/* REGS */
	subq	$8, %rsp	/* rsp is now 16-byte aligned */
	stmxcsr	CALLER_MXCSR(%rsp)
	fnstcw	CALLER_FCW(%rsp)
	movq	%rdi, %r10
	movq	%rsi, %r11
	movq	%rdx, %rdi
	movq	%rcx, %rsi
	movq	%r8, %rdx
	movq	%r9, %rcx
	movq	A4(%rsp), %r8
	movq	A5(%rsp), %r9
	ldmxcsr	120(%r10)
	fldcw	128(%r10)
	WORDS	load, 0, %r10, SAVED_REGS
	movq	%rsp, 96(%r10)
	movq	%rsp, %fs:(%rax)
	movabsq	$0x5a5a5a5a5a5a5a5a, %rax
	movq	%rax, %r10
	call	*%r11
	movq	%rsp, %r10
	movq	abi_saved_rsp@gottpoff(%rip), %r11
	movq	%fs:(%r11), %rsp
	pushfq
	popq	%r11
	movq	REGS(%rsp), %rdi
	movq	%r11, 112(%rdi)
	movq	%r10, 104(%rdi)
	WORDS	store, 48, %rdi, SAVED_REGS
	stmxcsr	124(%rdi)
	fnstcw	130(%rdi)
	cld
	ldmxcsr	CALLER_MXCSR(%rsp)
	fldcw	CALLER_FCW(%rsp)
	movq	abi_saved_rsp@gottpoff(%rip), %r11
	movq	PREV_RSP(%rsp), %r10
	movq	%r10, %fs:(%r11)
	addq	$24, %rsp
	EPILOGUE
	ret
.size abi_check_call, .-abi_check_call

#ifdef ZINC_ABI_CHECK
/* The six argument registers to the stack, then
 * zinc_abi_checked(site, args): rsp is 8 past a multiple of 16 on entry. */
.globl zinc_abi_enter
.hidden zinc_abi_enter
.type zinc_abi_enter, @function
.balign 16
zinc_abi_enter:
	endbr64
	subq	$56, %rsp
	WORDS	store, 0, %rsp, %rdi, %rsi, %rdx, %rcx, %r8, %r9
	movq	%r11, %rdi
	movq	%rsp, %rsi
	call	zinc_abi_checked
	addq	$56, %rsp
	ret
.size zinc_abi_enter, .-zinc_abi_enter
#endif

#endif
