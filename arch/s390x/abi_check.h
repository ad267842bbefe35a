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
 * and must come back holding it (abi_check_fill's random r6 is replaced by
 * a4 in abi_check_call).
 */
#ifndef ZINC_ARCH_S390X_ABI_CHECK_H
#define ZINC_ARCH_S390X_ABI_CHECK_H

#include <stdbool.h>
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

/* arch/s390x/abi-check.S: calls fn with the block's inputs, fills its outputs. */
void abi_check_trampoline(struct abi_check_regs *regs, const void *fn);

static inline __attribute__((always_inline)) uint64_t
abi_check_call(struct abi_check_regs *regs, const void *fn, uint64_t a0, uint64_t a1, uint64_t a2,
	       uint64_t a3, uint64_t a4, uint64_t a5)
{
	regs->arg[0] = a0;
	regs->arg[1] = a1;
	regs->arg[2] = a2;
	regs->arg[3] = a3;
	regs->arg[4] = a4;
	regs->arg[5] = a5;
	regs->in_r[0] = a4; /* r6 */
	abi_check_trampoline(regs, fn);
	return regs->ret;
}

static const char *const abi_check_r_names[8] = {
	"r6", "r7", "r8", "r9", "r10", "r11", "r12", "r13",
};
static const char *const abi_check_f_names[8] = {
	"f8", "f9", "f10", "f11", "f12", "f13", "f14", "f15",
};

/* FPC: IEEE masks in bits 0-7 (from the left: the value's top byte),
 * flags 8-15, data-exception code 16-23, the DFP rounding mode in 25-27
 * and the BFP rounding mode in 29-31 (0: nearest, the default). The
 * control fields, preserved: */
#define ABI_FPC_CONTROL 0xff0000ffu
#define ABI_FPC_BFP_RM 0x7u

static inline uint32_t abi_get_fpc(void)
{
	uint32_t x;

	__asm__ volatile("stfpc %0" : "=Q"(x));
	return x;
}

/*
 * Fresh inputs from next(): random callee-saved registers and, when
 * fresh_fp, FPC with a BFP rounding mode other than the default (toward
 * zero, +infinity or -infinity), so that a backend which resets FPC is
 * seen; without fresh_fp FPC keeps the caller's value (any change the
 * callee makes is still seen). The IEEE masks stay clear: no backend can
 * trap.
 */
static inline __attribute__((always_inline)) void
abi_check_fill(struct abi_check_regs *r, uint64_t (*next)(void), bool fresh_fp)
{
	for (int i = 0; i < 8; i++)
		r->in_r[i] = next() | 1;
	for (int i = 0; i < 8; i++)
		r->in_f[i] = next() | 1;
	if (fresh_fp)
		r->fpc_in = (uint32_t)(1 + next() % 3);
	else
		r->fpc_in = abi_get_fpc();
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
		if (r->out_f[i] != r->in_f[i])
			abi_violation_add(v, max, &n, abi_check_f_names[i], r->in_f[i], r->out_f[i]);
	if (r->sp_out != r->sp_in)
		abi_violation_add(v, max, &n, "r15 (sp)", r->sp_in, r->sp_out);
	if ((r->fpc_out ^ r->fpc_in) & ABI_FPC_CONTROL)
		abi_violation_add(v, max, &n, "fpc", r->fpc_in, r->fpc_out);
	return n;
}

#endif
