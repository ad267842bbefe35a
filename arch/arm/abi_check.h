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

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

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

/* arch/arm/abi-check.S: calls fn with the block's inputs, fills its outputs. */
void abi_check_trampoline(struct abi_check_regs *regs, const void *fn);

static inline __attribute__((always_inline)) uint64_t
abi_check_call(struct abi_check_regs *regs, const void *fn, uint64_t a0, uint64_t a1, uint64_t a2,
	       uint64_t a3, uint64_t a4, uint64_t a5)
{
	uint64_t ret;

	regs->arg[0] = (uint32_t)a0;
	regs->arg[1] = (uint32_t)a1;
	regs->arg[2] = (uint32_t)a2;
	regs->arg[3] = (uint32_t)a3;
	regs->arg[4] = (uint32_t)a4;
	regs->arg[5] = (uint32_t)a5;
	abi_check_trampoline(regs, fn);
	/* r0, r1 in memory order: the registers a 64-bit result comes in. */
	memcpy(&ret, regs->ret, sizeof(ret));
	return ret;
}

static const char *const abi_check_r_names[8] = {
	"r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11",
};
static const char *const abi_check_d_names[8] = {
	"d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15",
};

/* FPSCR.RMode, bits 22-23: 0 is round to nearest, the default. */
#define ABI_FPSCR_RMODE_SHIFT 22
/* The bits a call must preserve (AAPCS, "VFP register usage"): the
 * exception trap enables, Len, Stride, RMode, FZ, DN, AHP and the
 * reserved bits among them, 8-26. The cumulative exception flags (0-4, 7),
 * QC (27) and N, Z, C, V (28-31) are not preserved. */
#define ABI_FPSCR_CONTROL 0x07ffff00u

/*
 * Fresh inputs from next(): random callee-saved registers and, when
 * fresh_fp, FPSCR with a rounding mode other than the default (never
 * nearest), so that a backend which resets FPSCR is seen; without fresh_fp
 * FPSCR keeps the caller's value (any change the callee makes is still
 * seen). Trap enables stay clear: no backend can trap. No backend does
 * floating-point arithmetic, so the rounding mode cannot change its
 * results.
 */
static inline __attribute__((always_inline)) void
abi_check_fill(struct abi_check_regs *r, uint64_t (*next)(void), bool fresh_fp)
{
	for (int i = 0; i < 8; i++)
		r->in_r[i] = (uint32_t)next() | 1;
	for (int i = 0; i < 8; i++)
		r->in_d[i] = next() | 1;
	if (fresh_fp)
		r->fpscr_in = (uint32_t)(1 + next() % 3) << ABI_FPSCR_RMODE_SHIFT;
	else
		__asm__ volatile("vmrs %0, fpscr" : "=r"(r->fpscr_in));
}

/* Writes up to max violations into v and returns how many there are. */
static inline __attribute__((always_inline)) int
abi_check_violations(const struct abi_check_regs *r, struct abi_violation *v, int max)
{
	int n = 0;

	for (int i = 0; i < 8; i++)
		if (r->out_r[i] != r->in_r[i])
			abi_violation_add(v, max, &n, abi_check_r_names[i], r->in_r[i], r->out_r[i]);
	for (int i = 0; i < 8; i++)
		if (r->out_d[i] != r->in_d[i])
			abi_violation_add(v, max, &n, abi_check_d_names[i], r->in_d[i], r->out_d[i]);
	if (r->sp_out != r->sp_in)
		abi_violation_add(v, max, &n, "sp", r->sp_in, r->sp_out);
	if ((r->fpscr_out ^ r->fpscr_in) & ABI_FPSCR_CONTROL)
		abi_violation_add(v, max, &n, "fpscr", r->fpscr_in, r->fpscr_out);
	return n;
}

#endif
