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

#include <stdbool.h>
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

/* arch/mips64/abi-check.S: calls fn with the block's inputs, fills its outputs. */
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
	abi_check_trampoline(regs, fn);
	return regs->ret;
}

static const char *const abi_check_r_names[10] = {
	"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "gp",
};
static const char *const abi_check_f_names[8] = {
	"f24", "f25", "f26", "f27", "f28", "f29", "f30", "f31",
};

/* FCSR: RM in bits 0-1 (0 is round to nearest, the default), flags 2-6,
 * enables 7-11, cause 12-17, NAN2008 18, ABS2008 19, FCC0 23, FS 24,
 * FCC1-7 25-31. The control fields, preserved: */
#define ABI_FCSR_RM 0x3u
#define ABI_FCSR_CONTROL 0x010c0f83u

static inline uint32_t abi_get_fcsr(void)
{
	uint32_t x;

	__asm__ volatile("cfc1 %0, $31" : "=r"(x));
	return x;
}

/*
 * Fresh inputs from next(): random callee-saved registers (gp too: a PIC
 * callee sets its own from t9) and, when fresh_fp, FCSR with a rounding
 * mode other than the default (toward zero, +infinity or -infinity),
 * NAN2008 and ABS2008 as the CPU has them, so that a backend which resets
 * FCSR is seen; without fresh_fp FCSR keeps the caller's value (any change
 * the callee makes is still seen). Enables stay clear: no backend can trap.
 */
static inline __attribute__((always_inline)) void
abi_check_fill(struct abi_check_regs *r, uint64_t (*next)(void), bool fresh_fp)
{
	for (int i = 0; i < 10; i++)
		r->in_r[i] = next() | 1;
	for (int i = 0; i < 8; i++)
		r->in_f[i] = next() | 1;
	r->fcsr_in = abi_get_fcsr();
	if (fresh_fp)
		r->fcsr_in = (r->fcsr_in & 0x000c0000u) | (uint32_t)(1 + next() % 3);
}

/* Writes up to max violations into v and returns how many there are. */
static inline __attribute__((always_inline)) int
abi_check_violations(const struct abi_check_regs *r, struct abi_violation *v, int max)
{
	int n = 0;

	for (int i = 0; i < 10; i++)
		if (r->out_r[i] != r->in_r[i])
			abi_violation_add(v, max, &n, abi_check_r_names[i], r->in_r[i], r->out_r[i]);
	for (int i = 0; i < 8; i++)
		if (r->out_f[i] != r->in_f[i])
			abi_violation_add(v, max, &n, abi_check_f_names[i], r->in_f[i], r->out_f[i]);
	if (r->sp_out != r->sp_in)
		abi_violation_add(v, max, &n, "sp", r->sp_in, r->sp_out);
	if ((r->fcsr_out ^ r->fcsr_in) & ABI_FCSR_CONTROL)
		abi_violation_add(v, max, &n, "fcsr", r->fcsr_in, r->fcsr_out);
	return n;
}

#endif
