/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for ChaCha20-Poly1305 and XChaCha20-Poly1305: the RFC 8439 and
 * XChaCha draft vectors, round trips, rejection of every flipped bit with
 * the output zeroed, short inputs, in-place operation, and agreement of
 * every usable pair of backend rows with the generic pair, and of every
 * stitched row across its step edges; and the
 * scatter-gather functions: the RFC vector through many splits, every bad
 * size rejected without a write, tags and blocks split across entries,
 * zero-length entries, a bad tag zeroing exactly the plaintext, and sg
 * equal to the flat functions for random splits; and which rows each
 * public function runs under every model and feature subset (the
 * dispatch-hit test, last). Needs ZINC_TESTING (chacha20_hits[],
 * poly1305_hits[], chacha20poly1305_hits[]).
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

static int all_bytes(const uint8_t *p, size_t len, uint8_t v)
{
	for (size_t i = 0; i < len; i++)
		if (p[i] != v)
			return 0;
	return 1;
}

/* The two AEADs behind one interface: nonce is 12 or 24 bytes; run by
 * their public functions (->encrypt, ->decrypt) or a way of entries.h. */
static const struct aead_variant *const aeads[] = { &aead_chacha20poly1305,
						     &aead_xchacha20poly1305 };

/* A test's key, nonce (nonce_len bytes) and AD (ad_len bytes) from seed
 * s: test_fill with s, s + 1 and s + 2. */
static void fill_key_nonce_ad(uint8_t *key, uint8_t *nonce, size_t nonce_len, uint8_t *ad,
			      size_t ad_len, uint32_t s)
{
	test_fill(key, 32, s);
	test_fill(nonce, nonce_len, s + 1);
	test_fill(ad, ad_len, s + 2);
}

static const char sunscreen[] =
	"Ladies and Gentlemen of the class of '99: If I could offer you only one "
	"tip for the future, sunscreen would be it.";

/* RFC 8439 2.8.2 and XChaCha draft A.3.1 share plaintext, AAD and key. */
static const char vec_ad[] = "50515253c0c1c2c3c4c5c6c7";
static const char vec_key[] =
	"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f";

static void check_vector(const struct aead_variant *a, const char *section, const char *nonce_hex,
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
	check_vector(aeads[0], "RFC 8439 2.8.2", "070000004041424344454647",
		     "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
		     "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
		     "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
		     "3ff4def08e4b7a9de576d26586cec64b6116",
		     "1ae10b594f09e26a7e902ecbd0600691");
}

static void test_xchacha_a_3_1(void)
{
	check_vector(aeads[1], "XChaCha draft A.3.1",
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
		const struct aead_variant *a = aeads[k];
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

	fill_key_nonce_ad(key, nonce, 24, ad, sizeof(ad), 31);
	for (size_t k = 0; k < ARRAY_SIZE(aeads); k++) {
		const struct aead_variant *a = aeads[k];

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

/*
 * Decryption's one pass (a stitched row, 577 to 4160 bytes, and one byte
 * past it, where two passes take over), through the public functions and
 * every usable stitched row, out of place and in place: a flipped bit in the
 * first block, in each 512-byte step, in the last partial 16-byte block, in
 * the tag or in the AD is rejected with the output all zero and the bytes
 * after it untouched; the original decrypts to the message.
 */
static void test_one_pass_decrypt(void)
{
	enum { MAX = 4161 };
	_Static_assert(MAX == CHACHA20POLY1305_OPEN_MAX_LEN + 1,
		       "the lengths below end at the one pass's longest and one byte past it");
	static const size_t lens[] = { 577, 1024, 1420, 4159, 4160, MAX };
	static uint8_t msg[MAX], ct[MAX + 16], buf[MAX + 32];
	uint8_t key[32], nonce[24], ad[11];
	unsigned long runs = 0;

	fill_key_nonce_ad(key, nonce, 24, ad, sizeof(ad), 41);
	for (size_t k = 0; k < ARRAY_SIZE(aeads); k++) {
		const struct aead_variant *a = aeads[k];

		for (size_t r = 0; r <= chacha20poly1305_nimpls; r++) {
			const struct chacha20poly1305_impl *row =
				r ? &chacha20poly1305_impls[r - 1] : NULL;
			struct aead_way w = { .kind = AEAD_WAY_PUBLIC };

			if (row && (!row->decrypt_steps || !zinc_cpu_have(row->features)))
				continue;
			if (row)
				aead_way_row(&w, (enum chacha20poly1305_row)(r - 1));
			for (size_t l = 0; l < ARRAY_SIZE(lens); l++) {
				size_t len = lens[l], flips[16], nflips = 0;
				unsigned long bad = 0;

				test_fill(msg, len, (uint32_t)len + 5);
				a->encrypt(ct, msg, len, ad, sizeof(ad), nonce, key);
				flips[nflips++] = 0;
				for (size_t at = 64 + 100; at < len; at += 512)
					flips[nflips++] = at * 8 + 3;
				flips[nflips++] = (len - 1) * 8;
				flips[nflips++] = (len + 15) * 8 + 7;
				flips[nflips++] = SIZE_MAX; /* the AD */
				for (size_t f = 0; f <= nflips; f++) {
					for (int in_place = 0; in_place < 2; in_place++) {
						bool flip = f < nflips, ok;
						uint8_t *src = in_place ? buf : ct;

						memset(buf, 0xaa, sizeof(buf));
						if (in_place)
							memcpy(buf, ct, len + 16);
						if (flip && flips[f] == SIZE_MAX)
							ad[3] ^= 0x10;
						else if (flip)
							src[flips[f] / 8] ^= (uint8_t)(1u << (flips[f] % 8));
						ok = aead_way_decrypt(a, &w, buf, src, len + 16, ad,
								      sizeof(ad), nonce, key);
						if (flip && flips[f] == SIZE_MAX)
							ad[3] ^= 0x10;
						else if (flip && !in_place)
							src[flips[f] / 8] ^= (uint8_t)(1u << (flips[f] % 8));
						if (flip ? ok || !all_bytes(buf, len, 0)
							 : !ok || memcmp(buf, msg, len))
							bad++;
						if (!in_place && !all_bytes(buf + len, 32, 0xaa))
							bad++;
						runs++;
					}
				}
				CHECK(bad == 0, "%s %s, %zu bytes: %lu wrong verdicts or outputs",
				      a->name, row ? row->name : "public", len, bad);
			}
		}
	}
	CHECK(runs > 0, "no decryption ran");
}

/* Fewer than 16 bytes cannot hold a tag: false, and dst untouched. */
static void test_short_input_writes_nothing(void)
{
	uint8_t key[32] = { 0 }, nonce[24] = { 0 }, src[16] = { 0 }, dst[16];

	for (size_t k = 0; k < ARRAY_SIZE(aeads); k++) {
		for (size_t len = 0; len < 16; len++) {
			memset(dst, 0xaa, sizeof(dst));
			CHECK(!aeads[k]->decrypt(dst, src, len, NULL, 0, nonce, key),
			      "%s accepted %zu bytes", aeads[k]->name, len);
			CHECK(all_bytes(dst, sizeof(dst), 0xaa), "%s wrote for %zu bytes",
			      aeads[k]->name, len);
		}
		CHECK(!aeads[k]->decrypt(NULL, NULL, 0, NULL, 0, nonce, key),
		      "%s accepted NULL, 0", aeads[k]->name);
	}
}

/* dst == src gives what separate buffers give, both ways. */
static void test_in_place(void)
{
	uint8_t key[32], nonce[24], ad[13], msg[200], ct[216], buf[216];

	fill_key_nonce_ad(key, nonce, 24, ad, sizeof(ad), 41);
	for (size_t k = 0; k < ARRAY_SIZE(aeads); k++) {
		const struct aead_variant *a = aeads[k];

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
		aeads[k]->encrypt(tag, NULL, 0, NULL, 0, nonce, key);
		CHECK(aeads[k]->decrypt(NULL, tag, 16, NULL, 0, nonce, key),
		      "%s: empty message with NULL dst rejected", aeads[k]->name);
		/* The same tag as with real, empty buffers. */
		aeads[k]->encrypt(out, out, 0, out, 0, nonce, key);
		CHECK_MEM(out, tag, 16, "%s: NULL and empty buffers differ", aeads[k]->name);
	}
}

/* The longest message of these tests: the stitched rows' (below). */
enum { MATCH_MAX = 64 + 33 * 512 + 16 };
static uint8_t match_msg[MATCH_MAX], match_want[MATCH_MAX + 16], match_out[MATCH_MAX + 16];

/* Variant a by way w against the generic pair gen, on the inputs seed s
 * fills (len bytes of message, ad_len of AD): how many of encrypt, encrypt
 * in place and decrypt of the generic ciphertext differ, 0 to 3. */
static unsigned long way_differs(const struct aead_variant *a, const struct aead_way *gen,
				 const struct aead_way *w, size_t len, size_t ad_len, uint32_t s)
{
	uint8_t key[32], nonce[24], ad[40];
	unsigned long bad = 0;

	fill_key_nonce_ad(key, nonce, 24, ad, sizeof(ad), s);
	test_fill(match_msg, len, s + 3);
	aead_way_encrypt(a, gen, match_want, match_msg, len, ad, ad_len, nonce, key);
	aead_way_encrypt(a, w, match_out, match_msg, len, ad, ad_len, nonce, key);
	bad += !!memcmp(match_out, match_want, len + 16);
	memcpy(match_out, match_msg, len);
	aead_way_encrypt(a, w, match_out, match_out, len, ad, ad_len, nonce, key);
	bad += !!memcmp(match_out, match_want, len + 16);
	bad += !aead_way_decrypt(a, w, match_out, match_want, len + 16, ad, ad_len, nonce, key) ||
	       memcmp(match_out, match_msg, len);
	return bad;
}

/* Every usable (ChaCha20 row, Poly1305 row) pair gives the generic pair's
 * output for lengths 0..600. */
static void test_every_row_pair_matches_generic(void)
{
	struct aead_way gen, w;

	aead_way_pair(&gen, CHACHA20_ROW_GENERIC, 0);
	for (size_t c = 0; c < chacha20_nimpls; c++) {
		const struct chacha20_impl *chacha = &chacha20_impls[c];

		if (!test_row_usable("chacha20poly1305_test", chacha->name, chacha->features))
			continue;
		for (uint32_t p = 0; p < poly1305_nimpls; p++) {
			if (!test_row_usable("chacha20poly1305_test", poly1305_impls[p].name,
					     poly1305_impls[p].features))
				continue;
			aead_way_pair(&w, (enum chacha20_row)c, (enum poly1305_row)p);
			for (size_t k = 0; k < ARRAY_SIZE(aeads); k++) {
				unsigned long bad = 0;

				for (size_t len = 0; len <= 600; len++)
					bad += way_differs(aeads[k], &gen, &w, len, len % 22,
							   (uint32_t)len);
				CHECK(bad == 0, "%s with %s + %s: %lu of %u checks differ from generic",
				      aeads[k]->name, chacha->name, poly1305_impls[p].name, bad,
				      3 * 601);
			}
		}
	}
}

/* Lengths for the stitched rows: every one up to five 512-byte steps past
 * the 64-byte head (for a kernel whose step is two of them, 1024 bytes:
 * every last part of 1..1023 bytes after a whole step, and after two),
 * then around the step edges of a long message. */
static size_t stitched_length(size_t i)
{
	static const size_t around[] = { 0, 1, 15, 16, 17, 63, 64, 65, 511, 512, 513 };
	const size_t edge = 64 + 32 * 512;

	if (i <= 64 + 5 * 512 + 64)
		return i;
	i -= 64 + 5 * 512 + 65;
	if (i >= 2 * ARRAY_SIZE(around))
		return SIZE_MAX;
	return i & 1 ? edge + around[i / 2] : edge - around[i / 2];
}

/* Every usable row of the AEAD table (its kernel from 512 bytes after the
 * head, whatever its min_len), in place and not, against the generic pair;
 * AD lengths vary so that the kernel starts on any Poly1305 state. */
static void test_every_stitched_row_matches_generic(void)
{
	struct aead_way gen, w;

#ifdef ZINC_ASM_X86_64
	/* The stitched path runs head and rest with this row's state layout. */
	CHECK(!strcmp(poly1305_impls[POLY1305_ROW_X86_64].name, "poly1305-x86_64"),
	      "POLY1305_ROW_X86_64 is %u, row %s", (unsigned)POLY1305_ROW_X86_64,
	      poly1305_impls[POLY1305_ROW_X86_64].name);
#endif
	aead_way_pair(&gen, CHACHA20_ROW_GENERIC, 0);
	for (size_t r = 0; r < chacha20poly1305_nimpls; r++) {
		const struct chacha20poly1305_impl *row = &chacha20poly1305_impls[r];

		if (!test_row_usable("chacha20poly1305_test", row->name, row->features))
			continue;
		aead_way_row(&w, (enum chacha20poly1305_row)r);
		for (size_t k = 0; k < ARRAY_SIZE(aeads); k++) {
			unsigned long bad = 0, n = 0;
			size_t len;

			for (size_t i = 0; (len = stitched_length(i)) != SIZE_MAX; i++, n++)
				bad += way_differs(aeads[k], &gen, &w, len, (i * 7) % 40, (uint32_t)i);
			CHECK(bad == 0, "%s with row %s: %lu of %lu checks differ from generic",
			      aeads[k]->name, row->name, bad, 3 * n);
		}
	}
}

/*
 * Scatter-gather. split() cuts buf[0..len) into entries of the given sizes
 * (each clipped to what is left) and one last entry with the rest; entries
 * point into buf, so the result reads back from buf contiguously.
 */
enum { SG_MAX = 1200 };

static size_t split(struct iovec *iov, uint8_t *buf, size_t len, const size_t *sizes, size_t n)
{
	size_t cnt = 0, off = 0;

	for (size_t i = 0; i < n; i++) {
		size_t k = sizes[i] < len - off ? sizes[i] : len - off;

		iov[cnt++] = (struct iovec){ .iov_base = buf + off, .iov_len = k };
		off += k;
	}
	iov[cnt++] = (struct iovec){ .iov_base = buf + off, .iov_len = len - off };
	return cnt;
}

/* Random entry sizes: 0, 1, up to two blocks, or up to the whole length. */
static size_t random_sizes(size_t *sizes, size_t max, size_t len, uint32_t *x)
{
	size_t n;

	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	n = *x % (max + 1);
	for (size_t i = 0; i < n; i++) {
		*x ^= *x << 13;
		*x ^= *x >> 17;
		*x ^= *x << 5;
		switch (*x & 3) {
		case 0: sizes[i] = 0; break;
		case 1: sizes[i] = 1; break;
		case 2: sizes[i] = (*x >> 8) % 129; break;
		default: sizes[i] = (*x >> 8) % (len + 1); break;
		}
	}
	return n;
}

/* Encrypts sunscreen with the 2.8.2 parameters in place over iov (whose
 * entries cover buf) and decrypts back; returns the failures. */
static unsigned long sg_vector_split(uint8_t *buf, const struct iovec *iov, size_t cnt,
				     const uint8_t *want, const uint8_t *key,
				     const uint8_t *nonce, const uint8_t *ad)
{
	unsigned long bad = 0;

	memcpy(buf, sunscreen, 114);
	bad += !chacha20poly1305_encrypt_sg_inplace(iov, cnt, 114, ad, 12, nonce, key);
	bad += !!memcmp(buf, want, 130);
	bad += !chacha20poly1305_decrypt_sg_inplace(iov, cnt, 130, ad, 12, nonce, key);
	bad += !!memcmp(buf, sunscreen, 114) + !!memcmp(buf + 114, want + 114, 16);
	return bad;
}

/* RFC 8439 2.8.2 through every cut into two entries, every pair of cuts
 * within the first block and around the 64-byte block edges, all 1-byte
 * entries, and entries separated by empty ones. */
static void test_sg_rfc8439_2_8_2(void)
{
	static const char ct_hex[] =
		"d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
		"3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
		"92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
		"3ff4def08e4b7a9de576d26586cec64b6116"
		"1ae10b594f09e26a7e902ecbd0600691";
	uint8_t key[32], nonce[12], ad[12], want[130], buf[130];
	struct iovec iov[2 * 130 + 1];
	unsigned long bad = 0;
	size_t sizes[2];

	test_unhex(key, sizeof(key), vec_key);
	test_unhex(ad, sizeof(ad), vec_ad);
	test_unhex(nonce, sizeof(nonce), "070000004041424344454647");
	CHECK(test_unhex(want, sizeof(want), ct_hex) == 130, "2.8.2 ciphertext and tag size");

	for (sizes[0] = 0; sizes[0] <= 130; sizes[0]++)
		bad += sg_vector_split(buf, iov, split(iov, buf, 130, sizes, 1), want, key,
				       nonce, ad);
	CHECK(bad == 0, "2.8.2 in two entries: %lu failures", bad);

	bad = 0;
	for (sizes[0] = 0; sizes[0] <= 70; sizes[0]++)
		for (sizes[1] = 0; sizes[1] <= 70; sizes[1]++)
			bad += sg_vector_split(buf, iov, split(iov, buf, 130, sizes, 2), want,
					       key, nonce, ad);
	CHECK(bad == 0, "2.8.2 in three entries: %lu failures", bad);

	for (size_t i = 0; i < 130; i++)
		iov[i] = (struct iovec){ .iov_base = buf + i, .iov_len = 1 };
	CHECK(sg_vector_split(buf, iov, 130, want, key, nonce, ad) == 0,
	      "2.8.2 in 1-byte entries");

	for (size_t i = 0; i < 130; i++) {
		iov[2 * i] = (struct iovec){ .iov_base = NULL, .iov_len = 0 };
		iov[2 * i + 1] = (struct iovec){ .iov_base = buf + i, .iov_len = 1 };
	}
	iov[260] = (struct iovec){ .iov_base = NULL, .iov_len = 0 };
	CHECK(sg_vector_split(buf, iov, 261, want, key, nonce, ad) == 0,
	      "2.8.2 in 1-byte entries between empty ones");
}

/* Every size the list cannot hold: false, and not one byte written. */
static void test_sg_bad_sizes_write_nothing(void)
{
	uint8_t key[32], nonce[12], buf[100], before[100];
	struct iovec iov[4];
	size_t sizes[] = { 10, 0, 33 }, cnt;

	test_fill(key, 32, 61);
	test_fill(nonce, 12, 62);
	test_fill(buf, sizeof(buf), 63);
	memcpy(before, buf, sizeof(buf));
	cnt = split(iov, buf, sizeof(buf), sizes, 3);

	for (size_t len = sizeof(buf) - 15; len <= sizeof(buf); len++)
		CHECK(!chacha20poly1305_encrypt_sg_inplace(iov, cnt, len, NULL, 0, nonce, key),
		      "encrypt of %zu bytes accepted by a list of %zu", len, sizeof(buf));
	CHECK(!chacha20poly1305_encrypt_sg_inplace(iov, cnt, SIZE_MAX, NULL, 0, nonce, key),
	      "encrypt of SIZE_MAX bytes accepted");
	CHECK(!chacha20poly1305_encrypt_sg_inplace(iov, cnt, SIZE_MAX - 15, NULL, 0, nonce, key),
	      "encrypt of SIZE_MAX - 15 bytes accepted (src_len + 16 wraps)");
	CHECK(!chacha20poly1305_encrypt_sg_inplace(NULL, 1, 0, NULL, 0, nonce, key),
	      "encrypt accepted iov NULL with a count of 1");
	CHECK(!chacha20poly1305_encrypt_sg_inplace(NULL, 0, 0, NULL, 0, nonce, key),
	      "encrypt accepted an empty list (no room for the tag)");
	CHECK(!chacha20poly1305_encrypt_sg_inplace(iov, 0, 0, NULL, 0, nonce, key),
	      "encrypt accepted a count of 0");

	CHECK(!chacha20poly1305_decrypt_sg_inplace(iov, cnt, sizeof(buf) + 1, NULL, 0, nonce,
						   key), "decrypt beyond the list accepted");
	CHECK(!chacha20poly1305_decrypt_sg_inplace(iov, cnt, SIZE_MAX, NULL, 0, nonce, key),
	      "decrypt of SIZE_MAX bytes accepted");
	for (size_t len = 0; len < 16; len++)
		CHECK(!chacha20poly1305_decrypt_sg_inplace(iov, cnt, len, NULL, 0, nonce, key),
		      "decrypt of %zu bytes (no room for a tag) accepted", len);
	CHECK(!chacha20poly1305_decrypt_sg_inplace(NULL, 1, 16, NULL, 0, nonce, key),
	      "decrypt accepted iov NULL with a count of 1");
	CHECK(!chacha20poly1305_decrypt_sg_inplace(NULL, 0, 16, NULL, 0, nonce, key),
	      "decrypt accepted an empty list");
	CHECK_MEM(buf, before, sizeof(buf), "a rejected size wrote to the list");
}

/* A 100-byte message whose tag is cut at every point, and in 1-byte
 * entries: the tag lands in the entries, the decrypt reads it back. */
static void test_sg_split_tag(void)
{
	uint8_t key[32], nonce[12], msg[100], want[116], buf[116];
	struct iovec iov[17];
	unsigned long bad = 0;

	test_fill(key, 32, 71);
	test_fill(nonce, 12, 72);
	test_fill(msg, sizeof(msg), 73);
	chacha20poly1305_encrypt(want, msg, 100, NULL, 0, nonce, key);
	for (size_t cut = 1; cut < 16; cut++) {
		size_t sizes[] = { 100 + cut };
		size_t cnt = split(iov, buf, sizeof(buf), sizes, 1);

		memcpy(buf, msg, 100);
		bad += !chacha20poly1305_encrypt_sg_inplace(iov, cnt, 100, NULL, 0, nonce, key);
		bad += !!memcmp(buf, want, 116);
		bad += !chacha20poly1305_decrypt_sg_inplace(iov, cnt, 116, NULL, 0, nonce, key);
		bad += !!memcmp(buf, msg, 100);
	}
	CHECK(bad == 0, "tag cut in two: %lu failures", bad);

	iov[0] = (struct iovec){ .iov_base = buf, .iov_len = 100 };
	for (size_t i = 0; i < 16; i++)
		iov[1 + i] = (struct iovec){ .iov_base = buf + 100 + i, .iov_len = 1 };
	memcpy(buf, msg, 100);
	CHECK(chacha20poly1305_encrypt_sg_inplace(iov, 17, 100, NULL, 0, nonce, key) &&
	      !memcmp(buf, want, 116), "tag in 1-byte entries: encrypt");
	CHECK(chacha20poly1305_decrypt_sg_inplace(iov, 17, 116, NULL, 0, nonce, key) &&
	      !memcmp(buf, msg, 100), "tag in 1-byte entries: decrypt");
}

/* Empty entries anywhere (NULL or not, before, between, after), NULL AD
 * with length 0, and an empty message whose list is only the tag. */
static void test_sg_empty_entries_and_null(void)
{
	uint8_t key[32], nonce[12], msg[70], want[86], buf[86], tag[16];
	struct iovec iov[8];

	test_fill(key, 32, 81);
	test_fill(nonce, 12, 82);
	test_fill(msg, sizeof(msg), 83);
	chacha20poly1305_encrypt(want, msg, sizeof(msg), NULL, 0, nonce, key);
	memcpy(buf, msg, sizeof(msg));
	iov[0] = (struct iovec){ NULL, 0 };
	iov[1] = (struct iovec){ buf, 0 };
	iov[2] = (struct iovec){ buf, 40 };
	iov[3] = (struct iovec){ NULL, 0 };
	iov[4] = (struct iovec){ buf + 40, 0 };
	iov[5] = (struct iovec){ buf + 40, 46 };
	iov[6] = (struct iovec){ NULL, 0 };
	iov[7] = (struct iovec){ buf, 0 };
	CHECK(chacha20poly1305_encrypt_sg_inplace(iov, 8, sizeof(msg), NULL, 0, nonce, key) &&
	      !memcmp(buf, want, sizeof(want)), "empty entries: encrypt");
	CHECK(chacha20poly1305_decrypt_sg_inplace(iov, 8, sizeof(want), NULL, 0, nonce, key) &&
	      !memcmp(buf, msg, sizeof(msg)), "empty entries: decrypt");

	chacha20poly1305_encrypt(want, NULL, 0, NULL, 0, nonce, key);
	iov[0] = (struct iovec){ NULL, 0 };
	iov[1] = (struct iovec){ tag, 16 };
	CHECK(chacha20poly1305_encrypt_sg_inplace(iov, 2, 0, NULL, 0, nonce, key) &&
	      !memcmp(tag, want, 16), "empty message: encrypt writes the flat tag");
	CHECK(chacha20poly1305_decrypt_sg_inplace(iov + 1, 1, 16, NULL, 0, nonce, key),
	      "empty message: decrypt rejected");
}

/* A forged tag: false, the plaintext bytes zero, and every other byte (the
 * tag, what follows it in the list, memory around the entries) unchanged. */
static void test_sg_bad_tag_zeroes_exactly_the_plaintext(void)
{
	static const size_t lens[] = { 0, 1, 63, 64, 65, 200 };
	uint8_t key[32], nonce[12], ad[9], mem[300], good[300], want[300];
	struct iovec iov[4];

	fill_key_nonce_ad(key, nonce, 12, ad, sizeof(ad), 91);
	for (size_t l = 0; l < ARRAY_SIZE(lens); l++) {
		size_t len = lens[l];
		unsigned long bad = 0;

		/* Entries at mem + 5 (len / 3 bytes), a gap of 7, then the rest
		 * of the message, the tag and 11 spare bytes; the list ends 20
		 * bytes before the end of mem. */
		test_fill(mem, sizeof(mem), (uint32_t)len);
		iov[0] = (struct iovec){ mem + 5, len / 3 };
		iov[1] = (struct iovec){ mem + 5 + len / 3 + 7, len - len / 3 + 16 + 11 };
		CHECK(chacha20poly1305_encrypt_sg_inplace(iov, 2, len, ad, sizeof(ad), nonce, key),
		      "%zu bytes: encrypt rejected", len);
		memcpy(good, mem, sizeof(mem));
		for (size_t bit = 0; bit < (len + 16) * 8; bit += 3) {
			size_t at = bit / 8 < len / 3 ? 5 + bit / 8 : 5 + 7 + bit / 8;

			memcpy(mem, good, sizeof(mem));
			mem[at] ^= (uint8_t)(1u << (bit % 8));
			memcpy(want, mem, sizeof(mem));
			memset(want + 5, 0, len / 3);
			memset(want + 5 + len / 3 + 7, 0, len - len / 3);
			if (chacha20poly1305_decrypt_sg_inplace(iov, 2, len + 16, ad, sizeof(ad),
								nonce, key) ||
			    memcmp(mem, want, sizeof(mem)))
				bad++;
		}
		CHECK(bad == 0, "%zu bytes: %lu forgeries accepted or wrong bytes zeroed", len, bad);
		memcpy(mem, good, sizeof(mem));
		CHECK(chacha20poly1305_decrypt_sg_inplace(iov, 2, len + 16, ad, sizeof(ad), nonce,
							  key), "%zu bytes: original rejected", len);
	}
}

/* Random splits of lengths 0..600 with AD: sg encrypt = flat encrypt and
 * sg decrypt = flat decrypt, through the public functions and through every
 * usable (ChaCha20 row, Poly1305 row) pair. */
static unsigned long sg_vs_flat(const struct aead_way *w, uint32_t *x)
{
	static uint8_t msg[SG_MAX], want[SG_MAX + 16], buf[SG_MAX + 16];
	uint8_t key[32], nonce[12], ad[21];
	struct iovec iov[SG_MAX];
	size_t sizes[12];
	unsigned long bad = 0;

	for (size_t len = 0; len <= 600; len++) {
		size_t ad_len = len % 22, cnt;
		bool ok;

		fill_key_nonce_ad(key, nonce, 12, ad, ad_len, (uint32_t)len);
		test_fill(msg, len, (uint32_t)len + 3);
		cnt = split(iov, buf, len + 16, sizes, random_sizes(sizes, 11, len + 16, x));
		memcpy(buf, msg, len);
		aead_way_encrypt(&aead_chacha20poly1305, w, want, msg, len, ad, ad_len, nonce, key);
		ok = aead_way_sg_encrypt(w, iov, cnt, len, ad, ad_len, nonce, key);
		if (!ok || memcmp(buf, want, len + 16))
			bad++;
		ok = aead_way_sg_decrypt(w, iov, cnt, len + 16, ad, ad_len, nonce, key);
		if (!ok || memcmp(buf, msg, len) || memcmp(buf + len, want + len, 16))
			bad++;
	}
	return bad;
}

enum { LONG_MAX = 64 + 40 * 512 + 33, MAX_ENTRIES = LONG_MAX / 3 + 2 };
/* The sg tests below are written for the planner's limits: 512-byte steps,
 * 32 steps a kernel call (64 + 32 * 512 bytes: the second call starts),
 * 32 pieces a call (the crowded step in 32 and 33 pieces). */
_Static_assert(CHACHA20POLY1305_STEP == 512 && CHACHA20POLY1305_SG_STEPS == 32 &&
		       CHACHA20POLY1305_SG_PIECES == 32,
	       "lib/chacha20poly1305/sizes.h changed: redo the lengths and splits of the sg tests");

/*
 * msg (len bytes) encrypted in place over buf cut into entries of sizes[0..n)
 * and the rest, through the public sg encrypt and the sg encrypt of every
 * usable stitched row: the flat encrypt's bytes (want) each time, and the
 * public sg decrypt gives msg back. Returns the failures; *runs counts the
 * encryptions.
 */
static unsigned long sg_long_split(const uint8_t *msg, const uint8_t *want, uint8_t *buf,
				   size_t len, const size_t *sizes, size_t n, const uint8_t *ad,
				   size_t ad_len, const uint8_t *nonce, const uint8_t *key,
				   unsigned long *runs)
{
	static struct iovec iov[MAX_ENTRIES];
	size_t cnt = split(iov, buf, len + 16, sizes, n);
	unsigned long bad = 0;

	for (size_t r = 0; r <= chacha20poly1305_nimpls; r++) {
		const struct chacha20poly1305_impl *row = r ? &chacha20poly1305_impls[r - 1] : NULL;

		struct aead_way w = { .kind = AEAD_WAY_PUBLIC };

		if (row && (!row->encrypt_steps || !zinc_cpu_have(row->features)))
			continue;
		if (row)
			aead_way_row(&w, (enum chacha20poly1305_row)(r - 1));
		memcpy(buf, msg, len);
		bad += !aead_way_sg_encrypt(&w, iov, cnt, len, ad, ad_len, nonce, key);
		bad += !!memcmp(buf, want, len + 16);
		bad += !chacha20poly1305_decrypt_sg_inplace(iov, cnt, len + 16, ad, ad_len, nonce,
							    key);
		bad += !!memcmp(buf, msg, len);
		(*runs)++;
	}
	return bad;
}

/*
 * Long messages in pieces: a WireGuard-like 20 / 1000 / rest split (the
 * kernel's second 512-byte step crosses an entry boundary and is given to
 * it as two pieces), a piece that starts one byte or 63 bytes off a block
 * boundary, pieces of about one kernel step, pieces of 31, 32 and 33 bytes
 * (the kernel's piece paths: a byte at a time, whole 32-byte chunks, a last
 * chunk that overlaps the one before), eleven pieces of 300 bytes, and
 * random splits; lengths up to past 32 steps (a second kernel call however
 * the list is cut), some ending in a last part in pieces.
 */
static void test_sg_long_pieces_match_flat(void)
{
	static const size_t lens[] = { 577, 600, 1023, 1024, 1100, 1420, 2049, 4129, 64 + 32 * 512,
				       64 + 32 * 512 + 1, LONG_MAX };
	static const size_t fixed[][11] = {
		{ 20, 1000 }, { 1 }, { 63 }, { 64, 512 }, { 64, 511, 1 }, { 577 },
		{ 100, 700, 700 }, { 64, 31, 32, 33, 1, 100, 33, 31, 32, 200, 31 },
		{ 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300 },
	};
	static uint8_t msg[LONG_MAX], want[LONG_MAX + 16], buf[LONG_MAX + 16];
	uint8_t key[32], nonce[12], ad[13];
	size_t sizes[12];
	uint32_t x = 88675123u;
	unsigned long bad = 0, runs = 0;

	fill_key_nonce_ad(key, nonce, 12, ad, sizeof(ad), 91);
	for (size_t l = 0; l < ARRAY_SIZE(lens); l++) {
		size_t len = lens[l];

		test_fill(msg, len, (uint32_t)len);
		for (size_t t = 0; t < ARRAY_SIZE(fixed) + 20; t++) {
			size_t n = 0, ad_len = t % 2 ? sizeof(ad) : 0;

			if (t < ARRAY_SIZE(fixed)) {
				while (n < ARRAY_SIZE(fixed[t]) && fixed[t][n])
					n++;
				memcpy(sizes, fixed[t], n * sizeof(sizes[0]));
			} else {
				n = random_sizes(sizes, 11, len + 16, &x);
			}
			chacha20poly1305_encrypt(want, msg, len, ad, ad_len, nonce, key);
			bad += sg_long_split(msg, want, buf, len, sizes, n, ad, ad_len, nonce, key,
					     &runs);
		}
	}
	CHECK(bad == 0, "long sg messages: %lu failures in %lu splits", bad, runs);
}

/*
 * Lists of many short entries, where a kernel step lies in more pieces than
 * a kernel call takes (32): such a step goes two passes, and the kernel
 * takes over again after it. Entries of 3, 7 and 16 bytes throughout; 600
 * bytes and then 40 entries of 3 bytes (the call ends before the crowded
 * step); a step in exactly 32 pieces of 16 bytes, and one in 33 (the last
 * two short entries 8 bytes each); each at the lengths around one, two and
 * nine steps.
 */
static void test_sg_crowded_steps_match_flat(void)
{
	static const size_t lens[] = { 577, 1420, 1600, 64 + 9 * 512 + 100 };
	static uint8_t msg[LONG_MAX], want[LONG_MAX + 16], buf[LONG_MAX + 16];
	static size_t sizes[MAX_ENTRIES];
	uint8_t key[32], nonce[12];
	unsigned long bad = 0, runs = 0;

	test_fill(key, 32, 94);
	test_fill(nonce, 12, 95);
	for (size_t l = 0; l < ARRAY_SIZE(lens); l++) {
		size_t len = lens[l];

		test_fill(msg, len, (uint32_t)len + 7);
		chacha20poly1305_encrypt(want, msg, len, NULL, 0, nonce, key);
		for (int shape = 0; shape < 6; shape++) {
			size_t n = 0, total = 0;

			if (shape < 3) {
				size_t k = shape == 0 ? 3 : shape == 1 ? 7 : 16;

				for (; total < len; total += k)
					sizes[n++] = k;
			} else if (shape == 3) {
				sizes[n++] = 600;
				while (n < 41)
					sizes[n++] = 3;
			} else {
				/* The head, then step 0 in 32 pieces of 16 or 33. */
				sizes[n++] = 64;
				while (n < 32)
					sizes[n++] = 16;
				if (shape == 4) {
					sizes[n++] = 16;
				} else {
					sizes[n++] = 8;
					sizes[n++] = 8;
				}
			}
			bad += sg_long_split(msg, want, buf, len, sizes, n, NULL, 0, nonce, key,
					     &runs);
		}
	}
	CHECK(bad == 0, "crowded sg steps: %lu failures in %lu splits", bad, runs);
}

static void test_sg_matches_flat(void)
{
	uint32_t x = 2463534242u;
	struct aead_way w = { .kind = AEAD_WAY_PUBLIC, .name = "public" };

	/* The public functions, then the pairs the CPU can run (the others'
	 * skipping is reported by the pair test). */
	for (size_t at = 0;;) {
		unsigned long bad = sg_vs_flat(&w, &x);

		CHECK(bad == 0, "sg %s: %lu lengths differ from the flat functions", w.name, bad);
		if (!aead_way_next(&w, &at, AEAD_WAY_PAIRS))
			break;
	}
}

/*
 * Dispatch-hit test: for every subset of the detected CPU features and every
 * length class, each public AEAD function
 * (chacha20poly1305_encrypt/decrypt, xchacha20poly1305_encrypt/decrypt and
 * the _sg_inplace pair) runs exactly one ChaCha20 row, the one chacha20()
 * runs for the length of its longest ChaCha20 call (below), and one
 * Poly1305 row, the one poly1305()
 * runs for the length of the MAC input (ad and ciphertext each padded to 16
 * bytes, plus the 16-byte length block, computed here), and gives the
 * generic rows' output. Which rows chacha20() and poly1305() run is checked
 * against their independent policies by the dispatch-hit tests of
 * lib/chacha20/chacha20_test.c and lib/poly1305/poly1305_test.c; this test
 * ties the AEADs to them.
 *
 * The encrypt functions also run exactly one row of chacha20poly1305_impls,
 * the one the policy below expects (written here independently of
 * lib/chacha20poly1305/rows.h, so a threshold changed there alone fails);
 * with a stitched row the Poly1305 row is poly1305-x86_64, whose state
 * layout the kernel continues. The scatter-gather encrypt picks its row as
 * the flat one does. Decryption runs the encrypt's row too, but only up to
 * OPEN_MAX_LEN bytes of ciphertext (its one pass holds the plaintext on the
 * stack until the tag checks); longer, the two-pass row.
 */
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

static uint8_t hit_msg[MAX_LEN], hit_ad[32], hit_want[MAX_LEN + 16], hit_out[MAX_LEN + 16],
	hit_back[MAX_LEN];
static const uint8_t hit_key[32] = { 1, 2, 3 }, hit_nonce[24] = { 4, 5, 6 };

/* The rows a call of one length is expected to run: encrypt takes AEAD row
 * aead with Poly1305 row enc_poly, decrypt AEAD row open with dec_poly. */
struct expected {
	size_t chacha, enc_poly, dec_poly;
	int aead, open;
};

/* v's flat encrypt and decrypt of hit_msg run the expected rows and give the
 * generic rows' bytes; hit_want is left holding them. */
static void check_flat(const struct aead_variant *v, const struct aead_way *gen,
		       const struct expected *e, size_t len, size_t ad_len, uint32_t f)
{
	char enc[64], dec[64];
	bool ok;

	snprintf(enc, sizeof(enc), "%s_encrypt", v->name);
	snprintf(dec, sizeof(dec), "%s_decrypt", v->name);
	aead_way_encrypt(v, gen, hit_want, hit_msg, len, hit_ad, ad_len, hit_nonce, hit_key);
	clear_hits();
	v->encrypt(hit_out, hit_msg, len, hit_ad, ad_len, hit_nonce, hit_key);
	check_call(e->chacha, e->enc_poly, e->aead, enc, len, ad_len, f);
	CHECK_MEM(hit_out, hit_want, len + 16, "%s len %zu", enc, len);
	clear_hits();
	ok = v->decrypt(hit_back, hit_out, len + 16, hit_ad, ad_len, hit_nonce, hit_key);
	check_call(e->chacha, e->dec_poly, e->open, dec, len, ad_len, f);
	CHECK(ok && !memcmp(hit_back, hit_msg, len), "%s len %zu", dec, len);
}

/* In place over three pieces, the middle one holding the tag's first byte;
 * hit_want holds the flat encryption's bytes. */
static void check_sg(const struct expected *e, size_t len, size_t ad_len, uint32_t f)
{
	struct iovec iov[3];
	bool ok;

	memcpy(hit_out, hit_msg, len);
	iov[0] = (struct iovec){ hit_out, len / 3 };
	iov[1] = (struct iovec){ hit_out + len / 3, len - len / 3 + 1 };
	iov[2] = (struct iovec){ hit_out + len + 1, 15 };
	clear_hits();
	ok = chacha20poly1305_encrypt_sg_inplace(iov, 3, len, hit_ad, ad_len, hit_nonce, hit_key);
	check_call(e->chacha, e->enc_poly, e->aead, "chacha20poly1305_encrypt_sg_inplace", len,
		   ad_len, f);
	CHECK(ok, "chacha20poly1305_encrypt_sg_inplace len %zu returned false", len);
	CHECK_MEM(hit_out, hit_want, len + 16, "chacha20poly1305_encrypt_sg_inplace len %zu", len);
	clear_hits();
	ok = chacha20poly1305_decrypt_sg_inplace(iov, 3, len + 16, hit_ad, ad_len, hit_nonce,
						 hit_key);
	check_call(e->chacha, e->dec_poly, e->open, "chacha20poly1305_decrypt_sg_inplace", len,
		   ad_len, f);
	CHECK(ok && !memcmp(hit_out, hit_msg, len), "chacha20poly1305_decrypt_sg_inplace len %zu",
	      len);
}

static void test_runs_the_expected_rows(uint32_t f)
{
	struct aead_way gen;

	aead_way_pair(&gen, CHACHA20_ROW_GENERIC, 0);

	for (size_t a = 0; a < ARRAY_SIZE(ad_lengths); a++) {
		size_t ad_len = ad_lengths[a];

		test_fill(hit_ad, ad_len, (uint32_t)a + 7);
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
			test_fill(hit_msg, len, (uint32_t)c);
			check_flat(&aead_chacha20poly1305, &gen, &e, len, ad_len, f);
			check_sg(&e, len, ad_len, f);
			check_flat(&aead_xchacha20poly1305, &gen, &e, len, ad_len, f);
		}
	}
}

/* Every AEAD row has its policy, and each public AEAD function runs the
 * rows expected under every model and feature subset. */
static void test_dispatch_runs_the_policy_rows(void)
{
	unsigned long subsets = 0;

	test_every_aead_row_has_a_policy();
	TEST_EVERY_FEATURE_SUBSET(&subsets, test_runs_the_expected_rows(f));
	printf("chacha20poly1305_test dispatch: %lu feature subsets x %zu length classes x %zu"
	       " AD lengths\n", subsets, ARRAY_SIZE(length_classes), ARRAY_SIZE(ad_lengths));
}

int main(void)
{
	test_rfc8439_2_8_2();
	test_xchacha_a_3_1();
	test_round_trip();
	test_flipped_bit_rejected();
	test_one_pass_decrypt();
	test_short_input_writes_nothing();
	test_in_place();
	test_null_with_zero_length();
	test_every_row_pair_matches_generic();
	test_every_stitched_row_matches_generic();
	test_sg_rfc8439_2_8_2();
	test_sg_bad_sizes_write_nothing();
	test_sg_split_tag();
	test_sg_empty_entries_and_null();
	test_sg_bad_tag_zeroes_exactly_the_plaintext();
	test_sg_matches_flat();
	test_sg_long_pieces_match_flat();
	test_sg_crowded_steps_match_flat();
	test_dispatch_runs_the_policy_rows();
	return TEST_SUMMARY("chacha20poly1305_test");
}
