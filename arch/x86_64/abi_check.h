/* SPDX-License-Identifier: MIT */
/*
 * The x86-64 ABI check (System V), shared by abi_test and the fuzz builds'
 * checked entry points (arch/abi_check.c): the register block of the
 * abi-check.S trampoline, how its inputs are chosen and what counts as a
 * violation. A call must preserve rbx, rbp, r12-r15, rsp, MXCSR and the
 * x87 control word, and return with the direction flag clear.
 */
#ifndef ZINC_ARCH_X86_64_ABI_CHECK_H
#define ZINC_ARCH_X86_64_ABI_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/abi_check.h"

struct abi_check_regs {
	uint64_t in[6];  /* rbx, rbp, r12, r13, r14, r15 */
	uint64_t out[6];
	uint64_t rsp_in, rsp_out;
	uint64_t rflags;
	uint32_t mxcsr_in, mxcsr_out;
	uint16_t fcw_in, fcw_out;
};

_Static_assert(__builtin_offsetof(struct abi_check_regs, mxcsr_in) == 120 &&
		       __builtin_offsetof(struct abi_check_regs, fcw_in) == 128 &&
		       __builtin_offsetof(struct abi_check_regs, fcw_out) == 130,
	       "abi-check.S offsets");

uint64_t abi_check_call(struct abi_check_regs *regs, const void *fn, uint64_t a0, uint64_t a1,
			uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5);

#define ABI_RFLAGS_DF (1u << 10)
#define ABI_MXCSR_DEFAULT 0x1f80 /* exceptions masked, round to nearest */
#define ABI_FCW_DEFAULT 0x037f	 /* exceptions masked, 64-bit precision, nearest */
/* The callee-saved part of MXCSR: its control bits. The exception flags
 * (bits 0-5) are caller-saved (System V ABI, section 3.2.1). */
#define ABI_MXCSR_CONTROL 0xffc0

static const struct abi_saved abi_check_saved[] = {
	{ ABI_RANDOM, (const char *const[]){ "rbx", "rbp", "r12", "r13", "r14", "r15" }, 6, 8,
	  ABI_AT(in), ABI_AT(out), ABI_ALL, 0, 0 },
	{ ABI_SP, (const char *const[]){ "rsp" }, 1, 8, ABI_AT(rsp_in), ABI_AT(rsp_out), ABI_ALL,
	  0, 0 },
	{ ABI_CLEAR, (const char *const[]){ "direction flag" }, 1, 8, 0, ABI_AT(rflags),
	  ABI_RFLAGS_DF, 0, 0 },
	{ ABI_FP, (const char *const[]){ "mxcsr" }, 1, 4, ABI_AT(mxcsr_in), ABI_AT(mxcsr_out),
	  ABI_MXCSR_CONTROL, 3u << 13, 0 },
	{ ABI_FP, (const char *const[]){ "x87 control word" }, 1, 2, ABI_AT(fcw_in), ABI_AT(fcw_out),
	  ABI_ALL, 3u << 10, 0 },
};

/* The caller's MXCSR (low half) and x87 control word (bits 32-47). */
static inline uint64_t abi_get_fp(void)
{
	uint32_t mxcsr;
	uint16_t fcw;

	__asm__ volatile("stmxcsr %0\n\tfnstcw %1" : "=m"(mxcsr), "=m"(fcw));
	return mxcsr | (uint64_t)fcw << 32;
}

/*
 * Its own abi_check_fill_fp (arch/abi_regs.h's fills one control register
 * alone). When fresh_fp, MXCSR and the x87 control word away from their
 * defaults: a rounding mode other than nearest, and for MXCSR random
 * sticky exception flags. The x87 precision stays at its default (valgrind
 * ignores another one). Exceptions stay masked, so no backend can trap on
 * them. Without fresh_fp both keep the caller's values: loading a changed
 * rounding mode costs the trampoline some 100 cycles (Zen 5), loading the
 * same one nearly nothing.
 */
#define ABI_CHECK_OWN_FILL_FP 1
static inline __attribute__((always_inline)) void
abi_check_fill_fp(struct abi_check_regs *r, uint64_t (*next)(void), bool fresh_fp)
{
	uint64_t x;

	if (!fresh_fp) {
		__asm__ volatile("stmxcsr %0\n\tfnstcw %1" : "=m"(r->mxcsr_in), "=m"(r->fcw_in));
		return;
	}
	x = next();
	r->mxcsr_in = ABI_MXCSR_DEFAULT | (uint32_t)(1 + x % 3) << 13 | (uint32_t)(x >> 8 & 0x3f);
	r->fcw_in = (uint16_t)(ABI_FCW_DEFAULT | (1 + x % 3) << 10);
}

#include "arch/abi_regs.h"

#endif
