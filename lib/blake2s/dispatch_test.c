/* SPDX-License-Identifier: MIT */
/*
 * Dispatch-hit test for BLAKE2s: for every subset of the detected CPU
 * features and every length class, blake2s_update() runs exactly the row
 * this test expects for its length, blake2s_final() the row expected for one
 * block, blake2s_hmac() the row expected for a block plus its message, each
 * once, and the digests equal the generic row's. The policy is written here
 * independently of the table (lib/common/test.h), so a threshold changed in
 * lib/blake2s/rows.h alone fails. Needs ZINC_TESTING (blake2s_hits[]).
 */
#include <stdio.h>
#include <string.h>
#include <zinc/blake2s.h>

#include "lib/blake2s/blake2s.h"
#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/common/util.h"

/* The thresholds and their measurements are in lib/blake2s/rows.h. */
static const struct test_policy policy[] = {
	{ "blake2s-generic", 0, 0 },
	{ "blake2s-avx", ZINC_CPU_AVX, 0 },
	{ "blake2s-avx512vl", ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL, 0 },
#ifdef ZINC_ASM_ARM
	{ "blake2s-arm", 0, 0 },
#endif
};

static const size_t length_classes[] = {
	0, 1, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1023, 1024, 1025, 4096,
};

static size_t expected_row(uint32_t f, size_t len)
{
	return TEST_POLICY_ROW(policy, blake2s_impls, blake2s_nimpls, f, len);
}

static void check_one_hit(size_t want, const char *what, size_t len, uint32_t f)
{
	TEST_CHECK_ONE_HIT(blake2s_hits, blake2s_impls, blake2s_nimpls, want, what, len, f);
}

static void clear_hits(void)
{
	memset(blake2s_hits, 0, sizeof(blake2s_hits[0]) * blake2s_nimpls);
}

static uint8_t msg[4096];

static void test_runs_the_expected_row(uint32_t f)
{
	uint8_t key[32], want[32], out[32];
	struct blake2s_state st, ref;

	test_fill(key, sizeof(key), f + 1);
	for (size_t c = 0; c < ARRAY_SIZE(length_classes); c++) {
		size_t len = length_classes[c];

		test_fill(msg, len, (uint32_t)c);
		blake2s_init_key(&ref, 32, key, 32);
		blake2s_update_with(&blake2s_impls[0], &ref, msg, len);
		blake2s_final_with(&blake2s_impls[0], &ref, want);

		blake2s_init_key(&st, 32, key, 32);
		clear_hits();
		blake2s_update(&st, msg, len);
		check_one_hit(expected_row(f, len), "blake2s_update()", len, f);
		clear_hits();
		blake2s_final(&st, out);
		check_one_hit(expected_row(f, BLAKE2S_BLOCK_SIZE), "blake2s_final()", len, f);
		CHECK_MEM(out, want, 32, "blake2s_update/final len %zu", len);

		/* The reference: the same HMAC with every feature masked. */
		zinc_cpu_set_mask(0);
		blake2s_hmac(want, msg, key, len, sizeof(key));
		zinc_cpu_set_mask(f);
		clear_hits();
		blake2s_hmac(out, msg, key, len, sizeof(key));
		check_one_hit(expected_row(f, BLAKE2S_BLOCK_SIZE + len), "blake2s_hmac()", len, f);
		CHECK_MEM(out, want, 32, "blake2s_hmac len %zu", len);
	}
}

int main(void)
{
	unsigned long subsets = 0;

	TEST_POLICY_MATCHES_ROWS(policy, blake2s_impls, blake2s_nimpls);
	TEST_EVERY_FEATURE_SUBSET(&subsets, test_runs_the_expected_row(f));
	printf("blake2s dispatch_test: %lu feature subsets x %zu length classes\n", subsets,
	       ARRAY_SIZE(length_classes));
	return TEST_SUMMARY("blake2s_dispatch_test");
}
