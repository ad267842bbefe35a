/* SPDX-License-Identifier: MIT */
/*
 * Dispatch-hit test for ChaCha20: for every subset of the detected CPU
 * features (as ZINC_CPU_DISABLE would leave them) and every length class,
 * the public chacha20() and hchacha20() must run exactly the row this test
 * expects, once. The expected policy (each row's features and minimum
 * length, and "the last usable row wins") is written here independently of
 * the table, so a threshold changed in the table without changing it here
 * fails, as does a dispatcher that picks, or counts, the wrong row. Needs a
 * ZINC_TESTING build (chacha20_hits[]).
 */
#include <stdio.h>
#include <string.h>
#include <zinc/chacha20.h>

#include "lib/chacha20/chacha20.h"
#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/common/util.h"

/* What each row should be used for: the thresholds and their reasons are
 * in lib/chacha20/rows.h. */
static const struct test_policy policy[] = {
	{ "chacha20-generic", 0, 0 },
	{ "chacha20-ssse3", ZINC_CPU_SSSE3, 0 },
	{ "chacha20-avx2", ZINC_CPU_AVX2, 0 },
	{ "chacha20-avx512vl", ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL, 0 },
	{ "chacha20-avx512", ZINC_CPU_AVX512F, 577 },
	{ "chacha20-neon", ZINC_CPU_NEON, 0 },
	{ "chacha20-mips", 0, 0 },
#ifdef ZINC_ASM_ARM
	{ "chacha20-arm", 0, 0 },
#endif
};

static const size_t length_classes[] = {
	0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513,
	575, 576, 577, 1023, 1024, 1025, 4095, 4096, 4097,
};

static void test_every_row_has_a_policy(void)
{
	TEST_POLICY_MATCHES_ROWS(policy, chacha20_impls, chacha20_nimpls);
}

/* The row chacha20() should run for len bytes with features f. */
static size_t expected_row(uint32_t f, size_t len)
{
	size_t want = 0;

	for (size_t i = 1; i < chacha20_nimpls; i++)
		if (test_policy_allows(policy, ARRAY_SIZE(policy), chacha20_impls[i].name, f, len))
			want = i;
	return want;
}

static size_t expected_hchacha20_row(uint32_t f)
{
	size_t want = 0;

	for (size_t i = 1; i < chacha20_nimpls; i++)
		if (chacha20_impls[i].hchacha20 &&
		    test_policy_allows_for(policy, ARRAY_SIZE(policy), "hchacha20",
					   chacha20_impls[i].name, f, 0))
			want = i;
	return want;
}

/* Exactly one hit, on row want (or none at all when want is -1). */
static void check_hits(long want, const char *what, size_t len, uint32_t f)
{
	char feat[128];

	zinc_cpu_format(f, feat, sizeof(feat));
	for (size_t i = 0; i < chacha20_nimpls; i++) {
		unsigned long expect = (long)i == want ? 1 : 0;

		CHECK(chacha20_hits[i] == expect,
		      "%s len %zu features %s: row %s ran %lu times, expected %lu", what, len,
		      feat, chacha20_impls[i].name, chacha20_hits[i], expect);
	}
}

static uint8_t src[4097], dst[4097], want[4097];

static void test_chacha20_runs_the_expected_row(uint32_t f)
{
	static const uint8_t key[32] = { 1, 2, 3 }, nonce[12] = { 4, 5, 6 };

	for (size_t c = 0; c < ARRAY_SIZE(length_classes); c++) {
		size_t len = length_classes[c];
		struct chacha20_ctx ctx;
		uint32_t state[16];

		for (size_t i = 0; i < len; i++)
			src[i] = (uint8_t)(i * 7 + c);
		chacha20_init(&ctx, key, nonce, 0xfffffffe);
		memcpy(state, ctx.state, sizeof(state));
		chacha20_impls[0].xor_stream(state, want, src, len);

		memset(chacha20_hits, 0, sizeof(chacha20_hits[0]) * chacha20_nimpls);
		chacha20(&ctx, dst, src, len);
		/* len 0 does nothing, so no row runs. */
		check_hits(len ? (long)expected_row(f, len) : -1, "chacha20", len, f);
		CHECK_MEM(dst, want, len, "chacha20 len %zu output", len);
		CHECK(ctx.state[12] == state[12], "chacha20 len %zu counter", len);
	}
}

static void test_hchacha20_runs_the_expected_row(uint32_t f)
{
	static const uint8_t key[32] = { 7 }, nonce[16] = { 8 };
	uint8_t out[32], out_want[32];

	chacha20_impls[0].hchacha20(out_want, nonce, key);
	memset(chacha20_hits, 0, sizeof(chacha20_hits[0]) * chacha20_nimpls);
	hchacha20(out, nonce, key);
	check_hits((long)expected_hchacha20_row(f), "hchacha20", 0, f);
	CHECK_MEM(out, out_want, 32, "hchacha20 output");
}

int main(void)
{
	unsigned long subsets = 0;

	test_every_row_has_a_policy();
	TEST_EVERY_FEATURE_SUBSET(&subsets, {
		test_chacha20_runs_the_expected_row(f);
		test_hchacha20_runs_the_expected_row(f);
	});
	printf("dispatch_test: %lu feature subsets x %zu length classes\n", subsets,
	       ARRAY_SIZE(length_classes));
	return TEST_SUMMARY("dispatch_test");
}
