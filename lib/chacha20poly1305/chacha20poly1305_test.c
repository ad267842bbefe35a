/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for ChaCha20-Poly1305 and XChaCha20-Poly1305: the RFC 8439 and
 * XChaCha draft vectors, round trips, rejection of every flipped bit with
 * the output zeroed, short inputs, in-place operation, and agreement of
 * every usable pair of backend rows with the generic pair.
 */
#include <stdio.h>
#include <string.h>
#include <zinc/chacha20poly1305.h>

#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/common/util.h"

static int all_bytes(const uint8_t *p, size_t len, uint8_t v)
{
	for (size_t i = 0; i < len; i++)
		if (p[i] != v)
			return 0;
	return 1;
}

/* The two AEADs behind one interface: nonce is 12 or 24 bytes. */
struct aead {
	const char *name;
	size_t nonce_size;
	void (*encrypt)(uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t,
			const uint8_t *, const uint8_t *);
	bool (*decrypt)(uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t,
			const uint8_t *, const uint8_t *);
	void (*encrypt_with)(const struct chacha20_impl *, uint32_t, uint8_t *, const uint8_t *,
			     size_t, const uint8_t *, size_t, const uint8_t *, const uint8_t *);
	bool (*decrypt_with)(const struct chacha20_impl *, uint32_t, uint8_t *, const uint8_t *,
			     size_t, const uint8_t *, size_t, const uint8_t *, const uint8_t *);
};

static const struct aead aeads[] = {
	{ "chacha20poly1305", CHACHA20POLY1305_NONCE_SIZE, chacha20poly1305_encrypt,
	  chacha20poly1305_decrypt, chacha20poly1305_encrypt_with,
	  chacha20poly1305_decrypt_with },
	{ "xchacha20poly1305", XCHACHA20POLY1305_NONCE_SIZE, xchacha20poly1305_encrypt,
	  xchacha20poly1305_decrypt, xchacha20poly1305_encrypt_with,
	  xchacha20poly1305_decrypt_with },
};

static const char sunscreen[] =
	"Ladies and Gentlemen of the class of '99: If I could offer you only one "
	"tip for the future, sunscreen would be it.";

/* RFC 8439 2.8.2 and XChaCha draft A.3.1 share plaintext, AAD and key. */
static const char vec_ad[] = "50515253c0c1c2c3c4c5c6c7";
static const char vec_key[] =
	"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f";

static void check_vector(const struct aead *a, const char *section, const char *nonce_hex,
			 const char *ct_hex, const char *tag_hex)
{
	uint8_t key[32], nonce[24], ad[12], want[130], out[130], back[114];

	test_unhex(key, sizeof(key), vec_key);
	test_unhex(ad, sizeof(ad), vec_ad);
	CHECK(test_unhex(nonce, sizeof(nonce), nonce_hex) == a->nonce_size, "%s nonce size",
	      section);
	CHECK(test_unhex(want, sizeof(want), ct_hex) == 114, "%s ciphertext size", section);
	CHECK(test_unhex(want + 114, sizeof(want) - 114, tag_hex) == 16, "%s tag size", section);
	a->encrypt(out, (const uint8_t *)sunscreen, 114, ad, 12, nonce, key);
	CHECK_MEM(out, want, 114, "%s ciphertext", section);
	CHECK_MEM(out + 114, want + 114, 16, "%s tag", section);
	CHECK(a->decrypt(back, want, 130, ad, 12, nonce, key), "%s decrypt rejected", section);
	CHECK_MEM(back, sunscreen, 114, "%s decrypted", section);
}

static void test_rfc8439_2_8_2(void)
{
	check_vector(&aeads[0], "RFC 8439 2.8.2", "070000004041424344454647",
		     "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
		     "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
		     "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
		     "3ff4def08e4b7a9de576d26586cec64b6116",
		     "1ae10b594f09e26a7e902ecbd0600691");
}

static void test_xchacha_a_3_1(void)
{
	check_vector(&aeads[1], "XChaCha draft A.3.1",
		     "404142434445464748494a4b4c4d4e4f5051525354555657",
		     "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb"
		     "731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452"
		     "2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9"
		     "21f9664c97637da9768812f615c68b13b52e",
		     "c0875924c1c7987947deafd8780acf49");
}

/* decrypt(encrypt(m)) = m for every length 0..300 and AD length 0..40. */
static void test_round_trip(void)
{
	uint8_t key[32], nonce[24], ad[40], msg[300], ct[316], back[301];

	for (size_t k = 0; k < ARRAY_SIZE(aeads); k++) {
		const struct aead *a = &aeads[k];
		unsigned long bad = 0;

		for (size_t len = 0; len <= 300; len++) {
			for (size_t ad_len = 0; ad_len <= 40; ad_len++) {
				test_fill(key, 32, (uint32_t)(len * 41 + ad_len));
				test_fill(nonce, 24, (uint32_t)len);
				test_fill(ad, ad_len, (uint32_t)ad_len + 7);
				test_fill(msg, len, (uint32_t)len + 9);
				memset(back, 0xaa, sizeof(back));
				a->encrypt(ct, msg, len, ad, ad_len, nonce, key);
				bool ok = a->decrypt(back, ct, len + 16, ad, ad_len, nonce, key);
				if ((!ok || memcmp(back, msg, len) || back[len] != 0xaa) && bad++ < 5)
					CHECK(0, "%s round trip, %zu bytes, ad %zu", a->name, len,
					      ad_len);
			}
		}
		CHECK(bad == 0, "%s: %lu round trips failed", a->name, bad);
	}
}

/* One flipped bit anywhere in ciphertext, tag or AD is rejected, and the
 * output is zeroed. */
static void test_flipped_bit_rejected(void)
{
	static const size_t lens[] = { 0, 1, 15, 16, 17, 63, 64, 65, 100 };
	uint8_t key[32], nonce[24], ad[20], msg[100], ct[116], dst[100];

	test_fill(key, 32, 31);
	test_fill(nonce, 24, 32);
	test_fill(ad, sizeof(ad), 33);
	for (size_t k = 0; k < ARRAY_SIZE(aeads); k++) {
		const struct aead *a = &aeads[k];

		for (size_t l = 0; l < ARRAY_SIZE(lens); l++) {
			size_t len = lens[l];
			unsigned long bad = 0;

			test_fill(msg, len, (uint32_t)len);
			a->encrypt(ct, msg, len, ad, sizeof(ad), nonce, key);
			for (size_t bit = 0; bit < (len + 16) * 8; bit++) {
				ct[bit / 8] ^= (uint8_t)(1u << (bit % 8));
				memset(dst, 0xaa, sizeof(dst));
				bool ok = a->decrypt(dst, ct, len + 16, ad, sizeof(ad), nonce, key);
				if (ok || !all_bytes(dst, len, 0) || !all_bytes(dst + len, sizeof(dst) - len, 0xaa))
					bad++;
				ct[bit / 8] ^= (uint8_t)(1u << (bit % 8));
			}
			for (size_t bit = 0; bit < sizeof(ad) * 8; bit++) {
				ad[bit / 8] ^= (uint8_t)(1u << (bit % 8));
				memset(dst, 0xaa, sizeof(dst));
				bool ok = a->decrypt(dst, ct, len + 16, ad, sizeof(ad), nonce, key);
				if (ok || !all_bytes(dst, len, 0))
					bad++;
				ad[bit / 8] ^= (uint8_t)(1u << (bit % 8));
			}
			/* A dropped AD byte changes the lengths block. */
			memset(dst, 0xaa, sizeof(dst));
			if (a->decrypt(dst, ct, len + 16, ad, sizeof(ad) - 1, nonce, key))
				bad++;
			CHECK(bad == 0, "%s, %zu bytes: %lu forgeries accepted or output not zeroed",
			      a->name, len, bad);
			CHECK(a->decrypt(dst, ct, len + 16, ad, sizeof(ad), nonce, key) &&
			      !memcmp(dst, msg, len), "%s, %zu bytes: original rejected", a->name, len);
		}
	}
}

/* Fewer than 16 bytes cannot hold a tag: false, and dst untouched. */
static void test_short_input_writes_nothing(void)
{
	uint8_t key[32] = { 0 }, nonce[24] = { 0 }, src[16] = { 0 }, dst[16];

	for (size_t k = 0; k < ARRAY_SIZE(aeads); k++) {
		for (size_t len = 0; len < 16; len++) {
			memset(dst, 0xaa, sizeof(dst));
			CHECK(!aeads[k].decrypt(dst, src, len, NULL, 0, nonce, key),
			      "%s accepted %zu bytes", aeads[k].name, len);
			CHECK(all_bytes(dst, sizeof(dst), 0xaa), "%s wrote for %zu bytes",
			      aeads[k].name, len);
		}
		CHECK(!aeads[k].decrypt(NULL, NULL, 0, NULL, 0, nonce, key),
		      "%s accepted NULL, 0", aeads[k].name);
	}
}

/* dst == src gives what separate buffers give, both ways. */
static void test_in_place(void)
{
	uint8_t key[32], nonce[24], ad[13], msg[200], ct[216], buf[216];

	test_fill(key, 32, 41);
	test_fill(nonce, 24, 42);
	test_fill(ad, sizeof(ad), 43);
	for (size_t k = 0; k < ARRAY_SIZE(aeads); k++) {
		const struct aead *a = &aeads[k];

		for (size_t len = 0; len <= 200; len += 13) {
			test_fill(msg, len, (uint32_t)len);
			a->encrypt(ct, msg, len, ad, sizeof(ad), nonce, key);
			memcpy(buf, msg, len);
			a->encrypt(buf, buf, len, ad, sizeof(ad), nonce, key);
			CHECK_MEM(buf, ct, len + 16, "%s encrypt in place, %zu bytes", a->name, len);
			CHECK(a->decrypt(buf, buf, len + 16, ad, sizeof(ad), nonce, key),
			      "%s decrypt in place rejected, %zu bytes", a->name, len);
			CHECK_MEM(buf, msg, len, "%s decrypt in place, %zu bytes", a->name, len);
			/* A forged tag in place zeroes the buffer. */
			memcpy(buf, ct, len + 16);
			buf[len] ^= 1;
			CHECK(!a->decrypt(buf, buf, len + 16, ad, sizeof(ad), nonce, key) &&
			      all_bytes(buf, len, 0), "%s forged in place, %zu bytes", a->name, len);
		}
	}
}

/* Every public function takes NULL with length 0. */
static void test_null_with_zero_length(void)
{
	uint8_t key[32], nonce[24], tag[16], out[16];

	test_fill(key, 32, 51);
	test_fill(nonce, 24, 52);
	for (size_t k = 0; k < ARRAY_SIZE(aeads); k++) {
		aeads[k].encrypt(tag, NULL, 0, NULL, 0, nonce, key);
		CHECK(aeads[k].decrypt(NULL, tag, 16, NULL, 0, nonce, key),
		      "%s: empty message with NULL dst rejected", aeads[k].name);
		/* The same tag as with real, empty buffers. */
		aeads[k].encrypt(out, out, 0, out, 0, nonce, key);
		CHECK_MEM(out, tag, 16, "%s: NULL and empty buffers differ", aeads[k].name);
	}
}

/* Every usable (ChaCha20 row, Poly1305 row) pair gives the generic pair's
 * output for lengths 0..600. */
static void test_every_row_pair_matches_generic(void)
{
	static uint8_t msg[600], want[616], out[616], back[600];
	uint8_t key[32], nonce[24], ad[21];

	for (size_t c = 0; c < chacha20_nimpls; c++) {
		const struct chacha20_impl *chacha = &chacha20_impls[c];

		if (!zinc_cpu_have(chacha->features)) {
			printf("chacha20poly1305_test: skipping %s: CPU features missing\n",
			       chacha->name);
			continue;
		}
		for (uint32_t p = 0; p < poly1305_nimpls; p++) {
			if (!zinc_cpu_have(poly1305_impls[p].features)) {
				printf("chacha20poly1305_test: skipping %s: CPU features missing\n",
				       poly1305_impls[p].name);
				continue;
			}
			for (size_t k = 0; k < ARRAY_SIZE(aeads); k++) {
				const struct aead *a = &aeads[k];
				unsigned long bad = 0;

				for (size_t len = 0; len <= 600; len++) {
					test_fill(key, 32, (uint32_t)len);
					test_fill(nonce, 24, (uint32_t)len + 1);
					test_fill(ad, sizeof(ad), (uint32_t)len + 2);
					test_fill(msg, len, (uint32_t)len + 3);
					a->encrypt_with(&chacha20_impls[0], 0, want, msg, len, ad,
							len % 22, nonce, key);
					a->encrypt_with(chacha, p, out, msg, len, ad, len % 22, nonce,
							key);
					if (memcmp(out, want, len + 16))
						bad++;
					if (!a->decrypt_with(chacha, p, back, want, len + 16, ad,
							     len % 22, nonce, key) ||
					    memcmp(back, msg, len))
						bad++;
				}
				CHECK(bad == 0, "%s with %s + %s: %lu lengths differ from generic",
				      a->name, chacha->name, poly1305_impls[p].name, bad);
			}
		}
	}
}

int main(void)
{
	test_rfc8439_2_8_2();
	test_xchacha_a_3_1();
	test_round_trip();
	test_flipped_bit_rejected();
	test_short_input_writes_nothing();
	test_in_place();
	test_null_with_zero_length();
	test_every_row_pair_matches_generic();
	return TEST_SUMMARY("chacha20poly1305_test");
}
