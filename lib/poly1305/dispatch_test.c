/* SPDX-License-Identifier: MIT */
/*
 * Dispatch-hit test for Poly1305: for every subset of the detected CPU
 * features and every length class, the one-shot poly1305() runs exactly the
 * row this test expects, once, and poly1305_init() the row expected for a
 * message of unknown length; both MACs equal donna32's. The policy is
 * written here independently of the table (lib/common/test.h), so a
 * threshold changed in the table alone fails. Needs ZINC_TESTING
 * (poly1305_hits[]).
 */
#include <stdio.h>
#include <string.h>
#include <zinc/poly1305.h>

#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/common/util.h"
#include "lib/poly1305/poly1305.h"

/* The thresholds and their measurements are in lib/poly1305/poly1305.c. */
static const struct test_policy policy[] = {
	{ "poly1305-donna32", 0, 0 },
	{ "poly1305-donna64", 0, 0 },
	{ "poly1305-x86_64", 0, 0 },
	{ "poly1305-avx2", ZINC_CPU_AVX2, 384 },
	{ "poly1305-avx512", ZINC_CPU_AVX512F, 2048 },
	{ "poly1305-avx512ifma", ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL | ZINC_CPU_AVX512IFMA, 384 },
	{ "poly1305-arm64", 0, 0 },
	{ "poly1305-arm", 0, 0 },
	/* One name, two rows: arm64's and 32-bit ARM's (never in one build). */
#ifdef ZINC_ASM_ARM
	{ "poly1305-neon", ZINC_CPU_NEON, 384 },
#else
	{ "poly1305-neon", ZINC_CPU_NEON, 256 },
#endif
	{ "poly1305-mips", 0, 0 },
	{ "poly1305-mips64", 0, 0 },
};

static const size_t length_classes[] = {
	0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257, 383, 384, 385,
	511, 512, 513, 1023, 1024, 1025, 2047, 2048, 2049, 4095, 4096, 4097,
};

static size_t expected_row(uint32_t f, size_t len)
{
	return TEST_POLICY_ROW(policy, poly1305_impls, poly1305_nimpls, f, len);
}

static void check_one_hit(size_t want, const char *what, size_t len, uint32_t f)
{
	TEST_CHECK_ONE_HIT(poly1305_hits, poly1305_impls, poly1305_nimpls, want, what, len, f);
}

static uint8_t msg[4097];

static void test_runs_the_expected_row(uint32_t f)
{
	uint8_t key[32], want[16], mac[16];
	struct poly1305_ctx ctx;

	test_fill(key, sizeof(key), f);
	for (size_t c = 0; c < ARRAY_SIZE(length_classes); c++) {
		size_t len = length_classes[c];

		test_fill(msg, len, (uint32_t)c);
		poly1305_init_impl(&ctx, key, 0);
		poly1305_update(&ctx, msg, len);
		poly1305_final(&ctx, want);

		memset(poly1305_hits, 0, sizeof(poly1305_hits[0]) * poly1305_nimpls);
		poly1305(mac, msg, len, key);
		check_one_hit(expected_row(f, len), "poly1305()", len, f);
		CHECK_MEM(mac, want, 16, "poly1305() len %zu", len);

		memset(poly1305_hits, 0, sizeof(poly1305_hits[0]) * poly1305_nimpls);
		poly1305_init(&ctx, key);
		poly1305_update(&ctx, msg, len);
		poly1305_final(&ctx, mac);
		check_one_hit(expected_row(f, SIZE_MAX), "poly1305_init()", len, f);
		CHECK_MEM(mac, want, 16, "poly1305_init/update/final len %zu", len);
	}
}

int main(void)
{
	unsigned long subsets = 0;

	TEST_POLICY_MATCHES_ROWS(policy, poly1305_impls, poly1305_nimpls);
	TEST_EVERY_FEATURE_SUBSET(&subsets, test_runs_the_expected_row(f));
	printf("poly1305 dispatch_test: %lu feature subsets x %zu length classes\n", subsets,
	       ARRAY_SIZE(length_classes));
	return TEST_SUMMARY("poly1305_dispatch_test");
}
