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
 * The block's and the frame's layout and the steps n64 shares (the frame's
 * prologue and epilogue, the loading of the inputs) are
 * arch/mips/abi-trampoline.h's.
 *
 * CPU features: MIPS32 release 2 with an FPU (rdhwr; Debian's baseline).
 */
#include "../arch.h"

.section .note.GNU-stack,"",%progbits

#if defined(__mips__) && _MIPS_SIM == _ABIO32

/* s0..s7, s8 (gp, the caller's to restore in o32, is not checked) and
 * f20, f22, ..., f30 as doubles; the frame's bottom 24 bytes are fn's home
 * area and its fifth and sixth argument words. */
#define SAVED_GPRS	$16, $17, $18, $19, $20, $21, $22, $23, $30
#define NSAVED_GPRS	9
#define SAVED_FPRS	$f20, $f22, $f24, $f26, $f28, $f30
#define NSAVED_FPRS	6
#define CALL_AREA	24
#include "../mips/abi-trampoline.h"

ABI_FN abi_check_trampoline
	.frame	$sp, FRAME, $31
	.cpload	$25
	ABI_FRAME_ENTER $28
	lw	$8, ARG + 16($12)
	lw	$9, ARG + 20($12)
	sw	$8, 16($sp)
	sw	$9, 20($sp)
	ABI_LOAD_INPUTS
	ABI_GARBAGE $8, $2, $3, $9, $10, $11, $13, $14, $15, $24
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
	ABI_FRAME_LEAVE $10
ABI_FN_END abi_check_trampoline

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
.hidden zinc_abi_enter
ABI_FN zinc_abi_enter
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
ABI_FN_END zinc_abi_enter
#endif

#endif
