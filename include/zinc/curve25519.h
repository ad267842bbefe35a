/* SPDX-License-Identifier: MIT */
/* X25519 (RFC 7748 section 5). */
#ifndef ZINC_CURVE25519_H
#define ZINC_CURVE25519_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { CURVE25519_KEY_SIZE = 32 };

/* out = X25519(secret, basepoint). The secret is clamped internally, the top
 * bit of the point is ignored, non-canonical points are accepted. Returns
 * false when the result is all zeros (a low-order point); out is still written. */
bool curve25519(uint8_t out[CURVE25519_KEY_SIZE], const uint8_t secret[CURVE25519_KEY_SIZE],
                const uint8_t basepoint[CURVE25519_KEY_SIZE]);
/* pub = X25519(secret, 9); same result and return value as curve25519(). */
bool curve25519_generate_public(uint8_t pub[CURVE25519_KEY_SIZE],
                                const uint8_t secret[CURVE25519_KEY_SIZE]);
/* secret = 32 bytes from getrandom(), clamped. */
void curve25519_generate_secret(uint8_t secret[CURVE25519_KEY_SIZE]);
/* Clears bits 0..2 and 255, sets bit 254 (RFC 7748 decodeScalar25519). */
void curve25519_clamp_secret(uint8_t secret[CURVE25519_KEY_SIZE]);

#ifdef __cplusplus
}
#endif
#endif
