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

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

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

/* arch/mips/abi-check.S: calls fn with the block's inputs, fills its outputs. */
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
	/* v0, v1 in memory order: the registers a 64-bit result comes in. */
	memcpy(&ret, regs->ret, sizeof(ret));
	return ret;
}

static const char *const abi_check_r_names[9] = {
	"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8",
};
static const char *const abi_check_f_names[6] = {
	"f20", "f22", "f24", "f26", "f28", "f30",
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
 * Fresh inputs from next(): random callee-saved registers and, when
 * fresh_fp, FCSR with a rounding mode other than the default (toward zero,
 * +infinity or -infinity), NAN2008 and ABS2008 as the CPU has them, so
 * that a backend which resets FCSR is seen; without fresh_fp FCSR keeps
 * the caller's value (any change the callee makes is still seen). Enables
 * stay clear: no backend can trap.
 */
static inline __attribute__((always_inline)) void
abi_check_fill(struct abi_check_regs *r, uint64_t (*next)(void), bool fresh_fp)
{
	for (int i = 0; i < 9; i++)
		r->in_r[i] = (uint32_t)next() | 1;
	for (int i = 0; i < 6; i++)
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

	for (int i = 0; i < 9; i++)
		if (r->out_r[i] != r->in_r[i])
			abi_violation_add(v, max, &n, abi_check_r_names[i], r->in_r[i], r->out_r[i]);
	for (int i = 0; i < 6; i++)
		if (r->out_f[i] != r->in_f[i])
			abi_violation_add(v, max, &n, abi_check_f_names[i], r->in_f[i], r->out_f[i]);
	if (r->sp_out != r->sp_in)
		abi_violation_add(v, max, &n, "sp", r->sp_in, r->sp_out);
	if ((r->fcsr_out ^ r->fcsr_in) & ABI_FCSR_CONTROL)
		abi_violation_add(v, max, &n, "fcsr", r->fcsr_in, r->fcsr_out);
	return n;
}

#endif
