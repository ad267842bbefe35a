/* SPDX-License-Identifier: MIT */
/*
 * Poly1305 one-time authenticator (RFC 8439 section 2.5). A key must never
 * be used for two messages.
 */
#ifndef ZINC_POLY1305_H
#define ZINC_POLY1305_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { POLY1305_KEY_SIZE = 32, POLY1305_MAC_SIZE = 16, POLY1305_BLOCK_SIZE = 16 };

/* Opaque to callers: large and aligned enough for every backend's state.
 * The backend is chosen by poly1305_init and kept until poly1305_final. */
struct poly1305_ctx {
	union {
		uint64_t u64[128];
		uint32_t u32[256];
		uint8_t u8[1024];
	} state __attribute__((aligned(64)));
	uint32_t s[4];              /* second half of the key, added at the end */
	uint8_t buf[POLY1305_BLOCK_SIZE];
	size_t buflen;
	uint32_t impl;              /* index into the backend table */
};

/* Starts a MAC with the 32-byte one-time key (r || s). */
void poly1305_init(struct poly1305_ctx *ctx, const uint8_t key[POLY1305_KEY_SIZE]);
/* Absorbs len bytes; any split of a message gives the same MAC. */
void poly1305_update(struct poly1305_ctx *ctx, const uint8_t *in, size_t len);
/* Writes the 16-byte tag and wipes every byte of ctx the MAC wrote. */
void poly1305_final(struct poly1305_ctx *ctx, uint8_t mac[POLY1305_MAC_SIZE]);
/* One-shot: mac = Poly1305(key, in[0..len)). */
void poly1305(uint8_t mac[POLY1305_MAC_SIZE], const uint8_t *in, size_t len,
              const uint8_t key[POLY1305_KEY_SIZE]);

#ifdef __cplusplus
}
#endif
#endif
