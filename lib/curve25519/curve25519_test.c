/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for X25519: the RFC 7748 vectors (section 5.2, single and
 * iterated; section 6.1 Diffie-Hellman), agreement of every row of
 * curve25519_impls[] on fixed-seed random inputs, the point decoding rules
 * (bit 255 ignored, u >= p reduced), low-order points, clamping and key
 * generation, and which row dispatch runs under every model and feature
 * subset (the dispatch-hit test, last; it needs ZINC_TESTING,
 * curve25519_hits[]). ZINC_SLOW_TESTS=1 adds the 1,000,000-iteration vector.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/curve25519/curve25519.h"
#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/common/util.h"

#define KEY CURVE25519_KEY_SIZE

/* Row r can run on this CPU (ZINC_CPU_DISABLE included): every test
 * below calls only such rows; main names the others once. */
static bool runs(size_t r)
{
	return zinc_cpu_have(curve25519_impls[r].features);
}

static bool all_zero(const uint8_t *buf, size_t len)
{
	uint8_t acc = 0;

	for (size_t i = 0; i < len; i++)
		acc |= buf[i];
	return acc == 0;
}

/* p = 2^255 - 19 plus k (k < 19 keeps it below 2^255), little-endian. */
static void p_plus(uint8_t out[KEY], unsigned int k)
{
	memset(out, 0xff, KEY);
	out[0] = (uint8_t)(0xed + k);
	out[31] = 0x7f;
}

/* RFC 7748 section 5.2, the two single-call test vectors. The second
 * input u-coordinate has bit 255 set, which X25519 must ignore. */
static void test_rfc7748_5_2_vectors(void)
{
	static const char *const v[2][3] = {
		{ "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
		  "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
		  "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552" },
		{ "4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
		  "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
		  "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957" },
	};
	uint8_t scalar[KEY], u[KEY], want[KEY], out[KEY];

	for (int i = 0; i < 2; i++) {
		test_unhex(scalar, KEY, v[i][0]);
		test_unhex(u, KEY, v[i][1]);
		test_unhex(want, KEY, v[i][2]);
		for (size_t r = 0; r < curve25519_nimpls; r++) {
			if (!runs(r))
				continue;
			CHECK(curve25519_with(&curve25519_impls[r], out, scalar, u),
			      "%s vector %d returns true", curve25519_impls[r].name, i + 1);
			CHECK_MEM(out, want, KEY, "%s, RFC 7748 5.2 vector %d",
				  curve25519_impls[r].name, i + 1);
		}
		CHECK(curve25519(out, scalar, u), "curve25519() vector %d", i + 1);
		CHECK_MEM(out, want, KEY, "curve25519(), RFC 7748 5.2 vector %d", i + 1);
	}
}

/* RFC 7748 section 5.2: k = u = 9; repeat k, u = X25519(k, u), k. */
static void iterate(const struct curve25519_impl *impl, unsigned long n,
		    const char *want1, const char *want_n)
{
	uint8_t k[KEY] = { 9 }, u[KEY] = { 9 }, next[KEY], want[KEY];

	for (unsigned long i = 1; i <= n; i++) {
		curve25519_with(impl, next, k, u);
		memcpy(u, k, KEY);
		memcpy(k, next, KEY);
		if (i == 1) {
			test_unhex(want, KEY, want1);
			CHECK_MEM(k, want, KEY, "%s, after 1 iteration", impl->name);
		}
	}
	test_unhex(want, KEY, want_n);
	CHECK_MEM(k, want, KEY, "%s, after %lu iterations", impl->name, n);
}

static void test_rfc7748_5_2_iterated(void)
{
	static const char one[] =
		"422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079";
	static const char thousand[] =
		"684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51";
	static const char million[] =
		"7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424";
	const char *slow = getenv("ZINC_SLOW_TESTS");

	for (size_t r = 0; r < curve25519_nimpls; r++)
		if (runs(r))
			iterate(&curve25519_impls[r], 1000, one, thousand);
	if (slow && !strcmp(slow, "1")) {
		iterate(curve25519_pick(), 1000000, one, million);
	} else {
		printf("curve25519_test: 1,000,000 iterations skipped "
		       "(set ZINC_SLOW_TESTS=1)\n");
	}
}

/* RFC 7748 section 6.1: Alice's and Bob's public keys and shared secret. */
static void test_rfc7748_6_1_diffie_hellman(void)
{
	uint8_t a[KEY], b[KEY], a_pub[KEY], b_pub[KEY], k[KEY], out[KEY];

	test_unhex(a, KEY, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
	test_unhex(a_pub, KEY, "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
	test_unhex(b, KEY, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
	test_unhex(b_pub, KEY, "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
	test_unhex(k, KEY, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");

	for (size_t r = 0; r < curve25519_nimpls; r++) {
		if (!runs(r))
			continue;
		const struct curve25519_impl *impl = &curve25519_impls[r];

		CHECK(curve25519_generate_public_with(impl, out, a), "%s", impl->name);
		CHECK_MEM(out, a_pub, KEY, "%s, Alice's public key", impl->name);
		CHECK(curve25519_generate_public_with(impl, out, b), "%s", impl->name);
		CHECK_MEM(out, b_pub, KEY, "%s, Bob's public key", impl->name);
		CHECK(curve25519_with(impl, out, a, b_pub), "%s", impl->name);
		CHECK_MEM(out, k, KEY, "%s, K = X25519(a, X25519(b, 9))", impl->name);
		CHECK(curve25519_with(impl, out, b, a_pub), "%s", impl->name);
		CHECK_MEM(out, k, KEY, "%s, K = X25519(b, X25519(a, 9))", impl->name);
	}
	CHECK(curve25519_generate_public(out, a), "public API");
	CHECK_MEM(out, a_pub, KEY, "curve25519_generate_public, Alice");
	CHECK(curve25519(out, b, a_pub), "public API");
	CHECK_MEM(out, k, KEY, "curve25519, shared secret");
}

/* Every row agrees with both generic rows on random scalars and points,
 * and a point with bit 255 set is the same point with it cleared. */
static void test_rows_agree_on_random_inputs(void)
{
	uint8_t s[KEY], u[KEY], u_top[KEY], want[KEY], out[KEY];
	unsigned long bad = 0, bad_top = 0;

	for (int n = 0; n < 200; n++) {
		bool ok_want, ok;

		test_fill(s, KEY, 2 * n);
		test_fill(u, KEY, 2 * n + 1);
		u[31] &= 0x7f;
		memcpy(u_top, u, KEY);
		u_top[31] |= 0x80;
		ok_want = curve25519_with(&curve25519_impls[0], want, s, u);
		for (size_t r = 0; r < curve25519_nimpls; r++) {
			if (!runs(r))
				continue;
			ok = curve25519_with(&curve25519_impls[r], out, s, u);
			bad += ok != ok_want || memcmp(out, want, KEY);
			ok = curve25519_with(&curve25519_impls[r], out, s, u_top);
			bad_top += ok != ok_want || memcmp(out, want, KEY);
		}
	}
	CHECK(bad == 0, "%lu random inputs where rows disagree", bad);
	CHECK(bad_top == 0, "%lu random points where bit 255 changed the result", bad_top);
}

/* u = p + k for k = 0..18 covers every non-canonical u < 2^255: it is the
 * point u = k. With bit 255 set too. */
static void test_noncanonical_points_are_reduced(void)
{
	uint8_t s[KEY], big[KEY], small[KEY] = { 0 }, want[KEY], out[KEY];
	unsigned long bad = 0;

	for (unsigned int k = 0; k < 19; k++) {
		test_fill(s, KEY, 1000 + k);
		p_plus(big, k);
		small[0] = (uint8_t)k;
		for (size_t r = 0; r < curve25519_nimpls; r++) {
			if (!runs(r))
				continue;
			const struct curve25519_impl *impl = &curve25519_impls[r];
			bool ok_want = curve25519_with(impl, want, s, small), ok;

			ok = curve25519_with(impl, out, s, big);
			bad += ok != ok_want || memcmp(out, want, KEY);
			big[31] |= 0x80;
			ok = curve25519_with(impl, out, s, big);
			bad += ok != ok_want || memcmp(out, want, KEY);
			big[31] &= 0x7f;
			/* And all rows agree with row 0. */
			curve25519_with(&curve25519_impls[0], out, s, small);
			bad += memcmp(out, want, KEY) != 0;
		}
	}
	CHECK(bad == 0, "%lu non-canonical points differ from u - p", bad);
}

/*
 * Points of small order (0, 1, the two points of order 8, p - 1 of order 2,
 * and their non-canonical forms p, p + 1, and all of them with bit 255 set):
 * the result is all zeros and the call returns false.
 */
static void test_low_order_points_give_zero(void)
{
	static const char *const points[] = {
		"0000000000000000000000000000000000000000000000000000000000000000",
		"0100000000000000000000000000000000000000000000000000000000000000",
		"e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
		"5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	};
	uint8_t s[KEY], u[KEY], out[KEY];

	for (size_t i = 0; i < ARRAY_SIZE(points); i++) {
		test_unhex(u, KEY, points[i]);
		for (int top = 0; top < 2; top++) {
			u[31] = (uint8_t)((u[31] & 0x7f) | (top << 7));
			for (int n = 0; n < 3; n++) {
				test_fill(s, KEY, (uint32_t)(2000 + 8 * i + 4 * top + n));
				for (size_t r = 0; r < curve25519_nimpls; r++) {
					if (!runs(r))
						continue;
					memset(out, 0xa5, KEY);
					CHECK(!curve25519_with(&curve25519_impls[r], out, s, u),
					      "%s, low-order point %zu returns false",
					      curve25519_impls[r].name, i);
					CHECK(all_zero(out, KEY), "%s, low-order point %zu, out zero",
					      curve25519_impls[r].name, i);
				}
				memset(out, 0xa5, KEY);
				CHECK(!curve25519(out, s, u), "curve25519(), low-order point %zu", i);
				CHECK(all_zero(out, KEY), "curve25519(), point %zu, out zero", i);
			}
		}
	}
}

/* RFC 7748 decodeScalar25519: clear bits 0, 1, 2 and 255, set bit 254. */
static void test_clamp_secret(void)
{
	uint8_t s[KEY], want[KEY];

	memset(s, 0xff, KEY);
	memset(want, 0xff, KEY);
	want[0] = 0xf8;
	want[31] = 0x7f;
	curve25519_clamp_secret(s);
	CHECK_MEM(s, want, KEY, "clamp of all ones");

	memset(s, 0, KEY);
	memset(want, 0, KEY);
	want[31] = 0x40;
	curve25519_clamp_secret(s);
	CHECK_MEM(s, want, KEY, "clamp of all zeros");
}

/* curve25519() clamps its own copy: clamped and unclamped secrets give the
 * same result, and the caller's secret is not modified. */
static void test_secret_clamped_internally(void)
{
	uint8_t s[KEY], s_copy[KEY], c[KEY], u[KEY], a[KEY], b[KEY];

	for (int n = 0; n < 20; n++) {
		test_fill(s, KEY, 3000 + 2 * n);
		test_fill(u, KEY, 3000 + 2 * n + 1);
		s[0] |= 7;
		s[31] = (uint8_t)((s[31] | 0x80) & ~0x40);
		memcpy(s_copy, s, KEY);
		memcpy(c, s, KEY);
		curve25519_clamp_secret(c);
		curve25519(a, s, u);
		curve25519(b, c, u);
		CHECK_MEM(a, b, KEY, "unclamped secret %d", n);
		CHECK_MEM(s, s_copy, KEY, "secret unchanged %d", n);
	}
}

/* generate_secret: clamped, and two calls differ. */
static void test_generate_secret(void)
{
	uint8_t a[KEY], b[KEY];

	curve25519_generate_secret(a);
	curve25519_generate_secret(b);
	for (int i = 0; i < 2; i++) {
		const uint8_t *s = i ? b : a;

		CHECK((s[0] & 7) == 0, "bits 0..2 clear");
		CHECK((s[31] & 0x80) == 0, "bit 255 clear");
		CHECK((s[31] & 0x40) != 0, "bit 254 set");
	}
	CHECK(memcmp(a, b, KEY) != 0, "two secrets are equal");
}

/* generate_public(s) = curve25519(s, 9), return value included. */
static void test_generate_public_is_scalarmult_of_9(void)
{
	static const uint8_t nine[KEY] = { 9 };
	uint8_t s[KEY], want[KEY], out[KEY];
	unsigned long bad = 0;

	/* Byte patterns whose radix-16 digits sit at the signed-digit edges
	 * of the fixed-base code (8 = -8 + carry, 7, 0, 15) come first. */
	static const uint8_t patterns[] = { 0x00, 0xff, 0x88, 0x77, 0x80, 0x08, 0xf8, 0x8f };

	for (int n = 0; n < 50 + (int)sizeof(patterns); n++) {
		if (n < (int)sizeof(patterns))
			memset(s, patterns[n], KEY);
		else
			test_fill(s, KEY, 4000 + n);
		if (n == (int)sizeof(patterns))
			curve25519_generate_secret(s);
		for (size_t r = 0; r < curve25519_nimpls; r++) {
			if (!runs(r))
				continue;
			const struct curve25519_impl *impl = &curve25519_impls[r];
			bool ok_want = curve25519_with(impl, want, s, nine);
			bool ok = curve25519_generate_public_with(impl, out, s);

			bad += ok != ok_want || memcmp(out, want, KEY);
		}
		bad += curve25519(want, s, nine) != curve25519_generate_public(out, s) ||
		       memcmp(out, want, KEY);
	}
	CHECK(bad == 0, "%lu secrets where generate_public differs from X25519(s, 9)", bad);
}

/* The table: generic32 then generic64 on 64-bit, pick returns a row. */
static void test_table(void)
{
	const struct curve25519_impl *impl = curve25519_pick();

	CHECK(curve25519_nimpls >= 1 &&
	      !strcmp(curve25519_impls[0].name, "curve25519-generic32"), "row 0");
#ifdef __SIZEOF_INT128__
	CHECK(curve25519_nimpls >= 2 &&
	      !strcmp(curve25519_impls[1].name, "curve25519-generic64"), "row 1");
	CHECK(impl >= &curve25519_impls[1], "generic64 or better is picked");
#endif
	CHECK(impl >= curve25519_impls && impl < curve25519_impls + curve25519_nimpls,
	      "pick is a row");
}

/* Public calls count the row they ran. */
static void test_public_calls_count_hits(void)
{
	uint8_t s[KEY], out[KEY];
	size_t r = (size_t)(curve25519_pick() - curve25519_impls);
	unsigned long before = curve25519_hits[r];

	test_fill(s, KEY, 5000);
	curve25519_generate_public(out, s);
	curve25519(out, s, out);
	CHECK(curve25519_hits[r] == before + 2, "hits of %s: %lu -> %lu",
	      curve25519_impls[r].name, before, curve25519_hits[r]);
}

/* 32 little-endian bytes of p - k (k < 2^8), or of the small n. */
static void p_minus(uint8_t out[KEY], unsigned int k)
{
	p_plus(out, 0);
	out[0] = (uint8_t)(0xed - k);
}

static void small(uint8_t out[KEY], unsigned int n)
{
	memset(out, 0, KEY);
	out[0] = (uint8_t)n;
	out[1] = (uint8_t)(n >> 8);
	out[2] = (uint8_t)(n >> 16);
}

/*
 * Each row's field-ops table on values whose results follow from
 * p = 2^255 - 19 alone: (p - 1)^2 = 1, 2^128 * 2^127 = 2^255 = 19,
 * (p - 1) + 1 = 0, 0 - 1 = p - 1, 121666 (p - 1) = p - 121666,
 * 1 / 2 = (p + 1) / 2 = 2^254 - 9, 1 / 0 = 1 / p = 0, 1 / (p - 1) = p - 1,
 * p + 18 (= 2^255 - 1) decodes to 18, and the ladder step from (1:0)
 * doubles to (1:0). Then, with every limb at its loose maximum, sq equals
 * mul(f, f), the output limbs are within the carried bounds, and x times
 * its inverse is 1.
 */
static void test_field_ops(void)
{
	uint8_t pm1[KEY], one[KEY], zero[KEY], two[KEY], got[KEY], want[KEY];
	uint8_t b127[KEY] = { 0 }, b128[KEY] = { 0 };
	unsigned long rows = 0;

	p_minus(pm1, 1);
	small(one, 1);
	small(zero, 0);
	small(two, 2);
	b127[15] = 0x80;
	b128[16] = 1;
	for (size_t r = 0; r < curve25519_nimpls; r++) {
		const struct curve25519_impl *impl = &curve25519_impls[r];
		const struct curve25519_field_ops *F = impl->field;
		uint64_t f[8] = { 0 }, g[8] = { 0 }, h[8] = { 0 }, z[8] = { 0 }, x[8] = { 0 };
		uint64_t limbs[16];
		bool ok = true;

		if (!F || !zinc_cpu_have(impl->features))
			continue;
		rows++;
		F->frombytes(f, pm1);
		F->mul(h, f, f);
		F->tobytes(got, h);
		CHECK_MEM(got, one, KEY, "%s: (p - 1)^2", impl->name);
		F->sq(h, f);
		F->tobytes(got, h);
		CHECK_MEM(got, one, KEY, "%s: sq(p - 1)", impl->name);
		F->frombytes(f, b128);
		F->frombytes(g, b127);
		F->mul(h, f, g);
		F->tobytes(got, h);
		small(want, 19);
		CHECK_MEM(got, want, KEY, "%s: 2^128 * 2^127", impl->name);
		F->frombytes(f, pm1);
		F->frombytes(g, one);
		F->add(h, f, g);
		F->tobytes(got, h);
		CHECK_MEM(got, zero, KEY, "%s: (p - 1) + 1", impl->name);
		F->frombytes(f, zero);
		F->sub(h, f, g);
		F->tobytes(got, h);
		CHECK_MEM(got, pm1, KEY, "%s: 0 - 1", impl->name);
		F->frombytes(f, pm1);
		F->mul_a24(h, f);
		F->tobytes(got, h);
		p_minus(want, 0);
		want[0] = 0xed - 0x42;	/* p - 121666 = p - 0x01db42 */
		want[1] = 0xff - 0xdb;
		want[2] = 0xff - 0x01;
		CHECK_MEM(got, want, KEY, "%s: 121666 (p - 1)", impl->name);
		F->frombytes(f, two);
		F->invert(h, f);
		F->tobytes(got, h);
		memset(want, 0xff, KEY);
		want[0] = 0xf7;
		want[31] = 0x3f;
		CHECK_MEM(got, want, KEY, "%s: 1 / 2", impl->name);
		F->frombytes(f, zero);
		F->invert(h, f);
		F->tobytes(got, h);
		CHECK_MEM(got, zero, KEY, "%s: 1 / 0", impl->name);
		F->frombytes(f, pm1);
		F->invert(h, f);
		F->tobytes(got, h);
		CHECK_MEM(got, pm1, KEY, "%s: 1 / (p - 1) = p - 1", impl->name);
		p_minus(want, 0);
		F->frombytes(f, want);
		F->invert(h, f);
		F->tobytes(got, h);
		CHECK_MEM(got, zero, KEY, "%s: 1 / p = 0", impl->name);
		p_plus(want, 18);
		F->frombytes(f, want);
		F->tobytes(got, f);
		small(want, 18);
		CHECK_MEM(got, want, KEY, "%s: 2^255 - 1 decodes to 18", impl->name);

		F->frombytes(x, two);		/* x1 = 2: (1:0) is the point at infinity */
		F->frombytes(f, one);		/* x2 = 1 */
		F->frombytes(g, zero);		/* z2 = 0 */
		F->frombytes(h, two);		/* x3 = 2 */
		F->frombytes(z, one);		/* z3 = 1 */
		F->ladder_step(f, g, h, z, x, 0);
		F->tobytes(got, g);
		CHECK_MEM(got, zero, KEY, "%s: ladder step doubles (1:0) to z = 0", impl->name);
		F->tobytes(got, h);
		F->mul(f, z, x);		/* x3 / z3 = x1: f = z3 * 2 must equal x3 */
		F->tobytes(want, f);
		CHECK_MEM(got, want, KEY, "%s: ladder step adds (1:0) to (2:1)", impl->name);

		for (unsigned int i = 0; i < F->nlimbs; i++)
			limbs[i] = F->loose[i];
		F->load(f, limbs);
		F->mul(g, f, f);
		F->sq(h, f);
		F->tobytes(got, g);
		F->tobytes(want, h);
		CHECK_MEM(got, want, KEY, "%s: sq = mul at the loose maxima", impl->name);
		F->store(limbs, h);
		for (unsigned int i = 0; i < F->nlimbs; i++) {
			int64_t v = (int64_t)limbs[i];

			ok &= F->is_signed ? v <= (int64_t)F->carried[i] && -v <= (int64_t)F->carried[i]
					   : limbs[i] <= F->carried[i];
		}
		CHECK(ok, "%s: sq output within the carried bounds", impl->name);
		for (unsigned int i = 0; i < F->nlimbs; i++)
			limbs[i] = F->loose[i];
		F->load(f, limbs);
		F->invert(h, f);
		F->mul(g, h, f);
		F->tobytes(got, g);
		CHECK_MEM(got, one, KEY, "%s: x / x = 1 at the loose maxima", impl->name);
	}
	CHECK(rows >= 1, "field ops of %lu rows tested", rows);
}

/*
 * Dispatch-hit test: for every subset of the detected CPU features,
 * curve25519() and curve25519_generate_public() each run exactly the row
 * this test expects, once, and give curve25519-generic32's result (the
 * point-multiplication ladder and the fixed-base path respectively). The
 * policy is written here independently of the table (lib/common/test.h).
 */
static const struct test_policy policy[] = {
	{ "curve25519-generic32", 0, 0 },
	{ "curve25519-generic64", 0, 0 },
	{ "curve25519-bmi2-adx", ZINC_CPU_BMI2 | ZINC_CPU_ADX, 0 },
	{ "curve25519-avx512ifma", ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL | ZINC_CPU_AVX512IFMA, 0 },
	{ "curve25519-neon", ZINC_CPU_NEON, 0 },
};

/* Curve25519 takes no length: the policy's rows for length 0. */
static size_t expected_row(uint32_t f)
{
	return TEST_POLICY_ROW(policy, curve25519_impls, curve25519_nimpls, f, 0);
}

static void check_one_hit(size_t want, const char *what, uint32_t f)
{
	TEST_CHECK_ONE_HIT(curve25519_hits, curve25519_impls, curve25519_nimpls, want, what, 0, f);
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

/* Every row has its policy, and curve25519() and
 * curve25519_generate_public() run the row it gives under every model and
 * feature subset. */
static void test_dispatch_runs_the_policy_rows(void)
{
	unsigned long subsets = 0;

	for (size_t i = 0; i < curve25519_nimpls; i++)
		test_policy_matches(policy, ARRAY_SIZE(policy), curve25519_impls[i].name,
				    curve25519_impls[i].features, 0);
	TEST_EVERY_FEATURE_SUBSET(&subsets, test_runs_the_expected_row(f));
	printf("curve25519_test dispatch: %lu feature subsets\n", subsets);
}

int main(void)
{
	for (size_t r = 0; r < curve25519_nimpls; r++)
		test_row_usable("curve25519_test", curve25519_impls[r].name,
				curve25519_impls[r].features);
	test_table();
	test_rfc7748_5_2_vectors();
	test_rfc7748_5_2_iterated();
	test_rfc7748_6_1_diffie_hellman();
	test_rows_agree_on_random_inputs();
	test_noncanonical_points_are_reduced();
	test_low_order_points_give_zero();
	test_clamp_secret();
	test_secret_clamped_internally();
	test_generate_secret();
	test_generate_public_is_scalarmult_of_9();
	test_public_calls_count_hits();
	test_field_ops();
	test_dispatch_runs_the_policy_rows();
	return TEST_SUMMARY("curve25519_test");
}
