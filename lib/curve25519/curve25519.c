/* SPDX-License-Identifier: MIT */
/*
 * X25519 (RFC 7748): the public functions and the backend table. Every row
 * computes the ladder on an already clamped scalar; clamping, the all-zero
 * check and key generation are shared here.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "lib/curve25519/curve25519.h"
#include "lib/common/cpu.h"
#include "lib/common/util.h"

void curve25519_generic32(uint8_t out[CURVE25519_KEY_SIZE],
			  const uint8_t scalar[CURVE25519_KEY_SIZE],
			  const uint8_t point[CURVE25519_KEY_SIZE]);
void curve25519_generic32_base(uint8_t out[CURVE25519_KEY_SIZE],
			       const uint8_t scalar[CURVE25519_KEY_SIZE]);
void curve25519_generic64(uint8_t out[CURVE25519_KEY_SIZE],
			  const uint8_t scalar[CURVE25519_KEY_SIZE],
			  const uint8_t point[CURVE25519_KEY_SIZE]);
void curve25519_generic64_base(uint8_t out[CURVE25519_KEY_SIZE],
			       const uint8_t scalar[CURVE25519_KEY_SIZE]);
void curve25519_bmi2_adx(uint8_t out[CURVE25519_KEY_SIZE],
			 const uint8_t scalar[CURVE25519_KEY_SIZE],
			 const uint8_t point[CURVE25519_KEY_SIZE]);
void curve25519_bmi2_adx_base(uint8_t out[CURVE25519_KEY_SIZE],
			      const uint8_t scalar[CURVE25519_KEY_SIZE]);

/* Rows in increasing order of preference; the last usable one is used. */
const struct curve25519_impl curve25519_impls[] = {
	{ "curve25519-generic32", 0, curve25519_generic32, curve25519_generic32_base,
	  CURVE25519_FIELD_OPS(curve25519_generic32_field) },
#ifdef __SIZEOF_INT128__
	{ "curve25519-generic64", 0, curve25519_generic64, curve25519_generic64_base,
	  CURVE25519_FIELD_OPS(curve25519_generic64_field) },
#endif
#ifdef ZINC_ASM_X86_64
	{ "curve25519-bmi2-adx", ZINC_CPU_BMI2 | ZINC_CPU_ADX, curve25519_bmi2_adx, curve25519_bmi2_adx_base,
	  CURVE25519_FIELD_OPS(curve25519_bmi2_adx_field) },
#endif
};

const size_t curve25519_nimpls = ARRAY_SIZE(curve25519_impls);

#ifdef ZINC_TESTING
unsigned long curve25519_hits[ARRAY_SIZE(curve25519_impls)];
#endif

static const uint8_t curve25519_base_point[CURVE25519_KEY_SIZE] = { 9 };

const struct curve25519_impl *curve25519_pick(void)
{
	const struct curve25519_impl *impl = &curve25519_impls[0];
	size_t i;

	for (i = 1; i < curve25519_nimpls; i++) {
		if (zinc_cpu_have(curve25519_impls[i].features))
			impl = &curve25519_impls[i];
	}
	return impl;
}

void curve25519_clamp_secret(uint8_t secret[CURVE25519_KEY_SIZE])
{
	secret[0] &= 248;
	secret[31] &= 127;
	secret[31] |= 64;
}

/* true unless all 32 bytes are zero; the time does not depend on them. */
static bool curve25519_nonzero(const uint8_t out[CURVE25519_KEY_SIZE])
{
	unsigned int acc = 0;
	int i;

	for (i = 0; i < CURVE25519_KEY_SIZE; i++)
		acc |= out[i];
	/* acc - 1 borrows into bit 8 exactly when acc == 0. */
	return !((acc - 1) >> 8 & 1);
}

bool curve25519_with(const struct curve25519_impl *impl, uint8_t out[CURVE25519_KEY_SIZE],
		     const uint8_t secret[CURVE25519_KEY_SIZE],
		     const uint8_t basepoint[CURVE25519_KEY_SIZE])
{
	uint8_t e[CURVE25519_KEY_SIZE];

	memcpy(e, secret, sizeof(e));
	curve25519_clamp_secret(e);
	impl->scalarmult(out, e, basepoint);
	memzero_explicit(e, sizeof(e));
	return curve25519_nonzero(out);
}

bool curve25519_generate_public_with(const struct curve25519_impl *impl,
				     uint8_t pub[CURVE25519_KEY_SIZE],
				     const uint8_t secret[CURVE25519_KEY_SIZE])
{
	uint8_t e[CURVE25519_KEY_SIZE];

	if (!impl->scalarmult_base)
		return curve25519_with(impl, pub, secret, curve25519_base_point);
	memcpy(e, secret, sizeof(e));
	curve25519_clamp_secret(e);
	impl->scalarmult_base(pub, e);
	memzero_explicit(e, sizeof(e));
	return curve25519_nonzero(pub);
}

bool curve25519(uint8_t out[CURVE25519_KEY_SIZE], const uint8_t secret[CURVE25519_KEY_SIZE],
		const uint8_t basepoint[CURVE25519_KEY_SIZE])
{
	const struct curve25519_impl *impl = curve25519_pick();

	ZINC_COUNT_HIT(curve25519_hits[impl - curve25519_impls]);
	return curve25519_with(impl, out, secret, basepoint);
}

bool curve25519_generate_public(uint8_t pub[CURVE25519_KEY_SIZE],
				const uint8_t secret[CURVE25519_KEY_SIZE])
{
	const struct curve25519_impl *impl = curve25519_pick();

	ZINC_COUNT_HIT(curve25519_hits[impl - curve25519_impls]);
	return curve25519_generate_public_with(impl, pub, secret);
}

/*
 * 32 bytes from getrandom(), clamped. Retries on EINTR and short reads;
 * calls abort() if getrandom() fails outright (no kernel support, ENOSYS):
 * there is no way to report failure, and a key that is not random must not
 * be returned.
 */
void curve25519_generate_secret(uint8_t secret[CURVE25519_KEY_SIZE])
{
	size_t done = 0;

	while (done < CURVE25519_KEY_SIZE) {
		ssize_t n = getrandom(secret + done, CURVE25519_KEY_SIZE - done, 0);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			abort();
		}
		done += (size_t)n;
	}
	curve25519_clamp_secret(secret);
}
