/* SPDX-License-Identifier: MIT */
/*
 * armhf feature detection, for lib/common/cpu.c only (arch/arm/arch.h's
 * ZINC_ARCH_CPU_HEADER): NEON (Advanced SIMD) is optional in ARMv7-A, and the
 * kernel says whether this CPU has it and the kernel saves its registers.
 */
#ifndef ZINC_ARCH_ARM_CPU_H
#define ZINC_ARCH_ARM_CPU_H

#include <sys/auxv.h>

#include "lib/common/cpu.h"

#ifndef HWCAP_NEON
#define HWCAP_NEON (1 << 12) /* the 32-bit ARM kernel's <asm/hwcap.h> */
#endif

static uint32_t zinc_arch_detect(void)
{
	return (getauxval(AT_HWCAP) & HWCAP_NEON) ? ZINC_CPU_NEON : 0;
}

#endif
