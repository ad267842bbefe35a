/* SPDX-License-Identifier: MIT */
/*
 * The s390x ABI check (s390x ELF ABI supplement), shared by abi_test and
 * the fuzz builds' checked entry points (arch/abi_check.c): the register
 * block of the abi-check.S trampoline, how its inputs are chosen and what
 * counts as a violation. A call must preserve r6-r13, r15 (the stack
 * pointer), f8-f15 and FPC's control fields (IEEE masks, rounding modes);
 * FPC's flags and data-exception code are the callee's to change, and so
 * are r0-r5, r14 (the return address), f0-f7, the rest of v8-v15 and
 * v16-v31.
 *
 * r6 is both callee-saved and the fifth argument register: it carries a4,
 * and must come back holding it (the trampoline copies arg[4] over
 * abi_check_fill's random in_r[0] before the call).
 */
#ifndef ZINC_ARCH_S390X_ABI_CHECK_H
#define ZINC_ARCH_S390X_ABI_CHECK_H

#include <stdint.h>

#include "arch/abi_check.h"

struct abi_check_regs {
	uint64_t in_r[8];  /* r6..r13 given to fn */
	uint64_t out_r[8]; /* and after it returned */
	uint64_t in_f[8];  /* f8..f15 */
	uint64_t out_f[8];
	uint64_t sp_in, sp_out; /* r15 */
	uint32_t fpc_in, fpc_out;
	uint64_t arg[6]; /* r2-r6, then the word at the callee's sp + 160 */
	uint64_t ret;	 /* r2 after fn returned */
};

_Static_assert(__builtin_offsetof(struct abi_check_regs, in_f) == 128 &&
		       __builtin_offsetof(struct abi_check_regs, sp_in) == 256 &&
		       __builtin_offsetof(struct abi_check_regs, fpc_in) == 272 &&
		       __builtin_offsetof(struct abi_check_regs, arg) == 280 &&
		       sizeof(struct abi_check_regs) == 336,
	       "abi-check.S offsets");

/* FPC: IEEE masks in bits 0-7 (from the left: the value's top byte),
 * flags 8-15, data-exception code 16-23, the DFP rounding mode in 25-27
 * and the BFP rounding mode in 29-31 (0: nearest, the default). The
 * control fields, preserved: */
#define ABI_FPC_CONTROL 0xff0000ffu
#define ABI_FPC_BFP_RM 0x7u

static const struct abi_saved abi_check_saved[] = {
	{ ABI_RANDOM, (const char *const[]){ "r6", "r7", "r8", "r9", "r10", "r11", "r12", "r13" }, 8,
	  8, ABI_AT(in_r), ABI_AT(out_r), ABI_ALL, 0, 0 },
	{ ABI_RANDOM, (const char *const[]){ "f8", "f9", "f10", "f11", "f12", "f13", "f14", "f15" },
	  8, 8, ABI_AT(in_f), ABI_AT(out_f), ABI_ALL, 0, 0 },
	{ ABI_SP, (const char *const[]){ "r15 (sp)" }, 1, 8, ABI_AT(sp_in), ABI_AT(sp_out), ABI_ALL,
	  0, 0 },
	{ ABI_FP, (const char *const[]){ "fpc" }, 1, 4, ABI_AT(fpc_in), ABI_AT(fpc_out),
	  ABI_FPC_CONTROL, ABI_FPC_BFP_RM, 0 },
};

static inline uint64_t abi_get_fp(void)
{
	uint32_t x;

	__asm__ volatile("stfpc %0" : "=Q"(x));
	return x;
}

/* abi_check_call: arch/abi_regs.h, with arch/s390x/abi-check.S's
 * trampoline, which gives r6 the fifth argument (in_r[0] too). */
#define ABI_CHECK_ARGS_IN_BLOCK 1
#include "arch/abi_regs.h"

#endif
