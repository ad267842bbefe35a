/* SPDX-License-Identifier: MIT */
/*
 * The armhf ABI check (AAPCS, VFP hard-float variant), shared by abi_test
 * and the fuzz builds' checked entry points (arch/abi_check.c): the
 * register block of the abi-check.S trampoline, how its inputs are chosen
 * and what counts as a violation. A call must preserve r4-r11, d8-d15
 * (s16-s31), sp and the control bits of FPSCR; the cumulative exception
 * flags, QC and the condition flags are the callee's to change.
 *
 * abi_check_call takes and returns 64-bit words, as on the 64-bit ABIs, so
 * that arch/abi_check.c and arch/abi_rows.h are the same everywhere: it
 * passes the low 32 bits of each of a0..a5 as the first six argument words
 * (r0-r3, then the two words at the callee's sp) and returns r0 and r1 as
 * the halves of a 64-bit result (r0 low), which is what the callee returned
 * whether that is one word or two.
 */
#ifndef ZINC_ARCH_ARM_ABI_CHECK_H
#define ZINC_ARCH_ARM_ABI_CHECK_H

#include <stdint.h>

#include "arch/abi_check.h"

struct abi_check_regs {
	uint32_t in_r[8];  /* r4..r11 given to fn */
	uint32_t out_r[8]; /* and after it returned */
	uint64_t in_d[8];  /* d8..d15 */
	uint64_t out_d[8];
	uint32_t sp_in, sp_out;
	uint32_t fpscr_in, fpscr_out;
	uint32_t arg[6]; /* the argument words: r0-r3, [sp], [sp + 4] */
	uint32_t ret[2]; /* r0, r1 after fn returned */
};

_Static_assert(__builtin_offsetof(struct abi_check_regs, in_d) == 64 &&
		       __builtin_offsetof(struct abi_check_regs, sp_in) == 192 &&
		       __builtin_offsetof(struct abi_check_regs, arg) == 208 &&
		       sizeof(struct abi_check_regs) == 240,
	       "abi-check.S offsets");

/* FPSCR.RMode, bits 22-23: 0 is round to nearest, the default. */
#define ABI_FPSCR_RMODE_SHIFT 22
/* The bits a call must preserve (AAPCS, "VFP register usage"): the
 * exception trap enables, Len, Stride, RMode, FZ, DN, AHP and the
 * reserved bits among them, 8-26. The cumulative exception flags (0-4, 7),
 * QC (27) and N, Z, C, V (28-31) are not preserved. */
#define ABI_FPSCR_CONTROL 0x07ffff00u

static const struct abi_saved abi_check_saved[] = {
	{ ABI_RANDOM, (const char *const[]){ "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11" }, 8,
	  4, ABI_AT(in_r), ABI_AT(out_r), ABI_ALL, 0, 0 },
	{ ABI_RANDOM, (const char *const[]){ "d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15" },
	  8, 8, ABI_AT(in_d), ABI_AT(out_d), ABI_ALL, 0, 0 },
	{ ABI_SP, (const char *const[]){ "sp" }, 1, 4, ABI_AT(sp_in), ABI_AT(sp_out), ABI_ALL,
	  0, 0 },
	{ ABI_FP, (const char *const[]){ "fpscr" }, 1, 4, ABI_AT(fpscr_in), ABI_AT(fpscr_out),
	  ABI_FPSCR_CONTROL, 3u << ABI_FPSCR_RMODE_SHIFT, 0 },
};

static inline uint64_t abi_get_fp(void)
{
	uint32_t x;

	__asm__ volatile("vmrs %0, fpscr" : "=r"(x));
	return x;
}

/* abi_check_call: arch/abi_regs.h, with arch/arm/abi-check.S's trampoline. */
#define ABI_CHECK_ARGS_IN_BLOCK 1
#include "arch/abi_regs.h"

#endif
