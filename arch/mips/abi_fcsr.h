/* SPDX-License-Identifier: MIT */
/*
 * FCSR in the MIPS ABI checks, the same in o32 (arch/mips/abi_check.h)
 * and n64 (arch/mips64/abi_check.h): its fields, for their tables' fcsr
 * line (which a call must preserve, the rounding mode, what a fresh input
 * keeps of the caller's), and abi_get_fp, which reads it.
 *
 * FCSR: RM in bits 0-1 (0 is round to nearest, the default), flags 2-6,
 * enables 7-11, cause 12-17, NAN2008 18, ABS2008 19, FCC0 23, FS 24,
 * FCC1-7 25-31. The control fields, preserved: RM, the enables, NAN2008,
 * ABS2008 and FS.
 */
#ifndef ZINC_ARCH_MIPS_ABI_FCSR_H
#define ZINC_ARCH_MIPS_ABI_FCSR_H

#include <stdint.h>

#define ABI_FCSR_RM 0x3u
#define ABI_FCSR_CONTROL 0x010c0f83u
/* NAN2008 and ABS2008: what the CPU has, kept in every input (the
 * table's keep). */
#define ABI_FCSR_2008 0x000c0000u

static inline uint64_t abi_get_fp(void)
{
	uint32_t x;

	__asm__ volatile("cfc1 %0, $31" : "=r"(x));
	return x;
}

#endif
