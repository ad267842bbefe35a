/* SPDX-License-Identifier: MIT */
/*
 * The arm64 ABI check (AAPCS64), shared by abi_test and the fuzz builds'
 * checked entry points (arch/abi_check.c): the register block of the
 * abi-check.S trampoline, how its inputs are chosen and what counts as a
 * violation. A call must preserve x19-x29, d8-d15 (the low halves of
 * v8-v15; the high halves may change), sp and FPCR.
 */
#ifndef ZINC_ARCH_ARM64_ABI_CHECK_H
#define ZINC_ARCH_ARM64_ABI_CHECK_H

#include <stdint.h>

#include "arch/abi_check.h"

struct abi_check_regs {
	uint64_t in_x[11];  /* x19..x29 */
	uint64_t in_d[8];   /* d8..d15 */
	uint64_t out_x[11];
	uint64_t out_d[8];
	uint64_t sp_in, sp_out;
	uint64_t fpcr_in, fpcr_out;
};

_Static_assert(sizeof(struct abi_check_regs) == 336, "abi-check.S offsets");

uint64_t abi_check_call(struct abi_check_regs *regs, const void *fn, uint64_t a0, uint64_t a1,
			uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5);

/* FPCR.RMode, bits 22-23: 0 is round to nearest, the default. */
#define ABI_FPCR_RMODE_SHIFT 22

static const struct abi_saved abi_check_saved[] = {
	{ ABI_RANDOM,
	  (const char *const[]){ "x19", "x20", "x21", "x22", "x23", "x24", "x25", "x26", "x27", "x28",
				 "x29" },
	  11, 8, ABI_AT(in_x), ABI_AT(out_x), ABI_ALL, 0, 0 },
	{ ABI_RANDOM, (const char *const[]){ "d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15" },
	  8, 8, ABI_AT(in_d), ABI_AT(out_d), ABI_ALL, 0, 0 },
	{ ABI_SP, (const char *const[]){ "sp" }, 1, 8, ABI_AT(sp_in), ABI_AT(sp_out), ABI_ALL,
	  0, 0 },
	{ ABI_FP, (const char *const[]){ "fpcr" }, 1, 8, ABI_AT(fpcr_in), ABI_AT(fpcr_out), ABI_ALL,
	  3u << ABI_FPCR_RMODE_SHIFT, 0 },
};

static inline uint64_t abi_get_fp(void)
{
	uint64_t x;

	__asm__ volatile("mrs %0, fpcr" : "=r"(x));
	return x;
}

#include "arch/abi_regs.h"

#endif
