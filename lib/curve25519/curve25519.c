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

/* Rows in increasing order of preference; the last usable one is used. */
const struct curve25519_impl curve25519_impls[] = {
#define ROW(id, name, needs, scalarmult, scalarmult_base, field) \
	[CURVE25519_ROW_##id] = { name, needs, scalarmult, scalarmult_base,   \
				  CURVE25519_FIELD_OPS(field) },
#include "lib/curve25519/rows.h"
};

const size_t curve25519_nimpls = ARRAY_SIZE(curve25519_impls);

/* Its choice (lib/common/cpu.h): the features and the min_len of each row,
 * from rows.h, and the full pick, which the short pick must agree with. */
#ifdef ZINC_TESTING
static unsigned curve25519_full_pick(uint32_t have, size_t len)
{
	(void)len;
	return curve25519_row_for(have);
}
#endif

/* Curve25519 takes no length. */
struct zinc_choice curve25519_choice = {
	.name = "curve25519", ZINC_FULL_PICK(curve25519_full_pick) .nrows = CURVE25519_NROWS,
#define ROW(id, name, f, ...) ZINC_CHOICE_ROW(CURVE25519_ROW_##id, f, 0)
#include "lib/curve25519/rows.h"
};

#ifdef ZINC_TESTING
unsigned long curve25519_hits[ARRAY_SIZE(curve25519_impls)];
#endif

const struct curve25519_impl *curve25519_pick(void)
{
	return &curve25519_impls[curve25519_row_for(zinc_cpu_features())];
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

static bool scalarmult_row(enum curve25519_row row, uint8_t out[CURVE25519_KEY_SIZE],
			   const uint8_t secret[CURVE25519_KEY_SIZE],
			   const uint8_t basepoint[CURVE25519_KEY_SIZE])
{
	uint8_t e[CURVE25519_KEY_SIZE];

	memcpy(e, secret, sizeof(e));
	curve25519_clamp_secret(e);
	curve25519_row_scalarmult(row, out, e, basepoint);
	memzero_explicit(e, sizeof(e));
	return curve25519_nonzero(out);
}

static bool scalarmult_base_row(enum curve25519_row row, uint8_t pub[CURVE25519_KEY_SIZE],
				const uint8_t secret[CURVE25519_KEY_SIZE])
{
	uint8_t e[CURVE25519_KEY_SIZE];

	memcpy(e, secret, sizeof(e));
	curve25519_clamp_secret(e);
	curve25519_row_scalarmult_base(row, pub, e);
	memzero_explicit(e, sizeof(e));
	return curve25519_nonzero(pub);
}

bool curve25519_with(const struct curve25519_impl *impl, uint8_t out[CURVE25519_KEY_SIZE],
		     const uint8_t secret[CURVE25519_KEY_SIZE],
		     const uint8_t basepoint[CURVE25519_KEY_SIZE])
{
	return scalarmult_row((enum curve25519_row)(impl - curve25519_impls), out, secret,
			      basepoint);
}

bool curve25519_generate_public_with(const struct curve25519_impl *impl,
				     uint8_t pub[CURVE25519_KEY_SIZE],
				     const uint8_t secret[CURVE25519_KEY_SIZE])
{
	return scalarmult_base_row((enum curve25519_row)(impl - curve25519_impls), pub, secret);
}

bool curve25519(uint8_t out[CURVE25519_KEY_SIZE], const uint8_t secret[CURVE25519_KEY_SIZE],
		const uint8_t basepoint[CURVE25519_KEY_SIZE])
{
	enum curve25519_row row = curve25519_row_for(zinc_cpu_features());

	ZINC_COUNT_HIT(curve25519_hits[row]);
	return scalarmult_row(row, out, secret, basepoint);
}

bool curve25519_generate_public(uint8_t pub[CURVE25519_KEY_SIZE],
				const uint8_t secret[CURVE25519_KEY_SIZE])
{
	enum curve25519_row row = curve25519_row_for(zinc_cpu_features());

	ZINC_COUNT_HIT(curve25519_hits[row]);
	return scalarmult_base_row(row, pub, secret);
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
