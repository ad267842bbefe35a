/* SPDX-License-Identifier: MIT */
/*
 * The MIPS o32 ABI check, both byte orders, shared by abi_test and the
 * fuzz builds' checked entry points (arch/abi_check.c): the register block
 * of the abi-check.S trampoline, how its inputs are chosen and what counts
 * as a violation. A call must preserve s0-s7, s8 (fp), sp, the
 * floating-point registers f20-f31 and FCSR's control fields (rounding
 * mode, enables, FS, NAN2008, ABS2008).
 *
 * Floating point: Debian's o32 toolchain compiles for -mfpxx (code that
 * runs with 32-bit FPU registers, FR=0, or 64-bit ones, FR=1). The
 * trampoline moves the even registers f20, f22, ..., f30 as 64-bit doubles
 * (ldc1/sdc1): with FR=0 each is the pair f2n/f2n+1, so f20-f31 are all
 * checked; with FR=1 they are the six 64-bit registers o32 preserves there
 * (the odd ones are then caller-saved).
 *
 * gp is not checked: in o32 it is the caller's to restore after a call
 * (PIC code reloads it from its frame, .cprestore), and every PIC callee
 * sets its own from t9.
 *
 * abi_check_call takes and returns 64-bit words, as on the 64-bit ABIs, so
 * that arch/abi_check.c and arch/abi_rows.h are the same everywhere: it
 * passes the low 32 bits of each of a0..a5 as the first six argument words
 * (a0-a3, then the words at the callee's sp + 16 and sp + 20) and returns
 * v0 and v1 as the halves of a 64-bit result in the byte order's layout
 * (v0 is the high half on big-endian, the low half on little-endian),
 * which is what the callee returned whether that is one word or two.
 */
#ifndef ZINC_ARCH_MIPS_ABI_CHECK_H
#define ZINC_ARCH_MIPS_ABI_CHECK_H

#include <stdint.h>

#include "arch/abi_check.h"

struct abi_check_regs {
	uint32_t in_r[9];  /* s0..s7, s8 given to fn */
	uint32_t out_r[9]; /* and after it returned */
	uint32_t sp_in, sp_out;
	uint64_t in_f[6]; /* f20, f22, ..., f30 as doubles */
	uint64_t out_f[6];
	uint32_t fcsr_in, fcsr_out;
	uint32_t arg[6]; /* a0-a3, [sp + 16], [sp + 20] */
	uint32_t ret[2]; /* v0, v1 after fn returned */
};

_Static_assert(__builtin_offsetof(struct abi_check_regs, sp_in) == 72 &&
		       __builtin_offsetof(struct abi_check_regs, in_f) == 80 &&
		       __builtin_offsetof(struct abi_check_regs, fcsr_in) == 176 &&
		       __builtin_offsetof(struct abi_check_regs, arg) == 184 &&
		       sizeof(struct abi_check_regs) == 216,
	       "abi-check.S offsets");

#include "arch/mips/abi_fcsr.h"

static const struct abi_saved abi_check_saved[] = {
	{ ABI_RANDOM, (const char *const[]){ "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8" },
	  9, 4, ABI_AT(in_r), ABI_AT(out_r), ABI_ALL, 0, 0 },
	{ ABI_RANDOM, (const char *const[]){ "f20", "f22", "f24", "f26", "f28", "f30" }, 6, 8,
	  ABI_AT(in_f), ABI_AT(out_f), ABI_ALL, 0, 0 },
	{ ABI_SP, (const char *const[]){ "sp" }, 1, 4, ABI_AT(sp_in), ABI_AT(sp_out), ABI_ALL,
	  0, 0 },
	{ ABI_FP, (const char *const[]){ "fcsr" }, 1, 4, ABI_AT(fcsr_in), ABI_AT(fcsr_out),
	  ABI_FCSR_CONTROL, ABI_FCSR_RM, ABI_FCSR_2008 },
};

/* abi_check_call: arch/abi_regs.h, with arch/mips/abi-check.S's trampoline. */
#define ABI_CHECK_ARGS_IN_BLOCK 1
#include "arch/abi_regs.h"

#endif
