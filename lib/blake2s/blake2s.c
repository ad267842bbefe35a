/* SPDX-License-Identifier: MIT */
/*
 * BLAKE2s (RFC 7693) with digests of 1..32 bytes and keys of 0..32 bytes,
 * and HMAC-BLAKE2s-256 (RFC 2104 with B = 64, L = 32). The buffering and
 * the public API live here; the backends in blake2s_impls[] only provide
 * the compression function F (RFC 7693 section 3.2).
 */
#include <stdbool.h>
#include <string.h>

#include "lib/blake2s/blake2s.h"
#include "lib/common/cpu.h"
#include "lib/common/util.h"

/* RFC 7693 section 2.6: the SHA-256 initial hash values. */
static const uint32_t blake2s_iv[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

/* RFC 7693 section 2.7: message word schedule of the ten rounds. */
static const uint8_t blake2s_sigma[10][16] = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
	{ 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
	{ 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4 },
	{ 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8 },
	{ 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13 },
	{ 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9 },
	{ 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11 },
	{ 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10 },
	{ 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5 },
	{ 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0 },
};

/*
 * RFC 7693 section 3.1, with R1..R4 = 16, 12, 8, 7. The rounds are written
 * out in full below, so every sigma index is a constant, and the message
 * words m(i) are read from the block where they are used: no table lookup
 * at run time and no copy of the message to wipe.
 */
#define G(a, b, c, d, x, y) do {		\
		a = a + b + (x);		\
		d = ror32(d ^ a, 16);		\
		c = c + d;			\
		b = ror32(b ^ c, 12);		\
		a = a + b + (y);		\
		d = ror32(d ^ a, 8);		\
		c = c + d;			\
		b = ror32(b ^ c, 7);		\
	} while (0)

/* RFC 7693 section 3.2: round r, columns then diagonals. */
#define m(i) get_unaligned_le32(block + 4 * (i))
#define ROUND(r) do {								\
		const uint8_t *s = blake2s_sigma[r];				\
		G(v0, v4, v8, v12, m(s[0]), m(s[1]));				\
		G(v1, v5, v9, v13, m(s[2]), m(s[3]));				\
		G(v2, v6, v10, v14, m(s[4]), m(s[5]));				\
		G(v3, v7, v11, v15, m(s[6]), m(s[7]));				\
		G(v0, v5, v10, v15, m(s[8]), m(s[9]));				\
		G(v1, v6, v11, v12, m(s[10]), m(s[11]));			\
		G(v2, v7, v8, v13, m(s[12]), m(s[13]));				\
		G(v3, v4, v9, v14, m(s[14]), m(s[15]));				\
	} while (0)

/* RFC 7693 section 3.2: h = F(h, m, t, f). */
static inline void blake2s_f(struct blake2s_state *state, const uint8_t block[BLAKE2S_BLOCK_SIZE])
{
	uint32_t v0 = state->h[0], v1 = state->h[1], v2 = state->h[2], v3 = state->h[3];
	uint32_t v4 = state->h[4], v5 = state->h[5], v6 = state->h[6], v7 = state->h[7];
	uint32_t v8 = blake2s_iv[0], v9 = blake2s_iv[1], v10 = blake2s_iv[2], v11 = blake2s_iv[3];
	uint32_t v12 = blake2s_iv[4] ^ state->t[0], v13 = blake2s_iv[5] ^ state->t[1];
	uint32_t v14 = blake2s_iv[6] ^ state->f[0], v15 = blake2s_iv[7] ^ state->f[1];

	ROUND(0);
	ROUND(1);
	ROUND(2);
	ROUND(3);
	ROUND(4);
	ROUND(5);
	ROUND(6);
	ROUND(7);
	ROUND(8);
	ROUND(9);

	state->h[0] ^= v0 ^ v8;
	state->h[1] ^= v1 ^ v9;
	state->h[2] ^= v2 ^ v10;
	state->h[3] ^= v3 ^ v11;
	state->h[4] ^= v4 ^ v12;
	state->h[5] ^= v5 ^ v13;
	state->h[6] ^= v6 ^ v14;
	state->h[7] ^= v7 ^ v15;
}

#undef m
#undef ROUND
#undef G

__attribute__((noinline)) void blake2s_compress_generic(struct blake2s_state *state,
						   const uint8_t *block, size_t nblocks,
						   uint32_t inc)
{
	while (nblocks--) {
		/* t is a 64-bit byte counter split across two words. */
		state->t[0] += inc;
		state->t[1] += state->t[0] < inc;
		blake2s_f(state, block);
		block += BLAKE2S_BLOCK_SIZE;
	}
}

const struct blake2s_impl blake2s_impls[] = {
#define ROW(id, name, needs, min_len, compress) [BLAKE2S_ROW_##id] = { name, needs, min_len, compress },
#include "lib/blake2s/rows.h"
};

const size_t blake2s_nimpls = ARRAY_SIZE(blake2s_impls);

/* Its choice (lib/common/cpu.h): the features and the min_len of each row,
 * from rows.h, and the full pick, which the short pick must agree with. */
struct zinc_choice blake2s_choice = {
	.name = "blake2s", ZINC_FULL_PICK(blake2s_row_for) .nrows = BLAKE2S_NROWS,
#define ROW(id, name, f, from, ...) ZINC_CHOICE_ROW(BLAKE2S_ROW_##id, f, from)
#include "lib/blake2s/rows.h"
};

#ifdef ZINC_TESTING
unsigned long blake2s_hits[ARRAY_SIZE(blake2s_impls)];

void blake2s_set_counter(struct blake2s_state *state, uint64_t t)
{
	state->t[0] = (uint32_t)t;
	state->t[1] = (uint32_t)(t >> 32);
}
#endif

const struct blake2s_impl *blake2s_pick(size_t len)
{
	return &blake2s_impls[blake2s_row_for(zinc_cpu_features(), len)];
}

static bool blake2s_sizes_ok(size_t outlen, const uint8_t *key, size_t keylen)
{
	return outlen >= 1 && outlen <= BLAKE2S_HASH_SIZE && keylen <= BLAKE2S_KEY_SIZE &&
	       (key || !keylen);
}

bool blake2s_init(struct blake2s_state *state, size_t outlen)
{
	return blake2s_init_key(state, outlen, NULL, 0);
}

bool blake2s_init_key(struct blake2s_state *state, size_t outlen, const uint8_t *key,
		      size_t keylen)
{
	if (!blake2s_sizes_ok(outlen, key, keylen))
		return false;

	memset(state, 0, sizeof(*state));
	memcpy(state->h, blake2s_iv, sizeof(state->h));
	/* Parameter block (RFC 7693 section 2.5): digest length, key length,
	 * fanout = depth = 1, everything else zero. */
	state->h[0] ^= 0x01010000 ^ (uint32_t)keylen << 8 ^ (uint32_t)outlen;
	state->outlen = outlen;
	if (keylen) {
		/* The key, zero-padded to a full block, is the first block. */
		memcpy(state->buf, key, keylen);
		state->buflen = BLAKE2S_BLOCK_SIZE;
	}
	return true;
}

/*
 * The last block must be compressed with f[0] set, and only final() knows
 * which block is the last one: so a full buffer is compressed only once
 * more input arrives, and a multiple of 64 bytes leaves its last block in
 * the buffer.
 */
static void update_row(enum blake2s_row row, struct blake2s_state *state, const uint8_t *in,
		       size_t inlen)
{
	size_t fill = BLAKE2S_BLOCK_SIZE - state->buflen;

	if (!inlen)
		return;
	if (inlen > fill) {
		memcpy(state->buf + state->buflen, in, fill);
		blake2s_row_compress(row, state, state->buf, 1, BLAKE2S_BLOCK_SIZE);
		state->buflen = 0;
		in += fill;
		inlen -= fill;
		if (inlen > BLAKE2S_BLOCK_SIZE) {
			size_t nblocks = (inlen - 1) / BLAKE2S_BLOCK_SIZE;

			blake2s_row_compress(row, state, in, nblocks, BLAKE2S_BLOCK_SIZE);
			in += nblocks * BLAKE2S_BLOCK_SIZE;
			inlen -= nblocks * BLAKE2S_BLOCK_SIZE;
		}
	}
	memcpy(state->buf + state->buflen, in, inlen);
	state->buflen += inlen;
}

static void final_row(enum blake2s_row row, struct blake2s_state *state, uint8_t *out)
{
	int i;

	memset(state->buf + state->buflen, 0, BLAKE2S_BLOCK_SIZE - state->buflen);
	state->f[0] = 0xffffffff;
	blake2s_row_compress(row, state, state->buf, 1, (uint32_t)state->buflen);
	/* The digest goes through buf, which is wiped with the state. */
	for (i = 0; i < 8; i++)
		put_unaligned_le32(state->h[i], state->buf + 4 * i);
	memcpy(out, state->buf, state->outlen);
	memzero_explicit(state, sizeof(*state));
}

void blake2s_update_with(const struct blake2s_impl *impl, struct blake2s_state *state,
			 const uint8_t *in, size_t inlen)
{
	update_row((enum blake2s_row)(impl - blake2s_impls), state, in, inlen);
}

void blake2s_final_with(const struct blake2s_impl *impl, struct blake2s_state *state,
			uint8_t *out)
{
	final_row((enum blake2s_row)(impl - blake2s_impls), state, out);
}

void blake2s_update(struct blake2s_state *state, const uint8_t *in, size_t inlen)
{
	enum blake2s_row row = blake2s_row_for(zinc_cpu_features(), inlen);

	ZINC_COUNT_HIT(blake2s_hits[row]);
	update_row(row, state, in, inlen);
}

void blake2s_final(struct blake2s_state *state, uint8_t *out)
{
	/* final() compresses exactly one block. */
	enum blake2s_row row = blake2s_row_for(zinc_cpu_features(), BLAKE2S_BLOCK_SIZE);

	ZINC_COUNT_HIT(blake2s_hits[row]);
	final_row(row, state, out);
}

bool blake2s(uint8_t *out, const uint8_t *in, const uint8_t *key,
	     size_t outlen, size_t inlen, size_t keylen)
{
	struct blake2s_state state;

	if (!out || (!in && inlen) || !blake2s_init_key(&state, outlen, key, keylen))
		return false;
	blake2s_update(&state, in, inlen);
	blake2s_final(&state, out);
	return true;
}

/*
 * HMAC (RFC 2104): H((K0 ^ opad) || H((K0 ^ ipad) || in)). The pad block is
 * built in the outer state's buffer and both pads are compressed straight
 * from it (neither is the last block, except the inner one when in is
 * empty); the inner digest then overwrites it, and the outer final()
 * zero-pads the rest and wipes everything.
 */
void blake2s_hmac(uint8_t out[BLAKE2S_HASH_SIZE], const uint8_t *in, const uint8_t *key,
		  size_t inlen, size_t keylen)
{
	enum blake2s_row row = blake2s_row_for(zinc_cpu_features(), BLAKE2S_BLOCK_SIZE + inlen);
	struct blake2s_state inner, outer;
	uint8_t *pad = outer.buf;
	int i;

	ZINC_COUNT_HIT(blake2s_hits[row]);
	blake2s_init(&inner, BLAKE2S_HASH_SIZE);
	blake2s_init(&outer, BLAKE2S_HASH_SIZE);
	/* K0 is the key, or its hash when longer than B, zero-padded. */
	if (keylen > BLAKE2S_BLOCK_SIZE)
		blake2s(pad, key, NULL, BLAKE2S_HASH_SIZE, keylen, 0);
	else if (keylen)
		memcpy(pad, key, keylen);

	for (i = 0; i < BLAKE2S_BLOCK_SIZE; i++)
		pad[i] ^= 0x36;
	if (inlen)
		blake2s_row_compress(row, &inner, pad, 1, BLAKE2S_BLOCK_SIZE);
	else
		update_row(row, &inner, pad, BLAKE2S_BLOCK_SIZE);
	for (i = 0; i < BLAKE2S_BLOCK_SIZE; i++)
		pad[i] ^= 0x36 ^ 0x5c;
	blake2s_row_compress(row, &outer, pad, 1, BLAKE2S_BLOCK_SIZE);

	update_row(row, &inner, in, inlen);
	final_row(row, &inner, outer.buf);
	outer.buflen = BLAKE2S_HASH_SIZE;
	final_row(row, &outer, out);
}
