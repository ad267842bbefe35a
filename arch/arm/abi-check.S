/* SPDX-License-Identifier: MIT */
/*
 * ABI trampoline (AAPCS, VFP hard-float variant, as Debian's armhf):
 * calls an entry point with the callee-saved registers and FPSCR set to
 * chosen values and records what they hold afterwards, together with the
 * stack pointer, so that a caller can check that a backend preserves
 * r4-r11, d8-d15, sp and FPSCR's control bits (arch/arm/abi_check.h
 * checks them).
 *
 * void abi_check_trampoline(struct abi_check_regs *regs, const void *fn)
 *	Calls fn with the argument words regs->arg (r0-r3, and the fifth and
 *	sixth on the stack, at the callee's sp and sp + 4) and stores its r0
 *	and r1. abi_check_call (arch/abi_regs.h) wraps it. regs, byte offsets:
 *	  0..31     in:  r4..r11 given to fn
 *	  32..63    out: r4..r11 after fn returned
 *	  64..127   in:  d8..d15 given to fn
 *	  128..191  out: d8..d15 after fn returned
 *	  192       sp at the call, 196 sp after fn returned
 *	  200       in: FPSCR given to fn, 204 out: FPSCR after
 *	  208..231  in:  the six argument words
 *	  232..239  out: r0, r1 after fn returned
 *	The caller's own FPSCR is restored before returning.
 *
 * zinc_abi_enter (ZINC_ABI_CHECK builds, the fuzz targets'): what the
 * checked entry points of arch/abi-entry.h call (their stub,
 * arch/arm/arch.h) with bl, after pushing lr: lr points at a literal that
 * holds their site's offset from it, the caller's return address is on
 * the stack, then the argument words, untouched (r0-r3, and two at the
 * caller's sp). Passes the site and the six words (zero-extended into
 * uint64_t a[6]) to zinc_abi_checked (arch/abi_check.c), which calls the
 * body through abi_check_call and returns its r0 and r1, returned here to
 * the caller as they are.
 *
 * Register plan: ip holds regs while the inputs are loaded, lr holds fn
 * (blx lr, so fn may be ARM or Thumb code: bit 0 of its address says
 * which). ip is filled with garbage before the call (every other
 * caller-saved core register is an argument), so that a backend reading
 * it unset misbehaves visibly. sp is restored from the thread-local
 * abi_saved_sp (initial-exec TLS, the thread pointer from TPIDRURO), so a
 * backend that unbalances the stack is reported instead of crashing the
 * trampoline; the previous value is kept in the frame and put back, so
 * calls nest and threads do not share it. The trampoline saves and
 * restores its own caller's r4-r11, d8-d15 and FPSCR and keeps sp 8-byte
 * aligned at the call.
 *
 * Thumb-2 code, unified syntax. CPU features: ARMv7-A with VFPv3-D16
 * (Debian armhf's baseline); d16-d31 and NEON are not touched.
 */

#include "../arch.h"

.section .note.GNU-stack,"",%progbits

#if defined(__arm__) && !defined(__aarch64__)

.syntax unified
.arch armv7-a
.fpu vfpv3-d16
.thumb

#include "../abi-saved-sp.h"

ABI_SAVED_SP_WORD abi_saved_sp, 4

/* \reg = the address of this thread's abi_saved_sp; clobbers \tmp. \lit
 * names the literal SAVED_SP_LIT places (after the function's last
 * instruction), \pc the label at the add that reads pc (4 ahead in Thumb). */
.macro SAVED_SP reg, tmp, lit, pc
	ldr	\reg, \lit
	mrc	p15, 0, \tmp, c13, c0, 3	/* TPIDRURO: the thread pointer */
\pc:
	add	\reg, pc
	ldr	\reg, [\reg]
	add	\reg, \reg, \tmp
.endm
.macro SAVED_SP_LIT lit, pc
	.balign	4
\lit:
	.word	abi_saved_sp(gottpoff) + (. - \pc - 4)
.endm

/* regs offsets */
#define IN_R		0
#define OUT_R		32
#define IN_D		64
#define OUT_D		128
#define SP_IN		192
#define SP_OUT		196
#define FPSCR_IN	200
#define FPSCR_OUT	204
#define ARG		208
#define RET		232

/* Frame below the saved r4-r11, lr (36 bytes) and d8-d15 (64): */
#define REGS		0
#define PREV_SP		4
#define CALLER_FPSCR	8
#define FRAME		12

.text
.globl abi_check_trampoline
.type abi_check_trampoline, %function
.thumb_func
.balign 4
abi_check_trampoline:
	push	{r4-r11, lr}
	vpush	{d8-d15}
	sub	sp, sp, #FRAME		/* 112 bytes in all: sp stays 8-byte aligned */
	str	r0, [sp, #REGS]
	vmrs	r2, fpscr
	str	r2, [sp, #CALLER_FPSCR]
	SAVED_SP r3, r2, .Llit0, .Lpc0
	ldr	r2, [r3]
	str	r2, [sp, #PREV_SP]
	mov	r2, sp
	str	r2, [r3]
	mov	ip, r0
	mov	lr, r1
	/* The fifth and sixth argument words, at the callee's sp. */
	ldr	r2, [ip, #ARG + 16]
	ldr	r3, [ip, #ARG + 20]
	sub	sp, sp, #8
	str	r2, [sp]
	str	r3, [sp, #4]
	mov	r2, sp
	str	r2, [ip, #SP_IN]
	ldr	r2, [ip, #FPSCR_IN]
	vmsr	fpscr, r2
	add	r2, ip, #IN_D
	vldm	r2, {d8-d15}
	ldm	ip, {r4-r11}		/* IN_R */
	add	ip, ip, #ARG
	ldm	ip, {r0-r3}
	movw	ip, #0x5555
	movt	ip, #0x5555
	blx	lr
	mov	ip, sp
	SAVED_SP r3, r2, .Llit1, .Lpc1
	ldr	r3, [r3]
	mov	sp, r3
	ldr	r2, [sp, #REGS]
	str	ip, [r2, #SP_OUT]
	str	r0, [r2, #RET]
	str	r1, [r2, #RET + 4]
	add	r3, r2, #OUT_R
	stm	r3, {r4-r11}
	add	r3, r2, #OUT_D
	vstm	r3, {d8-d15}
	vmrs	r3, fpscr
	str	r3, [r2, #FPSCR_OUT]
	ldr	r3, [sp, #CALLER_FPSCR]
	vmsr	fpscr, r3
	SAVED_SP r3, r2, .Llit2, .Lpc2
	ldr	r2, [sp, #PREV_SP]
	str	r2, [r3]
	add	sp, sp, #FRAME
	vpop	{d8-d15}
	pop	{r4-r11, pc}
	SAVED_SP_LIT .Llit0, .Lpc0
	SAVED_SP_LIT .Llit1, .Lpc1
	SAVED_SP_LIT .Llit2, .Lpc2
.size abi_check_trampoline, .-abi_check_trampoline

#ifdef ZINC_ABI_CHECKED
/* The six argument words into uint64_t a[6] on the stack (each word low,
 * as this is little-endian), then zinc_abi_checked(site, a). */
.globl zinc_abi_enter
.hidden zinc_abi_enter
.type zinc_abi_enter, %function
.thumb_func
.balign 4
zinc_abi_enter:
	bic	ip, lr, #1		/* the stub's literal */
	ldr	lr, [ip]
	add	ip, ip, lr		/* the site */
	pop	{lr}			/* the caller's return address */
	push	{r4, lr}
	mov	r4, ip
	sub	sp, sp, #48
	str	r0, [sp, #0]
	str	r1, [sp, #8]
	str	r2, [sp, #16]
	str	r3, [sp, #24]
	ldr	r0, [sp, #56]		/* the caller's [sp]: 8 pushed, 48 below */
	ldr	r1, [sp, #60]
	str	r0, [sp, #32]
	str	r1, [sp, #40]
	movs	r0, #0			/* the high word of each a[i] */
	.irp	off, 4, 12, 20, 28, 36, 44
	str	r0, [sp, #\off]
	.endr
	mov	r0, r4
	mov	r1, sp
	bl	zinc_abi_checked
	add	sp, sp, #48
	pop	{r4, pc}
.size zinc_abi_enter, .-zinc_abi_enter
#endif

#endif
