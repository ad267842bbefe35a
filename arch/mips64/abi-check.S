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
 *	its v0. abi_check_call (arch/abi_regs.h) wraps it. regs, byte offsets:
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
 * and FCSR, and keeps sp 16-byte aligned. The block's and the frame's
 * layout and the steps o32 shares (the frame's prologue and epilogue, the
 * loading of the inputs) are arch/mips/abi-trampoline.h's.
 *
 * CPU features: MIPS64 release 2 with an FPU (rdhwr; Debian's baseline).
 */
#include "../arch.h"

.section .note.GNU-stack,"",%progbits

#if defined(__mips__) && _MIPS_SIM == _ABI64

/* s0..s7, s8, gp and f24..f31; all six arguments are in registers. */
#define SAVED_GPRS	$16, $17, $18, $19, $20, $21, $22, $23, $30, $28
#define NSAVED_GPRS	10
#define SAVED_FPRS	$f24, $f25, $f26, $f27, $f28, $f29, $f30, $f31
#define NSAVED_FPRS	8
#define CALL_AREA	0
#include "../mips/abi-trampoline.h"

ABI_FN abi_check_trampoline
	.frame	$sp, FRAME, $31
	lui	$10, %hi(%neg(%gp_rel(abi_check_trampoline)))
	daddu	$10, $10, $25
	daddiu	$10, $10, %lo(%neg(%gp_rel(abi_check_trampoline)))
	ABI_FRAME_ENTER $10
	ABI_LOAD_INPUTS
	ld	$8, ARG + 32($12)
	ld	$9, ARG + 40($12)
	ABI_GARBAGE $13, $2, $3, $10, $11, $14, $15, $24
	jalr	$25
	move	$12, $13		/* delay slot */
	move	$8, $sp
	bal	.Lgot_again
	nop
.Lgot_again:
	lui	$10, %hi(%neg(%gp_rel(.Lgot_again)))	/* ra is this lui's address */
	daddu	$10, $10, $31
	daddiu	$10, $10, %lo(%neg(%gp_rel(.Lgot_again)))
	SAVED_SP	$11, $9, $10
	ld	$sp, 0($11)
	ld	$12, REGS($sp)
	sd	$8, SP_OUT($12)
	sd	$2, RET($12)
	ABI_FRAME_LEAVE $11
ABI_FN_END abi_check_trampoline

#ifdef ZINC_ABI_CHECKED
/* a0..a5 into a[6] in the frame, then zinc_abi_checked(site, a), with gp
 * its own (and the caller's put back). Frame: a[6] at 0, ra at 48, gp at 56. */
.hidden zinc_abi_enter
ABI_FN zinc_abi_enter
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
ABI_FN_END zinc_abi_enter
#endif

#endif
