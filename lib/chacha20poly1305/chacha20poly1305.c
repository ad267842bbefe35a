/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20-Poly1305 (RFC 8439 section 2.8) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha section 2.3), built from a chosen ChaCha20 row
 * and Poly1305 row. The Poly1305 key is the first 32 bytes of keystream
 * block 0; the message is encrypted from block 1; the tag covers
 * ad || pad16 || ciphertext || pad16 || le64(ad_len) || le64(ct_len).
 */
#include <zinc/chacha20poly1305.h>

#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/common/util.h"

static const uint8_t pad0[16];

static void mac_pad16(struct poly1305_ctx *poly, size_t len)
{
	if (len & 15)
		poly1305_update(poly, pad0, 16 - (len & 15));
}

/* Sets up the Poly1305 key from block 0 and leaves the counter at 1. */
static void aead_begin(const struct chacha20_impl *chacha, uint32_t poly_impl,
		       struct chacha20_ctx *cc, struct poly1305_ctx *poly,
		       const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
		       const uint8_t key[CHACHA20POLY1305_KEY_SIZE],
		       const uint8_t *ad, size_t ad_len)
{
	uint8_t block0[CHACHA20_BLOCK_SIZE] = { 0 };

	chacha20_init(cc, key, nonce, 0);
	chacha->xor_stream(cc->state, block0, block0, sizeof(block0));
	poly1305_init_impl(poly, block0, poly_impl);
	memzero_explicit(block0, sizeof(block0));
	poly1305_update(poly, ad, ad_len);
	mac_pad16(poly, ad_len);
}

static void aead_end(struct poly1305_ctx *poly, size_t ad_len, size_t ct_len,
		     uint8_t tag[CHACHA20POLY1305_AUTHTAG_SIZE])
{
	uint8_t lengths[16];

	mac_pad16(poly, ct_len);
	put_unaligned_le64((uint64_t)ad_len, lengths);
	put_unaligned_le64((uint64_t)ct_len, lengths + 8);
#ifdef ZINC_PLANT_AEAD_LENGTHS
	/* planted bug for the harness's self-test; see fuzz/planted/README.md */
	if (0) /* the length block is left out of the MAC */
#endif
	poly1305_update(poly, lengths, sizeof(lengths));
	poly1305_final(poly, tag);
}

void chacha20poly1305_encrypt_with(const struct chacha20_impl *chacha, uint32_t poly_impl,
				   uint8_t *dst, const uint8_t *src, size_t src_len,
				   const uint8_t *ad, size_t ad_len,
				   const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
				   const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	struct chacha20_ctx cc;
	struct poly1305_ctx poly;

	aead_begin(chacha, poly_impl, &cc, &poly, nonce, key, ad, ad_len);
	if (src_len)
		chacha->xor_stream(cc.state, dst, src, src_len);
	poly1305_update(&poly, dst, src_len);
	aead_end(&poly, ad_len, src_len, dst + src_len);
	memzero_explicit(&cc, sizeof(cc));
}

bool chacha20poly1305_decrypt_with(const struct chacha20_impl *chacha, uint32_t poly_impl,
				   uint8_t *dst, const uint8_t *src, size_t src_len,
				   const uint8_t *ad, size_t ad_len,
				   const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
				   const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	struct chacha20_ctx cc;
	struct poly1305_ctx poly;
	uint8_t tag[CHACHA20POLY1305_AUTHTAG_SIZE];
	size_t ct_len;
	bool ok;

	if (src_len < CHACHA20POLY1305_AUTHTAG_SIZE)
		return false;
	ct_len = src_len - CHACHA20POLY1305_AUTHTAG_SIZE;

	/* The tag is checked before any plaintext is written. */
	aead_begin(chacha, poly_impl, &cc, &poly, nonce, key, ad, ad_len);
	poly1305_update(&poly, src, ct_len);
	aead_end(&poly, ad_len, ct_len, tag);
	ok = !crypto_memneq(tag, src + ct_len, sizeof(tag));
	ZINC_DECLASSIFY(&ok, sizeof(ok));
	if (ok) {
		if (ct_len)
			chacha->xor_stream(cc.state, dst, src, ct_len);
	} else if (ct_len) {
		memset(dst, 0, ct_len);
	}
	memzero_explicit(&cc, sizeof(cc));
	memzero_explicit(tag, sizeof(tag));
	return ok;
}

/* subkey = HChaCha20(key, nonce[0..16)), nonce12 = 0^4 || nonce[16..24). */
static void xchacha_derive(const struct chacha20_impl *chacha,
			   uint8_t subkey[CHACHA20POLY1305_KEY_SIZE],
			   uint8_t nonce12[CHACHA20POLY1305_NONCE_SIZE],
			   const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
			   const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	if (!chacha->hchacha20)
		chacha = hchacha20_pick();
	chacha->hchacha20(subkey, nonce, key);
	memset(nonce12, 0, 4);
	memcpy(nonce12 + 4, nonce + 16, 8);
}

void xchacha20poly1305_encrypt_with(const struct chacha20_impl *chacha, uint32_t poly_impl,
				    uint8_t *dst, const uint8_t *src, size_t src_len,
				    const uint8_t *ad, size_t ad_len,
				    const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
				    const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint8_t subkey[CHACHA20POLY1305_KEY_SIZE], nonce12[CHACHA20POLY1305_NONCE_SIZE];

	xchacha_derive(chacha, subkey, nonce12, nonce, key);
	chacha20poly1305_encrypt_with(chacha, poly_impl, dst, src, src_len, ad, ad_len,
				      nonce12, subkey);
	memzero_explicit(subkey, sizeof(subkey));
}

bool xchacha20poly1305_decrypt_with(const struct chacha20_impl *chacha, uint32_t poly_impl,
				    uint8_t *dst, const uint8_t *src, size_t src_len,
				    const uint8_t *ad, size_t ad_len,
				    const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
				    const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint8_t subkey[CHACHA20POLY1305_KEY_SIZE], nonce12[CHACHA20POLY1305_NONCE_SIZE];
	bool ok;

	if (src_len < CHACHA20POLY1305_AUTHTAG_SIZE)
		return false;
	xchacha_derive(chacha, subkey, nonce12, nonce, key);
	ok = chacha20poly1305_decrypt_with(chacha, poly_impl, dst, src, src_len, ad, ad_len,
					   nonce12, subkey);
	memzero_explicit(subkey, sizeof(subkey));
	return ok;
}

/* Length of the Poly1305 message for ad_len and ct_len bytes. */
static size_t mac_len(size_t ad_len, size_t ct_len)
{
	return ((ad_len + 15) & ~(size_t)15) + ((ct_len + 15) & ~(size_t)15) + 16;
}

/* The rows the public functions run for a message of these sizes. */
static const struct chacha20_impl *pick(uint32_t *poly_impl, size_t ad_len, size_t ct_len)
{
	const struct chacha20_impl *chacha = chacha20_pick(ct_len);

	*poly_impl = poly1305_pick(mac_len(ad_len, ct_len));
	ZINC_COUNT_HIT(chacha20_hits[chacha - chacha20_impls]);
	ZINC_COUNT_HIT(poly1305_hits[*poly_impl]);
	return chacha;
}

void chacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			      const uint8_t *ad, size_t ad_len,
			      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
			      const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint32_t poly;
	const struct chacha20_impl *chacha = pick(&poly, ad_len, src_len);

	chacha20poly1305_encrypt_with(chacha, poly, dst, src, src_len, ad, ad_len, nonce, key);
}

bool chacha20poly1305_decrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			      const uint8_t *ad, size_t ad_len,
			      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
			      const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint32_t poly;
	const struct chacha20_impl *chacha;

	if (src_len < CHACHA20POLY1305_AUTHTAG_SIZE)
		return false;
	chacha = pick(&poly, ad_len, src_len - CHACHA20POLY1305_AUTHTAG_SIZE);
	return chacha20poly1305_decrypt_with(chacha, poly, dst, src, src_len, ad, ad_len,
					     nonce, key);
}

void xchacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			       const uint8_t *ad, size_t ad_len,
			       const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
			       const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint32_t poly;
	const struct chacha20_impl *chacha = pick(&poly, ad_len, src_len);

	xchacha20poly1305_encrypt_with(chacha, poly, dst, src, src_len, ad, ad_len, nonce, key);
}

bool xchacha20poly1305_decrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			       const uint8_t *ad, size_t ad_len,
			       const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
			       const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint32_t poly;
	const struct chacha20_impl *chacha;

	if (src_len < CHACHA20POLY1305_AUTHTAG_SIZE)
		return false;
	chacha = pick(&poly, ad_len, src_len - CHACHA20POLY1305_AUTHTAG_SIZE);
	return xchacha20poly1305_decrypt_with(chacha, poly, dst, src, src_len, ad, ad_len,
					      nonce, key);
}
