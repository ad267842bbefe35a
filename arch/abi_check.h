/* SPDX-License-Identifier: MIT */
/*
 * The ABI check's shared part: arch/<dir>/abi_check.h has the rest (the
 * header arch/arch.h names ZINC_ARCH_ABI_CHECK_HEADER), and arch/arch.h
 * says whether the build checks its entry points (ZINC_ABI_CHECKED).
 *
 * struct abi_violation: one register a call did not preserve, with its
 * value before and after.
 *
 * zinc_abi_violation: what the fuzz builds' checked entry points
 * (arch/abi_check.c) report a violation to: row (the .S file's name, e.g.
 * "chacha20-avx2"), entry (the entry point's symbol), what ("ABI: rbx not
 * preserved by chacha20_avx2") and detail (one line per register, before
 * and after). Must not return. The fuzz harness defines it (fuzz/report.c:
 * the mismatch diagnosis, with the target and the input's parameters);
 * without the harness a plain message and abort().
 */
#ifndef ZINC_ARCH_ABI_CHECK_H
#define ZINC_ARCH_ABI_CHECK_H

#include <stdint.h>

#include "arch/arch.h"

struct abi_violation {
	const char *reg;
	uint64_t before, after;
};

/*
 * One kind of register of an architecture's register block (struct
 * abi_check_regs, arch/<dir>/abi_check.h), a line of its table
 * abi_check_saved[]: arch/abi_regs.h fills the block and finds the
 * violations from the table alone.
 *   kind   ABI_RANDOM: callee-saved, given random odd values;
 *          ABI_SP: the stack pointer, which the trampoline records at the
 *          call and after;
 *          ABI_FP: a floating-point control register, whose input
 *          abi_check_fill_fp chooses (arch/abi_regs.h's from the table, or
 *          the architecture's own);
 *          ABI_CLEAR: a flags register whose bits of mask must come back
 *          clear, whatever they were (in unused)
 *   names  the n registers' names, as reports print them
 *   size   bytes of each (2, 4 or 8) in the block
 *   in     the offset of the values given to the callee, out of those it
 *          came back with (n of each, one after the other)
 *   mask   the bits the callee must preserve
 *   rm     ABI_FP: the rounding-mode field, which a fresh input never has
 *          at 0 (round to nearest, the default)
 *   keep   ABI_FP: the bits of the caller's value a fresh input keeps (what
 *          the CPU has and no input may change: MIPS's NAN2008, ABS2008)
 */
enum abi_saved_kind { ABI_RANDOM, ABI_SP, ABI_FP, ABI_CLEAR };

struct abi_saved {
	enum abi_saved_kind kind;
	const char *const *names;
	unsigned char n, size;
	unsigned short in, out;
	uint64_t mask, rm, keep;
};

#define ABI_ALL ~(uint64_t)0
/* A field's offset in struct abi_check_regs, for the table. */
#define ABI_AT(field) ((unsigned short)__builtin_offsetof(struct abi_check_regs, field))

/* Appends one to v (of max entries) and counts it in *n, also beyond max. */
static inline __attribute__((always_inline)) void
abi_violation_add(struct abi_violation *v, int max, int *n, const char *reg, uint64_t before,
		  uint64_t after)
{
	if (*n < max)
		v[*n] = (struct abi_violation){ reg, before, after };
	(*n)++;
}

/* A new input begins, so each entry point's next call gets fresh MXCSR and
 * x87 control word (arm64: FPCR; armhf: FPSCR; MIPS: FCSR; s390x: FPC)
 * values again; nothing in other builds. */
#ifdef ZINC_ABI_CHECKED
void zinc_abi_new_input(void);
#else
static inline void zinc_abi_new_input(void)
{
}
#endif

__attribute__((noreturn)) void zinc_abi_violation(const char *row, const char *entry,
						  const char *what, const char *detail);

#endif
