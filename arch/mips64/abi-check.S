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

#include "../mips/abi-saved-sp.h"

/* op (sd or ld) on s0..s7, s8, gp and the ten doublewords at off(base). */
.macro SREGS op, off, base
	\op	$16, \off(\base)
	\op	$17, \off + 8(\base)
	\op	$18, \off + 16(\base)
	\op	$19, \off + 24(\base)
	\op	$20, \off + 32(\base)
	\op	$21, \off + 40(\base)
	\op	$22, \off + 48(\base)
	\op	$23, \off + 56(\base)
	\op	$30, \off + 64(\base)
	\op	$28, \off + 72(\base)
.endm

/* op (sdc1 or ldc1) on f24..f31 and the eight doublewords at off(base). */
.macro FREGS op, off, base
	\op	$f24, \off(\base)
	\op	$f25, \off + 8(\base)
	\op	$f26, \off + 16(\base)
	\op	$f27, \off + 24(\base)
	\op	$f28, \off + 32(\base)
	\op	$f29, \off + 40(\base)
	\op	$f30, \off + 48(\base)
	\op	$f31, \off + 56(\base)
.endm

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
	SREGS	sd, SAVED_S, $sp
	FREGS	sdc1, SAVED_F, $sp
	sd	$4, REGS($sp)
	cfc1	$8, $31
	sw	$8, CALLER_FCSR($sp)
	SAVED_SP	$9, $3, $10
	ld	$8, 0($9)
	sd	$8, PREV_SP($sp)
	sd	$sp, 0($9)
	move	$25, $5
	move	$12, $4
	sd	$sp, SP_IN($12)
	lw	$8, FCSR_IN($12)
	ctc1	$8, $31
	FREGS	ldc1, IN_F, $12
	SREGS	ld, IN_R, $12
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
	SAVED_SP	$11, $9, $10
	ld	$sp, 0($11)
	ld	$12, REGS($sp)
	sd	$8, SP_OUT($12)
	sd	$2, RET($12)
	SREGS	sd, OUT_R, $12
	FREGS	sdc1, OUT_F, $12
	cfc1	$8, $31
	sw	$8, FCSR_OUT($12)
	lw	$8, CALLER_FCSR($sp)
	ctc1	$8, $31
	ld	$8, PREV_SP($sp)
	sd	$8, 0($11)
	SREGS	ld, SAVED_S, $sp
	FREGS	ldc1, SAVED_F, $sp
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
