/* SPDX-License-Identifier: MIT */
/*
 * Independent implementations the targets compare with: one struct
 * zinc_oracle per library, defined in its file (libsodium.c, openssl.c,
 * libb2.c, nss.c, boringssl.c), which documents where that library aborts,
 * rejects or differs from zinc. Every operation returns true when it
 * produced a result to compare, false when the input is outside its domain,
 * with *why set to the reason (a string literal the caller counts). Each
 * adapter can be compiled out, leaving its struct with every operation NULL
 * and off = ORACLES_OFF: -DZINC_NO_LIBSODIUM, -DZINC_NO_OPENSSL,
 * -DZINC_NO_LIBB2, -DZINC_NO_NSS, -DZINC_NO_BORINGSSL for one library,
 * -DZINC_NO_ORACLES for all five. The build says why with
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

enum { ORACLE_FE_WORDS = 6 };
enum oracle_fe_op {
	ORACLE_FE_REDUCE, ORACLE_FE_ADD, ORACLE_FE_SUB, ORACLE_FE_MUL, ORACLE_FE_SQ,
	ORACLE_FE_MUL_A24, ORACLE_FE_INVERT, ORACLE_FE_LADDER_STEP,
};

/*
 * The AEAD operations, one type for both nonce sizes (the struct says which
 * pointer takes which). encrypt: dst gets len + 16 bytes, ciphertext then
 * tag. decrypt: src is ciphertext || tag (len includes the tag), *ok the
 * verdict, dst gets len - 16 bytes when ok.
 */
typedef bool oracle_aead_encrypt(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t *ad,
				 size_t ad_len, const uint8_t *nonce, const uint8_t key[32],
				 const char **why);
typedef bool oracle_aead_decrypt(uint8_t *dst, bool *ok, const uint8_t *src, size_t len,
				 const uint8_t *ad, size_t ad_len, const uint8_t *nonce,
				 const uint8_t key[32], const char **why);

/*
 * One library: its name (as the diagnosis and the counters print it) and one
 * pointer per operation, NULL where the library has no such operation or
 * the adapter is compiled out (off then says why). A target asks every
 * library of zinc_oracles in turn; a NULL is reported, never stubbed:
 * ORACLE_LACKS gives the reason it is not compared.
 */
struct zinc_oracle {
	const char *name;
	const char *off;	/* non-NULL: compiled out, for this reason */
	/* One line: the library, its version, how it is reached. */
	void (*describe)(FILE *out);
	/* ChaCha20 (RFC 8439) from a 32-bit block counter. A library that
	 * carries a wrapping counter into the nonce (or aborts) refuses a call
	 * that wraps (oracle_chacha20_wraps), with why "counter wraps in one
	 * call ...": the caller splits there. */
	bool (*chacha20)(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t key[32],
			 const uint8_t nonce[12], uint32_t counter, const char **why);
	bool (*hchacha20)(uint8_t out[32], const uint8_t nonce[16], const uint8_t key[32],
			  const char **why);
	bool (*poly1305)(uint8_t mac[16], const uint8_t *in, size_t len, const uint8_t key[32],
			 const char **why);
	/* out = (a b + c) mod 2^130 - 5, fully reduced; 17-byte little-endian
	 * operands and result (the poly1305_state target). */
	bool (*poly1305_muladd)(uint8_t out[17], const uint8_t a[17], const uint8_t b[17],
				const uint8_t c[17], const char **why);
	/* ChaCha20-Poly1305 (aead_*: 12-byte nonce) and XChaCha20-Poly1305
	 * (xaead_*: 24-byte nonce), of the types above. */
	oracle_aead_encrypt *aead_encrypt, *xaead_encrypt;
	oracle_aead_decrypt *aead_decrypt, *xaead_decrypt;
	/* BLAKE2s of outlen bytes with a key of keylen bytes (0: unkeyed); a
	 * library refuses what it cannot take (why says it). */
	bool (*blake2s)(uint8_t *out, size_t outlen, const uint8_t *in, size_t len,
			const uint8_t *key, size_t keylen, const char **why);
	/* The same through init / update (in the given chunk sizes) / final. */
	bool (*blake2s_chunked)(uint8_t *out, size_t outlen, const uint8_t *in, size_t len,
				const uint8_t *key, size_t keylen, const size_t *chunks,
				unsigned nchunks, const char **why);
	bool (*hmac_blake2s)(uint8_t out[32], const uint8_t *in, size_t len, const uint8_t *key,
			     size_t keylen, const char **why);
	/* out = X25519(scalar, point), *nonzero false for a failed (all-zero)
	 * result (out then unspecified); pub = X25519(scalar, 9) by whatever
	 * means the library has. *refused: NULL, or why out and *nonzero are
	 * not to be compared (a point the library refuses; pub still is). */
	bool (*x25519)(uint8_t out[32], bool *nonzero, const char **refused, uint8_t pub[32],
		       const uint8_t scalar[32], const uint8_t point[32], const char **why);
	/* Field arithmetic mod 2^255 - 19 (target curve25519_field): each input
	 * a signed integer of ORACLE_FE_WORDS 64-bit words, least significant
	 * first, two's complement; each output the canonical 32-byte residue.
	 * in[0], in[1] are the operands (in[0] only for the one-operand ops);
	 * LADDER_STEP takes in = x2, z2, x3, z3, x1 and gives out = x2, z2, x3,
	 * z3 of RFC 7748's step ((x2:z2) doubled, (x3:z3) the sum). */
	bool (*fe)(enum oracle_fe_op op, uint8_t out[][32], const uint64_t in[][ORACLE_FE_WORDS],
		   const char **why);
};

/* Whether a ChaCha20 call of len bytes from block counter wraps the 32-bit
 * counter (what the chacha20 operation's libraries refuse). */
static inline bool oracle_chacha20_wraps(uint32_t counter, size_t len)
{
	return (uint64_t)counter + (len + 63) / 64 > (1ull << 32);
}

/* Why o gives no answer for op (a string literal): compiled out, or the
 * library has no such operation. */
#define ORACLE_LACKS(o, op) ((o)->off ? (o)->off : "has no " #op)
/* o's op on the arguments, or false with *why = ORACLE_LACKS(o, op). */
#define ORACLE_CALL(o, op, why, ...)						\
	((o)->op ? (o)->op(__VA_ARGS__, (why)) : (*(why) = ORACLE_LACKS(o, op), false))

extern const struct zinc_oracle oracle_libsodium, oracle_openssl, oracle_libb2, oracle_nss,
	oracle_boringssl;
/* Every library, in the order the diagnosis lists them. */
enum { ZINC_NORACLES = 5 };
extern const struct zinc_oracle *const zinc_oracles[ZINC_NORACLES];

/* Prints every library: its describe line and the operations it has, or
 * why it is not built; then the target's notes on how it asks them. */
void oracles_list(FILE *out, const char *notes);

#endif
