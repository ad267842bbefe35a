/* SPDX-License-Identifier: MIT */
/*
 * Independent implementations the targets compare with. One file per
 * library (libsodium.c, openssl.c, libb2.c, nss.c, boringssl.c); each
 * documents where that library aborts, rejects or differs from zinc. Every
 * function returns true when it produced a result to compare, false when
 * the input is outside its domain, with *why set to the reason (a string
 * literal the caller counts). Each adapter can be compiled to a stub whose
 * functions all return false with why = ORACLES_OFF: -DZINC_NO_LIBSODIUM,
 * -DZINC_NO_OPENSSL, -DZINC_NO_LIBB2, -DZINC_NO_NSS, -DZINC_NO_BORINGSSL for
 * one library, -DZINC_NO_ORACLES for all five. The build says why with
 * -DZINC_ORACLES_OFF_WHY='"reason"' (Bazel's MSan config and
 * ci/oss-fuzz/build.sh do); without it the reason is generic.
 */
#ifndef ZINC_FUZZ_ORACLES_H
#define ZINC_FUZZ_ORACLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef ZINC_NO_ORACLES
#define ZINC_NO_LIBSODIUM
#define ZINC_NO_OPENSSL
#define ZINC_NO_LIBB2
#define ZINC_NO_NSS
#define ZINC_NO_BORINGSSL
#endif
#ifdef ZINC_ORACLES_OFF_WHY
#define ORACLES_OFF "oracle compiled out (" ZINC_ORACLES_OFF_WHY ")"
#else
#define ORACLES_OFF "oracle compiled out at build time"
#endif

/* Each library prints one line per oracle it offers the target (named as
 * in FUZZ_TARGETS), or why it offers none. */
void sodium_list(FILE *out, const char *target);
void openssl_list(FILE *out, const char *target);
void libb2_list(FILE *out, const char *target);
void nss_list(FILE *out, const char *target);
void boringssl_list(FILE *out, const char *target);

/* ---- libsodium 1.0.18 ---- */
/* ChaCha20 (RFC 8439) from block counter; aborts in libsodium when
 * counter + ceil(len / 64) > 2^32, so this refuses those: callers split. */
bool sodium_chacha20(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t key[32],
		     const uint8_t nonce[12], uint32_t counter, const char **why);
bool sodium_hchacha20(uint8_t out[32], const uint8_t nonce[16], const uint8_t key[32],
		      const char **why);
bool sodium_poly1305(uint8_t mac[16], const uint8_t *in, size_t len, const uint8_t key[32],
		     const char **why);
/* dst gets len + 16 bytes, ciphertext then tag. */
bool sodium_chacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t len,
				     const uint8_t *ad, size_t ad_len, const uint8_t nonce[12],
				     const uint8_t key[32], const char **why);
/* src is ciphertext || tag (len includes the tag); *ok is the verdict; dst
 * gets len - 16 bytes when ok. */
bool sodium_chacha20poly1305_decrypt(uint8_t *dst, bool *ok, const uint8_t *src, size_t len,
				     const uint8_t *ad, size_t ad_len, const uint8_t nonce[12],
				     const uint8_t key[32], const char **why);
bool sodium_xchacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t len,
				      const uint8_t *ad, size_t ad_len, const uint8_t nonce[24],
				      const uint8_t key[32], const char **why);
bool sodium_xchacha20poly1305_decrypt(uint8_t *dst, bool *ok, const uint8_t *src, size_t len,
				      const uint8_t *ad, size_t ad_len, const uint8_t nonce[24],
				      const uint8_t key[32], const char **why);
/* *nonzero is false when libsodium returned -1 (all-zero result); out is
 * then unspecified. */
bool sodium_x25519(uint8_t out[32], bool *nonzero, const uint8_t scalar[32],
		   const uint8_t point[32], const char **why);
bool sodium_x25519_base(uint8_t out[32], bool *nonzero, const uint8_t scalar[32],
			const char **why);

/* ---- OpenSSL 3.0 ---- */
/* EVP_chacha20; carries the counter into the first nonce word, so this
 * refuses counter + ceil(len / 64) > 2^32: callers split. */
bool openssl_chacha20(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t key[32],
		      const uint8_t nonce[12], uint32_t counter, const char **why);
bool openssl_poly1305(uint8_t mac[16], const uint8_t *in, size_t len, const uint8_t key[32],
		      const char **why);
/* BN_*: out = (a b + c) mod 2^130 - 5, fully reduced; operands and result
 * are 17-byte little-endian integers. For the poly1305_state target. */
bool openssl_poly1305_muladd(uint8_t out[17], const uint8_t a[17], const uint8_t b[17],
			     const uint8_t c[17], const char **why);
bool openssl_chacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t len,
				      const uint8_t *ad, size_t ad_len, const uint8_t nonce[12],
				      const uint8_t key[32], const char **why);
bool openssl_chacha20poly1305_decrypt(uint8_t *dst, bool *ok, const uint8_t *src, size_t len,
				      const uint8_t *ad, size_t ad_len, const uint8_t nonce[12],
				      const uint8_t key[32], const char **why);
/* Unkeyed 32-byte BLAKE2s (EVP_MD "BLAKE2S-256"), or keyed via EVP_MAC
 * "BLAKE2SMAC" (keylen 1..32, outlen 1..32). */
bool openssl_blake2s(uint8_t *out, size_t outlen, const uint8_t *in, size_t len,
		     const uint8_t *key, size_t keylen, const char **why);
bool openssl_hmac_blake2s(uint8_t out[32], const uint8_t *in, size_t len, const uint8_t *key,
			  size_t keylen, const char **why);
/* out = X25519(scalar, point) by EVP_PKEY_derive, and pub = the raw public
 * key OpenSSL computes for the private key (X25519(scalar, 9)), both from
 * one private key object: making it costs a base-point multiplication, so
 * the two results share it. *nonzero is false when EVP_PKEY_derive failed
 * (OpenSSL rejects an all-zero shared secret); out is then unspecified. */
bool openssl_x25519(uint8_t out[32], bool *nonzero, uint8_t pub[32], const uint8_t scalar[32],
		    const uint8_t point[32], const char **why);
/* Field arithmetic mod p = 2^255 - 19 with BIGNUM (target curve25519_field).
 * Each input is a signed integer of ORACLE_FE_WORDS 64-bit words, least
 * significant first, two's complement (any value, not yet reduced); each
 * output is the canonical 32-byte little-endian residue. in[0], in[1] are
 * the operands (in[0] only for the one-operand ops); LADDER_STEP takes
 * in = x2, z2, x3, z3, x1 and gives out = x2, z2, x3, z3 of RFC 7748's
 * step ((x2:z2) doubled, (x3:z3) the sum). */
enum { ORACLE_FE_WORDS = 6 };
enum oracle_fe_op {
	ORACLE_FE_REDUCE, ORACLE_FE_ADD, ORACLE_FE_SUB, ORACLE_FE_MUL, ORACLE_FE_SQ,
	ORACLE_FE_MUL_A24, ORACLE_FE_INVERT, ORACLE_FE_LADDER_STEP,
};
bool openssl_fe(enum oracle_fe_op op, uint8_t out[][32], const uint64_t in[][ORACLE_FE_WORDS],
		const char **why);

/* ---- libb2 0.98 (the BLAKE2 reference) ---- */
/* One-shot, any outlen 1..32 and keylen 0..32. */
bool libb2_blake2s(uint8_t *out, size_t outlen, const uint8_t *in, size_t len,
		   const uint8_t *key, size_t keylen, const char **why);
/* The same through init / update (in the given chunk sizes) / final. */
bool libb2_blake2s_chunked(uint8_t *out, size_t outlen, const uint8_t *in, size_t len,
			   const uint8_t *key, size_t keylen, const size_t *chunks,
			   unsigned nchunks, const char **why);

/* ---- NSS 3.87 (PK11 over freebl's HACL* code; nss.c has its limits) ---- */
/* CKM_CHACHA20, 32-bit counter: wraps to 0 without carry, as zinc does, so
 * a wrapping call is taken whole. */
bool nss_chacha20(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t key[32],
		  const uint8_t nonce[12], uint32_t counter, const char **why);
/* CKM_CHACHA20_POLY1305; the same shapes as libsodium's above. */
bool nss_chacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t len,
				  const uint8_t *ad, size_t ad_len, const uint8_t nonce[12],
				  const uint8_t key[32], const char **why);
bool nss_chacha20poly1305_decrypt(uint8_t *dst, bool *ok, const uint8_t *src, size_t len,
				  const uint8_t *ad, size_t ad_len, const uint8_t nonce[12],
				  const uint8_t key[32], const char **why);
/* HChaCha20 by zinc's generic row (NSS has none), then NSS's AEAD. */
bool nss_xchacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t len,
				   const uint8_t *ad, size_t ad_len, const uint8_t nonce[24],
				   const uint8_t key[32], const char **why);
bool nss_xchacha20poly1305_decrypt(uint8_t *dst, bool *ok, const uint8_t *src, size_t len,
				   const uint8_t *ad, size_t ad_len, const uint8_t nonce[24],
				   const uint8_t key[32], const char **why);
/* ECDH (PK11_PubDeriveWithKDF, CKD_NULL) of the scalar, imported as PKCS #8,
 * with point; pub = the same with u = 9. *nonzero is false when the derive
 * failed (all-zero secret). *refused is NULL, or why out / *nonzero are not
 * to be compared: a point NSS refuses (u = a small-order u + 0, p or 2p as
 * a 256-bit number); pub is computed either way. */
bool nss_x25519(uint8_t out[32], bool *nonzero, const char **refused, uint8_t pub[32],
		const uint8_t scalar[32], const uint8_t point[32], const char **why);

/* ---- BoringSSL (Debian's android-libboringssl 13.0.0+r24: fiat-crypto's
 * Curve25519 field arithmetic; boringssl.c says how it is loaded) ---- */
/* out = X25519(scalar, point), written even when all zero; *nonzero is its
 * return value (0 for an all-zero result). pub = X25519_public_from_private
 * (the Edwards fixed-base comb, not the ladder). */
bool boringssl_x25519(uint8_t out[32], bool *nonzero, uint8_t pub[32], const uint8_t scalar[32],
		      const uint8_t point[32], const char **why);

#endif
