/* SPDX-License-Identifier: MIT */
/* Curve25519 backends. */
#ifndef ZINC_LIB_CURVE25519_H
#define ZINC_LIB_CURVE25519_H

#include <stddef.h>
#include <stdint.h>
#include <zinc/curve25519.h>

struct curve25519_impl {
	const char *name;   /* "curve25519-<variant>" */
	uint32_t features;
	/* out = X25519 ladder of the (already clamped) scalar on the u-coordinate
	 * point (bit 255 ignored, non-canonical values reduced mod p). Constant
	 * time in scalar and point. */
	void (*scalarmult)(uint8_t out[CURVE25519_KEY_SIZE],
			   const uint8_t scalar[CURVE25519_KEY_SIZE],
			   const uint8_t point[CURVE25519_KEY_SIZE]);
	/* out = scalar * base point (u = 9); NULL to use scalarmult. */
	void (*scalarmult_base)(uint8_t out[CURVE25519_KEY_SIZE],
				const uint8_t scalar[CURVE25519_KEY_SIZE]);
};

extern const struct curve25519_impl curve25519_impls[];
extern const size_t curve25519_nimpls;

const struct curve25519_impl *curve25519_pick(void);

/* curve25519() / curve25519_generate_public() with a chosen row: clamps a
 * copy of the secret, runs the row, returns false on an all-zero result. */
bool curve25519_with(const struct curve25519_impl *impl, uint8_t out[CURVE25519_KEY_SIZE],
		     const uint8_t secret[CURVE25519_KEY_SIZE],
		     const uint8_t basepoint[CURVE25519_KEY_SIZE]);
bool curve25519_generate_public_with(const struct curve25519_impl *impl,
				     uint8_t pub[CURVE25519_KEY_SIZE],
				     const uint8_t secret[CURVE25519_KEY_SIZE]);

#ifdef ZINC_TESTING
extern unsigned long curve25519_hits[];
#endif

#endif
