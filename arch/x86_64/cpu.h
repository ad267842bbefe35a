/* SPDX-License-Identifier: MIT */
/*
 * x86-64 feature detection (CPUID, and XGETBV for the state the OS
 * enables) and the microarchitecture from CPUID's vendor, family and
 * model, for lib/common/cpu.c only (arch/x86_64/arch.h's ZINC_ARCH_CPU_HEADER).
 */
#ifndef ZINC_ARCH_X86_64_CPU_H
#define ZINC_ARCH_X86_64_CPU_H

#include <cpuid.h>
#include <stdbool.h>
#include <string.h>

#include "lib/common/cpu.h"

#define ZINC_ARCH_HAS_DETECT_MODEL 1

static uint64_t xgetbv0(void)
{
	uint32_t lo, hi;
	__asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (uint64_t)hi << 32 | lo;
}

static uint32_t zinc_arch_detect(void)
{
	uint32_t a, b, c, d, max, f = 0;
	uint64_t xcr0 = 0;

	if (!__get_cpuid(0, &max, &b, &c, &d))
		return 0;
	__cpuid_count(1, 0, a, b, c, d);
	if (c & bit_SSSE3)
		f |= ZINC_CPU_SSSE3;
	/* AVX state must be enabled by the OS (XCR0 bits 1 and 2) to be usable. */
	if (c & bit_OSXSAVE)
		xcr0 = xgetbv0();
	bool ymm = (xcr0 & 0x6) == 0x6;
	bool zmm = ymm && (xcr0 & 0xe0) == 0xe0; /* opmask, ZMM_Hi256, Hi16_ZMM */
	if ((c & bit_AVX) && ymm)
		f |= ZINC_CPU_AVX;
	if (max >= 7) {
		__cpuid_count(7, 0, a, b, c, d);
		if ((b & bit_AVX2) && (f & ZINC_CPU_AVX))
			f |= ZINC_CPU_AVX2;
		if ((b & bit_AVX512F) && zmm)
			f |= ZINC_CPU_AVX512F;
		if ((b & bit_AVX512VL) && (f & ZINC_CPU_AVX512F))
			f |= ZINC_CPU_AVX512VL;
		if ((b & bit_AVX512IFMA) && (f & ZINC_CPU_AVX512F))
			f |= ZINC_CPU_AVX512IFMA;
		if (b & bit_BMI2)
			f |= ZINC_CPU_BMI2;
		if (b & bit_ADX)
			f |= ZINC_CPU_ADX;
	}
	return f;
}

static enum zinc_cpu_model zinc_arch_detect_model(void)
{
	uint32_t a, b, c, d, max;
	char vendor[13];

	if (!__get_cpuid(0, &max, &b, &c, &d) || max < 1)
		return ZINC_CPU_MODEL_DEFAULT;
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	vendor[12] = 0;
	__cpuid_count(1, 0, a, b, c, d);
	/* Display family and model (Intel SDM and AMD APM, CPUID leaf 1):
	 * the extended family adds to a base family of 15; the extended
	 * model is the high nibble for families 6 and 15 and up. */
	unsigned family = (a >> 8) & 0xf, model = (a >> 4) & 0xf;
	if (family == 0xf)
		family += (a >> 20) & 0xff;
	if (family == 6 || family >= 0xf)
		model |= ((a >> 16) & 0xf) << 4;
	return zinc_cpu_model_of(vendor, family, model);
}

#endif
