/* SPDX-License-Identifier: MIT */
/*
 * libsodium 1.0.18 as an oracle: ChaCha20 (IETF, with initial counter),
 * HChaCha20, Poly1305, ChaCha20-Poly1305 (IETF), XChaCha20-Poly1305, X25519.
 *
 * Its limits, and how the harness keeps within them:
 * - crypto_stream_chacha20_ietf_xor_ic takes a 32-bit counter and calls
 *   sodium_misuse() (abort) when ic > 2^32 - ceil(mlen / 64), i.e. whenever
 *   the counter would wrap inside the call (verified against the 1.0.18
 *   source and by running it here). Its block code would otherwise carry
 *   into the first nonce word; zinc wraps without carry. So sodium_chacha20
 *   refuses a wrapping call ("counter wraps in one call") and the targets
 *   run it in two calls split at the wrap, the second from counter 0.
 * - The AEADs take and give ciphertext || tag (combined mode), like zinc;
 *   decrypt returns -1 on a bad tag and leaves m unwritten (we only compare
 *   the verdict then). Lengths here are far below its limits.
 * - crypto_core_hchacha20(out, in16, key, NULL) takes the 16-byte input
 *   (zinc's nonce) first, then the key; NULL constants mean "expand 32-byte k".
 * - crypto_scalarmult_curve25519 clamps the scalar, ignores bit 255 of the
 *   point, and returns -1 when the result is all zeros (its ref10 code also
 *   returns -1 early, without writing q, for a list of small-order points;
 *   all of those give an all-zero result with a clamped scalar). We compare
 *   -1 with zinc's false and the bytes only when it returned 0.
 *
 * With -DZINC_NO_LIBSODIUM (or -DZINC_NO_ORACLES) oracle_libsodium has no
 * operation and off = ORACLES_OFF (oracles.h), which gives the build's
 * reason, and libsodium is not linked.
 */
#include "fuzz/oracles/oracles.h"

#ifndef ZINC_NO_LIBSODIUM
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

static void init(void)
{
	static int ready;

	if (!ready) {
		if (sodium_init() < 0)
			abort();
		ready = 1;
	}
}

static void describe(FILE *out)
{
	fprintf(out, "libsodium %s", sodium_version_string());
}

static bool sodium_chacha20(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t key[32],
		     const uint8_t nonce[12], uint32_t counter, const char **why)
{
	init();
	if (oracle_chacha20_wraps(counter, len)) {
		*why = "counter wraps in one call (libsodium aborts)";
		return false;
	}
	if (len)
		crypto_stream_chacha20_ietf_xor_ic(dst, src, len, nonce, counter, key);
	return true;
}

static bool sodium_hchacha20(uint8_t out[32], const uint8_t nonce[16], const uint8_t key[32],
		      const char **why)
{
	init();
	crypto_core_hchacha20(out, nonce, key, NULL);
	return true;
}

static bool sodium_poly1305(uint8_t mac[16], const uint8_t *in, size_t len, const uint8_t key[32],
		     const char **why)
{
	init();
	crypto_onetimeauth_poly1305(mac, in, len, key);
	return true;
}

/* The IETF AEADs, ChaCha20-Poly1305 and XChaCha20-Poly1305: libsodium
 * gives both the same signature, so one pair of adapters, written once,
 * serves both (prefix: crypto_aead_chacha20poly1305_ietf or
 * crypto_aead_xchacha20poly1305_ietf). */
#define SODIUM_AEAD(name, prefix)								\
	static bool name##_encrypt(uint8_t *dst, const uint8_t *src, size_t len,		\
				   const uint8_t *ad, size_t ad_len, const uint8_t *nonce,	\
				   const uint8_t key[32], const char **why)			\
	{											\
		init();										\
		prefix##_encrypt(dst, NULL, src, len, ad, ad_len, NULL, nonce, key);		\
		return true;									\
	}											\
	static bool name##_decrypt(uint8_t *dst, bool *ok, const uint8_t *src, size_t len,	\
				   const uint8_t *ad, size_t ad_len, const uint8_t *nonce,	\
				   const uint8_t key[32], const char **why)			\
	{											\
		init();										\
		*ok = prefix##_decrypt(dst, NULL, NULL, src, len, ad, ad_len, nonce, key) == 0;	\
		return true;									\
	}
SODIUM_AEAD(sodium_chacha20poly1305, crypto_aead_chacha20poly1305_ietf)
SODIUM_AEAD(sodium_xchacha20poly1305, crypto_aead_xchacha20poly1305_ietf)

/* pub by crypto_scalarmult_curve25519_base (ref10's fixed-base Edwards
 * code, not the ladder); no point is refused. */
static bool sodium_x25519(uint8_t out[32], bool *nonzero, const char **refused, uint8_t pub[32],
			  const uint8_t scalar[32], const uint8_t point[32], const char **why)
{
	init();
	*nonzero = crypto_scalarmult_curve25519(out, scalar, point) == 0;
	if (crypto_scalarmult_curve25519_base(pub, scalar))
		memset(pub, 0, 32);	/* never zero for a clamped scalar: shows as a mismatch */
	*refused = NULL;
	return true;
}

const struct zinc_oracle oracle_libsodium = {
	.name = "libsodium",
	.describe = describe,
	.chacha20 = sodium_chacha20,
	.hchacha20 = sodium_hchacha20,
	.poly1305 = sodium_poly1305,
	.aead_encrypt = sodium_chacha20poly1305_encrypt,
	.aead_decrypt = sodium_chacha20poly1305_decrypt,
	.xaead_encrypt = sodium_xchacha20poly1305_encrypt,
	.xaead_decrypt = sodium_xchacha20poly1305_decrypt,
	.x25519 = sodium_x25519,
};

#else /* ZINC_NO_LIBSODIUM */
const struct zinc_oracle oracle_libsodium = { .name = "libsodium", .off = ORACLES_OFF };
#endif
