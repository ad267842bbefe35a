/* SPDX-License-Identifier: MIT */
/*
 * NSS (Debian 12: libnss3 2:3.87.1) as an oracle, through its PKCS #11
 * layer (pk11pub.h): ChaCha20, ChaCha20-Poly1305, XChaCha20-Poly1305 (with
 * HChaCha20 from zinc, see below) and X25519. NSS's softoken runs freebl,
 * whose ChaCha20-Poly1305 and Curve25519 are HACL*-generated, formally
 * verified C (fuzz/README.md, "NSS and HACL*", says which code Debian's
 * build carries and how that was established).
 *
 * NSS_NoDB_Init(NULL) once (no database, the internal slot). Symmetric
 * keys are imported as session objects usable for both directions and
 * kept while the same key comes again; an X25519 scalar is imported and
 * freed on every call.
 *
 * Its limits, and how the harness keeps within them:
 * - CKM_CHACHA20 with CK_CHACHA20_PARAMS: a 32-bit block counter
 *   (blockCounterBits 32) and a 96-bit nonce. HACL*'s ChaCha20 adds the
 *   block index to a 32-bit counter, which wraps to 0 without carrying
 *   into the nonce, as zinc's does (checked here on 3.87.1: counter
 *   0xffffffff over 100 bytes). So nss_chacha20 takes a wrapping call
 *   whole, where libsodium and OpenSSL are split at the wrap.
 *   (blockCounterBits 64 is refused with SEC_ERROR_BAD_DATA.)
 * - CKM_CHACHA20_POLY1305 with CK_SALSA20_CHACHA20_POLY1305_PARAMS (the
 *   PKCS #11 3.0 mechanism; pkcs11t.h in 3.87 has no
 *   CK_CHACHA20_POLY1305_PARAMS): ciphertext || tag, like zinc.
 *   PK11_Decrypt fails with SEC_ERROR_BAD_DATA on a wrong tag (we compare
 *   the verdict only then). Lengths are unsigned int: inputs over
 *   UINT_MAX - 16 bytes are refused ("longer than UINT_MAX").
 * - Only 12-byte nonces: a 24-byte (XChaCha) or 8-byte nonce fails with
 *   SEC_ERROR_INPUT_LEN in 3.87. So XChaCha20-Poly1305 here is
 *   HChaCha20(key, nonce[0..16]) computed by zinc's generic C row
 *   (chacha20_impls[0].hchacha20), then NSS's ChaCha20-Poly1305 with that
 *   subkey and the nonce 0^4 || nonce[16..24]: NSS checks the AEAD, not
 *   HChaCha20 (libsodium checks that, and the chacha20 target against
 *   libsodium's crypto_core_hchacha20).
 * - X25519: PK11 has no raw-scalar import, so the scalar goes in as a
 *   PKCS #8 PrivateKeyInfo (id-ecPublicKey, curve OID 1.3.6.1.4.1.11591.15.1,
 *   an ECPrivateKey holding the 32 bytes as RFC 7748 writes them) through
 *   PK11_ImportDERPrivateKeyInfoAndReturnKey. Without the optional
 *   publicKey field the import fails (with no error code), so the
 *   ECPrivateKey carries a placeholder one (the bytes of u = 9); ECDH never
 *   reads it. The peer is a SECKEYPublicKey with the raw u; the shared
 *   secret comes from PK11_PubDeriveWithKDF(CKM_ECDH1_DERIVE, CKD_NULL)
 *   and PK11_ExtractKeyValue. freebl clamps the scalar and masks bit 255
 *   of u in the ladder.
 * - Refused points: the derive fails with SEC_ERROR_INVALID_KEY for the
 *   12 encodings below 2^256 of the small-order u-coordinates (0, 1,
 *   p - 1 and the two points of order 8; u, u + p, u + 2p), compared as
 *   256-bit numbers, bit 255 included. Three of them (2p - 1, 2p, 2p + 1)
 *   are not small-order once bit 255 is masked, as RFC 7748 says to do
 *   and zinc, libsodium and OpenSSL do: their result is not zero. Such a
 *   point's result is not compared (*refused gives the reason); a refusal of
 *   any other point is returned as a failed derive and so compared with
 *   zinc's verdict. The base point is compared either way.
 * - All-zero shared secret (e.g. a small-order u with bit 255 set, which
 *   is not on that list): the derive fails (SEC_ERROR_PKCS11_DEVICE_ERROR
 *   on 3.87.1): compared with zinc's false.
 * - The base point: there is no "public key of this scalar" call for an
 *   imported key, so pub is the derive with u = 9 from the same key.
 *
 * -DZINC_PLANT_ORACLE_NSS makes this adapter answer wrong (one byte of every
 * AEAD encryption and X25519 result flipped): //fuzz:planted_oracle_nss_*
 * check that the diagnosis blames NSS, not zinc.
 *
 * With -DZINC_NO_NSS (or -DZINC_NO_ORACLES) oracle_nss has no operation and
 * off = ORACLES_OFF (oracles.h), which gives the build's reason, and NSS is
 * not linked.
 */
#include "fuzz/oracles/oracles.h"

#ifndef ZINC_NO_NSS
#include <keyhi.h>
#include <limits.h>
#include <nss.h>
#include <pk11pub.h>
#include <prerror.h>
#include <secerr.h>
#include <stdlib.h>
#include <string.h>

#include "lib/chacha20/chacha20.h"

static PK11SlotInfo *slot;

static void init(void)
{
	if (slot)
		return;
	if (NSS_NoDB_Init(NULL) != SECSuccess || !(slot = PK11_GetInternalSlot())) {
		fprintf(stderr, "nss oracle: NSS_NoDB_Init failed (%s)\n",
			PR_ErrorToName(PR_GetError()));
		abort();
	}
}

static void describe(FILE *out)
{
	init();
	fprintf(out, "NSS %s, PK11 over freebl's HACL* code", NSS_GetVersion());
}

#define UINT_LENGTH "longer than UINT_MAX - 16 bytes (PK11_Encrypt takes unsigned int lengths)"

/* The key as a session object for mech, for encryption and decryption.
 * One per mechanism is kept and reused while the key bytes stay the same:
 * a target's encrypt, decrypt and flipped decrypt share one import. */
static PK11SymKey *sym_key(CK_MECHANISM_TYPE mech, const uint8_t key[32])
{
	static struct {
		CK_MECHANISM_TYPE mech;
		PK11SymKey *sk;
		uint8_t key[32];
	} cache[2];
	unsigned i = mech == CKM_CHACHA20;
	SECItem k = { siBuffer, (unsigned char *)key, 32 };

	if (cache[i].sk && cache[i].mech == mech && !memcmp(cache[i].key, key, 32))
		return cache[i].sk;
	if (cache[i].sk)
		PK11_FreeSymKey(cache[i].sk);
	cache[i].sk = PK11_ImportSymKeyWithFlags(slot, mech, PK11_OriginUnwrap, CKA_ENCRYPT, &k,
						 CKF_ENCRYPT | CKF_DECRYPT, PR_FALSE, NULL);
	if (!cache[i].sk) {
		fprintf(stderr, "nss oracle: PK11_ImportSymKeyWithFlags failed (%s)\n",
			PR_ErrorToName(PR_GetError()));
		abort();
	}
	cache[i].mech = mech;
	memcpy(cache[i].key, key, 32);
	return cache[i].sk;
}

static bool nss_chacha20(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t key[32],
		  const uint8_t nonce[12], uint32_t counter, const char **why)
{
	uint8_t ctr[4] = { (uint8_t)counter, (uint8_t)(counter >> 8), (uint8_t)(counter >> 16),
			   (uint8_t)(counter >> 24) };
	CK_CHACHA20_PARAMS p = { ctr, 32, (CK_BYTE_PTR)nonce, 96 };
	SECItem param = { siBuffer, (unsigned char *)&p, sizeof(p) };
	unsigned int outl = 0;
	PK11SymKey *sk;
	SECStatus rv;

	init();
	if (len > UINT_MAX - 16) {
		*why = UINT_LENGTH;
		return false;
	}
	if (!len)
		return true;
	sk = sym_key(CKM_CHACHA20, key);
	rv = PK11_Encrypt(sk, CKM_CHACHA20, &param, dst, &outl, (unsigned int)len, src,
			  (unsigned int)len);
	if (rv != SECSuccess || outl != len) {
		fprintf(stderr, "nss oracle: CKM_CHACHA20 failed (%s)\n",
			PR_ErrorToName(PR_GetError()));
		abort();
	}
	return true;
}

/* One PK11_Encrypt / PK11_Decrypt with CKM_CHACHA20_POLY1305; the return
 * value of the call (false: PK11_Decrypt rejected the tag). */
static bool aead(bool enc, uint8_t *dst, const uint8_t *src, size_t len, const uint8_t *ad,
		 size_t ad_len, const uint8_t nonce[12], const uint8_t key[32])
{
	static uint8_t empty[1];
	CK_SALSA20_CHACHA20_POLY1305_PARAMS p = { (CK_BYTE_PTR)nonce, 12,
						   ad_len ? (CK_BYTE_PTR)ad : empty, ad_len };
	SECItem param = { siBuffer, (unsigned char *)&p, sizeof(p) };
	size_t want = enc ? len + 16 : len - 16;
	unsigned int outl = 0;
	PK11SymKey *sk = sym_key(CKM_CHACHA20_POLY1305, key);
	SECStatus rv;

	if (enc)
		rv = PK11_Encrypt(sk, CKM_CHACHA20_POLY1305, &param, dst, &outl,
				  (unsigned int)len + 16, src, (unsigned int)len);
	else
		rv = PK11_Decrypt(sk, CKM_CHACHA20_POLY1305, &param, dst, &outl,
				  (unsigned int)len, src, (unsigned int)len);
	if (rv == SECSuccess && outl == want)
		return true;
	if (!enc && rv != SECSuccess && PR_GetError() == SEC_ERROR_BAD_DATA)
		return false;
	fprintf(stderr, "nss oracle: CKM_CHACHA20_POLY1305 %s failed (%s)\n",
		enc ? "encrypt" : "decrypt", PR_ErrorToName(PR_GetError()));
	abort();
}

static bool nss_chacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t len,
				  const uint8_t *ad, size_t ad_len, const uint8_t nonce[12],
				  const uint8_t key[32], const char **why)
{
	init();
	if (len > UINT_MAX - 16 || ad_len > UINT_MAX) {
		*why = UINT_LENGTH;
		return false;
	}
	aead(true, dst, src, len, ad, ad_len, nonce, key);
#ifdef ZINC_PLANT_ORACLE_NSS	/* planted bug for the harness's self-test */
	dst[len / 2] ^= 0x10;
#endif
	return true;
}

static bool nss_chacha20poly1305_decrypt(uint8_t *dst, bool *ok, const uint8_t *src, size_t len,
				  const uint8_t *ad, size_t ad_len, const uint8_t nonce[12],
				  const uint8_t key[32], const char **why)
{
	init();
	if (len < 16) {
		*why = "ciphertext shorter than a tag";
		return false;
	}
	if (len > UINT_MAX || ad_len > UINT_MAX) {
		*why = UINT_LENGTH;
		return false;
	}
	*ok = aead(false, dst, src, len, ad, ad_len, nonce, key);
	return true;
}

/* XChaCha20-Poly1305's subkey and 12-byte nonce: HChaCha20 by zinc's
 * generic row (NSS 3.87 has none), the last 8 nonce bytes after 4 zeros. */
static void xchacha_key(uint8_t subkey[32], uint8_t n12[12], const uint8_t nonce[24],
			const uint8_t key[32])
{
	chacha20_impls[0].hchacha20(subkey, nonce, key);
	memset(n12, 0, 4);
	memcpy(n12 + 4, nonce + 16, 8);
}

static bool nss_xchacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t len,
				   const uint8_t *ad, size_t ad_len, const uint8_t nonce[24],
				   const uint8_t key[32], const char **why)
{
	uint8_t subkey[32], n12[12];

	xchacha_key(subkey, n12, nonce, key);
	return nss_chacha20poly1305_encrypt(dst, src, len, ad, ad_len, n12, subkey, why);
}

static bool nss_xchacha20poly1305_decrypt(uint8_t *dst, bool *ok, const uint8_t *src, size_t len,
				   const uint8_t *ad, size_t ad_len, const uint8_t nonce[24],
				   const uint8_t key[32], const char **why)
{
	uint8_t subkey[32], n12[12];

	xchacha_key(subkey, n12, nonce, key);
	return nss_chacha20poly1305_decrypt(dst, ok, src, len, ad, ad_len, n12, subkey, why);
}

/* DER of the curve's OID, 1.3.6.1.4.1.11591.15.1 (SEC_OID_CURVE25519). */
static const uint8_t curve_oid[] = { 0x06, 0x09, 0x2b, 0x06, 0x01, 0x04, 0x01, 0xda, 0x47, 0x0f,
				     0x01 };
/* PrivateKeyInfo { 0, { id-ecPublicKey, curve }, OCTET STRING ECPrivateKey
 * { 1, OCTET STRING scalar (offset 36), [1] BIT STRING placeholder } }. */
enum { PKCS8_SCALAR = 36, PKCS8_LEN = 105 };
static const uint8_t pkcs8_head[] = {
	0x30, 0x67, 0x02, 0x01, 0x00, 0x30, 0x14, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02,
	0x01, 0x06, 0x09, 0x2b, 0x06, 0x01, 0x04, 0x01, 0xda, 0x47, 0x0f, 0x01, 0x04, 0x4c, 0x30,
	0x4a, 0x02, 0x01, 0x01, 0x04, 0x20,
};
static const uint8_t pkcs8_tail[] = { 0xa1, 0x23, 0x03, 0x21, 0x00, 0x09 };

/* The derive; false when NSS failed it, with its error in *err. */
static bool derive(uint8_t out[32], int *err, SECKEYPrivateKey *priv, const uint8_t point[32])
{
	SECKEYPublicKey peer;
	PK11SymKey *k;
	SECItem *v;
	bool ok = false;

	memset(&peer, 0, sizeof(peer));
	peer.keyType = ecKey;
	peer.pkcs11ID = CK_INVALID_HANDLE;
	peer.u.ec.DEREncodedParams.data = (unsigned char *)curve_oid;
	peer.u.ec.DEREncodedParams.len = sizeof(curve_oid);
	peer.u.ec.size = 255;
	peer.u.ec.publicValue.data = (unsigned char *)point;
	peer.u.ec.publicValue.len = 32;
	k = PK11_PubDeriveWithKDF(priv, &peer, PR_FALSE, NULL, NULL, CKM_ECDH1_DERIVE,
				  CKM_SHA512_HMAC, CKA_DERIVE, 0, CKD_NULL, NULL, NULL);
	*err = k ? 0 : PR_GetError();
	if (k && PK11_ExtractKeyValue(k) == SECSuccess && (v = PK11_GetKeyData(k)) &&
	    v->len == 32) {
		memcpy(out, v->data, 32);
		ok = true;
	} else if (k) {
		fprintf(stderr, "nss oracle: cannot read the ECDH secret\n");
		abort();
	}
	if (k)
		PK11_FreeSymKey(k);
	return ok;
}

/* True when u, as a 256-bit number (bit 255 included), is a small-order
 * u-coordinate plus 0, p or 2p: the points NSS refuses. */
static bool refused_encoding(const uint8_t point[32])
{
	static const uint8_t order8_full[2][32] = {
		{ 0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3, 0xfa, 0xf1,
		  0x9f, 0xc4, 0x6a, 0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32, 0xb1, 0xfd, 0x86, 0x62,
		  0x05, 0x16, 0x5f, 0x49, 0xb8, 0x00 },
		{ 0x5f, 0x9c, 0x95, 0xbc, 0xa3, 0x50, 0x8c, 0x24, 0xb1, 0xd0, 0xb1, 0x55, 0x9c,
		  0x83, 0xef, 0x5b, 0x04, 0x44, 0x5c, 0xc4, 0x58, 0x1c, 0x8e, 0x86, 0xd8, 0x22,
		  0x4e, 0xdd, 0xd0, 0x9f, 0x11, 0x57 },
	};
	uint8_t r[32];

	/* r = u mod p: u < 2^256 = 2p + 38, so at most two subtractions of p
	 * = 2^255 - 19 (subtract p: add 19, then subtract 2^255). */
	memcpy(r, point, 32);
	for (int k = 0; k < 2; k++) {
		uint8_t t[32];
		unsigned c = 19;

		for (int i = 0; i < 32; i++) {
			c += r[i];
			t[i] = (uint8_t)c;
			c >>= 8;
		}
		/* r + 19 as 257 bits: c is bit 256; r >= p iff r + 19 >= 2^255 */
		if (!c && !(t[31] & 0x80))
			break;
		if (c) {	/* r + 19 - 2^255 = t + 2^256 - 2^255 = t with bit 255 set */
			t[31] |= 0x80;
		} else {
			t[31] &= 0x7f;
		}
		memcpy(r, t, 32);
	}
	{
		static const uint8_t zero[32], one[32] = { 1 };
		static const uint8_t p_minus_1[32] = {
			0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
			0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
			0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
		};

		return !memcmp(r, zero, 32) || !memcmp(r, one, 32) || !memcmp(r, p_minus_1, 32) ||
		       !memcmp(r, order8_full[0], 32) || !memcmp(r, order8_full[1], 32);
	}
}

static bool nss_x25519(uint8_t out[32], bool *nonzero, const char **refused, uint8_t pub[32],
		const uint8_t scalar[32], const uint8_t point[32], const char **why)
{
	static const uint8_t nine[32] = { 9 };
	uint8_t der[PKCS8_LEN];
	SECItem item = { siBuffer, der, sizeof(der) };
	SECKEYPrivateKey *priv = NULL;
	int err;

	init();
	memcpy(der, pkcs8_head, sizeof(pkcs8_head));
	memcpy(der + PKCS8_SCALAR, scalar, 32);
	memcpy(der + PKCS8_SCALAR + 32, pkcs8_tail, sizeof(pkcs8_tail));
	memset(der + PKCS8_SCALAR + 32 + sizeof(pkcs8_tail), 0,
	       PKCS8_LEN - PKCS8_SCALAR - 32 - sizeof(pkcs8_tail));
	der[PKCS8_SCALAR + 32 + sizeof(pkcs8_tail) - 1] = 9;
	if (PK11_ImportDERPrivateKeyInfoAndReturnKey(slot, &item, NULL, NULL, PR_FALSE, PR_FALSE,
						     KU_KEY_AGREEMENT, &priv, NULL) != SECSuccess ||
	    !priv) {
		fprintf(stderr, "nss oracle: PKCS #8 import of the scalar failed (%s)\n",
			PR_ErrorToName(PR_GetError()));
		abort();
	}
	if (!derive(pub, &err, priv, nine))
		memset(pub, 0, 32);	/* never zero for u = 9: shows as a mismatch */
	*nonzero = derive(out, &err, priv, point);
#ifdef ZINC_PLANT_ORACLE_NSS	/* planted bug for the harness's self-test */
	out[5] ^= 1;
#endif
	SECKEY_DestroyPrivateKey(priv);
	*refused = NULL;
	if (!*nonzero && err == SEC_ERROR_INVALID_KEY && refused_encoding(point))
		*refused = "x25519: u = a small-order u + 0, p or 2p as 256 bits (NSS refuses "
			   "the point, SEC_ERROR_INVALID_KEY)";
	return true;
}

const struct zinc_oracle oracle_nss = {
	.name = "nss",
	.describe = describe,
	.chacha20 = nss_chacha20,
	.aead_encrypt = nss_chacha20poly1305_encrypt,
	.aead_decrypt = nss_chacha20poly1305_decrypt,
	.xaead_encrypt = nss_xchacha20poly1305_encrypt,
	.xaead_decrypt = nss_xchacha20poly1305_decrypt,
	.x25519 = nss_x25519,
};
#else /* ZINC_NO_NSS */
const struct zinc_oracle oracle_nss = { .name = "nss", .off = ORACLES_OFF };
#endif
