/* SPDX-License-Identifier: MIT */
/*
 * ABI trampoline (MIPS o32, PIC, either byte order; floating point for
 * -mfpxx): calls an entry point with the callee-saved registers and FCSR
 * set to chosen values and records what they hold afterwards, together
 * with the stack pointer, so that a caller can check that a backend
 * preserves s0-s8, sp, f20-f31 and FCSR's control fields
 * (arch/mips/abi_check.h checks them, and says why gp is not checked).
 *
 * void abi_check_trampoline(struct abi_check_regs *regs, const void *fn)
 *	Calls fn through t9 with the argument words regs->arg (a0-a3, and the
 *	fifth and sixth at the callee's sp + 16 and sp + 20, above the 16-byte
 *	home area o32 gives every callee) and stores its v0 and v1.
 *	abi_check_call (arch/abi_regs.h) wraps it. regs, byte offsets:
 *	  0..35     in:  s0..s7, s8 given to fn
 *	  36..71    out: s0..s7, s8 after fn returned
 *	  72        sp at the call, 76 sp after fn returned
 *	  80..127   in:  f20, f22, ..., f30 (doubles) given to fn
 *	  128..175  out: the same after fn returned
 *	  176       in: FCSR given to fn, 180 out: FCSR after
 *	  184..207  in:  the six argument words
 *	  208..215  out: v0, v1 after fn returned
 *	The caller's own FCSR is restored before returning.
 *
 * zinc_abi_enter (ZINC_ABI_CHECK builds, the fuzz targets'): where the
 * checked entry points of arch/abi-entry.h jump (their stub,
 * arch/mips/arch.h), through t9, with t8 = their site and the argument
 * words untouched (a0-a3, and two at the caller's sp + 16); passes the
 * site and the six words (zero-extended into uint64_t a[6]) to
 * zinc_abi_checked (arch/abi_check.c), which calls the body through
 * abi_check_call and returns its v0 and v1, returned here as they are.
 *
 * Register plan: t4 ($12) holds regs while the inputs are loaded, t9 holds
 * fn. at, v0, v1, t0-t7 but t4, t8 and finally t4 are filled with garbage
 * before the call (every other caller-saved register is an argument), so
 * that a backend reading one unset misbehaves visibly. sp is restored from
 * the thread-local abi_saved_sp (initial-exec TLS, the thread pointer from
 * rdhwr $29; the GOT found again from a bal, as fn may leave gp anything),
 * so a backend that unbalances the stack is reported instead of crashing
 * the trampoline; the previous value is kept in the frame and put back,
 * so calls nest and threads do not share it. The trampoline saves and
 * restores its own caller's s0-s8, f20-f30 (even, as doubles), ra and
 * FCSR; gp is its caller's to restore (o32), and sp stays 8-byte aligned.
 *
 * CPU features: MIPS32 release 2 with an FPU (rdhwr; Debian's baseline).
 */
#include "../arch.h"

.section .note.GNU-stack,"",%progbits

#if defined(__mips__) && _MIPS_SIM == _ABIO32

	.abicalls

.section .tbss,"awT",@nobits
.balign 4
.type abi_saved_sp, @object
.size abi_saved_sp, 4
abi_saved_sp:	.space 4

#include "../mips/abi-saved-sp.h"

/* op (sw or lw) on s0..s7, s8 and the nine words at off(base). */
.macro SREGS op, off, base
	\op	$16, \off(\base)
	\op	$17, \off + 4(\base)
	\op	$18, \off + 8(\base)
	\op	$19, \off + 12(\base)
	\op	$20, \off + 16(\base)
	\op	$21, \off + 20(\base)
	\op	$22, \off + 24(\base)
	\op	$23, \off + 28(\base)
	\op	$30, \off + 32(\base)
.endm

/* op (sdc1 or ldc1) on f20, f22, ..., f30 and the six doubles at off(base). */
.macro FREGS op, off, base
	\op	$f20, \off(\base)
	\op	$f22, \off + 8(\base)
	\op	$f24, \off + 16(\base)
	\op	$f26, \off + 24(\base)
	\op	$f28, \off + 32(\base)
	\op	$f30, \off + 40(\base)
.endm

/* regs offsets */
#define IN_R		0
#define OUT_R		36
#define SP_IN		72
#define SP_OUT		76
#define IN_F		80
#define OUT_F		128
#define FCSR_IN		176
#define FCSR_OUT	180
#define ARG		184
#define RET		208

/* Frame: 0..15 fn's home area, 16 and 20 its fifth and sixth argument
 * words, then: */
#define REGS		24
#define PREV_SP		28
#define CALLER_FCSR	32
#define SAVED_RA	36
#define SAVED_S		40	/* the caller's s0..s8 */
#define SAVED_F		80	/* the caller's f20..f30 */
#define FRAME		128

.text
.set noreorder
.set nomips16
.set nomicromips

.globl abi_check_trampoline
.type abi_check_trampoline, @function
.balign 8
.ent abi_check_trampoline
abi_check_trampoline:
	.frame	$sp, FRAME, $31
	.cpload	$25
	addiu	$sp, $sp, -FRAME
	sw	$31, SAVED_RA($sp)
	SREGS	sw, SAVED_S, $sp
	FREGS	sdc1, SAVED_F, $sp
	sw	$4, REGS($sp)
	cfc1	$8, $31
	sw	$8, CALLER_FCSR($sp)
	SAVED_SP	$9, $3, $28
	lw	$8, 0($9)
	sw	$8, PREV_SP($sp)
	sw	$sp, 0($9)
	move	$25, $5
	move	$12, $4
	lw	$8, ARG + 16($12)
	lw	$9, ARG + 20($12)
	sw	$8, 16($sp)
	sw	$9, 20($sp)
	sw	$sp, SP_IN($12)
	lw	$8, FCSR_IN($12)
	ctc1	$8, $31
	FREGS	ldc1, IN_F, $12
	SREGS	lw, IN_R, $12
	lw	$4, ARG($12)
	lw	$5, ARG + 4($12)
	lw	$6, ARG + 8($12)
	lw	$7, ARG + 12($12)
	lui	$8, 0x5555
	ori	$8, $8, 0x5555
	.set	push
	.set	noat
	move	$1, $8
	.set	pop
	move	$2, $8
	move	$3, $8
	move	$9, $8
	move	$10, $8
	move	$11, $8
	move	$13, $8
	move	$14, $8
	move	$15, $8
	move	$24, $8
	jalr	$25
	move	$12, $8			/* delay slot */
	move	$8, $sp
	bal	.Lgot_again
	nop
.Lgot_again:
	lui	$28, %hi(_gp_disp)	/* ra is this lui's address */
	addiu	$28, $28, %lo(_gp_disp)
	addu	$28, $28, $31
	SAVED_SP	$10, $9, $28
	lw	$sp, 0($10)
	lw	$12, REGS($sp)
	sw	$8, SP_OUT($12)
	sw	$2, RET($12)
	sw	$3, RET + 4($12)
	SREGS	sw, OUT_R, $12
	FREGS	sdc1, OUT_F, $12
	cfc1	$8, $31
	sw	$8, FCSR_OUT($12)
	lw	$8, CALLER_FCSR($sp)
	ctc1	$8, $31
	lw	$8, PREV_SP($sp)
	sw	$8, 0($10)
	SREGS	lw, SAVED_S, $sp
	FREGS	ldc1, SAVED_F, $sp
	lw	$31, SAVED_RA($sp)
	jr	$31
	addiu	$sp, $sp, FRAME		/* delay slot */
.end abi_check_trampoline
.size abi_check_trampoline, .-abi_check_trampoline

#ifdef ZINC_ABI_CHECKED
/* Each argument word as a uint64_t (its low half: the second word on
 * big-endian, the first on little-endian) into a[6] in the frame, then
 * zinc_abi_checked(site, a). Frame: 0..15 home area, a[6] at 16, ra at 64. */
#ifdef __MIPSEB__
#define LO 4
#define HI 0
#else
#define LO 0
#define HI 4
#endif
#define ENTER_FRAME	72
.globl zinc_abi_enter
.hidden zinc_abi_enter
.type zinc_abi_enter, @function
.balign 8
.ent zinc_abi_enter
zinc_abi_enter:
	.frame	$sp, ENTER_FRAME, $31
	.cpload	$25
	addiu	$sp, $sp, -ENTER_FRAME
	sw	$31, 64($sp)
	sw	$4, 16 + LO($sp)
	sw	$5, 24 + LO($sp)
	sw	$6, 32 + LO($sp)
	sw	$7, 40 + LO($sp)
	lw	$8, ENTER_FRAME + 16($sp)	/* the caller's fifth and sixth words */
	lw	$9, ENTER_FRAME + 20($sp)
	sw	$8, 48 + LO($sp)
	sw	$9, 56 + LO($sp)
	sw	$0, 16 + HI($sp)
	sw	$0, 24 + HI($sp)
	sw	$0, 32 + HI($sp)
	sw	$0, 40 + HI($sp)
	sw	$0, 48 + HI($sp)
	sw	$0, 56 + HI($sp)
	move	$4, $24
	lw	$25, %call16(zinc_abi_checked)($28)
	jalr	$25
	addiu	$5, $sp, 16		/* delay slot */
	lw	$31, 64($sp)
	jr	$31
	addiu	$sp, $sp, ENTER_FRAME	/* delay slot */
.end zinc_abi_enter
.size zinc_abi_enter, .-zinc_abi_enter
#endif

#endif
