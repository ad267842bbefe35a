/* SPDX-License-Identifier: MIT */
#include "lib/common/cpu.h"
#include "lib/selftest/selftest.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>

static uint64_t xgetbv0(void)
{
	uint32_t lo, hi;
	__asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (uint64_t)hi << 32 | lo;
}

static uint32_t detect(void)
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
#elif defined(__aarch64__)
#include <sys/auxv.h>

#ifndef HWCAP_ASIMD
#define HWCAP_ASIMD (1 << 1) /* <asm/hwcap.h> */
#endif

/* Advanced SIMD is part of ARMv8-A, but a kernel may run without it
 * (it then clears the hwcap): ask the kernel, not the architecture. */
static uint32_t detect(void)
{
	return (getauxval(AT_HWCAP) & HWCAP_ASIMD) ? ZINC_CPU_NEON : 0;
}
#else
static uint32_t detect(void)
{
	return 0;
}
#endif

static const char *const feature_names[] = {
#define ZINC_CPU_NAME_(id, name) name,
	ZINC_CPU_FEATURES(ZINC_CPU_NAME_)
#undef ZINC_CPU_NAME_
};

/*
 * Shared words. detected and usable are written once, by init() under
 * pthread_once, and published by the release store of ready: a thread that
 * sees ready (acquire) or returns from pthread_once reads them written.
 * test_mask is an atomic word. No other state is shared between threads.
 */
static uint32_t detected, usable, test_mask = ~0u;
static int ready;
static pthread_once_t once = PTHREAD_ONCE_INIT;

const char *zinc_cpu_feature_name(unsigned bit)
{
	return bit < ZINC_CPU_NFEATURES ? feature_names[bit] : NULL;
}

bool zinc_cpu_parse(const char *list, uint32_t *features, const char **bad)
{
	uint32_t f = 0;
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, ",");
		unsigned bit;

		for (bit = 0; bit < ZINC_CPU_NFEATURES; bit++)
			if (strlen(feature_names[bit]) == n && !strncmp(p, feature_names[bit], n))
				break;
		if (bit < ZINC_CPU_NFEATURES)
			f |= 1u << bit;
		else if (n == 3 && !strncmp(p, "all", 3))
			f = ~0u;
		else if (n) {
			if (bad)
				*bad = p;
			return false;
		}
		p += n + (p[n] == ',');
	}
	*features = f;
	return true;
}

/* Set while this thread runs the start-up self-test inside init(): the
 * library calls the self-test makes see the features without waiting on
 * once (which would never return). */
static _Thread_local bool in_init;

uint32_t zinc_cpu_with_dependents(uint32_t off)
{
	if (off & ZINC_CPU_AVX)
		off |= ZINC_CPU_AVX2 | ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL | ZINC_CPU_AVX512IFMA;
	if (off & ZINC_CPU_AVX512F)
		off |= ZINC_CPU_AVX512VL | ZINC_CPU_AVX512IFMA;
	return off;
}

static void init(void)
{
	uint32_t off = 0;
	const char *env = getenv("ZINC_CPU_DISABLE");
	const char *selftest = getenv("ZINC_SELFTEST");

	detected = detect();
	/* An unknown name disables nothing rather than guessing; tools that set
	 * the variable validate it with zinc_cpu_parse first. */
	if (env && !zinc_cpu_parse(env, &off, NULL))
		off = 0;
	usable = detected & ~zinc_cpu_with_dependents(off);
	/* ZINC_SELFTEST=1: the other threads wait in pthread_once until the
	 * self-test has passed (or the process has aborted). */
	if (selftest && !strcmp(selftest, "1")) {
		in_init = true;
		zinc_selftest_or_abort();
		in_init = false;
	}
	__atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
}

/* Every thread's first call comes here; pthread_once makes the others wait
 * until the first has finished init(). */
static void ensure_ready(void)
{
	if (!__atomic_load_n(&ready, __ATOMIC_ACQUIRE) && !in_init)
		pthread_once(&once, init);
}

uint32_t zinc_cpu_detected(void)
{
	ensure_ready();
	return detected;
}

uint32_t zinc_cpu_features(void)
{
	ensure_ready();
	return usable & __atomic_load_n(&test_mask, __ATOMIC_RELAXED);
}

void zinc_cpu_set_mask(uint32_t mask)
{
	__atomic_store_n(&test_mask, mask, __ATOMIC_RELAXED);
}

void zinc_cpu_format(uint32_t features, char *buf, unsigned size)
{
	unsigned used = 0;

	if (!size)
		return;
	buf[0] = 0;
	for (unsigned bit = 0; bit < ZINC_CPU_NFEATURES; bit++) {
		if (!(features & (1u << bit)))
			continue;
		const char *name = feature_names[bit];
		size_t n = strlen(name) + (used ? 1 : 0);
		if (used + n + 1 > size)
			break;
		if (used)
			buf[used++] = ',';
		memcpy(buf + used, name, strlen(name) + 1);
		used += strlen(name);
	}
	if (!used && size > 4)
		memcpy(buf, "none", 5);
}
