/* SPDX-License-Identifier: MIT */
/*
 * Dispatch-hit test for the AEADs' stitched rows: for every subset of the
 * detected CPU features (as ZINC_CPU_DISABLE would leave them) and every
 * length class, the public chacha20poly1305_encrypt() and
 * xchacha20poly1305_encrypt() must run exactly the row of
 * chacha20poly1305_impls this test expects, once, and give the generic
 * pair's output. The policy is written here independently of the table, so
 * a threshold changed there alone fails. Needs a ZINC_TESTING build.
 */
#include <stdio.h>
#include <string.h>
#include <zinc/chacha20poly1305.h>

#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/common/util.h"

/* The thresholds and their reasons are in lib/chacha20poly1305/chacha20poly1305.c. */
static const struct test_policy policy[] = {
	{ "chacha20poly1305-two-pass", 0, 0 },
	{ "chacha20poly1305-avx2", ZINC_CPU_AVX2, 577 },
};

static const size_t length_classes[] = {
	0, 1, 63, 64, 65, 511, 512, 513, 575, 576, 577, 578, 1023, 1024, 1025, 1420, 4097,
};

static void test_every_row_has_a_policy(void)
{
	for (size_t i = 0; i < chacha20poly1305_nimpls; i++)
		test_policy_matches(policy, ARRAY_SIZE(policy), chacha20poly1305_impls[i].name,
				    chacha20poly1305_impls[i].features,
				    chacha20poly1305_impls[i].min_len);
}

static size_t expected_row(uint32_t f, size_t len)
{
	size_t want = 0;

	for (size_t i = 1; i < chacha20poly1305_nimpls; i++)
		if (test_policy_allows(policy, ARRAY_SIZE(policy), chacha20poly1305_impls[i].name,
				       f, len))
			want = i;
	return want;
}

static uint8_t msg[4097], out[4097 + 16], want[4097 + 16];

static void test_encrypt_runs_the_expected_row(uint32_t f)
{
	static const uint8_t key[32] = { 1, 2, 3 }, nonce[24] = { 4, 5, 6 }, ad[5] = { 7 };
	char feat[128];

	zinc_cpu_format(f, feat, sizeof(feat));
	for (int x = 0; x < 2; x++) {
		for (size_t c = 0; c < ARRAY_SIZE(length_classes); c++) {
			size_t len = length_classes[c], row = expected_row(f, len);

			test_fill(msg, len, (uint32_t)c);
			memset(chacha20poly1305_hits, 0,
			       sizeof(chacha20poly1305_hits[0]) * chacha20poly1305_nimpls);
			if (x) {
				xchacha20poly1305_encrypt_with(&chacha20_impls[0], 0, want, msg, len,
							       ad, sizeof(ad), nonce, key);
				xchacha20poly1305_encrypt(out, msg, len, ad, sizeof(ad), nonce, key);
			} else {
				chacha20poly1305_encrypt_with(&chacha20_impls[0], 0, want, msg, len,
							      ad, sizeof(ad), nonce, key);
				chacha20poly1305_encrypt(out, msg, len, ad, sizeof(ad), nonce, key);
			}
			for (size_t i = 0; i < chacha20poly1305_nimpls; i++)
				CHECK(chacha20poly1305_hits[i] == (i == row),
				      "%s len %zu features %s: row %s ran %lu times, expected %d",
				      x ? "xchacha20poly1305" : "chacha20poly1305", len, feat,
				      chacha20poly1305_impls[i].name, chacha20poly1305_hits[i],
				      i == row);
			CHECK_MEM(out, want, len + 16, "%s len %zu features %s output",
				  x ? "xchacha20poly1305" : "chacha20poly1305", len, feat);
		}
	}
}

int main(void)
{
	unsigned long subsets = 0;

	test_every_row_has_a_policy();
	TEST_EVERY_FEATURE_SUBSET(&subsets, test_encrypt_runs_the_expected_row(f));
	printf("dispatch_test: %lu feature subsets x %zu length classes x 2 AEADs\n", subsets,
	       ARRAY_SIZE(length_classes));
	return TEST_SUMMARY("dispatch_test");
}
