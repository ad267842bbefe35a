/* SPDX-License-Identifier: MIT */
/*
 * ABI trampoline (s390x ELF ABI supplement): calls an entry point with the
 * callee-saved registers and FPC set to chosen values and records what
 * they hold afterwards, together with the stack pointer, so that a caller
 * can check that a backend preserves r6-r13, r15, f8-f15 and FPC's control
 * fields (arch/s390x/abi_check.h checks them).
 *
 * void abi_check_trampoline(struct abi_check_regs *regs, const void *fn)
 *	Calls fn with the arguments regs->arg (r2-r6, and the sixth at the
 *	callee's sp + 160, in the parameter area) and stores its r2. r6 is
 *	callee-saved and the fifth argument: arg[4] is copied over the
 *	block's r6 input first, so r6 must come back holding it.
 *	abi_check_call (arch/abi_regs.h) wraps it. regs, byte offsets:
 *	  0..63     in:  r6..r13 given to fn (r6 is the fifth argument)
 *	  64..127   out: r6..r13 after fn returned
 *	  128..191  in:  f8..f15 given to fn
 *	  192..255  out: f8..f15 after fn returned
 *	  256       r15 at the call, 264 r15 after fn returned
 *	  272       in: FPC given to fn, 276 out: FPC after
 *	  280..327  in:  the six arguments
 *	  328       out: r2 after fn returned
 *	The caller's own FPC is restored before returning.
 *
 * zinc_abi_enter (ZINC_ABI_CHECK builds, the fuzz targets'): where the
 * checked entry points of arch/abi-entry.h branch (their stub,
 * arch/s390x/arch.h), with r1 = their site and the arguments untouched
 * (r2-r6 and the caller's parameter area); passes the site and the six
 * arguments to zinc_abi_checked (arch/abi_check.c), which calls the body
 * through abi_check_call and returns its r2.
 *
 * Register plan: r14 holds regs while the inputs are loaded (the call
 * overwrites it with the return address), r1 holds fn; r0 is filled with
 * garbage before the call (r1 holds fn, r2-r6 are arguments), so that a
 * backend reading it unset misbehaves visibly. The frame gives fn the
 * 160-byte register save area the ABI requires and the parameter area
 * word after it, with a back chain. r15 is restored from the thread-local
 * abi_saved_sp (initial-exec TLS, the thread pointer from access
 * registers a0 and a1), so a backend that unbalances the stack is reported
 * instead of crashing the trampoline; the previous value is kept in the
 * frame and put back, so calls nest and threads do not share it. The
 * trampoline keeps its own caller's r6-r15 (in the caller's save area),
 * f8-f15 and FPC.
 *
 * CPU features: z/Architecture with the extended-immediate facility (z9),
 * below Debian's s390x baseline (z196).
 */
#include "../arch.h"

.section .note.GNU-stack,"",%progbits

#ifdef __s390x__

#include "../abi-saved-sp.h"

ABI_SAVED_SP_WORD abi_saved_sp, 8

/* \reg = the address of this thread's abi_saved_sp; clobbers \tmp. */
.macro SAVED_SP reg, tmp
	larl	\tmp, abi_saved_sp@INDNTPOFF
	ear	\reg, %a0
	sllg	\reg, \reg, 32
	ear	\reg, %a1
	ag	\reg, 0(\tmp)
.endm

/* op (std or ld) on f8..f15 and the eight doublewords at off(base). */
.macro FREGS op, off, base
	\op	%f8, \off(\base)
	\op	%f9, \off + 8(\base)
	\op	%f10, \off + 16(\base)
	\op	%f11, \off + 24(\base)
	\op	%f12, \off + 32(\base)
	\op	%f13, \off + 40(\base)
	\op	%f14, \off + 48(\base)
	\op	%f15, \off + 56(\base)
.endm

/* regs offsets */
#define IN_R		0
#define OUT_R		64
#define IN_F		128
#define OUT_F		192
#define SP_IN		256
#define SP_OUT		264
#define FPC_IN		272
#define FPC_OUT		276
#define ARG		280
#define RET		328

/* Frame: 0..159 fn's register save area (back chain at 0), 160 the sixth
 * argument, then: */
#define REGS		168
#define PREV_SP		176
#define CALLER_FPC	184
#define SAVED_F		192	/* the caller's f8..f15 */
#define FRAME		256

.text
.globl abi_check_trampoline
.type abi_check_trampoline, @function
.balign 16
abi_check_trampoline:
	stmg	%r6, %r15, 48(%r15)
	lgr	%r1, %r15
	aghi	%r15, -FRAME
	stg	%r1, 0(%r15)
	FREGS	std, SAVED_F, %r15
	stg	%r2, REGS(%r15)
	stfpc	CALLER_FPC(%r15)
	SAVED_SP %r4, %r5
	lg	%r0, 0(%r4)
	stg	%r0, PREV_SP(%r15)
	stg	%r15, 0(%r4)
	lgr	%r14, %r2
	lgr	%r1, %r3
	lg	%r0, ARG + 40(%r14)
	stg	%r0, 160(%r15)
	stg	%r15, SP_IN(%r14)
	lfpc	FPC_IN(%r14)
	FREGS	ld, IN_F, %r14
	mvc	IN_R(8,%r14), ARG + 32(%r14)	/* r6: the fifth argument */
	lmg	%r6, %r13, IN_R(%r14)
	lmg	%r2, %r5, ARG(%r14)
	iihf	%r0, 0x55555555
	iilf	%r0, 0x55555555
	basr	%r14, %r1
	lgr	%r0, %r15
	SAVED_SP %r14, %r1
	lg	%r15, 0(%r14)
	lg	%r1, REGS(%r15)
	stg	%r0, SP_OUT(%r1)
	stg	%r2, RET(%r1)
	stmg	%r6, %r13, OUT_R(%r1)
	FREGS	std, OUT_F, %r1
	stfpc	FPC_OUT(%r1)
	lfpc	CALLER_FPC(%r15)
	lg	%r0, PREV_SP(%r15)
	stg	%r0, 0(%r14)
	FREGS	ld, SAVED_F, %r15
	lmg	%r6, %r15, FRAME + 48(%r15)
	br	%r14
.size abi_check_trampoline, .-abi_check_trampoline

#ifdef ZINC_ABI_CHECKED
/* r2..r6 and the caller's sixth argument into a[6] in the frame, then
 * zinc_abi_checked(site, a). */
.globl zinc_abi_enter
.hidden zinc_abi_enter
.type zinc_abi_enter, @function
.balign 16
zinc_abi_enter:
	stmg	%r6, %r15, 48(%r15)
	lgr	%r0, %r15
	aghi	%r15, -208		/* 160 save area, a[6] at 160 */
	stg	%r0, 0(%r15)
	stmg	%r2, %r6, 160(%r15)
	lg	%r0, 208 + 160(%r15)	/* the caller's parameter area */
	stg	%r0, 200(%r15)
	lgr	%r2, %r1
	la	%r3, 160(%r15)
	brasl	%r14, zinc_abi_checked@PLT
	lmg	%r6, %r15, 208 + 48(%r15)
	br	%r14
.size zinc_abi_enter, .-zinc_abi_enter
#endif

#endif
