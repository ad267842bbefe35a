/* SPDX-License-Identifier: MIT */
/*
 * ABI trampoline (MIPS n64, PIC): calls an entry point with the
 * callee-saved registers and FCSR set to chosen values and records what
 * they hold afterwards, together with the stack pointer, so that a caller
 * can check that a backend preserves s0-s8, gp, sp, f24-f31 and FCSR's
 * control fields (arch/mips64/abi_check.h checks them).
 *
 * void abi_check_trampoline(struct abi_check_regs *regs, const void *fn)
 *	Calls fn through t9 with the arguments regs->arg in a0-a5 and stores
 *	its v0. abi_check_call (abi_check.h) wraps it. regs, byte offsets:
 *	  0..79     in:  s0..s7, s8, gp given to fn
 *	  80..159   out: s0..s7, s8, gp after fn returned
 *	  160       sp at the call, 168 sp after fn returned
 *	  176..239  in:  f24..f31 given to fn
 *	  240..303  out: f24..f31 after fn returned
 *	  304       in: FCSR given to fn, 308 out: FCSR after
 *	  312..359  in:  the six arguments
 *	  360       out: v0 after fn returned
 *	The caller's own FCSR is restored before returning.
 *
 * zinc_abi_enter (ZINC_ABI_CHECK builds, the fuzz targets'): where the
 * checked entry points of arch/abi-entry.h jump (their stub,
 * arch/mips64/arch.h), through t9, with t8 = their site and the arguments
 * a0-a5 untouched; passes the site and the six arguments to
 * zinc_abi_checked (arch/abi_check.c), which calls the body through
 * abi_check_call and returns its v0.
 *
 * Register plan: t0 ($12) holds regs while the inputs are loaded, t9
 * holds fn, and the GOT is reached through a6 ($10) so that gp can be
 * given its random value. at, v0, v1, a6, a7, t1-t3, t8 and finally t0 are
 * filled with garbage before the call (every other caller-saved register
 * is an argument), so that a backend reading one unset misbehaves
 * visibly. sp is restored from the thread-local abi_saved_sp
 * (initial-exec TLS, the thread pointer from rdhwr $29; the GOT found
 * again from a bal), so a backend that unbalances the stack is reported
 * instead of crashing the trampoline; the previous value is kept in the
 * frame and put back, so calls nest and threads do not share it. The
 * trampoline saves and restores its own caller's s0-s8, gp, f24-f31, ra
 * and FCSR, and keeps sp 16-byte aligned.
 *
 * CPU features: MIPS64 release 2 with an FPU (rdhwr; Debian's baseline).
 */
#include "../arch.h"

.section .note.GNU-stack,"",%progbits

#if defined(__mips__) && _MIPS_SIM == _ABI64

	.abicalls

.section .tbss,"awT",@nobits
.balign 8
.type abi_saved_sp, @object
.size abi_saved_sp, 8
abi_saved_sp:	.space 8

/* regs offsets */
#define IN_R		0
#define OUT_R		80
#define SP_IN		160
#define SP_OUT		168
#define IN_F		176
#define OUT_F		240
#define FCSR_IN		304
#define FCSR_OUT	308
#define ARG		312
#define RET		360

/* Frame */
#define REGS		0
#define PREV_SP		8
#define CALLER_FCSR	16
#define SAVED_RA	24
#define SAVED_S		32	/* the caller's s0..s8, gp */
#define SAVED_F		112	/* the caller's f24..f31 */
#define FRAME		176

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
	lui	$10, %hi(%neg(%gp_rel(abi_check_trampoline)))
	daddu	$10, $10, $25
	daddiu	$10, $10, %lo(%neg(%gp_rel(abi_check_trampoline)))
	daddiu	$sp, $sp, -FRAME
	sd	$31, SAVED_RA($sp)
	sd	$16, SAVED_S($sp)
	sd	$17, SAVED_S + 8($sp)
	sd	$18, SAVED_S + 16($sp)
	sd	$19, SAVED_S + 24($sp)
	sd	$20, SAVED_S + 32($sp)
	sd	$21, SAVED_S + 40($sp)
	sd	$22, SAVED_S + 48($sp)
	sd	$23, SAVED_S + 56($sp)
	sd	$30, SAVED_S + 64($sp)
	sd	$28, SAVED_S + 72($sp)
	sdc1	$f24, SAVED_F($sp)
	sdc1	$f25, SAVED_F + 8($sp)
	sdc1	$f26, SAVED_F + 16($sp)
	sdc1	$f27, SAVED_F + 24($sp)
	sdc1	$f28, SAVED_F + 32($sp)
	sdc1	$f29, SAVED_F + 40($sp)
	sdc1	$f30, SAVED_F + 48($sp)
	sdc1	$f31, SAVED_F + 56($sp)
	sd	$4, REGS($sp)
	cfc1	$8, $31
	sw	$8, CALLER_FCSR($sp)
	.set	push
	.set	mips64r2
	rdhwr	$3, $29
	.set	pop
	ld	$9, %gottprel(abi_saved_sp)($10)
	daddu	$9, $9, $3
	ld	$8, 0($9)
	sd	$8, PREV_SP($sp)
	sd	$sp, 0($9)
	move	$25, $5
	move	$12, $4
	sd	$sp, SP_IN($12)
	lw	$8, FCSR_IN($12)
	ctc1	$8, $31
	ldc1	$f24, IN_F($12)
	ldc1	$f25, IN_F + 8($12)
	ldc1	$f26, IN_F + 16($12)
	ldc1	$f27, IN_F + 24($12)
	ldc1	$f28, IN_F + 32($12)
	ldc1	$f29, IN_F + 40($12)
	ldc1	$f30, IN_F + 48($12)
	ldc1	$f31, IN_F + 56($12)
	ld	$16, IN_R($12)
	ld	$17, IN_R + 8($12)
	ld	$18, IN_R + 16($12)
	ld	$19, IN_R + 24($12)
	ld	$20, IN_R + 32($12)
	ld	$21, IN_R + 40($12)
	ld	$22, IN_R + 48($12)
	ld	$23, IN_R + 56($12)
	ld	$30, IN_R + 64($12)
	ld	$28, IN_R + 72($12)
	ld	$4, ARG($12)
	ld	$5, ARG + 8($12)
	ld	$6, ARG + 16($12)
	ld	$7, ARG + 24($12)
	ld	$8, ARG + 32($12)
	ld	$9, ARG + 40($12)
	lui	$13, 0x5555
	ori	$13, $13, 0x5555
	.set	push
	.set	noat
	move	$1, $13
	.set	pop
	move	$2, $13
	move	$3, $13
	move	$10, $13
	move	$11, $13
	move	$14, $13
	move	$15, $13
	move	$24, $13
	jalr	$25
	move	$12, $13		/* delay slot */
	move	$8, $sp
	bal	.Lgot_again
	nop
.Lgot_again:
	lui	$10, %hi(%neg(%gp_rel(.Lgot_again)))	/* ra is this lui's address */
	daddu	$10, $10, $31
	daddiu	$10, $10, %lo(%neg(%gp_rel(.Lgot_again)))
	.set	push
	.set	mips64r2
	rdhwr	$9, $29
	.set	pop
	ld	$11, %gottprel(abi_saved_sp)($10)
	daddu	$11, $11, $9
	ld	$sp, 0($11)
	ld	$12, REGS($sp)
	sd	$8, SP_OUT($12)
	sd	$2, RET($12)
	sd	$16, OUT_R($12)
	sd	$17, OUT_R + 8($12)
	sd	$18, OUT_R + 16($12)
	sd	$19, OUT_R + 24($12)
	sd	$20, OUT_R + 32($12)
	sd	$21, OUT_R + 40($12)
	sd	$22, OUT_R + 48($12)
	sd	$23, OUT_R + 56($12)
	sd	$30, OUT_R + 64($12)
	sd	$28, OUT_R + 72($12)
	sdc1	$f24, OUT_F($12)
	sdc1	$f25, OUT_F + 8($12)
	sdc1	$f26, OUT_F + 16($12)
	sdc1	$f27, OUT_F + 24($12)
	sdc1	$f28, OUT_F + 32($12)
	sdc1	$f29, OUT_F + 40($12)
	sdc1	$f30, OUT_F + 48($12)
	sdc1	$f31, OUT_F + 56($12)
	cfc1	$8, $31
	sw	$8, FCSR_OUT($12)
	lw	$8, CALLER_FCSR($sp)
	ctc1	$8, $31
	ld	$8, PREV_SP($sp)
	sd	$8, 0($11)
	ld	$16, SAVED_S($sp)
	ld	$17, SAVED_S + 8($sp)
	ld	$18, SAVED_S + 16($sp)
	ld	$19, SAVED_S + 24($sp)
	ld	$20, SAVED_S + 32($sp)
	ld	$21, SAVED_S + 40($sp)
	ld	$22, SAVED_S + 48($sp)
	ld	$23, SAVED_S + 56($sp)
	ld	$30, SAVED_S + 64($sp)
	ld	$28, SAVED_S + 72($sp)
	ldc1	$f24, SAVED_F($sp)
	ldc1	$f25, SAVED_F + 8($sp)
	ldc1	$f26, SAVED_F + 16($sp)
	ldc1	$f27, SAVED_F + 24($sp)
	ldc1	$f28, SAVED_F + 32($sp)
	ldc1	$f29, SAVED_F + 40($sp)
	ldc1	$f30, SAVED_F + 48($sp)
	ldc1	$f31, SAVED_F + 56($sp)
	ld	$31, SAVED_RA($sp)
	jr	$31
	daddiu	$sp, $sp, FRAME		/* delay slot */
.end abi_check_trampoline
.size abi_check_trampoline, .-abi_check_trampoline

#ifdef ZINC_ABI_CHECKED
/* a0..a5 into a[6] in the frame, then zinc_abi_checked(site, a), with gp
 * its own (and the caller's put back). Frame: a[6] at 0, ra at 48, gp at 56. */
.globl zinc_abi_enter
.hidden zinc_abi_enter
.type zinc_abi_enter, @function
.balign 8
.ent zinc_abi_enter
zinc_abi_enter:
	.frame	$sp, 64, $31
	daddiu	$sp, $sp, -64
	sd	$31, 48($sp)
	sd	$28, 56($sp)
	lui	$28, %hi(%neg(%gp_rel(zinc_abi_enter)))
	daddu	$28, $28, $25
	daddiu	$28, $28, %lo(%neg(%gp_rel(zinc_abi_enter)))
	sd	$4, 0($sp)
	sd	$5, 0 + 8($sp)
	sd	$6, 0 + 16($sp)
	sd	$7, 0 + 24($sp)
	sd	$8, 0 + 32($sp)
	sd	$9, 0 + 40($sp)
	move	$4, $24
	ld	$25, %call16(zinc_abi_checked)($28)
	jalr	$25
	move	$5, $sp			/* delay slot */
	ld	$31, 48($sp)
	ld	$28, 56($sp)
	jr	$31
	daddiu	$sp, $sp, 64		/* delay slot */
.end zinc_abi_enter
.size zinc_abi_enter, .-zinc_abi_enter
#endif

#endif
