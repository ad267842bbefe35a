/* SPDX-License-Identifier: MIT */
/*
 * OpenSSL 3.0 as an oracle: ChaCha20, Poly1305, ChaCha20-Poly1305,
 * BLAKE2s (unkeyed 256-bit, and keyed through BLAKE2SMAC), HMAC-BLAKE2s-256
 * and X25519, all through the EVP interfaces.
 *
 * Its limits, and how the harness keeps within them:
 * - EVP_chacha20's 16-byte IV is the block counter (4 bytes, little-endian)
 *   then the 12-byte nonce. When the counter passes 2^32 - 1 inside a call,
 *   OpenSSL carries it into the next word (the first nonce word: a 64-bit
 *   counter with a 64-bit nonce, checked here on 3.0); zinc wraps to 0
 *   without carry. openssl_chacha20 refuses such calls ("counter wraps in
 *   one call"); the targets split at the wrap.
 * - EVP_EncryptUpdate / EVP_DecryptUpdate / EVP_CipherUpdate take an int
 *   length: ChaCha20 and ChaCha20-Poly1305 refuse inputs over INT_MAX
 *   bytes ("longer than INT_MAX"); fuzz/huge.c calls openssl_chacha20 in
 *   1 GiB pieces. EVP_MAC_update and EVP_Digest take a size_t.
 * - EVP_MAC "POLY1305" takes the 32-byte one-time key; any length.
 * - EVP_chacha20_poly1305: 12-byte IV; AD passed with EVP_EncryptUpdate(NULL
 *   out); tag with EVP_CTRL_AEAD_GET_TAG / SET_TAG; decrypt's final fails on
 *   a bad tag, after the plaintext has been written (we compare the verdict
 *   only then). No XChaCha20-Poly1305 and no HChaCha20 in OpenSSL 3.0.
 * - BLAKE2s: EVP_MD "BLAKE2S-256" is unkeyed with a fixed 32-byte output in
 *   3.0 (output size parameters arrived in 3.2): unkeyed hashes of other
 *   lengths are not compared. Keyed hashes go through EVP_MAC "BLAKE2SMAC"
 *   (key 1..32 bytes, "size" 1..32).
 * - HMAC with digest BLAKE2S-256 (64-byte block): any key length.
 * - X25519 through EVP_PKEY_derive: clamps the scalar, masks bit 255 of the
 *   peer's u, accepts non-canonical u; derive fails when the shared secret
 *   is all zeros: compared with zinc's false. The peer is set without
 *   validation (EVP_PKEY_derive_set_peer_ex(..., 0)).
 *
 * With -DZINC_NO_OPENSSL (or -DZINC_NO_ORACLES) this file is a stub: every
 * function returns false with why = ORACLES_OFF (oracles.h), which gives
 * the build's reason, and OpenSSL is not linked.
 */
#include "fuzz/oracles/oracles.h"

#ifndef ZINC_NO_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#include <openssl/params.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static EVP_CIPHER_CTX *cctx;
static EVP_MAC *mac_poly1305, *mac_blake2s, *mac_hmac;
static EVP_MD *md_blake2s;

static void init(void)
{
	if (cctx)
		return;
	cctx = EVP_CIPHER_CTX_new();
	mac_poly1305 = EVP_MAC_fetch(NULL, "POLY1305", NULL);
	mac_blake2s = EVP_MAC_fetch(NULL, "BLAKE2SMAC", NULL);
	mac_hmac = EVP_MAC_fetch(NULL, "HMAC", NULL);
	md_blake2s = EVP_MD_fetch(NULL, "BLAKE2S-256", NULL);
	if (!cctx || !mac_poly1305 || !mac_blake2s || !mac_hmac || !md_blake2s) {
		fprintf(stderr, "openssl oracle: cannot fetch an algorithm\n");
		abort();
	}
}

void openssl_list(FILE *out, const char *target)
{
	fprintf(out, "  oracle %s (%s)\n", OPENSSL_VERSION_TEXT, target);
}

#define INT_LENGTH "longer than INT_MAX bytes (EVP cipher calls take an int length)"

static bool chacha20_wraps(uint32_t counter, size_t len)
{
	return (uint64_t)counter + (len + 63) / 64 > (1ull << 32);
}

bool openssl_chacha20(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t key[32],
		      const uint8_t nonce[12], uint32_t counter, const char **why)
{
	uint8_t iv[16];
	int outl;

	init();
	if (len > INT_MAX) {
		*why = INT_LENGTH;
		return false;
	}
	if (chacha20_wraps(counter, len)) {
		*why = "counter wraps in one call (OpenSSL carries into the nonce)";
		return false;
	}
	iv[0] = (uint8_t)counter;
	iv[1] = (uint8_t)(counter >> 8);
	iv[2] = (uint8_t)(counter >> 16);
	iv[3] = (uint8_t)(counter >> 24);
	memcpy(iv + 4, nonce, 12);
	if (EVP_EncryptInit_ex(cctx, EVP_chacha20(), NULL, key, iv) != 1 ||
	    (len && EVP_EncryptUpdate(cctx, dst, &outl, src, (int)len) != 1))
		abort();
	return true;
}

static bool run_mac(EVP_MAC *mac, const OSSL_PARAM *params, uint8_t *out, size_t outlen,
		    const uint8_t *in, size_t len, const uint8_t *key, size_t keylen)
{
	EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
	size_t got = 0;
	bool ok = ctx && EVP_MAC_init(ctx, key, keylen, params) == 1 &&
		  EVP_MAC_update(ctx, in, len) == 1 &&
		  EVP_MAC_final(ctx, out, &got, outlen) == 1 && got == outlen;

	EVP_MAC_CTX_free(ctx);
	return ok;
}

bool openssl_poly1305(uint8_t mac[16], const uint8_t *in, size_t len, const uint8_t key[32],
		      const char **why)
{
	init();
	if (!run_mac(mac_poly1305, NULL, mac, 16, in, len, key, 32))
		abort();
	return true;
}

static void aead_init(int enc, const uint8_t nonce[12], const uint8_t key[32],
		      const uint8_t *ad, size_t ad_len)
{
	int outl;

	if (EVP_CipherInit_ex(cctx, EVP_chacha20_poly1305(), NULL, NULL, NULL, enc) != 1 ||
	    EVP_CIPHER_CTX_ctrl(cctx, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL) != 1 ||
	    EVP_CipherInit_ex(cctx, NULL, NULL, key, nonce, enc) != 1 ||
	    (ad_len && EVP_CipherUpdate(cctx, NULL, &outl, ad, (int)ad_len) != 1))
		abort();
}

bool openssl_chacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t len,
				      const uint8_t *ad, size_t ad_len, const uint8_t nonce[12],
				      const uint8_t key[32], const char **why)
{
	int outl = 0, finl = 0;

	init();
	if (len > INT_MAX || ad_len > INT_MAX) {
		*why = INT_LENGTH;
		return false;
	}
	aead_init(1, nonce, key, ad, ad_len);
	if ((len && EVP_EncryptUpdate(cctx, dst, &outl, src, (int)len) != 1) ||
	    EVP_EncryptFinal_ex(cctx, dst + outl, &finl) != 1 ||
	    (size_t)(outl + finl) != len ||
	    EVP_CIPHER_CTX_ctrl(cctx, EVP_CTRL_AEAD_GET_TAG, 16, dst + len) != 1)
		abort();
	return true;
}

bool openssl_chacha20poly1305_decrypt(uint8_t *dst, bool *ok, const uint8_t *src, size_t len,
				      const uint8_t *ad, size_t ad_len, const uint8_t nonce[12],
				      const uint8_t key[32], const char **why)
{
	uint8_t tag[16];
	int outl = 0, finl = 0;
	size_t mlen;

	init();
	if (len < 16) {
		*why = "ciphertext shorter than a tag";
		return false;
	}
	if (len > INT_MAX || ad_len > INT_MAX) {
		*why = INT_LENGTH;
		return false;
	}
	mlen = len - 16;
	memcpy(tag, src + mlen, 16);
	aead_init(0, nonce, key, ad, ad_len);
	if (EVP_CIPHER_CTX_ctrl(cctx, EVP_CTRL_AEAD_SET_TAG, 16, tag) != 1 ||
	    (mlen && EVP_DecryptUpdate(cctx, dst, &outl, src, (int)mlen) != 1))
		abort();
	*ok = EVP_DecryptFinal_ex(cctx, dst + outl, &finl) == 1;
	return true;
}

bool openssl_blake2s(uint8_t *out, size_t outlen, const uint8_t *in, size_t len,
		     const uint8_t *key, size_t keylen, const char **why)
{
	init();
	if (outlen < 1 || outlen > 32 || keylen > 32) {
		*why = "invalid sizes";
		return false;
	}
	if (keylen) {
		OSSL_PARAM params[] = {
			OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &outlen),
			OSSL_PARAM_END,
		};

		if (!run_mac(mac_blake2s, params, out, outlen, in, len, key, keylen))
			abort();
		return true;
	}
	if (outlen != 32) {
		*why = "unkeyed BLAKE2s with outlen != 32 (OpenSSL 3.0 BLAKE2S-256 only)";
		return false;
	}
	if (EVP_Digest(in, len, out, NULL, md_blake2s, NULL) != 1)
		abort();
	return true;
}

bool openssl_hmac_blake2s(uint8_t out[32], const uint8_t *in, size_t len, const uint8_t *key,
			  size_t keylen, const char **why)
{
	static uint8_t empty[1];
	char digest[] = "BLAKE2S-256";
	OSSL_PARAM params[] = {
		OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
		OSSL_PARAM_END,
	};

	init();
	if (!run_mac(mac_hmac, params, out, 32, in, len, keylen ? key : empty, keylen))
		abort();
	return true;
}

bool openssl_x25519(uint8_t out[32], bool *nonzero, const uint8_t scalar[32],
		    const uint8_t point[32], const char **why)
{
	EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, scalar, 32);
	EVP_PKEY *peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, point, 32);
	EVP_PKEY_CTX *ctx = priv ? EVP_PKEY_CTX_new(priv, NULL) : NULL;
	size_t outlen = 32;
	bool ran = false;

	if (!ctx || !peer || EVP_PKEY_derive_init(ctx) != 1 ||
	    EVP_PKEY_derive_set_peer_ex(ctx, peer, 0) != 1) {
		*why = "key setup failed";
	} else {
		*nonzero = EVP_PKEY_derive(ctx, out, &outlen) == 1 && outlen == 32;
		ran = true;
	}
	EVP_PKEY_CTX_free(ctx);
	EVP_PKEY_free(peer);
	EVP_PKEY_free(priv);
	return ran;
}

bool openssl_x25519_base(uint8_t out[32], const uint8_t scalar[32], const char **why)
{
	EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, scalar, 32);
	size_t outlen = 32;
	bool ran = priv && EVP_PKEY_get_raw_public_key(priv, out, &outlen) == 1 && outlen == 32;

	if (!ran)
		*why = "key setup failed";
	EVP_PKEY_free(priv);
	return ran;
}

#else /* ZINC_NO_OPENSSL */

void openssl_list(FILE *out, const char *target)
{
	fprintf(out, "  oracle OpenSSL: not built, " ORACLES_OFF "\n");
}

#define OFF { *why = ORACLES_OFF; return false; }
bool openssl_chacha20(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t key[32],
		      const uint8_t nonce[12], uint32_t counter, const char **why) OFF
bool openssl_poly1305(uint8_t mac[16], const uint8_t *in, size_t len, const uint8_t key[32],
		      const char **why) OFF
bool openssl_chacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t len,
				      const uint8_t *ad, size_t ad_len, const uint8_t nonce[12],
				      const uint8_t key[32], const char **why) OFF
bool openssl_chacha20poly1305_decrypt(uint8_t *dst, bool *ok, const uint8_t *src, size_t len,
				      const uint8_t *ad, size_t ad_len, const uint8_t nonce[12],
				      const uint8_t key[32], const char **why) OFF
bool openssl_blake2s(uint8_t *out, size_t outlen, const uint8_t *in, size_t len,
		     const uint8_t *key, size_t keylen, const char **why) OFF
bool openssl_hmac_blake2s(uint8_t out[32], const uint8_t *in, size_t len, const uint8_t *key,
			  size_t keylen, const char **why) OFF
bool openssl_x25519(uint8_t out[32], bool *nonzero, const uint8_t scalar[32],
		    const uint8_t point[32], const char **why) OFF
bool openssl_x25519_base(uint8_t out[32], const uint8_t scalar[32], const char **why) OFF
#endif
