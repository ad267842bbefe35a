/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for BLAKE2s and HMAC-BLAKE2s: RFC 7693 and BLAKE2 reference
 * KAT vectors, HMAC against its RFC 2104 definition and independently
 * computed values, streaming equals one-shot, the size limits of the API,
 * agreement of every row of blake2s_impls[] with the generic row, and every
 * row across the byte counter's t[0] -> t[1] carry and 2^64 wrap against a
 * separate reference written here, and which row dispatch runs under every
 * model and feature subset (the dispatch-hit test, last). Needs
 * ZINC_TESTING (blake2s_hits[]).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/blake2s/blake2s.h"
#include "lib/common/cpu.h"
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

/* A known 32-byte digest, in hex, and the length it is for: of the message
 * (the KAT) or of the key (the HMAC values). */
struct known_digest {
	size_t len;
	const char *hex;
};

/*
 * BLAKE2 reference KAT (blake2s-kat.txt): key = 00 01 .. 1f, in = 00 01 ..
 * (in_len - 1), for in_len 0 (the key block alone is the last block), 64
 * and 128 (exact multiples of the block size: the last message block, not
 * an empty one, carries f[0]) and 255. Generated with libb2's blake2s()
 * and confirmed with python3 hashlib.blake2s(in, key=key).
 */
static void test_reference_kat_keyed(void)
{
	static const struct known_digest v[] = {
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
		test_unhex(want, 32, v[i].hex);
		CHECK(blake2s(out, v[i].len ? in : NULL, key, 32, v[i].len, 32),
		      "keyed, in_len %zu", v[i].len);
		CHECK_MEM(out, want, 32, "KAT keyed, in_len %zu", v[i].len);
		/* The same in 64-byte updates. */
		blake2s_init_key(&state, 32, key, 32);
		for (size_t off = 0; off < v[i].len; off += 64)
			blake2s_update(&state, in + off,
				       v[i].len - off < 64 ? v[i].len - off : 64);
		blake2s_final(&state, out);
		CHECK_MEM(out, want, 32, "KAT keyed, in_len %zu, 64-byte updates", v[i].len);
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
	static const struct known_digest v[] = {
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
		test_unhex(want, 32, v[i].hex);
		blake2s_hmac(got, (const uint8_t *)text, key, sizeof(text) - 1, v[i].len);
		CHECK_MEM(got, want, 32, "HMAC keylen %zu", v[i].len);
	}
}

/*
 * A second BLAKE2s-256, written from the pseudo-code of RFC 7693 sections
 * 3.1 to 3.3 and sharing no code or table with lib/blake2s: the counter is
 * one uint64_t, split into the two words only where v[12] and v[13] are
 * formed, and the IV is computed (section 2.6: the first 32 bits of the
 * fractional parts of the square roots of the first eight primes). It lets
 * the counter start anywhere, so the rows are checked where t[0] carries
 * into t[1] and where t wraps, which no real message reaches.
 */
static const uint8_t ref_sigma[10][16] = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
	{ 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
	{ 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4 },
	{ 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8 },
	{ 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13 },
	{ 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9 },
	{ 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11 },
	{ 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10 },
	{ 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5 },
	{ 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0 },
};
static uint32_t ref_iv[8];

/* m * m <= p * 2^64, for m < 2^35, in 64-bit words (32-bit targets have
 * no 128-bit integers): m = mh 2^32 + ml, m^2 = mh^2 2^64 + 2 mh ml 2^32 +
 * ml^2, its high word compared with p and then its low word with 0. */
static bool square_at_most(uint64_t m, unsigned p)
{
	uint64_t mh = m >> 32, ml = m & 0xffffffff, cross = 2 * mh * ml;
	uint64_t lo = ml * ml, mid = cross << 32, low = lo + mid;
	uint64_t high = mh * mh + (cross >> 32) + (low < lo);

	return high < p || (high == p && low == 0);
}

/* floor(sqrt(p) * 2^32) mod 2^32: the largest m with m^2 <= p 2^64, by
 * bisection. */
static void ref_make_iv(void)
{
	static const unsigned primes[8] = { 2, 3, 5, 7, 11, 13, 17, 19 };

	for (int i = 0; i < 8; i++) {
		uint64_t lo = 0, hi = (uint64_t)1 << 35;

		while (hi - lo > 1) {
			uint64_t mid = (lo + hi) / 2;

			if (square_at_most(mid, primes[i]))
				lo = mid;
			else
				hi = mid;
		}
		ref_iv[i] = (uint32_t)lo;
	}
}

static uint32_t ref_rotr(uint32_t x, int n)
{
	return x >> n | x << (32 - n);
}

static void ref_g(uint32_t v[16], int a, int b, int c, int d, uint32_t x, uint32_t y)
{
	v[a] += v[b] + x;
	v[d] = ref_rotr(v[d] ^ v[a], 16);
	v[c] += v[d];
	v[b] = ref_rotr(v[b] ^ v[c], 12);
	v[a] += v[b] + y;
	v[d] = ref_rotr(v[d] ^ v[a], 8);
	v[c] += v[d];
	v[b] = ref_rotr(v[b] ^ v[c], 7);
}

/* F(h, m, t, f) of RFC 7693 section 3.2. */
static void ref_f(uint32_t h[8], const uint8_t block[64], uint64_t t, bool last)
{
	uint32_t v[16], m[16];

	for (int i = 0; i < 8; i++) {
		v[i] = h[i];
		v[i + 8] = ref_iv[i];
	}
	v[12] ^= (uint32_t)t;
	v[13] ^= (uint32_t)(t >> 32);
	if (last)
		v[14] = ~v[14];
	for (int i = 0; i < 16; i++)
		m[i] = block[4 * i] | block[4 * i + 1] << 8 | block[4 * i + 2] << 16 |
		       (uint32_t)block[4 * i + 3] << 24;
	for (int r = 0; r < 10; r++) {
		const uint8_t *s = ref_sigma[r];

		ref_g(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
		ref_g(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
		ref_g(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
		ref_g(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
		ref_g(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
		ref_g(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
		ref_g(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
		ref_g(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
	}
	for (int i = 0; i < 8; i++)
		h[i] ^= v[i] ^ v[i + 8];
}

static void ref_h0(uint32_t h[8])
{
	for (int i = 0; i < 8; i++)
		h[i] = ref_iv[i];
	h[0] ^= 0x01010000 ^ 32; /* unkeyed, 32-byte digest */
}

/* Unkeyed BLAKE2s-256 (RFC 7693 section 3.3) with the counter starting at t. */
static void ref_hash(uint8_t out[32], const uint8_t *in, size_t len, uint64_t t)
{
	uint8_t last[64] = { 0 };
	uint32_t h[8];

	ref_h0(h);
	for (; len > 64; len -= 64, in += 64) {
		t += 64;
		ref_f(h, in, t, false);
	}
	if (len)
		memcpy(last, in, len);
	t += len;
	ref_f(h, last, t, true);
	for (int i = 0; i < 32; i++)
		out[i] = (uint8_t)(h[i / 4] >> 8 * (i % 4));
}

/* The reference itself: RFC 7693 Appendix B, and the generic row at t = 0. */
static void test_reference_is_blake2s(void)
{
	uint8_t in[300], want[32], got[32];

	ref_make_iv();
	CHECK(ref_iv[0] == 0x6a09e667 && ref_iv[7] == 0x5be0cd19, "computed IV %08x..%08x",
	      ref_iv[0], ref_iv[7]);
	test_unhex(want, 32, "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982");
	ref_hash(got, (const uint8_t *)"abc", 3, 0);
	CHECK_MEM(got, want, 32, "reference, RFC 7693 Appendix B");
	test_fill(in, sizeof(in), 61);
	for (size_t len = 0; len <= sizeof(in); len += 50) {
		blake2s(want, in, NULL, 32, len, 0);
		ref_hash(got, in, len, 0);
		CHECK_MEM(got, want, 32, "reference vs blake2s(), len %zu", len);
	}
}

/* The case of the issue: from t = 2^32 - 64, one block is compressed with
 * t[0] = 0, t[1] = 1; from 2^64 - 64 with t = 0; and a three-block call
 * that crosses the carry in its middle. compress() on every row, against
 * ref_f. */
static void test_compress_across_carry_and_wrap(void)
{
	static const struct {
		uint64_t start;
		size_t nblocks;
	} c[] = {
		{ (1ull << 32) - 64, 1 }, { (1ull << 32) - 1, 1 }, { (1ull << 32) - 128, 3 },
		{ (2ull << 32) - 64, 2 }, { ~0ull - 63, 1 },        { ~0ull, 1 },
		{ ~0ull - 127, 3 },
	};
	uint8_t blocks[3 * 64];
	uint32_t want_h[8];

	test_fill(blocks, sizeof(blocks), 62);
	for (size_t r = 0; r < blake2s_nimpls; r++) {
		const struct blake2s_impl *impl = &blake2s_impls[r];

		if (!zinc_cpu_have(impl->features)) {
			printf("blake2s_test: %s skipped (CPU lacks its features)\n", impl->name);
			continue;
		}
		for (size_t i = 0; i < ARRAY_SIZE(c); i++) {
			struct blake2s_state state;
			uint64_t t = c[i].start;

			blake2s_init(&state, 32);
			blake2s_set_counter(&state, t);
			impl->compress(&state, blocks, c[i].nblocks, 64);
			ref_h0(want_h);
			for (size_t b = 0; b < c[i].nblocks; b++) {
				t += 64;
				ref_f(want_h, blocks + 64 * b, t, false);
			}
			CHECK(state.t[0] == (uint32_t)t && state.t[1] == (uint32_t)(t >> 32),
			      "%s from t = %016llx, %zu blocks: t = %08x%08x, want %016llx",
			      impl->name, (unsigned long long)c[i].start, c[i].nblocks,
			      state.t[1], state.t[0], (unsigned long long)t);
			CHECK_MEM(state.h, want_h, sizeof(want_h), "%s from t = %016llx, %zu blocks",
				  impl->name, (unsigned long long)c[i].start, c[i].nblocks);
		}
	}
}

/* Whole hashes (update and final on every row) from counters just below
 * the carry and the wrap, against ref_hash. */
static void test_hash_across_carry_and_wrap(void)
{
	static const uint64_t starts[] = {
		(1ull << 32) - 64, (1ull << 32) - 1, (1ull << 32) - 200, (2ull << 32) - 65,
		~0ull - 63,        ~0ull,            ~0ull - 299,
	};
	static const size_t lens[] = { 0, 1, 63, 64, 65, 128, 129, 300 };
	uint8_t in[300], want[32], got[32];
	struct blake2s_state state;

	test_fill(in, sizeof(in), 63);
	for (size_t r = 0; r < blake2s_nimpls; r++) {
		const struct blake2s_impl *impl = &blake2s_impls[r];

		if (!zinc_cpu_have(impl->features))
			continue; /* said by the test above */
		for (size_t i = 0; i < ARRAY_SIZE(starts); i++) {
			for (size_t l = 0; l < ARRAY_SIZE(lens); l++) {
				ref_hash(want, in, lens[l], starts[i]);
				blake2s_init(&state, 32);
				blake2s_set_counter(&state, starts[i]);
				blake2s_update_with(impl, &state, in, lens[l] / 2);
				blake2s_update_with(impl, &state, in + lens[l] / 2,
						    lens[l] - lens[l] / 2);
				blake2s_final_with(impl, &state, got);
				CHECK_MEM(got, want, 32, "%s from t = %016llx, len %zu", impl->name,
					  (unsigned long long)starts[i], lens[l]);
			}
		}
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

		if (!zinc_cpu_have(impl->features))
			continue;
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

/* The row the public functions should run for len bytes: the last row of
 * the table whose features are usable and whose min_len is at most len. */
static size_t expected_row(size_t len)
{
	size_t want = 0;

	for (size_t r = 1; r < blake2s_nimpls; r++)
		if (zinc_cpu_have(blake2s_impls[r].features) && blake2s_impls[r].min_len <= len)
			want = r;
	return want;
}

/*
 * Keyed hashes, digests of 1..32 bytes and HMAC (short and hashed keys) run
 * the row dispatch should pick, under every subset of the detected CPU
 * features: the hit counters may move only on the expected rows (the one
 * for the message length, and the one for a single block, which final()
 * and the HMAC pads use).
 */
static void test_public_paths_run_the_picked_row(void)
{
	static const size_t lens[] = { 0, 1, 64, 65, 1000 };
	static const size_t outlens[] = { 1, 16, 32 };
	uint32_t detected = zinc_cpu_detected(), sub = detected;
	uint8_t in[1000], key[100], out[32];
	unsigned long before[8], stray = 0, calls = 0;

	CHECK(blake2s_nimpls <= ARRAY_SIZE(before), "room for every row's counter");
	/* The feature-only policy; test_dispatch_runs_the_policy_rows() drives
	 * every model's. */
	zinc_cpu_set_model(ZINC_CPU_MODEL_DEFAULT);
	test_fill(in, sizeof(in), 71);
	test_fill(key, sizeof(key), 72);
	do {
		zinc_cpu_set_mask(sub);
		for (size_t l = 0; l < ARRAY_SIZE(lens); l++) {
			size_t want_msg = expected_row(lens[l]), want_block = expected_row(64);

			for (size_t op = 0; op < ARRAY_SIZE(outlens) + 2; op++) {
				memcpy(before, blake2s_hits, blake2s_nimpls * sizeof(before[0]));
				if (op < ARRAY_SIZE(outlens))
					blake2s(out, in, key, outlens[op], lens[l], 32);
				else
					blake2s_hmac(out, in, key, lens[l], op == ARRAY_SIZE(outlens)
							   ? 32 : 100);
				calls++;
				for (size_t r = 0; r < blake2s_nimpls; r++)
					if (blake2s_hits[r] != before[r] && r != want_msg &&
					    r != want_block && r != expected_row(64 + lens[l]) &&
					    r != expected_row(100))
						stray++;
			}
		}
		sub = (sub - detected) & detected;
	} while (sub != detected);
	zinc_cpu_set_mask(~0u);
	CHECK(stray == 0, "%lu of %lu calls ran a row dispatch should not pick", stray, calls);

	/* With every feature, the preferred usable row runs them. */
	for (size_t op = 0; op < 3; op++) {
		size_t want = expected_row(0);

		memcpy(before, blake2s_hits, blake2s_nimpls * sizeof(before[0]));
		if (op == 0)
			blake2s(out, in, key, 1, 100, 32);
		else
			blake2s_hmac(out, in, key, 64, op == 1 ? 32 : 100);
		CHECK(blake2s_hits[want] > before[want], "%s ran %s",
		      op == 0 ? "keyed 1-byte digest" : "HMAC", blake2s_impls[want].name);
	}
	zinc_cpu_set_model(ZINC_CPU_NMODELS);
}

/*
 * Dispatch-hit test: for every subset of the detected CPU features and every
 * length class, blake2s_update() runs exactly the row this test expects for
 * its length, blake2s_final() the row expected for one block, blake2s_hmac()
 * the row expected for a block plus its message, each once, and the digests
 * equal the generic row's. The policy is written here independently of the
 * table (lib/common/test.h), so a threshold changed in lib/blake2s/rows.h
 * alone fails.
 *
 * The thresholds and their measurements are in lib/blake2s/rows.h.
 */
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

/* The row the policy gives for len bytes with features f. */
static size_t policy_row(uint32_t f, size_t len)
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

static uint8_t hit_msg[4096];

static void test_runs_the_expected_row(uint32_t f)
{
	uint8_t key[32], want[32], out[32];
	struct blake2s_state st, ref;

	test_fill(key, sizeof(key), f + 1);
	for (size_t c = 0; c < ARRAY_SIZE(length_classes); c++) {
		size_t len = length_classes[c];

		test_fill(hit_msg, len, (uint32_t)c);
		blake2s_init_key(&ref, 32, key, 32);
		blake2s_update_with(&blake2s_impls[0], &ref, hit_msg, len);
		blake2s_final_with(&blake2s_impls[0], &ref, want);

		blake2s_init_key(&st, 32, key, 32);
		clear_hits();
		blake2s_update(&st, hit_msg, len);
		check_one_hit(policy_row(f, len), "blake2s_update()", len, f);
		clear_hits();
		blake2s_final(&st, out);
		check_one_hit(policy_row(f, BLAKE2S_BLOCK_SIZE), "blake2s_final()", len, f);
		CHECK_MEM(out, want, 32, "blake2s_update/final len %zu", len);

		/* The reference: the same HMAC with every feature masked. */
		zinc_cpu_set_mask(0);
		blake2s_hmac(want, hit_msg, key, len, sizeof(key));
		zinc_cpu_set_mask(f);
		clear_hits();
		blake2s_hmac(out, hit_msg, key, len, sizeof(key));
		check_one_hit(policy_row(f, BLAKE2S_BLOCK_SIZE + len), "blake2s_hmac()", len, f);
		CHECK_MEM(out, want, 32, "blake2s_hmac len %zu", len);
	}
}

/* Every row has its policy, and blake2s_update(), blake2s_final() and
 * blake2s_hmac() run the row it gives under every model and feature subset. */
static void test_dispatch_runs_the_policy_rows(void)
{
	TEST_POLICY_MATCHES_ROWS(policy, blake2s_impls, blake2s_nimpls);
	test_dispatch_every_subset("blake2s_test", test_runs_the_expected_row,
				   ARRAY_SIZE(length_classes));
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
	test_reference_is_blake2s();
	test_compress_across_carry_and_wrap();
	test_hash_across_carry_and_wrap();
	test_public_calls_count_hits();
	test_public_paths_run_the_picked_row();
	test_dispatch_runs_the_policy_rows();
	return TEST_SUMMARY("blake2s_test");
}
