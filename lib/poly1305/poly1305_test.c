/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for Poly1305: the RFC 8439 vector, values the definition
 * fixes (empty message, r = 1 with h landing next to p), streaming with
 * every split, agreement of every usable backend row with donna32, and
 * which row dispatch runs under every model and feature subset (the
 * dispatch-hit test, last). Needs ZINC_TESTING (poly1305_hits[]).
 */
#include <stdio.h>
#include <string.h>
#include <zinc/poly1305.h>

#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/common/util.h"
#include "lib/poly1305/poly1305.h"

/* The MAC of in[0..len) through one chosen row, fed in pieces cut at a and b. */
static void mac_with(uint32_t impl, uint8_t mac[16], const uint8_t *in, size_t len,
		     const uint8_t key[32], size_t a, size_t b)
{
	struct poly1305_ctx ctx;

	poly1305_init_impl(&ctx, key, impl);
	poly1305_update(&ctx, in, a);
	poly1305_update(&ctx, in + a, b - a);
	poly1305_update(&ctx, in + b, len - b);
	poly1305_final(&ctx, mac);
}

static bool usable(uint32_t impl)
{
	return test_row_usable("poly1305_test", poly1305_impls[impl].name,
			       poly1305_impls[impl].features);
}

/* RFC 8439 section 2.5.2. */
static void test_rfc8439_2_5_2(void)
{
	uint8_t key[32], want[16], mac[16];
	const uint8_t *msg = (const uint8_t *)"Cryptographic Forum Research Group";

	test_unhex(key, sizeof(key),
		   "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
	test_unhex(want, sizeof(want), "a8061dc1305136c6c22b8baf0c0127a9");
	poly1305(mac, msg, 34, key);
	CHECK_MEM(mac, want, 16, "RFC 8439 2.5.2 tag");
	for (uint32_t i = 0; i < poly1305_nimpls; i++) {
		if (!usable(i))
			continue;
		mac_with(i, mac, msg, 34, key, 0, 0);
		CHECK_MEM(mac, want, 16, "RFC 8439 2.5.2 tag, %s", poly1305_impls[i].name);
	}
}

/* With no blocks h stays 0, so the tag is s. */
static void test_empty_message_gives_s(void)
{
	uint8_t key[32], mac[16], none[1];

	test_fill(key, 32, 11);
	poly1305(mac, NULL, 0, key);
	CHECK_MEM(mac, key + 16, 16, "empty message");
	for (uint32_t i = 0; i < poly1305_nimpls; i++) {
		if (!usable(i))
			continue;
		mac_with(i, mac, none, 0, key, 0, 0);
		CHECK_MEM(mac, key + 16, 16, "empty message, %s", poly1305_impls[i].name);
	}
}

/*
 * r = 1, s = 0: the tag is (sum of blocks + 2^128 each) mod p, mod 2^128.
 * First block 2^128 - 5 + delta, then two zero blocks: the sum is
 * 3 * 2^128 + 2^128 - 5 + delta = p + delta, so an unreduced h sits right
 * next to p and the tag is delta mod p, truncated: delta for delta >= 0 and
 * 2^128 - 5 + delta for delta < 0 (as p + delta = 2^130 - 5 + delta).
 */
static void test_h_next_to_p(void)
{
	uint8_t key[32] = { 1 }, msg[48] = { 0 }, want[16], mac[16];

	for (int delta = -8; delta <= 4; delta++) {
		/* 2^128 - 5 + delta, little-endian. */
		memset(msg, 0xff, 16);
		msg[0] = (uint8_t)(0xfb + delta);
		memset(want, 0, 16);
		if (delta >= 0) {
			want[0] = (uint8_t)delta;
		} else {
			memset(want, 0xff, 16);
			want[0] = (uint8_t)(0xfb + delta);
		}
		for (uint32_t i = 0; i < poly1305_nimpls; i++) {
			if (!usable(i))
				continue;
			mac_with(i, mac, msg, 48, key, 0, 0);
			CHECK_MEM(mac, want, 16, "h = p%+d, %s", delta, poly1305_impls[i].name);
		}
	}
}

/* Every split of every message up to 100 bytes into three updates. */
static void test_every_split_equals_one_shot(void)
{
	uint8_t key[32], msg[100], want[16], mac[16];

	for (uint32_t i = 0; i < poly1305_nimpls; i++) {
		if (!usable(i))
			continue;
		unsigned long bad = 0;

		for (size_t len = 0; len <= 100; len++) {
			test_fill(key, 32, (uint32_t)len + 100);
			test_fill(msg, len, (uint32_t)len);
			mac_with(i, want, msg, len, key, 0, 0);
			for (size_t a = 0; a <= len; a++)
				for (size_t b = a; b <= len; b++) {
					mac_with(i, mac, msg, len, key, a, b);
					if (memcmp(mac, want, 16) && bad++ < 5)
						CHECK_MEM(mac, want, 16, "%s, %zu bytes split at %zu,%zu",
							  poly1305_impls[i].name, len, a, b);
				}
		}
		CHECK(bad == 0, "%s: %lu splits differ from one-shot", poly1305_impls[i].name, bad);
	}
}

/* Rows agree with donna32 on random input and on carry edges: all-0xff
 * messages, r and s all 0xff before clamping. */
static void test_every_row_matches_donna32(void)
{
	uint8_t key[32], msg[600], want[16], mac[16];

	CHECK(!strcmp(poly1305_impls[0].name, "poly1305-donna32"), "row 0 is %s",
	      poly1305_impls[0].name);
	for (uint32_t i = 1; i < poly1305_nimpls; i++) {
		if (!usable(i))
			continue;
		for (size_t len = 0; len <= 600; len++) {
			for (int kind = 0; kind < 4; kind++) {
				test_fill(key, 32, (uint32_t)len);
				test_fill(msg, len, (uint32_t)len + 1);
				if (kind & 1)
					memset(msg, 0xff, len);
				if (kind & 2)
					memset(key, 0xff, 32);
				mac_with(0, want, msg, len, key, 0, 0);
				mac_with(i, mac, msg, len, key, len / 3, len / 2);
				CHECK_MEM(mac, want, 16, "%s vs donna32, %zu bytes, kind %d",
					  poly1305_impls[i].name, len, kind);
			}
		}
	}
}

/*
 * poly1305_final leaves nothing of the key or accumulator in ctx: every
 * byte the row's state_size covers and every field after the state is
 * zero, and the bytes beyond state_size still hold what the caller left
 * there (so state_size covers all the row writes), for every row and for
 * lengths that take a vector row's vector path.
 */
static void test_final_wipes_ctx(void)
{
	static const size_t lens[] = { 37, 1000 };
	uint8_t key[32], msg[1000], mac[16];
	struct poly1305_ctx ctx;
	const uint8_t *p = (const uint8_t *)&ctx;

	test_fill(key, 32, 21);
	test_fill(msg, sizeof(msg), 22);
	for (uint32_t i = 0; i < poly1305_nimpls; i++) {
		size_t used = poly1305_impls[i].state_size, bad = 0;

		if (!usable(i))
			continue;
		for (size_t k = 0; k < ARRAY_SIZE(lens); k++) {
			memset(&ctx, 0xa5, sizeof(ctx));
			poly1305_init_impl(&ctx, key, i);
			poly1305_update(&ctx, msg, lens[k]);
			poly1305_final(&ctx, mac);
			for (size_t b = 0; b < sizeof(ctx); b++)
				if (p[b] != (b >= used && b < sizeof(ctx.state) ? 0xa5 : 0))
					bad++;
			CHECK(bad == 0, "%s, %zu bytes: %zu bytes of ctx not as expected after final",
			      poly1305_impls[i].name, lens[k], bad);
		}
	}
}

/* poly1305() runs and counts the row poly1305_pick names. */
static void test_dispatch_counts_the_row_run(void)
{
	uint8_t key[32] = { 0 }, msg[1024] = { 0 }, mac[16];
	static const size_t lens[] = { 0, 16, 64, 256, 1024 };

	for (size_t k = 0; k < ARRAY_SIZE(lens); k++) {
		uint32_t i = poly1305_pick(lens[k]);
		unsigned long before = poly1305_hits[i];

		CHECK(i < poly1305_nimpls && zinc_cpu_have(poly1305_impls[i].features) &&
		      poly1305_impls[i].min_len <= lens[k], "pick(%zu) gave an unusable row",
		      lens[k]);
		poly1305(mac, msg, lens[k], key);
		CHECK(poly1305_hits[i] == before + 1, "%s not counted for %zu bytes",
		      poly1305_impls[i].name, lens[k]);
	}
	/* With every feature masked the pick is a row that needs none, and
	 * not donna32 where a faster featureless row exists. */
	zinc_cpu_set_mask(0);
	CHECK(poly1305_impls[poly1305_pick(4096)].features == 0 &&
		      (poly1305_nimpls == 1 || poly1305_pick(4096) != 0),
	      "mask 0 picks %s", poly1305_impls[poly1305_pick(4096)].name);
	zinc_cpu_set_mask(~0u);
}

static void test_null_with_zero_length(void)
{
	uint8_t key[32], mac[16], want[16];
	struct poly1305_ctx ctx;
	const uint8_t *msg = (const uint8_t *)"Cryptographic Forum Research Group";

	test_unhex(key, sizeof(key),
		   "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
	test_unhex(want, sizeof(want), "a8061dc1305136c6c22b8baf0c0127a9");
	poly1305_init(&ctx, key);
	poly1305_update(&ctx, NULL, 0);
	poly1305_update(&ctx, msg, 20);
	poly1305_update(&ctx, NULL, 0);
	poly1305_update(&ctx, msg + 20, 14);
	poly1305_update(&ctx, NULL, 0);
	poly1305_final(&ctx, mac);
	CHECK_MEM(mac, want, 16, "RFC 8439 2.5.2 with empty updates between");
}

/*
 * Dispatch-hit test: for every subset of the detected CPU features and every
 * length class, the one-shot poly1305() runs exactly the row this test
 * expects, once, and poly1305_init() the row expected for a message of
 * unknown length; both MACs equal donna32's. The policy is written here
 * independently of the table (lib/common/test.h), so a threshold changed in
 * the table alone fails.
 *
 * The thresholds and their measurements are in lib/poly1305/poly1305.c.
 */
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

static uint8_t hit_msg[4097];

static void test_runs_the_expected_row(uint32_t f)
{
	uint8_t key[32], want[16], mac[16];
	struct poly1305_ctx ctx;

	test_fill(key, sizeof(key), f);
	for (size_t c = 0; c < ARRAY_SIZE(length_classes); c++) {
		size_t len = length_classes[c];

		test_fill(hit_msg, len, (uint32_t)c);
		poly1305_init_impl(&ctx, key, 0);
		poly1305_update(&ctx, hit_msg, len);
		poly1305_final(&ctx, want);

		memset(poly1305_hits, 0, sizeof(poly1305_hits[0]) * poly1305_nimpls);
		poly1305(mac, hit_msg, len, key);
		check_one_hit(expected_row(f, len), "poly1305()", len, f);
		CHECK_MEM(mac, want, 16, "poly1305() len %zu", len);

		memset(poly1305_hits, 0, sizeof(poly1305_hits[0]) * poly1305_nimpls);
		poly1305_init(&ctx, key);
		poly1305_update(&ctx, hit_msg, len);
		poly1305_final(&ctx, mac);
		check_one_hit(expected_row(f, SIZE_MAX), "poly1305_init()", len, f);
		CHECK_MEM(mac, want, 16, "poly1305_init/update/final len %zu", len);
	}
}

/* Every row has its policy, and poly1305() and poly1305_init() run the row
 * it gives under every model and feature subset. */
static void test_dispatch_runs_the_policy_rows(void)
{
	TEST_POLICY_MATCHES_ROWS(policy, poly1305_impls, poly1305_nimpls);
	test_dispatch_every_subset("poly1305_test", test_runs_the_expected_row,
				   ARRAY_SIZE(length_classes));
}

int main(void)
{
	test_rfc8439_2_5_2();
	test_empty_message_gives_s();
	test_h_next_to_p();
	test_every_split_equals_one_shot();
	test_every_row_matches_donna32();
	test_final_wipes_ctx();
	test_dispatch_counts_the_row_run();
	test_null_with_zero_length();
	test_dispatch_runs_the_policy_rows();
	return TEST_SUMMARY("poly1305_test");
}
