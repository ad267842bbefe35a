/* SPDX-License-Identifier: MIT */
/*
 * Dispatch-hit test for the AEADs: for every subset of the detected CPU
 * features and every length class, each public AEAD function
 * (chacha20poly1305_encrypt/decrypt, xchacha20poly1305_encrypt/decrypt and
 * the _sg_inplace pair) runs exactly one ChaCha20 row, the one chacha20()
 * runs for the length of its longest ChaCha20 call (below), and one
 * Poly1305 row, the one poly1305()
 * runs for the length of the MAC input (ad and ciphertext each padded to 16
 * bytes, plus the 16-byte length block, computed here), and gives the
 * generic rows' output. Which rows chacha20() and poly1305() run is checked
 * against their independent policies by lib/chacha20/dispatch_test.c and
 * lib/poly1305/dispatch_test.c; this test ties the AEADs to them.
 *
 * The encrypt functions also run exactly one row of chacha20poly1305_impls,
 * the one the policy below expects (written here independently of
 * lib/chacha20poly1305/rows.h, so a threshold changed there alone fails);
 * with a stitched row the Poly1305 row is poly1305-x86_64, whose state
 * layout the kernel continues. The scatter-gather encrypt picks its row as
 * the flat one does. Decryption runs the encrypt's row too, but only up to
 * OPEN_MAX_LEN bytes of ciphertext (its one pass holds the plaintext on the
 * stack until the tag checks); longer, the two-pass row. Needs
 * ZINC_TESTING (chacha20_hits[], poly1305_hits[], chacha20poly1305_hits[]).
 */
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>
#include <zinc/chacha20poly1305.h>

#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/chacha20poly1305/entries.h"
#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/common/util.h"

static const size_t length_classes[] = {
	0, 1, 15, 16, 17, 63, 64, 65, 191, 192, 193, 255, 256, 257, 352, 353, 383, 384,
	385, 576, 577, 578, 1024, 1025, 1344, 1345, 1420, 4096, 4160, 4161,
};

/* The longest ciphertext decryption takes a stitched row for: a 64-byte
 * head and 4096 bytes in the stack buffer (lib/chacha20poly1305). */
enum { OPEN_MAX_LEN = 64 + 4096, MAX_LEN = 4161 };
_Static_assert(OPEN_MAX_LEN == CHACHA20POLY1305_OPEN_MAX_LEN && MAX_LEN == OPEN_MAX_LEN + 1,
	       "restated independently here, the same as lib/chacha20poly1305/sizes.h's, and the "
	       "longest length class one byte past it");
static const size_t ad_lengths[] = { 0, 13, 32 };

/* The first ChaCha20 call makes keystream block 0 (the Poly1305 key) and
 * encrypts the message's first bytes with it: all of a message of up to
 * three blocks, then one block. So a message of up to 192 bytes takes the
 * row for 64 bytes more than its length (one call); a longer one the row
 * for its own length (its second call is the longer one). */
enum { BLOCK = 64, ALL_HEAD = 3 * BLOCK };

static size_t longest_chacha20_call(size_t len)
{
	return len <= ALL_HEAD ? BLOCK + len : len;
}

/* The thresholds and their reasons are in lib/chacha20poly1305/rows.h. */
static const struct test_policy aead_policy[] = {
	{ "chacha20poly1305-two-pass", 0, 0 },
	{ "chacha20poly1305-avx2", ZINC_CPU_AVX2, 577 },
	{ "chacha20poly1305-avx512ifma",
	  ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL | ZINC_CPU_AVX512IFMA, 1345 },
};

static void test_every_aead_row_has_a_policy(void)
{
	TEST_POLICY_MATCHES_ROWS(aead_policy, chacha20poly1305_impls, chacha20poly1305_nimpls);
}

static size_t expected_aead_row(uint32_t f, size_t len)
{
	return TEST_POLICY_ROW(aead_policy, chacha20poly1305_impls, chacha20poly1305_nimpls, f, len);
}

static size_t poly1305_row_named(const char *name)
{
	for (size_t i = 0; i < poly1305_nimpls; i++)
		if (!strcmp(poly1305_impls[i].name, name))
			return i;
	CHECK(0, "no Poly1305 row named %s", name);
	return 0;
}

/* The rows chacha20() and poly1305() run for these lengths, by their hits. */
static size_t row_of(const unsigned long *hits, size_t n)
{
	size_t row = n;

	for (size_t i = 0; i < n; i++)
		if (hits[i])
			row = row == n ? i : n + 1; /* more than one: no single row */
	return row;
}

static void clear_hits(void)
{
	memset(chacha20_hits, 0, sizeof(chacha20_hits[0]) * chacha20_nimpls);
	memset(poly1305_hits, 0, sizeof(poly1305_hits[0]) * poly1305_nimpls);
	memset(chacha20poly1305_hits, 0, sizeof(chacha20poly1305_hits[0]) * chacha20poly1305_nimpls);
}

/* Exactly the AEAD row aead ran, once. */
static void check_aead_row(size_t aead, const char *what, size_t len, uint32_t f)
{
	char feat[128];

	zinc_cpu_format(f, feat, sizeof(feat));
	for (size_t i = 0; i < chacha20poly1305_nimpls; i++)
		CHECK(chacha20poly1305_hits[i] == (i == aead),
		      "%s len %zu features %s: AEAD row %s ran %lu times, expected %d", what, len,
		      feat, chacha20poly1305_impls[i].name, chacha20poly1305_hits[i], i == aead);
}

static size_t chacha20_row_of_len(size_t len)
{
	static const uint8_t key[32], nonce[12];
	static uint8_t buf[MAX_LEN];
	struct chacha20_ctx ctx;

	/* chacha20() of no bytes runs no row: the row for 0 bytes is then
	 * the row for 1 byte's, which the policies give (no row has a
	 * minimum length of 1). */
	chacha20_init(&ctx, key, nonce, 0);
	clear_hits();
	chacha20(&ctx, buf, buf, len ? len : 1);
	return row_of(chacha20_hits, chacha20_nimpls);
}

static size_t poly1305_row_of_len(size_t len)
{
	static const uint8_t key[32];
	static uint8_t buf[MAX_LEN + 64 + 16];
	uint8_t mac[16];

	clear_hits();
	poly1305(mac, buf, len, key);
	return row_of(poly1305_hits, poly1305_nimpls);
}

static void check_rows(size_t chacha, size_t poly, const char *what, size_t len, size_t ad_len,
		       uint32_t f)
{
	char feat[128];
	size_t got_chacha = row_of(chacha20_hits, chacha20_nimpls);
	size_t got_poly = row_of(poly1305_hits, poly1305_nimpls);

	zinc_cpu_format(f, feat, sizeof(feat));
	CHECK(got_chacha == chacha && chacha20_hits[chacha] == 1,
	      "%s len %zu ad %zu features %s: ChaCha20 row %s expected once, got %s", what, len,
	      ad_len, feat, chacha20_impls[chacha].name,
	      got_chacha < chacha20_nimpls ? chacha20_impls[got_chacha].name : "none or several");
	CHECK(got_poly == poly && poly1305_hits[poly] == 1,
	      "%s len %zu ad %zu features %s: Poly1305 row %s expected once, got %s", what, len,
	      ad_len, feat, poly1305_impls[poly].name,
	      got_poly < poly1305_nimpls ? poly1305_impls[got_poly].name : "none or several");
}

/* The call just made ran ChaCha20 row chacha, Poly1305 row poly and AEAD
 * row aead once each. */
static void check_call(size_t chacha, size_t poly, int aead, const char *what, size_t len,
		       size_t ad_len, uint32_t f)
{
	check_rows(chacha, poly, what, len, ad_len, f);
	check_aead_row((size_t)aead, what, len, f);
}

static uint8_t msg[MAX_LEN], ad[32], want[MAX_LEN + 16], out[MAX_LEN + 16], back[MAX_LEN];
static const uint8_t key[32] = { 1, 2, 3 }, nonce[24] = { 4, 5, 6 };

/* The rows a call of one length is expected to run: encrypt takes AEAD row
 * aead with Poly1305 row enc_poly, decrypt AEAD row open with dec_poly. */
struct expected {
	size_t chacha, enc_poly, dec_poly;
	int aead, open;
};

/* v's flat encrypt and decrypt of msg run the expected rows and give the
 * generic rows' bytes; want is left holding them. */
static void check_flat(const struct aead_variant *v, const struct aead_way *gen,
		       const struct expected *e, size_t len, size_t ad_len, uint32_t f)
{
	char enc[64], dec[64];
	bool ok;

	snprintf(enc, sizeof(enc), "%s_encrypt", v->name);
	snprintf(dec, sizeof(dec), "%s_decrypt", v->name);
	aead_way_encrypt(v, gen, want, msg, len, ad, ad_len, nonce, key);
	clear_hits();
	v->encrypt(out, msg, len, ad, ad_len, nonce, key);
	check_call(e->chacha, e->enc_poly, e->aead, enc, len, ad_len, f);
	CHECK_MEM(out, want, len + 16, "%s len %zu", enc, len);
	clear_hits();
	ok = v->decrypt(back, out, len + 16, ad, ad_len, nonce, key);
	check_call(e->chacha, e->dec_poly, e->open, dec, len, ad_len, f);
	CHECK(ok && !memcmp(back, msg, len), "%s len %zu", dec, len);
}

/* In place over three pieces, the middle one holding the tag's first byte;
 * want holds the flat encryption's bytes. */
static void check_sg(const struct expected *e, size_t len, size_t ad_len, uint32_t f)
{
	struct iovec iov[3];
	bool ok;

	memcpy(out, msg, len);
	iov[0] = (struct iovec){ out, len / 3 };
	iov[1] = (struct iovec){ out + len / 3, len - len / 3 + 1 };
	iov[2] = (struct iovec){ out + len + 1, 15 };
	clear_hits();
	ok = chacha20poly1305_encrypt_sg_inplace(iov, 3, len, ad, ad_len, nonce, key);
	check_call(e->chacha, e->enc_poly, e->aead, "chacha20poly1305_encrypt_sg_inplace", len,
		   ad_len, f);
	CHECK(ok, "chacha20poly1305_encrypt_sg_inplace len %zu returned false", len);
	CHECK_MEM(out, want, len + 16, "chacha20poly1305_encrypt_sg_inplace len %zu", len);
	clear_hits();
	ok = chacha20poly1305_decrypt_sg_inplace(iov, 3, len + 16, ad, ad_len, nonce, key);
	check_call(e->chacha, e->dec_poly, e->open, "chacha20poly1305_decrypt_sg_inplace", len,
		   ad_len, f);
	CHECK(ok && !memcmp(out, msg, len), "chacha20poly1305_decrypt_sg_inplace len %zu", len);
}

static void test_runs_the_expected_rows(uint32_t f)
{
	struct aead_way gen;

	aead_way_pair(&gen, CHACHA20_ROW_GENERIC, 0);

	for (size_t a = 0; a < ARRAY_SIZE(ad_lengths); a++) {
		size_t ad_len = ad_lengths[a];

		test_fill(ad, ad_len, (uint32_t)a + 7);
		for (size_t c = 0; c < ARRAY_SIZE(length_classes); c++) {
			size_t len = length_classes[c];
			size_t mac = ((ad_len + 15) & ~(size_t)15) + ((len + 15) & ~(size_t)15) + 16;
			size_t poly = poly1305_row_of_len(mac);
			struct expected e;

			e.chacha = chacha20_row_of_len(longest_chacha20_call(len));
			e.aead = (int)expected_aead_row(f, len);
			e.open = len <= OPEN_MAX_LEN ? e.aead : 0;
			e.enc_poly = e.aead ? poly1305_row_named("poly1305-x86_64") : poly;
			e.dec_poly = e.open ? e.enc_poly : poly;
			test_fill(msg, len, (uint32_t)c);
			check_flat(&aead_chacha20poly1305, &gen, &e, len, ad_len, f);
			check_sg(&e, len, ad_len, f);
			check_flat(&aead_xchacha20poly1305, &gen, &e, len, ad_len, f);
		}
	}
}

int main(void)
{
	unsigned long subsets = 0;

	test_every_aead_row_has_a_policy();
	TEST_EVERY_FEATURE_SUBSET(&subsets, test_runs_the_expected_rows(f));
	printf("chacha20poly1305 dispatch_test: %lu feature subsets x %zu length classes x %zu"
	       " AD lengths\n", subsets, ARRAY_SIZE(length_classes), ARRAY_SIZE(ad_lengths));
	return TEST_SUMMARY("chacha20poly1305_dispatch_test");
}
