/* SPDX-License-Identifier: MIT */
/*
 * What the two MIPS ABI trampolines share (arch/mips/abi-check.S, o32, and
 * arch/mips64/abi-check.S, n64): the same register block and frame, laid
 * out at the ABI's register width, and the same steps around the call.
 * Before including it a trampoline defines
 *   SAVED_GPRS, NSAVED_GPRS  the callee-saved core registers it checks
 *                            (s0-s8, and gp in n64), and how many
 *   SAVED_FPRS, NSAVED_FPRS  the floating-point ones, moved as doubles
 *   CALL_AREA                bytes at the bottom of the frame for fn's
 *                            stack arguments (o32: its home area and its
 *                            fifth and sixth words; n64: none)
 * and gets:
 *
 * REG_S, REG_L, PTR_ADDIU, SZREG
 *	A register's store, load, the stack pointer's add, and its width in
 *	bytes (sw, lw, addiu, 4 in o32; sd, ld, daddiu, 8 in n64).
 * IN_R, OUT_R, SP_IN, SP_OUT, IN_F, OUT_F, FCSR_IN, FCSR_OUT, ARG, RET
 *	The offsets in struct abi_check_regs (arch/<dir>/abi_check.h, whose
 *	_Static_assert holds the same numbers): the core registers given to
 *	fn and after it returned, sp at the call and after, the FP registers
 *	given and after, FCSR given and after, the six argument words, the
 *	8-byte result.
 * REGS, PREV_SP, CALLER_FCSR, SAVED_RA, SAVED_S, SAVED_F, FRAME
 *	The frame above CALL_AREA: regs, the previous abi_saved_sp, the
 *	caller's FCSR, ra, s-registers and FP registers; FRAME its size.
 * abi_saved_sp
 *	The thread-local word the trampoline keeps its sp in
 *	(ABI_SAVED_SP_WORD, arch/abi-saved-sp.h).
 * SAVED_SP reg, tmp, got
 *	reg = the address of this thread's abi_saved_sp (initial-exec TLS:
 *	the thread pointer from rdhwr $29, its offset from the GOT at got);
 *	clobbers tmp.
 * SREGS op, off, base / FREGS op, off, base
 *	op (REG_S or REG_L; sdc1 or ldc1) on SAVED_GPRS (SAVED_FPRS) and the
 *	words (doubles) at off(base), one after the other.
 * ABI_FN name / ABI_FN_END name
 *	Open and close a global function (.ent, .end).
 * ABI_FRAME_ENTER got
 *	The frame's prologue: saves ra, the caller's SAVED_GPRS, SAVED_FPRS
 *	and FCSR, keeps regs (a0) and the previous abi_saved_sp in the frame
 *	and sp in abi_saved_sp; then t9 = fn (a1), $12 = regs. Uses $3, $8
 *	and $9.
 * ABI_LOAD_INPUTS
 *	Records sp in SP_IN and loads FCSR, SAVED_FPRS, SAVED_GPRS and a0-a3
 *	from the block at $12.
 * ABI_GARBAGE src, regs...
 *	src, at and each of regs = 0x55555555.
 * ABI_FRAME_LEAVE saved
 *	Stores SAVED_GPRS, SAVED_FPRS and FCSR into the block at $12, puts
 *	back the caller's FCSR, the previous abi_saved_sp (at saved) and the
 *	caller's registers, and returns.
 *
 * The file sets .abicalls (PIC) and leaves the assembler in .text,
 * noreorder, neither MIPS16 nor microMIPS, where both trampolines are
 * written.
 */
#if _MIPS_SIM == _ABI64
#define SZREG		8
#define REG_S		sd
#define REG_L		ld
#define PTR_ADDIU	daddiu
#define ABI_ADDU	daddu
#define ABI_ISA		mips64r2
#else
#define SZREG		4
#define REG_S		sw
#define REG_L		lw
#define PTR_ADDIU	addiu
#define ABI_ADDU	addu
#define ABI_ISA		mips32r2
#endif

#define IN_R		0
#define OUT_R		(NSAVED_GPRS * SZREG)
#define SP_IN		(2 * NSAVED_GPRS * SZREG)
#define SP_OUT		(SP_IN + SZREG)
#define IN_F		(SP_IN + 2 * SZREG)
#define OUT_F		(IN_F + NSAVED_FPRS * 8)
#define FCSR_IN		(OUT_F + NSAVED_FPRS * 8)
#define FCSR_OUT	(FCSR_IN + 4)
#define ARG		(FCSR_IN + 8)
#define RET		(ARG + 6 * SZREG)

#define REGS		(CALL_AREA)
#define PREV_SP		(REGS + SZREG)
#define CALLER_FCSR	(REGS + 2 * SZREG)
#define SAVED_RA	(REGS + 3 * SZREG)
#define SAVED_S		(REGS + 4 * SZREG)
#define SAVED_F		((SAVED_S + NSAVED_GPRS * SZREG + 7) & ~7)
#define FRAME		(SAVED_F + NSAVED_FPRS * 8)

/* The ABI's stack alignment: 8 bytes in o32, 16 in n64. */
.if (FRAME) % (2 * SZREG)
.error "FRAME does not keep sp aligned"
.endif

	.abicalls

#include "../abi-saved-sp.h"
ABI_SAVED_SP_WORD abi_saved_sp, SZREG

.macro SAVED_SP reg, tmp, got
	.set	push
	.set	ABI_ISA
	rdhwr	\tmp, $29
	.set	pop
	REG_L	\reg, %gottprel(abi_saved_sp)(\got)
	ABI_ADDU	\reg, \reg, \tmp
.endm

/* op on reg and the rest of the registers, at off(base) and each step
 * bytes further. */
.macro ABI_REGS op, off, base, step, reg, more:vararg
	\op	\reg, \off(\base)
	.ifnb	\more
	ABI_REGS \op, \off+\step, \base, \step, \more
	.endif
.endm

.macro SREGS op, off, base
	ABI_REGS \op, \off, \base, SZREG, SAVED_GPRS
.endm

.macro FREGS op, off, base
	ABI_REGS \op, \off, \base, 8, SAVED_FPRS
.endm

.macro ABI_FN name
	.globl	\name
	.type	\name, @function
	.balign	8
	.ent	\name
\name:
.endm

.macro ABI_FN_END name
	.end	\name
	.size	\name, .-\name
.endm

.macro ABI_FRAME_ENTER got
	PTR_ADDIU	$sp, $sp, -FRAME
	REG_S	$31, SAVED_RA($sp)
	SREGS	REG_S, SAVED_S, $sp
	FREGS	sdc1, SAVED_F, $sp
	REG_S	$4, REGS($sp)
	cfc1	$8, $31
	sw	$8, CALLER_FCSR($sp)
	SAVED_SP	$9, $3, \got
	REG_L	$8, 0($9)
	REG_S	$8, PREV_SP($sp)
	REG_S	$sp, 0($9)
	move	$25, $5
	move	$12, $4
.endm

.macro ABI_LOAD_INPUTS
	REG_S	$sp, SP_IN($12)
	lw	$8, FCSR_IN($12)
	ctc1	$8, $31
	FREGS	ldc1, IN_F, $12
	SREGS	REG_L, IN_R, $12
	REG_L	$4, ARG($12)
	REG_L	$5, ARG + SZREG($12)
	REG_L	$6, ARG + 2 * SZREG($12)
	REG_L	$7, ARG + 3 * SZREG($12)
.endm

.macro ABI_GARBAGE src, regs:vararg
	lui	\src, 0x5555
	ori	\src, \src, 0x5555
	.set	push
	.set	noat
	move	$1, \src
	.set	pop
	.irp	r, \regs
	move	\r, \src
	.endr
.endm

.macro ABI_FRAME_LEAVE saved
	SREGS	REG_S, OUT_R, $12
	FREGS	sdc1, OUT_F, $12
	cfc1	$8, $31
	sw	$8, FCSR_OUT($12)
	lw	$8, CALLER_FCSR($sp)
	ctc1	$8, $31
	REG_L	$8, PREV_SP($sp)
	REG_S	$8, 0(\saved)
	SREGS	REG_L, SAVED_S, $sp
	FREGS	ldc1, SAVED_F, $sp
	REG_L	$31, SAVED_RA($sp)
	jr	$31
	PTR_ADDIU	$sp, $sp, FRAME		/* delay slot */
.endm

.text
.set noreorder
.set nomips16
.set nomicromips
