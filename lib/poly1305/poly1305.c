/* SPDX-License-Identifier: MIT */
/*
 * Poly1305 (RFC 8439 section 2.5): the table of backends, the public
 * functions, and the buffering of partial blocks that every backend shares.
 * A backend only ever sees whole 16-byte blocks; the final partial block is
 * padded here with 0x01 and zeros and passed with padbit 0.
 */
#include <stdint.h>
#include <zinc/poly1305.h>

#include "lib/common/cpu.h"
#include "lib/common/util.h"
#include "lib/poly1305/poly1305.h"

const struct poly1305_impl poly1305_impls[] = {
#define ROW(id, name, needs, min_len, state_size, init, blocks, emit, one_shot, test) \
	[POLY1305_ROW_##id] = { name, needs, min_len, state_size, init, blocks, emit, \
				one_shot, POLY1305_TEST(test) },
#include "lib/poly1305/rows.h"
};

const size_t poly1305_nimpls = ARRAY_SIZE(poly1305_impls);

/* Its choice (lib/common/cpu.h): the features and the min_len of each row,
 * from rows.h, and the full pick, which the short pick must agree with. */
struct zinc_choice poly1305_choice = {
	.name = "poly1305", ZINC_FULL_PICK(poly1305_row_for) .nrows = POLY1305_NROWS,
#define ROW(id, name, f, from, ...) ZINC_CHOICE_ROW(POLY1305_ROW_##id, f, from)
#include "lib/poly1305/rows.h"
};

#ifdef ZINC_TESTING
void poly1305_test_set_h64(void *state, const uint64_t *limbs)
{
	memcpy(state, limbs, 3 * sizeof(uint64_t));
}

void poly1305_test_get_h64(const void *state, uint64_t *limbs)
{
	memcpy(limbs, state, 3 * sizeof(uint64_t));
}

void poly1305_test_set_h32(void *state, const uint64_t *limbs)
{
	uint32_t *h = state;

	for (int i = 0; i < 5; i++)
		h[i] = (uint32_t)limbs[i];
}

void poly1305_test_get_h32(const void *state, uint64_t *limbs)
{
	const uint32_t *h = state;

	for (int i = 0; i < 5; i++)
		limbs[i] = h[i];
}
#endif

#ifdef ZINC_TESTING
unsigned long poly1305_hits[ARRAY_SIZE(poly1305_impls)];
#endif

uint32_t poly1305_pick(size_t len)
{
	return poly1305_row_for(zinc_cpu_features(), len);
}

/* s, the second half of the key, as four little-endian words. One 16-byte
 * copy where the host is little-endian: emit() may read s with wider loads
 * than four word stores would forward to. */
static void get_s(uint32_t s[4], const uint8_t key[POLY1305_KEY_SIZE])
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(s, key + 16, 16);
#else
	for (int i = 0; i < 4; i++)
		s[i] = get_unaligned_le32(key + 16 + 4 * i);
#endif
}

void poly1305_init_impl(struct poly1305_ctx *ctx, const uint8_t key[POLY1305_KEY_SIZE],
			uint32_t impl)
{
	ctx->impl = impl;
	poly1305_row_init(impl, ctx->state.u8, key);
	get_s(ctx->s, key);
	ctx->buflen = 0;
}

/* The length of a streamed message is not known up front: take the row
 * preferred for long messages (every row is correct for any length). */
void poly1305_init(struct poly1305_ctx *ctx, const uint8_t key[POLY1305_KEY_SIZE])
{
	uint32_t impl = poly1305_pick(SIZE_MAX);

	ZINC_COUNT_HIT(poly1305_hits[impl]);
	poly1305_init_impl(ctx, key, impl);
}

void poly1305_update(struct poly1305_ctx *ctx, const uint8_t *in, size_t len)
{
	if (!len)
		return;
	if (ctx->buflen) {
		size_t n = POLY1305_BLOCK_SIZE - ctx->buflen;

		if (n > len)
			n = len;
		memcpy(ctx->buf + ctx->buflen, in, n);
		ctx->buflen += n;
		in += n;
		len -= n;
		if (ctx->buflen < POLY1305_BLOCK_SIZE)
			return;
		poly1305_row_blocks(ctx->impl, ctx->state.u8, ctx->buf, POLY1305_BLOCK_SIZE, 1);
		ctx->buflen = 0;
	}
	if (len >= POLY1305_BLOCK_SIZE) {
		size_t n = len & ~(size_t)(POLY1305_BLOCK_SIZE - 1);

		poly1305_row_blocks(ctx->impl, ctx->state.u8, in, n, 1);
		in += n;
		len -= n;
	}
	if (len) {
		memcpy(ctx->buf, in, len);
		ctx->buflen = len;
	}
}

/* The final partial block: its n bytes, then 0x01 and zeros, without the
 * 2^128 pad bit (RFC 8439 section 2.5). */
static void last_block(uint32_t row, void *state, uint8_t buf[POLY1305_BLOCK_SIZE], size_t n)
{
	buf[n] = 1;
	memset(buf + n + 1, 0, POLY1305_BLOCK_SIZE - n - 1);
	poly1305_row_blocks(row, state, buf, POLY1305_BLOCK_SIZE, 0);
}

void poly1305_final(struct poly1305_ctx *ctx, uint8_t mac[POLY1305_MAC_SIZE])
{
	uint32_t row = ctx->impl;

	if (ctx->buflen)
		last_block(row, ctx->state.u8, ctx->buf, ctx->buflen);
	poly1305_row_emit(row, ctx->state.u8, mac, ctx->s);
	/* What the row wrote, and the rest of the context: the unused part
	 * of the state was never written by this MAC. */
	memzero_explicit(ctx->state.u8, poly1305_impls[row].state_size);
	memzero_explicit(ctx->s, sizeof(*ctx) - offsetof(struct poly1305_ctx, s));
}

/* One-shot through a row's init, blocks and emit: the whole blocks
 * straight from in, then the padded last one; no buffering, and only the
 * row's state and the padded block to wipe. Out of line, so that the rows
 * with a mac entry (poly1305_row_mac) pay nothing for its stack frame. */
static __attribute__((noinline)) void mac_through_state(uint32_t row,
							 uint8_t mac[POLY1305_MAC_SIZE],
							 const uint8_t *in, size_t len,
							 const uint8_t key[POLY1305_KEY_SIZE])
{
	struct poly1305_ctx ctx;
	uint32_t s[4];
	size_t full = len & ~(size_t)(POLY1305_BLOCK_SIZE - 1), rest = len - full;

	poly1305_row_init(row, ctx.state.u8, key);
	if (full)
		poly1305_row_blocks(row, ctx.state.u8, in, full, 1);
	if (rest) {
		memcpy(ctx.buf, in + full, rest);
		last_block(row, ctx.state.u8, ctx.buf, rest);
		memzero_explicit(ctx.buf, sizeof(ctx.buf));
	}
	get_s(s, key);
	poly1305_row_emit(row, ctx.state.u8, mac, s);
	memzero_explicit(ctx.state.u8, poly1305_impls[row].state_size);
	memzero_explicit(s, sizeof(s));
}

/* One-shot: the row's own entry when it has one, else mac_through_state. */
void poly1305_row_mac(uint32_t row, uint8_t mac[POLY1305_MAC_SIZE], const uint8_t *in,
		      size_t len, const uint8_t key[POLY1305_KEY_SIZE])
{
	if (!poly1305_row_mac_entry(row, mac, in, len, key))
		mac_through_state(row, mac, in, len, key);
}

/* poly1305() with the features dispatch may use. */
static inline void mac_with(uint32_t have, uint8_t mac[POLY1305_MAC_SIZE], const uint8_t *in,
			    size_t len, const uint8_t key[POLY1305_KEY_SIZE])
{
	uint32_t row = poly1305_row_for(have, len);

	ZINC_COUNT_HIT(poly1305_hits[row]);
	poly1305_row_mac(row, mac, in, len, key);
}

/* Messages too long for the short pick, and the calls made before
 * detection has finished: the full pick. Out of line, so that the short
 * path makes no call but its last and saves no registers. */
static __attribute__((noinline)) void mac_long(uint8_t mac[POLY1305_MAC_SIZE], const uint8_t *in,
					       size_t len, const uint8_t key[POLY1305_KEY_SIZE])
{
	mac_with(zinc_cpu_features(), mac, in, len, key);
}

void poly1305(uint8_t mac[POLY1305_MAC_SIZE], const uint8_t *in, size_t len,
	      const uint8_t key[POLY1305_KEY_SIZE])
{
	unsigned row;

	if (zinc_row_short(&poly1305_choice, len, &row)) {
		ZINC_COUNT_HIT(poly1305_hits[row]);
		poly1305_row_mac(row, mac, in, len, key);
	} else {
		mac_long(mac, in, len, key);
	}
}
