/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for ChaCha20 and HChaCha20: the RFC 8439 and XChaCha draft
 * vectors, the counter and streaming semantics of docs/DESIGN.md section 4,
 * agreement of every usable backend row with chacha20-generic, and which row
 * dispatch runs under every model and feature subset (the dispatch-hit
 * test, last). Needs a ZINC_TESTING build (chacha20_hits[]).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zinc/chacha20.h>

#include "lib/chacha20/chacha20.h"
#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/common/util.h"

static const char sunscreen[] =
	"Ladies and Gentlemen of the class of '99: If I could offer you only one "
	"tip for the future, sunscreen would be it.";

/* RFC 8439's ChaCha20 examples: key, nonce and initial counter; the
 * plaintext (NULL: as many zero bytes as want has); the output; the counter
 * after the call, which consumed every block it started. */
static const struct rfc8439_vector {
	const char *section, *key, *nonce;
	uint32_t counter;
	const char *plaintext, *want;
	uint32_t counter_after;
} rfc8439_vectors[] = {
	{ "2.3.2 serialized block",
	  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	  "000000090000004a00000000", 1, NULL,
	  "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
	  "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e", 2 },
	{ "2.4.2 sunscreen encryption",
	  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	  "000000000000004a00000000", 1, sunscreen,
	  "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
	  "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
	  "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
	  "5af90bbf74a35be6b40b8eedf2785e42874d", 3 },
	{ "2.6.2 Poly1305 key generation (block 0's first 32 bytes)",
	  "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
	  "000000000001020304050607", 0, NULL,
	  "8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646", 1 },
};

/* Bytes p[0..3] as a little-endian word, spelled out here rather than
 * taken from lib/common/util.h, which the code under test uses. */
static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A test's own key and nonce: test_fill's bytes of seed and seed + 1. */
static void fill_key_nonce(uint8_t key[32], uint8_t nonce[12], uint32_t seed)
{
	test_fill(key, 32, seed);
	test_fill(nonce, 12, seed + 1);
}

/* The state is the constant "expand 32-byte k", the key, the counter and
 * the nonce as little-endian words (RFC 8439 section 2.3); encryption gives
 * the example's output, and decryption, the same operation, the plaintext. */
static void test_rfc8439_examples(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(rfc8439_vectors); i++) {
		const struct rfc8439_vector *v = &rfc8439_vectors[i];
		struct chacha20_ctx ctx;
		uint8_t key[32], nonce[12], plain[128] = { 0 }, want[128], out[128];
		size_t len = test_unhex(want, sizeof(want), v->want);

		test_unhex(key, sizeof(key), v->key);
		test_unhex(nonce, sizeof(nonce), v->nonce);
		if (v->plaintext) {
			CHECK(strlen(v->plaintext) == len, "RFC 8439 %s: plaintext length", v->section);
			memcpy(plain, v->plaintext, len);
		}
		chacha20_init(&ctx, key, nonce, v->counter);
		CHECK(ctx.state[0] == 0x61707865 && ctx.state[1] == 0x3320646e &&
		      ctx.state[2] == 0x79622d32 && ctx.state[3] == 0x6b206574,
		      "RFC 8439 %s: state words 0-3 are not \"expand 32-byte k\"", v->section);
		for (size_t w = 0; w < 8; w++)
			CHECK(ctx.state[4 + w] == le32(key + 4 * w),
			      "RFC 8439 %s: state word %zu is not key word %zu", v->section, 4 + w, w);
		CHECK(ctx.state[12] == v->counter, "RFC 8439 %s: state word 12 is not the counter",
		      v->section);
		for (size_t w = 0; w < 3; w++)
			CHECK(ctx.state[13 + w] == le32(nonce + 4 * w),
			      "RFC 8439 %s: state word %zu is not nonce word %zu", v->section, 13 + w, w);
		chacha20(&ctx, out, plain, len);
		CHECK_MEM(out, want, len, "RFC 8439 %s", v->section);
		CHECK(ctx.state[12] == v->counter_after, "RFC 8439 %s: counter %u after, not %u",
		      v->section, ctx.state[12], v->counter_after);
		chacha20_init(&ctx, key, nonce, v->counter);
		chacha20(&ctx, out, out, len);
		CHECK_MEM(out, plain, len, "RFC 8439 %s: decryption", v->section);
	}
}

/* draft-irtf-cfrg-xchacha section 2.2.1. */
static const char hchacha_key[] =
	"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
static const char hchacha_nonce[] = "000000090000004a0000000031415927";
static const char hchacha_out[] =
	"82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc";

static void test_xchacha_2_2_1_hchacha20(void)
{
	uint8_t key[32], nonce[16], want[32], out[32];

	test_unhex(key, sizeof(key), hchacha_key);
	test_unhex(nonce, sizeof(nonce), hchacha_nonce);
	test_unhex(want, sizeof(want), hchacha_out);
	hchacha20(out, nonce, key);
	CHECK_MEM(out, want, 32, "XChaCha draft 2.2.1 HChaCha20 subkey");
}

/* Calls split at multiples of 64 give the one-shot stream. */
static void test_splits_at_block_multiples(void)
{
	enum { LEN = 600 };
	uint8_t key[32], nonce[12], in[LEN], whole[LEN], parts[LEN];
	struct chacha20_ctx ctx;

	fill_key_nonce(key, nonce, 1);
	test_fill(in, LEN, 3);
	chacha20_init(&ctx, key, nonce, 7);
	chacha20(&ctx, whole, in, LEN);
	uint32_t end_counter = ctx.state[12];

	for (size_t a = 0; a <= LEN; a += 64) {
		for (size_t b = a; b <= LEN; b += 64) {
			chacha20_init(&ctx, key, nonce, 7);
			chacha20(&ctx, parts, in, a);
			chacha20(&ctx, parts + a, in + a, b - a);
			chacha20(&ctx, parts + b, in + b, LEN - b);
			CHECK_MEM(parts, whole, LEN, "split at %zu and %zu", a, b);
			CHECK(ctx.state[12] == end_counter, "counter after split %zu,%zu", a, b);
		}
	}
}

/* A call whose length is not a multiple of 64 consumes its whole last
 * block: the next call starts at the next block (docs/DESIGN.md section 4). */
static void test_partial_call_consumes_block(void)
{
	uint8_t key[32], nonce[12], zero[256] = { 0 }, stream[256], out[256];
	struct chacha20_ctx ctx;

	fill_key_nonce(key, nonce, 4);
	chacha20_init(&ctx, key, nonce, 0);
	chacha20(&ctx, stream, zero, sizeof(stream));

	for (size_t first = 1; first < 192; first++) {
		size_t next_block = (first + 63) / 64 * 64;

		chacha20_init(&ctx, key, nonce, 0);
		chacha20(&ctx, out, zero, first);
		CHECK_MEM(out, stream, first, "first call of %zu bytes", first);
		CHECK(ctx.state[12] == next_block / 64, "after %zu bytes counter is %u", first,
		      ctx.state[12]);
		chacha20(&ctx, out, zero, 64);
		CHECK_MEM(out, stream + next_block, 64, "call after %zu bytes starts at block %zu",
			  first, next_block / 64);
	}
}

/* The counter is word 12 alone: it wraps to 0 without touching word 13. */
static void test_counter_wraps_without_carry(void)
{
	uint8_t key[32], nonce[12], zero[128] = { 0 }, out[128], fresh[64];
	struct chacha20_ctx ctx;

	fill_key_nonce(key, nonce, 6);
	chacha20_init(&ctx, key, nonce, 0xffffffff);
	uint32_t word13 = ctx.state[13];
	chacha20(&ctx, out, zero, 128);
	CHECK(ctx.state[12] == 1, "counter after wrap is %u, want 1", ctx.state[12]);
	CHECK(ctx.state[13] == word13, "word 13 changed: %08x -> %08x", word13, ctx.state[13]);

	chacha20_init(&ctx, key, nonce, 0);
	chacha20(&ctx, fresh, zero, 64);
	CHECK_MEM(out + 64, fresh, 64, "block after 0xffffffff is block 0");
}

static void test_in_place_equals_out_of_place(void)
{
	uint8_t key[32], nonce[12], in[600], out[600], buf[600];
	struct chacha20_ctx a, b;

	fill_key_nonce(key, nonce, 8);
	for (size_t len = 0; len <= 600; len += 7) {
		test_fill(in, len, (uint32_t)len);
		memcpy(buf, in, len);
		chacha20_init(&a, key, nonce, 3);
		chacha20_init(&b, key, nonce, 3);
		chacha20(&a, out, in, len);
		chacha20(&b, buf, buf, len);
		CHECK_MEM(buf, out, len, "in place, %zu bytes", len);
		CHECK(a.state[12] == b.state[12], "counter in place, %zu bytes", len);
	}
}

enum { ROW_MAX_LEN = 2200 };

/*
 * The lengths the rows are compared at: every one to 600, then every 7th to
 * ROW_MAX_LEN (the AVX-512 leftover paths run up to about 2 KiB), plus the
 * edges of 1 KiB and 2 KiB and ROW_MAX_LEN itself.
 */
static size_t next_row_len(size_t len)
{
	static const size_t edges[] = { 1023, 1024, 1025, 2047, 2048, 2049, ROW_MAX_LEN };
	size_t next = len < 600 ? len + 1 : 600 + ((len - 600) / 7 + 1) * 7;

	for (size_t i = 0; i < ARRAY_SIZE(edges); i++)
		if (edges[i] > len && edges[i] < next)
			return edges[i];
	return next;
}

/* Every usable row gives the generic row's output and counter; the rows
 * the CPU cannot run are skipped, and said so. */
static void test_every_row_matches_generic(void)
{
	uint8_t key[32], nonce[12], in[ROW_MAX_LEN], want[ROW_MAX_LEN], out[ROW_MAX_LEN];
	uint32_t want_state[16], state[16];
	struct chacha20_ctx ctx;
	const struct chacha20_impl *generic = &chacha20_impls[0];

	CHECK(!strcmp(generic->name, "chacha20-generic"), "row 0 is %s", generic->name);
	for (size_t i = 0; i < chacha20_nimpls; i++) {
		const struct chacha20_impl *impl = &chacha20_impls[i];

		if (!test_row_usable("chacha20_test", impl->name, impl->features))
			continue;
		for (size_t len = 0; len <= ROW_MAX_LEN; len = next_row_len(len)) {
			test_fill(key, 32, (uint32_t)len);
			test_fill(nonce, 12, (uint32_t)len + 1000);
			test_fill(in, len, (uint32_t)len + 2000);
			/* Counters near the wrap too. */
			uint32_t counter = len % 3 ? (uint32_t)len : 0xffffffff - (uint32_t)(len % 16);

			chacha20_init(&ctx, key, nonce, counter);
			memcpy(want_state, ctx.state, sizeof(want_state));
			memcpy(state, ctx.state, sizeof(state));
			generic->xor_stream(want_state, want, in, len);
			impl->xor_stream(state, out, in, len);
			CHECK_MEM(out, want, len, "%s, %zu bytes", impl->name, len);
			CHECK(!memcmp(state, want_state, sizeof(state)), "%s state, %zu bytes",
			      impl->name, len);
			/* In place. */
			memcpy(state, ctx.state, sizeof(state));
			memcpy(out, in, len);
			impl->xor_stream(state, out, out, len);
			CHECK_MEM(out, want, len, "%s in place, %zu bytes", impl->name, len);
		}
		if (impl->hchacha20) {
			uint8_t hkey[32], hnonce[16], hwant[32], hout[32];

			test_unhex(hkey, sizeof(hkey), hchacha_key);
			test_unhex(hnonce, sizeof(hnonce), hchacha_nonce);
			test_unhex(hwant, sizeof(hwant), hchacha_out);
			impl->hchacha20(hout, hnonce, hkey);
			CHECK_MEM(hout, hwant, 32, "%s HChaCha20 2.2.1", impl->name);
		}
	}
}

/* chacha20() runs the row chacha20_pick names, and counts it. */
static void test_dispatch_counts_the_row_run(void)
{
	uint8_t key[32] = { 0 }, nonce[12] = { 0 }, buf[1024] = { 0 };
	struct chacha20_ctx ctx;
	static const size_t lens[] = { 1, 64, 65, 128, 256, 512, 1024 };

	/* The feature-only policy; test_dispatch_runs_the_policy_rows() drives
	 * every model's. */
	zinc_cpu_set_model(ZINC_CPU_MODEL_DEFAULT);
	for (size_t k = 0; k < ARRAY_SIZE(lens); k++) {
		const struct chacha20_impl *impl = chacha20_pick(lens[k]);
		size_t i = (size_t)(impl - chacha20_impls);
		unsigned long before = chacha20_hits[i];

		CHECK(i < chacha20_nimpls && zinc_cpu_have(impl->features) &&
		      impl->min_len <= lens[k], "pick(%zu) gave an unusable row", lens[k]);
		chacha20_init(&ctx, key, nonce, 0);
		chacha20(&ctx, buf, buf, lens[k]);
		CHECK(chacha20_hits[i] == before + 1, "%s not counted for %zu bytes",
		      impl->name, lens[k]);
	}
	/* With every feature masked off, only the rows that need none are
	 * usable (the generic row, and the scalar assembly of 32-bit ARM and MIPS
	 * after it): the last of them. */
	size_t featureless = 0, featureless_h = 0;
	for (size_t i = 1; i < chacha20_nimpls; i++)
		if (!chacha20_impls[i].features && chacha20_impls[i].min_len <= 4096) {
			featureless = i;
			if (chacha20_impls[i].hchacha20)
				featureless_h = i;
		}
	zinc_cpu_set_mask(0);
	CHECK(chacha20_pick(4096) == &chacha20_impls[featureless], "mask 0 picks %s",
	      chacha20_pick(4096)->name);
	CHECK(hchacha20_pick() == &chacha20_impls[featureless_h], "mask 0 HChaCha20 picks %s",
	      hchacha20_pick()->name);
	zinc_cpu_set_mask(~0u);
	zinc_cpu_set_model(ZINC_CPU_NMODELS);
}

static void test_null_with_zero_length(void)
{
	uint8_t key[32] = { 0 }, nonce[12] = { 0 };
	struct chacha20_ctx ctx;

	chacha20_init(&ctx, key, nonce, 5);
	chacha20(&ctx, NULL, NULL, 0);
	CHECK(ctx.state[12] == 5, "len 0 moved the counter to %u", ctx.state[12]);
	for (size_t i = 0; i < chacha20_nimpls; i++) {
		uint32_t state[16];

		if (!zinc_cpu_have(chacha20_impls[i].features))
			continue;
		memcpy(state, ctx.state, sizeof(state));
		chacha20_impls[i].xor_stream(state, NULL, NULL, 0);
		CHECK(!memcmp(state, ctx.state, sizeof(state)), "%s len 0 changed the state",
		      chacha20_impls[i].name);
	}
}

/*
 * Dispatch-hit test: for every subset of the detected CPU features (as
 * ZINC_CPU_DISABLE would leave them) and every length class, the public
 * chacha20() and hchacha20() must run exactly the row this test expects,
 * once. The expected policy (each row's features and minimum length, and
 * "the last usable row wins") is written here independently of the table,
 * so a threshold changed in the table without changing it here fails, as
 * does a dispatcher that picks, or counts, the wrong row.
 *
 * What each row should be used for: the thresholds and their reasons are
 * in lib/chacha20/rows.h.
 */
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
	return TEST_POLICY_ROW(policy, chacha20_impls, chacha20_nimpls, f, len);
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

/* Exactly one hit, on row want (or none at all when want is SIZE_MAX). */
static void check_hits(size_t want, const char *what, size_t len, uint32_t f)
{
	TEST_CHECK_ONE_HIT(chacha20_hits, chacha20_impls, chacha20_nimpls, want, what, len, f);
}

static uint8_t hit_src[4097], hit_dst[4097], hit_want[4097];

static void test_chacha20_runs_the_expected_row(uint32_t f)
{
	static const uint8_t key[32] = { 1, 2, 3 }, nonce[12] = { 4, 5, 6 };

	for (size_t c = 0; c < ARRAY_SIZE(length_classes); c++) {
		size_t len = length_classes[c];
		struct chacha20_ctx ctx;
		uint32_t state[16];

		for (size_t i = 0; i < len; i++)
			hit_src[i] = (uint8_t)(i * 7 + c);
		chacha20_init(&ctx, key, nonce, 0xfffffffe);
		memcpy(state, ctx.state, sizeof(state));
		chacha20_impls[0].xor_stream(state, hit_want, hit_src, len);

		memset(chacha20_hits, 0, sizeof(chacha20_hits[0]) * chacha20_nimpls);
		chacha20(&ctx, hit_dst, hit_src, len);
		/* len 0 does nothing, so no row runs. */
		check_hits(len ? expected_row(f, len) : SIZE_MAX, "chacha20", len, f);
		CHECK_MEM(hit_dst, hit_want, len, "chacha20 len %zu output", len);
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
	check_hits(expected_hchacha20_row(f), "hchacha20", 0, f);
	CHECK_MEM(out, out_want, 32, "hchacha20 output");
}

/* Both public functions with features f. */
static void test_runs_the_expected_rows(uint32_t f)
{
	test_chacha20_runs_the_expected_row(f);
	test_hchacha20_runs_the_expected_row(f);
}

/* Every row has its policy, and chacha20() and hchacha20() run the row it
 * gives under every model and feature subset. */
static void test_dispatch_runs_the_policy_rows(void)
{
	test_every_row_has_a_policy();
	test_dispatch_every_subset("chacha20_test", test_runs_the_expected_rows,
				   ARRAY_SIZE(length_classes));
}

int main(void)
{
	test_rfc8439_examples();
	test_xchacha_2_2_1_hchacha20();
	test_splits_at_block_multiples();
	test_partial_call_consumes_block();
	test_counter_wraps_without_carry();
	test_in_place_equals_out_of_place();
	test_every_row_matches_generic();
	test_dispatch_counts_the_row_run();
	test_null_with_zero_length();
	test_dispatch_runs_the_policy_rows();
	return TEST_SUMMARY("chacha20_test");
}
