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

#include <stdbool.h>
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

static const char *const abi_check_x_names[11] = {
	"x19", "x20", "x21", "x22", "x23", "x24", "x25", "x26", "x27", "x28", "x29",
};
static const char *const abi_check_d_names[8] = {
	"d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15",
};

/* FPCR.RMode, bits 22-23: 0 is round to nearest, the default. */
#define ABI_FPCR_RMODE_SHIFT 22

/*
 * Fresh inputs from next(): random callee-saved registers and, when
 * fresh_fp, FPCR with a rounding mode other than the default (never 0), so
 * that a backend which resets FPCR is seen; without fresh_fp FPCR keeps
 * the caller's value (any change the callee makes is still seen). No
 * backend does floating-point arithmetic, so the rounding mode cannot
 * change its results.
 *
 * Always inlined, as abi_check_violations is: arch/abi_check.c calls both
 * on every checked call, in a function libFuzzer does not trace.
 */
static inline __attribute__((always_inline)) void
abi_check_fill(struct abi_check_regs *r, uint64_t (*next)(void), bool fresh_fp)
{
	for (int i = 0; i < 11; i++)
		r->in_x[i] = next() | 1;
	for (int i = 0; i < 8; i++)
		r->in_d[i] = next() | 1;
	if (fresh_fp)
		r->fpcr_in = (1 + next() % 3) << ABI_FPCR_RMODE_SHIFT;
	else
		__asm__ volatile("mrs %0, fpcr" : "=r"(r->fpcr_in));
}

/* Writes up to max violations into v and returns how many there are. */
static inline __attribute__((always_inline)) int
abi_check_violations(const struct abi_check_regs *r, struct abi_violation *v, int max)
{
	int n = 0;

	for (int i = 0; i < 11; i++)
		if (r->out_x[i] != r->in_x[i])
			abi_violation_add(v, max, &n, abi_check_x_names[i], r->in_x[i], r->out_x[i]);
	for (int i = 0; i < 8; i++)
		if (r->out_d[i] != r->in_d[i])
			abi_violation_add(v, max, &n, abi_check_d_names[i], r->in_d[i], r->out_d[i]);
	if (r->sp_out != r->sp_in)
		abi_violation_add(v, max, &n, "sp", r->sp_in, r->sp_out);
	if (r->fpcr_out != r->fpcr_in)
		abi_violation_add(v, max, &n, "fpcr", r->fpcr_in, r->fpcr_out);
	return n;
}

#endif
