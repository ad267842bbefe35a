/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20 (RFC 8439 sections 2.1-2.4) and HChaCha20 (draft-irtf-cfrg-xchacha
 * section 2.2) in generic C, the table of ChaCha20 backends, and the public
 * functions that pick a row of it per call.
 */
#include <zinc/chacha20.h>

#include "lib/chacha20/chacha20.h"
#include "lib/common/cpu.h"
#include "lib/common/util.h"

/* "expand 32-byte k", RFC 8439 section 2.3. */
static const uint32_t chacha20_constants[4] = {
	0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
};

/* One line of the quarter round (section 2.1): a += b; d ^= a; d <<<= n. */
#define LINE(x, a, b, d, n) do { x[a] += x[b]; x[d] = rol32(x[d] ^ x[a], n); } while (0)

/*
 * QUARTERROUND(ai, bi, ci, di) for i = 0..3 (section 2.2): the four share no
 * word, so they run side by side, a line at a time.
 */
#define QUARTERROUNDS(x, a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3) do { \
	LINE(x, a0, b0, d0, 16); LINE(x, a1, b1, d1, 16);		\
	LINE(x, a2, b2, d2, 16); LINE(x, a3, b3, d3, 16);		\
	LINE(x, c0, d0, b0, 12); LINE(x, c1, d1, b1, 12);		\
	LINE(x, c2, d2, b2, 12); LINE(x, c3, d3, b3, 12);		\
	LINE(x, a0, b0, d0, 8); LINE(x, a1, b1, d1, 8);			\
	LINE(x, a2, b2, d2, 8); LINE(x, a3, b3, d3, 8);			\
	LINE(x, c0, d0, b0, 7); LINE(x, c1, d1, b1, 7);			\
	LINE(x, c2, d2, b2, 7); LINE(x, c3, d3, b3, 7);			\
} while (0)

/*
 * The 20 rounds: 10 column rounds interleaved with 10 diagonal rounds.
 * Inlined into both callers and unrolled by 5 (the callers still wipe x:
 * the permuted state with the output gives back the key): the fastest form
 * clang 19 made of those measured in bench/results/2026-12-05-zen5-hchacha20.md.
 */
static inline __attribute__((always_inline)) void chacha20_permute(uint32_t x[16])
{
#pragma GCC unroll 5
	for (int i = 0; i < 10; i++) {
		QUARTERROUNDS(x, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
		QUARTERROUNDS(x, 0, 5, 10, 15, 1, 6, 11, 12, 2, 7, 8, 13, 3, 4, 9, 14);
	}
}

#undef QUARTERROUNDS
#undef LINE

/* One keystream block for the counter in state[12] (section 2.3). */
static void chacha20_block(const uint32_t state[16], uint8_t stream[CHACHA20_BLOCK_SIZE])
{
	uint32_t x[16];

	memcpy(x, state, sizeof(x));
	chacha20_permute(x);
	for (int i = 0; i < 16; i++)
		put_unaligned_le32(x[i] + state[i], stream + 4 * i);
	memzero_explicit(x, sizeof(x));
}

__attribute__((noinline)) void chacha20_generic(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len)
{
	uint8_t stream[CHACHA20_BLOCK_SIZE];

	while (len) {
		size_t n = len < CHACHA20_BLOCK_SIZE ? len : CHACHA20_BLOCK_SIZE;

		chacha20_block(state, stream);
		state[12]++; /* wraps modulo 2^32; word 13 is the nonce */
		for (size_t i = 0; i < n; i++)
			dst[i] = src[i] ^ stream[i];
		dst += n;
		src += n;
		len -= n;
	}
	memzero_explicit(stream, sizeof(stream));
}

/*
 * v, in a register. The wipe of x in hchacha20_generic takes its address,
 * and clang 19 then kept x in memory around the permutation (which runs in
 * registers): it stored the key and nonce into x as 16-byte rows and loaded
 * them back as words, and stored the permuted words into x to copy words
 * 12..15 to out as one 16-byte load, which waits for the four word stores
 * to reach the cache (chacha20_put_row). Passed through here, the words go
 * from the loads into registers and from registers to out, and x is
 * written only by its wipe; the words the permutation spills lie outside x
 * either way: bench/results/2026-12-06-zen5-small-packet.md#hchacha20.
 */
static inline uint32_t from_register(uint32_t v)
{
#if defined(__GNUC__) || defined(__clang__)
	__asm__("" : "+r"(v));
#endif
	return v;
}

void hchacha20_generic(uint8_t out[HCHACHA20_OUT_SIZE], const uint8_t nonce[HCHACHA20_NONCE_SIZE],
		       const uint8_t key[HCHACHA20_KEY_SIZE])
{
	uint32_t x[16];

	memcpy(x, chacha20_constants, sizeof(chacha20_constants));
	for (int i = 0; i < 8; i++)
		x[4 + i] = from_register(get_unaligned_le32(key + 4 * i));
	for (int i = 0; i < 4; i++)
		x[12 + i] = from_register(get_unaligned_le32(nonce + 4 * i));
	chacha20_permute(x);
	/* Words 0..3 and 12..15, no feed-forward. */
	for (int i = 0; i < 4; i++) {
		put_unaligned_le32(from_register(x[i]), out + 4 * i);
		put_unaligned_le32(from_register(x[12 + i]), out + 16 + 4 * i);
	}
	memzero_explicit(x, sizeof(x));
}

const struct chacha20_impl chacha20_impls[] = {
#define ROW(id, name, needs, min_len, xor_stream, hchacha20) \
	[CHACHA20_ROW_##id] = { name, needs, min_len, xor_stream, hchacha20 },
#include "lib/chacha20/rows.h"
};

const size_t chacha20_nimpls = ARRAY_SIZE(chacha20_impls);

/* Its choices (lib/common/cpu.h): the features and the min_len of each row,
 * from rows.h, and the full picks, which the short picks must agree with. */
#ifdef ZINC_TESTING
static unsigned hchacha20_full_pick(uint32_t have, size_t len)
{
	(void)len;
	return hchacha20_row_for(have);
}
#endif

struct zinc_choice chacha20_choice = {
	.name = "chacha20", ZINC_FULL_PICK(chacha20_row_for) .nrows = CHACHA20_NROWS,
#define ROW(id, name, f, from, ...) ZINC_CHOICE_ROW(CHACHA20_ROW_##id, f, from)
#include "lib/chacha20/rows.h"
};
/* HChaCha20 takes the rows that have one, whatever the length. */
struct zinc_choice hchacha20_choice = {
	.name = "hchacha20", ZINC_FULL_PICK(hchacha20_full_pick) .nrows = CHACHA20_NROWS,
#define HCHACHA20(fn) 0
#define NO_HCHACHA20 SIZE_MAX
#define ROW(id, name, f, from, xor_stream, h) ZINC_CHOICE_ROW(CHACHA20_ROW_##id, f, h)
#include "lib/chacha20/rows.h"
};

#ifdef ZINC_TESTING
unsigned long chacha20_hits[ARRAY_SIZE(chacha20_impls)];
#endif

const struct chacha20_impl *chacha20_pick(size_t len)
{
	return &chacha20_impls[chacha20_row_for(zinc_cpu_features(), len)];
}

const struct chacha20_impl *hchacha20_pick(void)
{
	return &chacha20_impls[hchacha20_row_for(zinc_cpu_features())];
}

/*
 * Writes one 16-byte row of the state with a single store where the compiler
 * has vector types. Every backend loads whole rows, and a row load that spans
 * several smaller stores still in the store buffer cannot be forwarded from
 * them: it waits until they reach the cache, which made chacha20_init + a
 * 64-byte chacha20() measurably slower with word stores
 * (bench/results/date-not-recorded-xeon-6-167.md#chacha20-row-stores).
 */
static void chacha20_put_row(uint32_t row[4], uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3)
{
#if defined(__GNUC__) || defined(__clang__)
	typedef uint32_t row_t __attribute__((vector_size(16)));
	const row_t v = { w0, w1, w2, w3 };

	memcpy(row, &v, sizeof(v));
#else
	row[0] = w0;
	row[1] = w1;
	row[2] = w2;
	row[3] = w3;
#endif
}

void chacha20_init(struct chacha20_ctx *ctx, const uint8_t key[CHACHA20_KEY_SIZE],
		   const uint8_t nonce[CHACHA20_NONCE_SIZE], uint32_t counter)
{
	const uint32_t *c = chacha20_constants;

	chacha20_put_row(&ctx->state[0], c[0], c[1], c[2], c[3]);
	for (int i = 0; i < 2; i++)
		chacha20_put_row(&ctx->state[4 + 4 * i], get_unaligned_le32(key + 16 * i),
				 get_unaligned_le32(key + 16 * i + 4),
				 get_unaligned_le32(key + 16 * i + 8),
				 get_unaligned_le32(key + 16 * i + 12));
	chacha20_put_row(&ctx->state[12], counter, get_unaligned_le32(nonce),
			 get_unaligned_le32(nonce + 4), get_unaligned_le32(nonce + 8));
}

void chacha20(struct chacha20_ctx *ctx, uint8_t *dst, const uint8_t *src, size_t len)
{
	enum chacha20_row row;

	if (!len)
		return;
	row = chacha20_row_for(zinc_cpu_features(), len);
	ZINC_COUNT_HIT(chacha20_hits[row]);
	chacha20_row_xor(row, ctx->state, dst, src, len);
}

/* The calls made before detection has finished: the full pick. Out of line,
 * so that the usual path makes no call but its last and saves no registers. */
static __attribute__((noinline)) void hchacha20_long(uint8_t out[HCHACHA20_OUT_SIZE],
						    const uint8_t nonce[HCHACHA20_NONCE_SIZE],
						    const uint8_t key[HCHACHA20_KEY_SIZE])
{
	enum chacha20_row row = hchacha20_row_for(zinc_cpu_features());

	ZINC_COUNT_HIT(chacha20_hits[row]);
	chacha20_row_hchacha20(row, out, nonce, key);
}

/* HChaCha20 has no length: once detection has finished, the short pick is
 * the pick, one load. */
void hchacha20(uint8_t out[HCHACHA20_OUT_SIZE], const uint8_t nonce[HCHACHA20_NONCE_SIZE],
	       const uint8_t key[HCHACHA20_KEY_SIZE])
{
	unsigned row;

	if (zinc_row_short(&hchacha20_choice, 0, &row)) {
		ZINC_COUNT_HIT(chacha20_hits[row]);
		chacha20_row_hchacha20(row, out, nonce, key);
	} else {
		hchacha20_long(out, nonce, key);
	}
}
