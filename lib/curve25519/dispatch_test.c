/* SPDX-License-Identifier: MIT */
/*
 * Dispatch-hit test for Curve25519: for every subset of the detected CPU
 * features, curve25519() and curve25519_generate_public() each run exactly
 * the row this test expects, once, and give curve25519-generic32's result
 * (the point-multiplication ladder and the fixed-base path respectively).
 * The policy is written here independently of the table
 * (lib/common/test.h). Needs ZINC_TESTING (curve25519_hits[]).
 */
#include <stdio.h>
#include <string.h>
#include <zinc/curve25519.h>

#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/common/util.h"
#include "lib/curve25519/curve25519.h"

static const struct test_policy policy[] = {
	{ "curve25519-generic32", 0, 0 },
	{ "curve25519-generic64", 0, 0 },
	{ "curve25519-bmi2-adx", ZINC_CPU_BMI2 | ZINC_CPU_ADX, 0 },
	{ "curve25519-avx512ifma", ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL | ZINC_CPU_AVX512IFMA, 0 },
	{ "curve25519-neon", ZINC_CPU_NEON, 0 },
};

static size_t expected_row(uint32_t f)
{
	size_t want = 0;

	for (size_t i = 1; i < curve25519_nimpls; i++)
		if (test_policy_allows(policy, ARRAY_SIZE(policy), curve25519_impls[i].name, f, 0))
			want = i;
	return want;
}

static void check_one_hit(size_t want, const char *what, uint32_t f)
{
	char feat[128];

	zinc_cpu_format(f, feat, sizeof(feat));
	for (size_t i = 0; i < curve25519_nimpls; i++)
		CHECK(curve25519_hits[i] == (i == want),
		      "%s features %s: row %s ran %lu times, expected %d", what, feat,
		      curve25519_impls[i].name, curve25519_hits[i], i == want);
}

static void test_runs_the_expected_row(uint32_t f)
{
	static const uint8_t nine[32] = { 9 };
	uint8_t secret[32], point[32], want[32], out[32];
	bool ok, ok_want;

	test_fill(secret, sizeof(secret), f + 1);
	test_fill(point, sizeof(point), f + 2);

	ok_want = curve25519_with(&curve25519_impls[0], want, secret, point);
	memset(curve25519_hits, 0, sizeof(curve25519_hits[0]) * curve25519_nimpls);
	ok = curve25519(out, secret, point);
	check_one_hit(expected_row(f), "curve25519()", f);
	CHECK(ok == ok_want, "curve25519() return value");
	CHECK_MEM(out, want, 32, "curve25519() output");

	ok_want = curve25519_with(&curve25519_impls[0], want, secret, nine);
	memset(curve25519_hits, 0, sizeof(curve25519_hits[0]) * curve25519_nimpls);
	ok = curve25519_generate_public(out, secret);
	check_one_hit(expected_row(f), "curve25519_generate_public()", f);
	CHECK(ok == ok_want, "curve25519_generate_public() return value");
	CHECK_MEM(out, want, 32, "curve25519_generate_public() output");
}

int main(void)
{
	unsigned long subsets = 0;

	for (size_t i = 0; i < curve25519_nimpls; i++)
		test_policy_matches(policy, ARRAY_SIZE(policy), curve25519_impls[i].name,
				    curve25519_impls[i].features, 0);
	TEST_EVERY_FEATURE_SUBSET(&subsets, test_runs_the_expected_row(f));
	printf("curve25519 dispatch_test: %lu feature subsets\n", subsets);
	return TEST_SUMMARY("curve25519_dispatch_test");
}
