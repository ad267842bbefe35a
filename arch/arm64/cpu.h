/* SPDX-License-Identifier: MIT */
/*
 * arm64 feature detection, for lib/common/cpu.c only (arch/arm64/arch.h's
 * ZINC_ARCH_CPU_HEADER).
 */
#ifndef ZINC_ARCH_ARM64_CPU_H
#define ZINC_ARCH_ARM64_CPU_H

#include <sys/auxv.h>

#include "lib/common/cpu.h"

#ifndef HWCAP_ASIMD
#define HWCAP_ASIMD (1 << 1) /* <asm/hwcap.h> */
#endif

/* Advanced SIMD is part of ARMv8-A, but a kernel may run without it
 * (it then clears the hwcap): ask the kernel, not the architecture. */
static uint32_t zinc_arch_detect(void)
{
	return (getauxval(AT_HWCAP) & HWCAP_ASIMD) ? ZINC_CPU_NEON : 0;
}

#endif
