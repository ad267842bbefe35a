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
 * - BN_* is the arbitrary-precision arithmetic of the state-level targets:
 *   for poly1305_state, (a b + c) mod 2^130 - 5 on any non-negative operands;
 *   for curve25519_field, the field arithmetic: BN_mod_add / _sub /
 *   _mul / _sqr and BN_mod_exp (1/x = x^(p-2), which gives 0 for 0, as
 *   zinc's inversion does; BN_mod_inverse would fail there).
 *
 * With -DZINC_NO_OPENSSL (or -DZINC_NO_ORACLES) oracle_openssl has no
 * operation and off = ORACLES_OFF (oracles.h), which gives the build's
 * reason, and OpenSSL is not linked.
 */
#include "fuzz/oracles/oracles.h"

#ifndef ZINC_NO_OPENSSL
#include <openssl/bn.h>
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

static void describe(FILE *out)
{
	fprintf(out, "%s", OPENSSL_VERSION_TEXT);
}

#define INT_LENGTH "longer than INT_MAX bytes (EVP cipher calls take an int length)"

static bool openssl_chacha20(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t key[32],
		      const uint8_t nonce[12], uint32_t counter, const char **why)
{
	uint8_t iv[16];
	int outl;

	init();
	if (len > INT_MAX) {
		*why = INT_LENGTH;
		return false;
	}
	if (oracle_chacha20_wraps(counter, len)) {
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

static bool openssl_poly1305(uint8_t mac[16], const uint8_t *in, size_t len, const uint8_t key[32],
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

static bool openssl_chacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t len,
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

static bool openssl_chacha20poly1305_decrypt(uint8_t *dst, bool *ok, const uint8_t *src, size_t len,
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

static bool openssl_blake2s(uint8_t *out, size_t outlen, const uint8_t *in, size_t len,
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

static bool openssl_hmac_blake2s(uint8_t out[32], const uint8_t *in, size_t len, const uint8_t *key,
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

static bool openssl_x25519(uint8_t out[32], bool *nonzero, const char **refused,
			   uint8_t pub[32], const uint8_t scalar[32], const uint8_t point[32],
			   const char **why)
{
	EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, scalar, 32);
	EVP_PKEY *peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, point, 32);
	EVP_PKEY_CTX *ctx = priv ? EVP_PKEY_CTX_new(priv, NULL) : NULL;
	size_t outlen = 32, publen = 32;
	bool ran = false;

	if (!ctx || !peer || EVP_PKEY_get_raw_public_key(priv, pub, &publen) != 1 || publen != 32 ||
	    EVP_PKEY_derive_init(ctx) != 1 || EVP_PKEY_derive_set_peer_ex(ctx, peer, 0) != 1) {
		*why = "key setup failed";
	} else {
		*nonzero = EVP_PKEY_derive(ctx, out, &outlen) == 1 && outlen == 32;
		*refused = NULL;
		ran = true;
	}
	EVP_PKEY_CTX_free(ctx);
	EVP_PKEY_free(peer);
	EVP_PKEY_free(priv);
	return ran;
}


static BN_CTX *bn_ctx;
static BIGNUM *bn_p, *bn_p_minus_2, *bn_a24;

static void bn_init(void)
{
	if (bn_ctx)
		return;
	bn_ctx = BN_CTX_new();
	bn_p = BN_new();
	bn_p_minus_2 = BN_new();
	bn_a24 = BN_new();
	if (!bn_ctx || !bn_p || !bn_p_minus_2 || !bn_a24 || !BN_set_bit(bn_p, 255) ||
	    !BN_sub_word(bn_p, 19) || !BN_copy(bn_p_minus_2, bn_p) ||
	    !BN_sub_word(bn_p_minus_2, 2) || !BN_set_word(bn_a24, 121666)) {
		fprintf(stderr, "openssl oracle: BIGNUM setup failed\n");
		abort();
	}
}

/* r = the signed integer w mod p, in [0, p). */
static BIGNUM *bn_from_words(const uint64_t w[ORACLE_FE_WORDS])
{
	uint8_t le[8 * ORACLE_FE_WORDS];
	bool neg = w[ORACLE_FE_WORDS - 1] >> 63;
	unsigned carry = 1;
	BIGNUM *r;

	for (int i = 0; i < 8 * ORACLE_FE_WORDS; i++) {
		uint8_t b = (uint8_t)(w[i / 8] >> (8 * (i % 8)));

		if (neg) {	/* the magnitude: ~w + 1 */
			carry += (uint8_t)~b;
			b = (uint8_t)carry;
			carry >>= 8;
		}
		le[i] = b;
	}
	r = BN_lebin2bn(le, sizeof(le), NULL);
	if (r)
		BN_set_negative(r, neg);
	if (!r || !BN_nnmod(r, r, bn_p, bn_ctx)) {
		fprintf(stderr, "openssl oracle: BN_lebin2bn / BN_nnmod failed\n");
		abort();
	}
	return r;
}

static void bn_out(uint8_t out[32], const BIGNUM *a)
{
	if (BN_bn2lebinpad(a, out, 32) != 32) {
		fprintf(stderr, "openssl oracle: BN_bn2lebinpad failed\n");
		abort();
	}
}

/* RFC 7748's step, written as in lib/curve25519/ladder.h: z2 = E (BB + 121666 E). */
static bool bn_ladder_step(BIGNUM *x2, BIGNUM *z2, BIGNUM *x3, BIGNUM *z3, const BIGNUM *x1)
{
	BIGNUM *a = BN_new(), *aa = BN_new(), *b = BN_new(), *bb = BN_new(), *e = BN_new();
	BIGNUM *c = BN_new(), *d = BN_new(), *da = BN_new(), *cb = BN_new();
	BN_CTX *x = bn_ctx;
	bool ok = a && aa && b && bb && e && c && d && da && cb &&
		  BN_mod_add(a, x2, z2, bn_p, x) && BN_mod_sqr(aa, a, bn_p, x) &&
		  BN_mod_sub(b, x2, z2, bn_p, x) && BN_mod_sqr(bb, b, bn_p, x) &&
		  BN_mod_sub(e, aa, bb, bn_p, x) && BN_mod_add(c, x3, z3, bn_p, x) &&
		  BN_mod_sub(d, x3, z3, bn_p, x) && BN_mod_mul(da, d, a, bn_p, x) &&
		  BN_mod_mul(cb, c, b, bn_p, x) && BN_mod_add(x3, da, cb, bn_p, x) &&
		  BN_mod_sqr(x3, x3, bn_p, x) && BN_mod_sub(z3, da, cb, bn_p, x) &&
		  BN_mod_sqr(z3, z3, bn_p, x) && BN_mod_mul(z3, z3, x1, bn_p, x) &&
		  BN_mod_mul(x2, aa, bb, bn_p, x) && BN_mod_mul(z2, e, bn_a24, bn_p, x) &&
		  BN_mod_add(z2, z2, bb, bn_p, x) && BN_mod_mul(z2, z2, e, bn_p, x);

	BN_free(a), BN_free(aa), BN_free(b), BN_free(bb), BN_free(e);
	BN_free(c), BN_free(d), BN_free(da), BN_free(cb);
	return ok;
}

static bool openssl_fe(enum oracle_fe_op op, uint8_t out[][32],
		       const uint64_t in[][ORACLE_FE_WORDS], const char **why)
{
	int n = op == ORACLE_FE_LADDER_STEP ? 5 : 2;
	BIGNUM *v[5] = { NULL }, *r = BN_new();
	bool ok = r != NULL;

	bn_init();
	for (int i = 0; i < n; i++)
		v[i] = bn_from_words(in[i]);
	switch (op) {
	case ORACLE_FE_REDUCE: ok = ok && BN_copy(r, v[0]); break;
	case ORACLE_FE_ADD: ok = ok && BN_mod_add(r, v[0], v[1], bn_p, bn_ctx); break;
	case ORACLE_FE_SUB: ok = ok && BN_mod_sub(r, v[0], v[1], bn_p, bn_ctx); break;
	case ORACLE_FE_MUL: ok = ok && BN_mod_mul(r, v[0], v[1], bn_p, bn_ctx); break;
	case ORACLE_FE_SQ: ok = ok && BN_mod_sqr(r, v[0], bn_p, bn_ctx); break;
	case ORACLE_FE_MUL_A24: ok = ok && BN_mod_mul(r, v[0], bn_a24, bn_p, bn_ctx); break;
	case ORACLE_FE_INVERT:
		ok = ok && BN_mod_exp(r, v[0], bn_p_minus_2, bn_p, bn_ctx);
		break;
	case ORACLE_FE_LADDER_STEP:
		ok = ok && bn_ladder_step(v[0], v[1], v[2], v[3], v[4]);
		break;
	}
	if (ok && op == ORACLE_FE_LADDER_STEP) {
		for (int i = 0; i < 4; i++)
			bn_out(out[i], v[i]);
	} else if (ok) {
		bn_out(out[0], r);
	}
	for (int i = 0; i < n; i++)
		BN_free(v[i]);
	BN_free(r);
	if (!ok)
		*why = "BIGNUM operation failed";
	return ok;
}

static bool openssl_poly1305_muladd(uint8_t out[17], const uint8_t a[17], const uint8_t b[17],
			     const uint8_t c[17], const char **why)
{
	static BIGNUM *p;
	BN_CTX *bctx;
	BIGNUM *x, *y, *z;
	bool ok;

	bn_init();
	bctx = bn_ctx;
	if (!p) {
		p = BN_new();
		/* p = 2^130 - 5 */
		if (!p || !BN_set_bit(p, 130) || !BN_sub_word(p, 5))
			abort();
	}
	BN_CTX_start(bctx);
	x = BN_CTX_get(bctx);
	y = BN_CTX_get(bctx);
	z = BN_CTX_get(bctx);
	ok = z && BN_lebin2bn(a, 17, x) && BN_lebin2bn(b, 17, y) && BN_lebin2bn(c, 17, z) &&
	     BN_mul(x, x, y, bctx) && BN_add(x, x, z) && BN_nnmod(x, x, p, bctx) &&
	     BN_bn2lebinpad(x, out, 17) == 17;
	BN_CTX_end(bctx);
	if (!ok)
		abort();
	return true;
}

const struct zinc_oracle oracle_openssl = {
	.name = "openssl",
	.describe = describe,
	.chacha20 = openssl_chacha20,
	.poly1305 = openssl_poly1305,
	.poly1305_muladd = openssl_poly1305_muladd,
	.aead_encrypt = openssl_chacha20poly1305_encrypt,
	.aead_decrypt = openssl_chacha20poly1305_decrypt,
	.blake2s = openssl_blake2s,
	.hmac_blake2s = openssl_hmac_blake2s,
	.x25519 = openssl_x25519,
	.fe = openssl_fe,
};
#else /* ZINC_NO_OPENSSL */
const struct zinc_oracle oracle_openssl = { .name = "openssl", .off = ORACLES_OFF };
#endif
