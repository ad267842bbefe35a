/* SPDX-License-Identifier: MIT */
/* CPU feature detection and the ZINC_CPU_DISABLE override. */
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/common/util.h"

/* The kernel's view (/proc/cpuinfo's line ZINC_ARCH_CPUINFO_FLAGS, where
 * arch/<dir>/arch.h names one: x86-64's "flags") is an independent source
 * for what detection reports; its names match ours except "neon" (arm64
 * "asimd"). Not on the architectures run under qemu-user, whose
 * /proc/cpuinfo is the host's. */
static void detection_agrees_with_proc_cpuinfo(void)
{
#ifdef ZINC_ARCH_CPUINFO_FLAGS
	static char line[16384];
	FILE *f = fopen("/proc/cpuinfo", "r");
	bool found = false;

	if (!f) {
		printf("cpu_test: /proc/cpuinfo unreadable, detection not cross-checked\n");
		return;
	}
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, ZINC_ARCH_CPUINFO_FLAGS, strlen(ZINC_ARCH_CPUINFO_FLAGS))) {
			found = true;
			break;
		}
	fclose(f);
	CHECK(found, "no %s line in /proc/cpuinfo", ZINC_ARCH_CPUINFO_FLAGS);
	if (!found)
		return;
	for (unsigned bit = 0; bit < ZINC_CPU_NFEATURES; bit++) {
		const char *name = zinc_cpu_feature_name(bit);
		char pat[32];
		if (!strcmp(name, "neon"))
			continue;
		snprintf(pat, sizeof(pat), " %s", name);
		const char *p = strstr(line, pat);
		bool listed = p && (p[strlen(pat)] == ' ' || p[strlen(pat)] == '\n');
		bool detected = zinc_cpu_detected() & (1u << bit);
		CHECK(listed == detected, "%s: /proc/cpuinfo says %d, detection says %d",
		      name, listed, detected);
	}
#endif
}

static void disable_list_parses(void)
{
	uint32_t f = 123;
	const char *bad = NULL;

	CHECK(zinc_cpu_parse("avx2,bmi2", &f, &bad) && f == (ZINC_CPU_AVX2 | ZINC_CPU_BMI2),
	      "avx2,bmi2 -> %#x", f);
	CHECK(zinc_cpu_parse("", &f, &bad) && f == 0, "empty list -> %#x", f);
	CHECK(zinc_cpu_parse("all", &f, &bad) && f == ~0u, "all -> %#x", f);
	CHECK(zinc_cpu_parse("ssse3,,adx,", &f, &bad) && f == (ZINC_CPU_SSSE3 | ZINC_CPU_ADX),
	      "empty items are ignored -> %#x", f);
	f = 7;
	CHECK(!zinc_cpu_parse("avx2,avx3", &f, &bad) && f == 7 && bad && !strcmp(bad, "avx3"),
	      "unknown name is rejected and named");
	CHECK(!zinc_cpu_parse("avx", &f, &bad) ? false : f == ZINC_CPU_AVX,
	      "avx is not a prefix match of avx2");
}

static void names_round_trip(void)
{
	char buf[128];

	for (unsigned bit = 0; bit < ZINC_CPU_NFEATURES; bit++) {
		uint32_t f = 0;
		zinc_cpu_format(1u << bit, buf, sizeof(buf));
		CHECK(zinc_cpu_parse(buf, &f, NULL) && f == 1u << bit, "bit %u -> %s", bit, buf);
	}
	zinc_cpu_format(0, buf, sizeof(buf));
	CHECK(!strcmp(buf, "none"), "empty set formats as %s", buf);
	CHECK(zinc_cpu_feature_name(ZINC_CPU_NFEATURES) == NULL, "out of range name");
}

/* ZINC_CPU_DISABLE was set by main() before the first query. */
static void disable_env_removes_features(void)
{
	uint32_t det = zinc_cpu_detected(), use = zinc_cpu_features();

	CHECK((use & ~det) == 0, "usable %#x not within detected %#x", use, det);
	CHECK(!(use & ZINC_CPU_AVX2), "avx2 still usable with ZINC_CPU_DISABLE=avx2");
	CHECK(use == (det & ~ZINC_CPU_AVX2), "only avx2 removed: %#x vs %#x", use, det);
}

/* Disabling a feature disables what is built on it, and nothing else. */
static void disabling_takes_dependents(void)
{
	const uint32_t avx512 = ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL | ZINC_CPU_AVX512IFMA;

	CHECK(zinc_cpu_with_dependents(ZINC_CPU_AVX) == (ZINC_CPU_AVX | ZINC_CPU_AVX2 | avx512),
	      "avx takes avx2 and avx512*");
	CHECK(zinc_cpu_with_dependents(ZINC_CPU_AVX512F) == avx512, "avx512f takes vl, ifma");
	CHECK(zinc_cpu_with_dependents(ZINC_CPU_AVX2) == ZINC_CPU_AVX2, "avx2 alone");
	CHECK(zinc_cpu_with_dependents(ZINC_CPU_BMI2 | ZINC_CPU_SSSE3) ==
		      (ZINC_CPU_BMI2 | ZINC_CPU_SSSE3),
	      "bmi2, ssse3 alone");
	CHECK(zinc_cpu_with_dependents(0) == 0, "nothing");
}

static void test_mask_restricts_and_restores(void)
{
	uint32_t all = zinc_cpu_features();

	zinc_cpu_set_mask(0);
	CHECK(zinc_cpu_features() == 0, "mask 0");
	CHECK(zinc_cpu_have(0), "nothing needed is always available");
	zinc_cpu_set_mask(ZINC_CPU_SSSE3);
	CHECK(zinc_cpu_features() == (all & ZINC_CPU_SSSE3), "mask ssse3");
	zinc_cpu_set_mask(~0u);
	CHECK(zinc_cpu_features() == all, "mask restored");
}

static void memneq_and_memzero(void)
{
	uint8_t a[64], b[64];

	for (int i = 0; i < 64; i++)
		a[i] = b[i] = (uint8_t)i;
	CHECK(crypto_memneq(a, b, 64) == 0, "equal");
	CHECK(crypto_memneq(a, b, 0) == 0, "empty is equal");
	for (int i = 0; i < 64; i++) {
		b[i] ^= 0x80;
		CHECK(crypto_memneq(a, b, 64) != 0, "difference at %d unseen", i);
		b[i] ^= 0x80;
	}
	memzero_explicit(a, sizeof(a));
	CHECK(!crypto_memneq(a, (uint8_t[64]){0}, 64), "memzero_explicit");
}

static void little_endian_helpers(void)
{
	uint8_t buf[9] = {0};

	put_unaligned_le32(0x04030201, buf + 1);
	CHECK(buf[1] == 1 && buf[4] == 4 && get_unaligned_le32(buf + 1) == 0x04030201, "le32");
	put_unaligned_le64(0x0807060504030201ull, buf + 1);
	CHECK(buf[1] == 1 && buf[8] == 8 && get_unaligned_le64(buf + 1) == 0x0807060504030201ull,
	      "le64");
	CHECK(rol32(0x80000001u, 1) == 3 && ror32(3, 1) == 0x80000001u, "rotates");
}

/* Family and model numbers from the vendors' published lists. */
static void models_are_recognised(void)
{
	static const struct {
		const char *vendor;
		unsigned family, model;
		const char *want;
	} cases[] = {
		{ "AuthenticAMD", 25, 0x01, "zen3" },   /* Milan */
		{ "AuthenticAMD", 25, 0x21, "zen3" },   /* Vermeer */
		{ "AuthenticAMD", 25, 0x50, "zen3" },   /* Cezanne */
		{ "AuthenticAMD", 25, 0x11, "zen4" },   /* Genoa */
		{ "AuthenticAMD", 25, 0x61, "zen4" },   /* Raphael */
		{ "AuthenticAMD", 25, 0xa0, "zen4" },   /* Bergamo */
		{ "AuthenticAMD", 26, 0x02, "zen5" },   /* Turin */
		{ "AuthenticAMD", 26, 0x44, "zen5" },   /* Granite Ridge */
		{ "AuthenticAMD", 23, 0x31, "default" }, /* Zen 2 */
		{ "GenuineIntel", 6, 0x6a, "intel-avx512" }, /* Ice Lake-SP */
		{ "GenuineIntel", 6, 0x8f, "intel-avx512" }, /* Sapphire Rapids */
		{ "GenuineIntel", 6, 0xa7, "intel-avx512" }, /* Rocket Lake */
		{ "GenuineIntel", 6, 0x97, "default" },  /* Alder Lake: no AVX-512 */
		{ "GenuineIntel", 25, 0x11, "default" },
		{ "HygonGenuine", 24, 0x01, "default" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const char *got = zinc_cpu_model_name(
			zinc_cpu_model_of(cases[i].vendor, cases[i].family, cases[i].model));
		CHECK(!strcmp(got, cases[i].want), "%s family %u model %#x: %s, expected %s",
		      cases[i].vendor, cases[i].family, cases[i].model, got, cases[i].want);
	}
}

/* ZINC_CPU_MODEL (set in main before the first call) forces a model;
 * zinc_cpu_set_model overrides it and ZINC_CPU_NMODELS goes back to it. */
static void model_env_and_override(void)
{
	enum zinc_cpu_model m;

	CHECK(zinc_cpu_model() == ZINC_CPU_MODEL_ZEN3, "ZINC_CPU_MODEL=zen3 gives %s",
	      zinc_cpu_model_name(zinc_cpu_model()));
	zinc_cpu_set_model(ZINC_CPU_MODEL_ZEN5);
	CHECK(zinc_cpu_model() == ZINC_CPU_MODEL_ZEN5, "set_model(zen5)");
	zinc_cpu_set_model(ZINC_CPU_NMODELS);
	CHECK(zinc_cpu_model() == ZINC_CPU_MODEL_ZEN3, "set_model(NMODELS) restores zen3");
	CHECK(zinc_cpu_model_parse("intel-avx512", &m) && m == ZINC_CPU_MODEL_INTEL_AVX512,
	      "parse intel-avx512");
	CHECK(!zinc_cpu_model_parse("zen6", &m) && !zinc_cpu_model_parse("", &m),
	      "unknown model names are rejected");
	CHECK(zinc_cpu_model_name(ZINC_CPU_NMODELS) == NULL, "no name past the list");
}

int main(void)
{
	setenv("ZINC_CPU_DISABLE", "avx2", 1);
	setenv("ZINC_CPU_MODEL", "zen3", 1);
	models_are_recognised();
	model_env_and_override();
	disable_env_removes_features();
	detection_agrees_with_proc_cpuinfo();
	disable_list_parses();
	names_round_trip();
	disabling_takes_dependents();
	test_mask_restricts_and_restores();
	memneq_and_memzero();
	little_endian_helpers();
	return TEST_SUMMARY("cpu_test");
}
