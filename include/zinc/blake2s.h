/* SPDX-License-Identifier: MIT */
/*
 * BLAKE2s (RFC 7693): digests of 1..32 bytes, optional key of 0..32 bytes.
 * HMAC-BLAKE2s-256 (RFC 2104 over BLAKE2s with a 64-byte block), as
 * WireGuard uses it.
 */
#ifndef ZINC_BLAKE2S_H
#define ZINC_BLAKE2S_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { BLAKE2S_BLOCK_SIZE = 64, BLAKE2S_HASH_SIZE = 32, BLAKE2S_KEY_SIZE = 32 };

struct blake2s_state {
	uint32_t h[8];                  /* chain value */
	uint32_t t[2];                  /* byte counter, low word first */
	uint32_t f[2];                  /* finalization flags */
	uint8_t buf[BLAKE2S_BLOCK_SIZE];
	size_t buflen;
	size_t outlen;
};

/* Unkeyed hash of outlen bytes. false (state untouched) if outlen is 0 or > 32. */
bool blake2s_init(struct blake2s_state *state, size_t outlen);
/* Keyed hash. keylen 0 is the unkeyed hash. false (state untouched) if outlen
 * is 0 or > 32, keylen > 32, or key is NULL with keylen > 0. */
bool blake2s_init_key(struct blake2s_state *state, size_t outlen, const uint8_t *key,
                      size_t keylen);
/* Absorbs inlen bytes; any split gives the same digest. */
void blake2s_update(struct blake2s_state *state, const uint8_t *in, size_t inlen);
/* Writes state->outlen bytes to out and wipes the state. */
void blake2s_final(struct blake2s_state *state, uint8_t *out);
/* One-shot. false (out untouched) on the invalid sizes above or in == NULL
 * with inlen > 0, or out == NULL. */
bool blake2s(uint8_t *out, const uint8_t *in, const uint8_t *key,
             size_t outlen, size_t inlen, size_t keylen);
/* out = HMAC-BLAKE2s-256(key, in); any key length (keys longer than 64 bytes
 * are hashed first, as RFC 2104 says). */
void blake2s_hmac(uint8_t out[BLAKE2S_HASH_SIZE], const uint8_t *in, const uint8_t *key,
                  size_t inlen, size_t keylen);

#ifdef __cplusplus
}
#endif
#endif
