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
