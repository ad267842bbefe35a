/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for BLAKE2s and HMAC-BLAKE2s: RFC 7693 and BLAKE2 reference
 * KAT vectors, HMAC against its RFC 2104 definition and independently
 * computed values, streaming equals one-shot, the size limits of the API,
 * and agreement of every row of blake2s_impls[] with the generic row.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/blake2s/blake2s.h"
#include "lib/common/test.h"
#include "lib/common/util.h"

/* RFC 7693 Appendix B: BLAKE2s-256("abc"). */
static void test_rfc7693_appendix_b_abc(void)
{
	uint8_t want[32], out[32];

	test_unhex(want, 32, "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982");
	CHECK(blake2s(out, (const uint8_t *)"abc", NULL, 32, 3, 0), "one-shot abc");
	CHECK_MEM(out, want, 32, "RFC 7693 Appendix B");
}

/*
 * BLAKE2 reference KAT (blake2s-kat.txt): key = 00 01 .. 1f, in = 00 01 ..
 * (in_len - 1), for in_len 0 (the key block alone is the last block), 64
 * and 128 (exact multiples of the block size: the last message block, not
 * an empty one, carries f[0]) and 255. Generated with libb2's blake2s()
 * and confirmed with python3 hashlib.blake2s(in, key=key).
 */
static void test_reference_kat_keyed(void)
{
	static const struct {
		size_t inlen;
		const char *hash;
	} v[] = {
		{ 0, "48a8997da407876b3d79c0d92325ad3b89cbb754d86ab71aee047ad345fd2c49" },
		{ 64, "8975b0577fd35566d750b362b0897a26c399136df07bababbde6203ff2954ed4" },
		{ 128, "0c311f38c35a4fb90d651c289d486856cd1413df9b0677f53ece2cd9e477c60a" },
		{ 255, "3fb735061abc519dfe979e54c1ee5bfad0a9d858b3315bad34bde999efd724dd" },
	};
	uint8_t key[32], in[255], want[32], out[32];
	struct blake2s_state state;

	for (int i = 0; i < 32; i++)
		key[i] = (uint8_t)i;
	for (int i = 0; i < 255; i++)
		in[i] = (uint8_t)i;

	for (size_t i = 0; i < ARRAY_SIZE(v); i++) {
		test_unhex(want, 32, v[i].hash);
		CHECK(blake2s(out, v[i].inlen ? in : NULL, key, 32, v[i].inlen, 32),
		      "keyed, in_len %zu", v[i].inlen);
		CHECK_MEM(out, want, 32, "KAT keyed, in_len %zu", v[i].inlen);
		/* The same in 64-byte updates. */
		blake2s_init_key(&state, 32, key, 32);
		for (size_t off = 0; off < v[i].inlen; off += 64)
			blake2s_update(&state, in + off,
				       v[i].inlen - off < 64 ? v[i].inlen - off : 64);
		blake2s_final(&state, out);
		CHECK_MEM(out, want, 32, "KAT keyed, in_len %zu, 64-byte updates", v[i].inlen);
	}
}

static void streamed(uint8_t *out, const uint8_t *in, size_t inlen, const uint8_t *key,
		     size_t keylen, size_t outlen, size_t split1, size_t split2)
{
	struct blake2s_state state;

	blake2s_init_key(&state, outlen, key, keylen);
	blake2s_update(&state, in, split1);
	blake2s_update(&state, in + split1, split2 - split1);
	blake2s_update(&state, in + split2, inlen - split2);
	blake2s_final(&state, out);
}

/* Every split of messages of 0..200 bytes into three updates. */
static void test_streaming_equals_one_shot(void)
{
	static const size_t params[][2] = { { 32, 0 }, { 32, 32 }, { 16, 7 }, { 1, 1 } };
	uint8_t in[200], key[32], want[32], got[32];
	unsigned long bad = 0;

	test_fill(in, sizeof(in), 1);
	test_fill(key, sizeof(key), 99);
	for (size_t p = 0; p < ARRAY_SIZE(params); p++) {
		size_t outlen = params[p][0], keylen = params[p][1];

		for (size_t len = 0; len <= 200; len++) {
			blake2s(want, in, key, outlen, len, keylen);
			for (size_t s1 = 0; s1 <= len; s1++) {
				/* All pairs would be 1.4M hashes; the second split
				 * runs over every point for short messages. */
				size_t step = len < 70 ? 1 : 13;

				for (size_t s2 = s1; s2 <= len; s2 += step) {
					streamed(got, in, len, key, keylen, outlen, s1, s2);
					bad += memcmp(got, want, outlen) != 0;
				}
			}
		}
	}
	CHECK(bad == 0, "%lu splits differ from one-shot", bad);
}

/* The last block gets f[0]: 64 and 128 bytes in 64-byte updates. */
static void test_last_block_rule(void)
{
	uint8_t in[128], want[32], got[32];
	struct blake2s_state state;

	test_fill(in, sizeof(in), 5);
	for (size_t len = 64; len <= 128; len += 64) {
		blake2s(want, in, NULL, 32, len, 0);
		blake2s_init(&state, 32);
		for (size_t off = 0; off < len; off += 64)
			blake2s_update(&state, in + off, 64);
		blake2s_final(&state, got);
		CHECK_MEM(got, want, 32, "%zu bytes in 64-byte updates", len);
		/* Empty updates change nothing. */
		blake2s_init(&state, 32);
		blake2s_update(&state, in, 64);
		blake2s_update(&state, NULL, 0);
		blake2s_update(&state, in + 64, len - 64);
		blake2s_update(&state, NULL, 0);
		blake2s_final(&state, got);
		CHECK_MEM(got, want, 32, "%zu bytes with empty updates", len);
	}
}

/* Every outlen 1..32 and keylen 0..32 is accepted, and outlen is a
 * parameter of the hash, not a truncation. */
static void test_all_valid_sizes_accepted(void)
{
	uint8_t key[32], in[70], out[32], out32[32];
	struct blake2s_state state;
	unsigned long refused = 0, truncated = 0;

	test_fill(key, sizeof(key), 3);
	test_fill(in, sizeof(in), 4);
	for (size_t keylen = 0; keylen <= 32; keylen++) {
		blake2s(out32, in, key, 32, sizeof(in), keylen);
		for (size_t outlen = 1; outlen <= 32; outlen++) {
			refused += !blake2s(out, in, key, outlen, sizeof(in), keylen);
			refused += !blake2s_init_key(&state, outlen, key, keylen);
			if (outlen < 32)
				truncated += !memcmp(out, out32, outlen);
		}
		refused += !blake2s_init(&state, keylen ? keylen : 1);
	}
	CHECK(refused == 0, "%lu valid size combinations refused", refused);
	CHECK(truncated == 0, "%lu digests are truncations of the 32-byte one", truncated);
}

/* Invalid sizes: false, and the output or the state is left untouched. */
static void test_invalid_sizes_rejected(void)
{
	static const size_t bad[][2] = { { 0, 0 }, { 33, 0 }, { 32, 33 }, { 0, 33 }, { 64, 16 } };
	uint8_t key[64], in[8], out[64], pattern[64];
	struct blake2s_state state, state_pattern;

	test_fill(key, sizeof(key), 11);
	test_fill(in, sizeof(in), 12);
	memset(pattern, 0xa5, sizeof(pattern));
	memset(&state_pattern, 0x5a, sizeof(state_pattern));

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		size_t outlen = bad[i][0], keylen = bad[i][1];

		memcpy(out, pattern, sizeof(out));
		CHECK(!blake2s(out, in, key, outlen, sizeof(in), keylen),
		      "one-shot outlen %zu keylen %zu", outlen, keylen);
		CHECK_MEM(out, pattern, sizeof(out), "out untouched");

		memcpy(&state, &state_pattern, sizeof(state));
		CHECK(!blake2s_init_key(&state, outlen, key, keylen),
		      "init_key outlen %zu keylen %zu", outlen, keylen);
		CHECK_MEM(&state, &state_pattern, sizeof(state), "state untouched");
	}
	for (size_t outlen = 0; outlen <= 33; outlen += 33) {
		memcpy(&state, &state_pattern, sizeof(state));
		CHECK(!blake2s_init(&state, outlen), "init outlen %zu", outlen);
		CHECK_MEM(&state, &state_pattern, sizeof(state), "state untouched");
	}

	/* NULL key with keylen > 0. */
	memcpy(out, pattern, sizeof(out));
	CHECK(!blake2s(out, in, NULL, 32, sizeof(in), 1), "NULL key, keylen 1");
	CHECK_MEM(out, pattern, sizeof(out), "out untouched");
	memcpy(&state, &state_pattern, sizeof(state));
	CHECK(!blake2s_init_key(&state, 32, NULL, 16), "init_key NULL key, keylen 16");
	CHECK_MEM(&state, &state_pattern, sizeof(state), "state untouched");

	/* NULL in with inlen > 0, NULL out. */
	memcpy(out, pattern, sizeof(out));
	CHECK(!blake2s(out, NULL, NULL, 32, 1, 0), "NULL in, inlen 1");
	CHECK_MEM(out, pattern, sizeof(out), "out untouched");
	CHECK(!blake2s(NULL, in, NULL, 32, sizeof(in), 0), "NULL out");
}

/* NULL in with inlen 0 is the empty message; NULL key with keylen 0 is
 * unkeyed. */
static void test_empty_input_null_pointers(void)
{
	uint8_t empty[1], want[32], got[32];

	CHECK(blake2s(want, empty, empty, 32, 0, 0), "empty message");
	CHECK(blake2s(got, NULL, NULL, 32, 0, 0), "NULL in, inlen 0");
	CHECK_MEM(got, want, 32, "NULL in, inlen 0 is the empty message");
}

/* init_key with keylen 0 is init. */
static void test_keylen_zero_is_unkeyed(void)
{
	struct blake2s_state a, b;
	uint8_t in[100], key[1] = { 0 }, da[32], db[32];

	test_fill(in, sizeof(in), 21);
	for (size_t outlen = 1; outlen <= 32; outlen += 31) {
		CHECK(blake2s_init(&a, outlen), "init");
		CHECK(blake2s_init_key(&b, outlen, key, 0), "init_key keylen 0");
		CHECK_MEM(&a, &b, sizeof(a), "same state");
		blake2s_update(&a, in, sizeof(in));
		blake2s_update(&b, in, sizeof(in));
		blake2s_final(&a, da);
		blake2s_final(&b, db);
		CHECK_MEM(da, db, outlen, "same digest");
	}
	/* A 1-byte zero key differs from no key. */
	blake2s(da, in, key, 32, sizeof(in), 0);
	blake2s(db, in, key, 32, sizeof(in), 1);
	CHECK(memcmp(da, db, 32) != 0, "1-byte zero key equals no key");
}

/* final() wipes the state. */
static void test_final_wipes_state(void)
{
	struct blake2s_state state, zero;
	uint8_t key[32], out[32];

	test_fill(key, sizeof(key), 8);
	memset(&zero, 0, sizeof(zero));
	blake2s_init_key(&state, 32, key, 32);
	blake2s_update(&state, key, 10);
	blake2s_final(&state, out);
	CHECK_MEM(&state, &zero, sizeof(state), "state wiped");
}

/* HMAC straight from RFC 2104, over the unkeyed one-shot blake2s():
 * H((K0 ^ opad) || H((K0 ^ ipad) || text)). */
static void hmac_by_definition(uint8_t out[32], const uint8_t *in, size_t inlen,
			       const uint8_t *key, size_t keylen)
{
	uint8_t k0[64] = { 0 }, inner[32];
	uint8_t *buf = malloc(64 + (inlen > 32 ? inlen : 32));

	if (keylen > 64)
		blake2s(k0, key, NULL, 32, keylen, 0);
	else if (keylen)
		memcpy(k0, key, keylen);
	for (int i = 0; i < 64; i++)
		buf[i] = k0[i] ^ 0x36;
	if (inlen)
		memcpy(buf + 64, in, inlen);
	blake2s(inner, buf, NULL, 32, 64 + inlen, 0);
	for (int i = 0; i < 64; i++)
		buf[i] = k0[i] ^ 0x5c;
	memcpy(buf + 64, inner, 32);
	blake2s(out, buf, NULL, 32, 64 + 32, 0);
	free(buf);
}

static void test_hmac_matches_definition(void)
{
	static const size_t keylens[] = { 0, 1, 31, 32, 63, 64, 65, 128, 200 };
	static const size_t inlens[] = { 0, 1, 28, 63, 64, 65, 200 };
	uint8_t key[200], in[200], want[32], got[32];

	test_fill(key, sizeof(key), 31);
	test_fill(in, sizeof(in), 32);
	for (size_t k = 0; k < ARRAY_SIZE(keylens); k++) {
		for (size_t m = 0; m < ARRAY_SIZE(inlens); m++) {
			hmac_by_definition(want, in, inlens[m], key, keylens[k]);
			blake2s_hmac(got, in, key, inlens[m], keylens[k]);
			CHECK_MEM(got, want, 32, "keylen %zu inlen %zu", keylens[k], inlens[m]);
		}
	}
	/* NULL key with keylen 0, NULL in with inlen 0. */
	hmac_by_definition(want, NULL, 0, NULL, 0);
	blake2s_hmac(got, NULL, NULL, 0, 0);
	CHECK_MEM(got, want, 32, "NULL key and message");
}

/*
 * Independently computed HMAC-BLAKE2s-256 values: key[i] = (3i + 1) & 0xff,
 * text = "what do ya want for nothing?". Obtained with
 *   python3 -c 'import hmac,hashlib; k=bytes((3*i+1)&255 for i in range(KL));
 *               print(hmac.new(k, b"what do ya want for nothing?",
 *                              hashlib.blake2s).hexdigest())'
 * and, for keylen 1, 64, 65 and 200, the same values with OpenSSL 3.0:
 *   printf 'what do ya want for nothing?' |
 *       openssl mac -digest BLAKE2S-256 -macopt hexkey:<key hex> HMAC
 */
static void test_hmac_independent_values(void)
{
	static const struct {
		size_t keylen;
		const char *mac;
	} v[] = {
		{ 0, "20b0e40c5b35077afd94ff2166d15729e2e8f3101f9cd2e60f8231d2b18fa96f" },
		{ 1, "fc254cfa926a59c306b446bf79b6d25eb2736c59d95955b7444c386fe60bc58c" },
		{ 32, "12cb50adac8d41f570ed60822c755cbfa9d404fdfb8b5bba10344f9e730eca20" },
		{ 64, "015b2ded14f4334ba7e7e18eb7bc492c7ac9ed8710f0f9373c6582ebab6620c5" },
		{ 65, "e6276a6bc1c9d7e380d741ba9741118a4b071b3c8ce46fcc29626d18754ca151" },
		{ 200, "d238d6acd29c267f92a72f8cfa89b63bd604397ff0a53a61878d685e00d56e26" },
	};
	static const char text[] = "what do ya want for nothing?";
	uint8_t key[200], want[32], got[32];

	for (size_t i = 0; i < sizeof(key); i++)
		key[i] = (uint8_t)(3 * i + 1);
	for (size_t i = 0; i < ARRAY_SIZE(v); i++) {
		test_unhex(want, 32, v[i].mac);
		blake2s_hmac(got, (const uint8_t *)text, key, sizeof(text) - 1, v[i].keylen);
		CHECK_MEM(got, want, 32, "HMAC keylen %zu", v[i].keylen);
	}
}

/* Every row of the table gives the generic row's digest. */
static void test_every_row_matches_generic(void)
{
	uint8_t in[300], key[32], want[32], got[32];
	struct blake2s_state state;

	test_fill(in, sizeof(in), 41);
	test_fill(key, sizeof(key), 42);
	CHECK(blake2s_nimpls >= 1 && !strcmp(blake2s_impls[0].name, "blake2s-generic"),
	      "row 0 is blake2s-generic");
	for (size_t r = 0; r < blake2s_nimpls; r++) {
		const struct blake2s_impl *impl = &blake2s_impls[r];

		for (size_t len = 0; len <= sizeof(in); len += 23) {
			blake2s_init_key(&state, 32, key, len % 33);
			blake2s_update_with(&blake2s_impls[0], &state, in, len);
			blake2s_final_with(&blake2s_impls[0], &state, want);
			blake2s_init_key(&state, 32, key, len % 33);
			blake2s_update_with(impl, &state, in, len / 3);
			blake2s_update_with(impl, &state, in + len / 3, len - len / 3);
			blake2s_final_with(impl, &state, got);
			CHECK_MEM(got, want, 32, "%s, len %zu", impl->name, len);
		}
	}
}

/* The public functions count the row they ran, and pick a row from the
 * table. */
static void test_public_calls_count_hits(void)
{
	uint8_t in[256], out[32];
	unsigned long before = 0, after = 0;
	const struct blake2s_impl *impl = blake2s_pick(sizeof(in));

	CHECK(impl >= blake2s_impls && impl < blake2s_impls + blake2s_nimpls, "pick in table");
	test_fill(in, sizeof(in), 51);
	for (size_t r = 0; r < blake2s_nimpls; r++)
		before += blake2s_hits[r];
	blake2s(out, in, NULL, 32, sizeof(in), 0);
	for (size_t r = 0; r < blake2s_nimpls; r++)
		after += blake2s_hits[r];
	CHECK(after == before + 2, "one update and one final counted (%lu)", after - before);
}

int main(void)
{
	test_rfc7693_appendix_b_abc();
	test_reference_kat_keyed();
	test_streaming_equals_one_shot();
	test_last_block_rule();
	test_all_valid_sizes_accepted();
	test_invalid_sizes_rejected();
	test_empty_input_null_pointers();
	test_keylen_zero_is_unkeyed();
	test_final_wipes_state();
	test_hmac_matches_definition();
	test_hmac_independent_values();
	test_every_row_matches_generic();
	test_public_calls_count_hits();
	return TEST_SUMMARY("blake2s_test");
}
