/* SPDX-License-Identifier: MIT */
/*
 * The MIPS n64 ABI check, shared by abi_test and the fuzz builds' checked
 * entry points (arch/abi_check.c): the register block of the abi-check.S
 * trampoline, how its inputs are chosen and what counts as a violation. A
 * call must preserve s0-s7, s8 (fp), gp, sp, the floating-point registers
 * f24-f31 (64-bit, FR=1) and FCSR's control fields (rounding mode,
 * enables, FS, NAN2008, ABS2008).
 */
#ifndef ZINC_ARCH_MIPS64_ABI_CHECK_H
#define ZINC_ARCH_MIPS64_ABI_CHECK_H

#include <stdint.h>

#include "arch/abi_check.h"

struct abi_check_regs {
	uint64_t in_r[10];  /* s0..s7, s8, gp given to fn */
	uint64_t out_r[10]; /* and after it returned */
	uint64_t sp_in, sp_out;
	uint64_t in_f[8]; /* f24..f31 */
	uint64_t out_f[8];
	uint32_t fcsr_in, fcsr_out;
	uint64_t arg[6]; /* a0-a5 */
	uint64_t ret;	 /* v0 after fn returned */
};

_Static_assert(__builtin_offsetof(struct abi_check_regs, sp_in) == 160 &&
		       __builtin_offsetof(struct abi_check_regs, in_f) == 176 &&
		       __builtin_offsetof(struct abi_check_regs, fcsr_in) == 304 &&
		       __builtin_offsetof(struct abi_check_regs, arg) == 312 &&
		       sizeof(struct abi_check_regs) == 368,
	       "abi-check.S offsets");

#include "arch/mips/abi_fcsr.h"

/* gp too: a PIC callee sets its own from t9, and must put the caller's
 * back. */
static const struct abi_saved abi_check_saved[] = {
	{ ABI_RANDOM,
	  (const char *const[]){ "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "gp" }, 10, 8,
	  ABI_AT(in_r), ABI_AT(out_r), ABI_ALL, 0, 0 },
	{ ABI_RANDOM,
	  (const char *const[]){ "f24", "f25", "f26", "f27", "f28", "f29", "f30", "f31" }, 8, 8,
	  ABI_AT(in_f), ABI_AT(out_f), ABI_ALL, 0, 0 },
	{ ABI_SP, (const char *const[]){ "sp" }, 1, 8, ABI_AT(sp_in), ABI_AT(sp_out), ABI_ALL,
	  0, 0 },
	{ ABI_FP, (const char *const[]){ "fcsr" }, 1, 4, ABI_AT(fcsr_in), ABI_AT(fcsr_out),
	  ABI_FCSR_CONTROL, ABI_FCSR_RM, ABI_FCSR_2008 },
};

/* abi_check_call: arch/abi_regs.h, with arch/mips64/abi-check.S's trampoline. */
#define ABI_CHECK_ARGS_IN_BLOCK 1
#include "arch/abi_regs.h"

#endif
