/* SPDX-License-Identifier: MIT */
#include "lib/common/cpu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* The architecture's detection (arch/<dir>/cpu.h, which arch/arch.h
 * names), or none: no features, the default model. */
#include "arch/arch.h"
#ifdef ZINC_ARCH_CPU_HEADER
#include ZINC_ARCH_CPU_HEADER
#else
static uint32_t zinc_arch_detect(void)
{
	return 0;
}
#endif
#ifndef ZINC_ARCH_HAS_DETECT_MODEL
static enum zinc_cpu_model zinc_arch_detect_model(void)
{
	return ZINC_CPU_MODEL_DEFAULT;
}
#endif

/* Model ranges from the vendors' family/model lists; a CPU outside them
 * gets DEFAULT. A guest may report a family and model that do not match
 * the features it exposes (AMD family 25 model 17 VMs with AVX-512
 * hidden): that is harmless, as preferences never add a feature. */
enum zinc_cpu_model zinc_cpu_model_of(const char *vendor, unsigned family, unsigned model)
{
	if (!strcmp(vendor, "AuthenticAMD") && family == 0x19) {
		if (model <= 0x0f || (model >= 0x20 && model <= 0x5f))
			return ZINC_CPU_MODEL_ZEN3;
		if ((model >= 0x10 && model <= 0x1f) || (model >= 0x60 && model <= 0x7f) ||
		    (model >= 0xa0 && model <= 0xaf))
			return ZINC_CPU_MODEL_ZEN4;
	}
	if (!strcmp(vendor, "AuthenticAMD") && family == 0x1a)
		return ZINC_CPU_MODEL_ZEN5;
	if (!strcmp(vendor, "GenuineIntel") && family == 6) {
		/* Ice Lake (client, server), Tiger Lake, Rocket Lake, Sapphire,
		 * Emerald and Granite Rapids. */
		static const uint8_t avx512[] = { 0x6a, 0x6c, 0x7d, 0x7e, 0x8c, 0x8d,
						  0xa7, 0x8f, 0xcf, 0xad, 0xae };
		for (unsigned i = 0; i < sizeof(avx512); i++)
			if (model == avx512[i])
				return ZINC_CPU_MODEL_INTEL_AVX512;
	}
	return ZINC_CPU_MODEL_DEFAULT;
}

static const char *const feature_names[] = {
#define ZINC_CPU_NAME_(id, name) name,
	ZINC_CPU_FEATURES(ZINC_CPU_NAME_)
#undef ZINC_CPU_NAME_
};

/*
 * What detection finds: written once, by detect() under pthread_once, and
 * read after it (zinc_cpu_detect), or after the start-up's release store of
 * zinc_cpu_ready, which runs detection first. No other state here is
 * shared between threads.
 */
static uint32_t detected;
uint32_t zinc_cpu_usable;
static unsigned model_detected, model_chosen;
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

uint32_t zinc_cpu_with_dependents(uint32_t off)
{
	if (off & ZINC_CPU_AVX)
		off |= ZINC_CPU_AVX2 | ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL | ZINC_CPU_AVX512IFMA;
	if (off & ZINC_CPU_AVX512F)
		off |= ZINC_CPU_AVX512VL | ZINC_CPU_AVX512IFMA;
	return off;
}

static void detect(void)
{
	uint32_t off = 0;
	const char *env = getenv("ZINC_CPU_DISABLE");

	detected = zinc_arch_detect();
	/* An unknown name disables nothing rather than guessing; tools that set
	 * the variable validate it with zinc_cpu_parse first. */
	if (env && !zinc_cpu_parse(env, &off, NULL))
		off = 0;
	zinc_cpu_usable = detected & ~zinc_cpu_with_dependents(off);
	/* An unknown ZINC_CPU_MODEL is ignored as an unknown feature name is. */
	/* A Zen 4 family/model with AVX-512 hidden (a common VM guest) runs
	 * the AVX2 rows whose defaults were measured on such guests: its ZEN4
	 * preferences, measured with AVX-512, are not for it. */
	model_detected = model_chosen = zinc_arch_detect_model();
	if (model_detected == ZINC_CPU_MODEL_ZEN4 && !(detected & ZINC_CPU_AVX512F))
		model_detected = model_chosen = ZINC_CPU_MODEL_DEFAULT;
	const char *model = getenv("ZINC_CPU_MODEL");
	enum zinc_cpu_model forced;
	if (model && zinc_cpu_model_parse(model, &forced))
		model_chosen = forced;
}

void zinc_cpu_detect(void)
{
	pthread_once(&once, detect);
}

uint32_t zinc_cpu_detected(void)
{
	zinc_cpu_detect();
	return detected;
}

static const char *const model_names[] = {
#define ZINC_CPU_MODEL_NAME_(id, name) name,
	ZINC_CPU_MODELS(ZINC_CPU_MODEL_NAME_)
#undef ZINC_CPU_MODEL_NAME_
};

const char *zinc_cpu_model_name(unsigned model)
{
	return model < ZINC_CPU_NMODELS ? model_names[model] : NULL;
}

bool zinc_cpu_model_parse(const char *name, enum zinc_cpu_model *model)
{
	for (unsigned m = 0; m < ZINC_CPU_NMODELS; m++)
		if (!strcmp(name, model_names[m])) {
			*model = (enum zinc_cpu_model)m;
			return true;
		}
	return false;
}

enum zinc_cpu_model zinc_cpu_model_detected(void)
{
	zinc_cpu_detect();
	return (enum zinc_cpu_model)model_detected;
}

enum zinc_cpu_model zinc_cpu_model_chosen(void)
{
	zinc_cpu_detect();
	return (enum zinc_cpu_model)model_chosen;
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
