/* SPDX-License-Identifier: MIT */
/*
 * nettle's cases (libnettle, and libhogweed for X25519). The contexts live
 * on the stack and are set up on every call, as nettle's callers do. nettle
 * 3.8 has no HChaCha20, no XChaCha20 and no BLAKE2s, hence no rows in those
 * tables.
 */
#include "bench/bench.h"

#include <string.h>

#include <nettle/chacha-poly1305.h>
#include <nettle/chacha.h>
#include <nettle/curve25519.h>
#include <nettle/memops.h>
#include <nettle/poly1305.h>
#include <nettle/version.h>

/*
 * nettle's public API offers Poly1305 only as poly1305-aes (the nonce
 * encrypted with AES). The plain one-time MAC that its chacha-poly1305 uses
 * is in these three functions: libnettle.so.8 exports them (`nm -D`: symbol
 * version NETTLE_INTERNAL_8_6), but no installed header declares them, so
 * they are declared here with the prototypes of nettle 3.8's
 * poly1305-internal.h. The version tag binds the link to that ABI, and the
 * cross-check against zinc catches any other difference.
 */
void _nettle_poly1305_set_key(struct poly1305_ctx *ctx, const uint8_t r[16]);
/* One 16-byte block; high is bit 128 of the block's number (1 for a full block). */
void _nettle_poly1305_block(struct poly1305_ctx *ctx, const uint8_t *m, unsigned high);
/* Adds the accumulator to s (the key's second half) in place: s becomes the tag. */
void _nettle_poly1305_digest(struct poly1305_ctx *ctx, union nettle_block16 *s);

const char *libnettle_version(void)
{
	static char v[32];

	snprintf(v, sizeof(v), "%d.%d", nettle_version_major(), nettle_version_minor());
	return v;
}

/* chacha_crypt32: the RFC 8439 32-bit block counter, from 0 after set_nonce96. */
void chacha20_nettle(const struct bench_case *c, size_t len)
{
	struct chacha_ctx ctx;

	chacha_set_key(&ctx, bench_key);
	chacha_set_nonce96(&ctx, bench_nonce);
	chacha_crypt32(&ctx, len, bench_out, bench_in);
}

/* The loop nettle's own update runs: whole blocks, then a last partial
 * block padded with 1 and zeros and added without bit 128 (RFC 8439 2.5). */
void poly1305_nettle(const struct bench_case *c, size_t len)
{
	struct poly1305_ctx ctx;
	union nettle_block16 s;
	uint8_t last[16];
	size_t full = len & ~(size_t)15;

	_nettle_poly1305_set_key(&ctx, bench_key);
	for (size_t i = 0; i < full; i += 16)
		_nettle_poly1305_block(&ctx, bench_in + i, 1);
	if (len > full) {
		memset(last, 0, sizeof(last));
		memcpy(last, bench_in + full, len - full);
		last[len - full] = 1;
		_nettle_poly1305_block(&ctx, last, 0);
	}
	memcpy(s.b, bench_key + 16, 16);
	_nettle_poly1305_digest(&ctx, &s);
	memcpy(bench_out, s.b, 16);
}

void aead_nettle(const struct bench_case *c, size_t len)
{
	struct chacha_poly1305_ctx ctx;

	chacha_poly1305_set_key(&ctx, bench_key);
	chacha_poly1305_set_nonce(&ctx, bench_nonce);
	chacha_poly1305_encrypt(&ctx, len, bench_out, bench_in);
	chacha_poly1305_digest(&ctx, 16, bench_out + len);
}

void open_nettle(const struct bench_case *c, size_t len)
{
	const uint8_t *sealed = bench_sealed(len);
	struct chacha_poly1305_ctx ctx;
	uint8_t tag[16];

	chacha_poly1305_set_key(&ctx, bench_key);
	chacha_poly1305_set_nonce(&ctx, bench_nonce);
	chacha_poly1305_decrypt(&ctx, len, bench_out, sealed);
	chacha_poly1305_digest(&ctx, 16, tag);
	if (!memeql_sec(tag, sealed + len, 16))
		memset(bench_out, 0, len);
}

/* curve25519_mul clamps the scalar as RFC 7748 says (NETTLE_CURVE25519_RFC7748). */
void x25519_nettle(const struct bench_case *c, size_t len)
{
	curve25519_mul(bench_out, bench_key, bench_point);
}

void x25519_base_nettle(const struct bench_case *c, size_t len)
{
	curve25519_mul_g(bench_out, bench_key);
}
