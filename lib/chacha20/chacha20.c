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

#define QUARTER_ROUND(x, a, b, c, d) do {				\
	x[a] += x[b]; x[d] = rol32(x[d] ^ x[a], 16);			\
	x[c] += x[d]; x[b] = rol32(x[b] ^ x[c], 12);			\
	x[a] += x[b]; x[d] = rol32(x[d] ^ x[a], 8);			\
	x[c] += x[d]; x[b] = rol32(x[b] ^ x[c], 7);			\
} while (0)

/* The 20 rounds: 10 column rounds interleaved with 10 diagonal rounds. */
static void chacha20_permute(uint32_t x[16])
{
	for (int i = 0; i < 10; i++) {
		QUARTER_ROUND(x, 0, 4, 8, 12);
		QUARTER_ROUND(x, 1, 5, 9, 13);
		QUARTER_ROUND(x, 2, 6, 10, 14);
		QUARTER_ROUND(x, 3, 7, 11, 15);
		QUARTER_ROUND(x, 0, 5, 10, 15);
		QUARTER_ROUND(x, 1, 6, 11, 12);
		QUARTER_ROUND(x, 2, 7, 8, 13);
		QUARTER_ROUND(x, 3, 4, 9, 14);
	}
}

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

static void chacha20_generic(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len)
{
	uint8_t stream[CHACHA20_BLOCK_SIZE];
#ifdef ZINC_PLANT_CHACHA20_TAIL
	/* planted bug for the harness's self-test; see fuzz/planted/README.md */
	const size_t whole = len; /* a 1..15-byte tail reuses the previous block */
#endif

	while (len) {
		size_t n = len < CHACHA20_BLOCK_SIZE ? len : CHACHA20_BLOCK_SIZE;

#ifdef ZINC_PLANT_CHACHA20_TAIL
		/* planted bug for the harness's self-test; see fuzz/planted/README.md */
		if (len >= 16 || len == whole)
#endif
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

static void hchacha20_generic(uint8_t out[HCHACHA20_OUT_SIZE],
			      const uint8_t nonce[HCHACHA20_NONCE_SIZE],
			      const uint8_t key[HCHACHA20_KEY_SIZE])
{
	uint32_t x[16];

	memcpy(x, chacha20_constants, sizeof(chacha20_constants));
	for (int i = 0; i < 8; i++)
		x[4 + i] = get_unaligned_le32(key + 4 * i);
	for (int i = 0; i < 4; i++)
		x[12 + i] = get_unaligned_le32(nonce + 4 * i);
	chacha20_permute(x);
	/* Words 0..3 and 12..15, no feed-forward. */
	for (int i = 0; i < 4; i++) {
		put_unaligned_le32(x[i], out + 4 * i);
		put_unaligned_le32(x[12 + i], out + 16 + 4 * i);
	}
	memzero_explicit(x, sizeof(x));
}

#ifdef ZINC_ASM_X86_64
/* arch/x86_64/chacha20-*.S */
void chacha20_ssse3(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len);
void chacha20_avx2(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len);
void chacha20_avx512vl(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len);
void chacha20_avx512(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len);
void hchacha20_ssse3(uint8_t out[HCHACHA20_OUT_SIZE], const uint8_t nonce[HCHACHA20_NONCE_SIZE],
		     const uint8_t key[HCHACHA20_KEY_SIZE]);
void hchacha20_avx512vl(uint8_t out[HCHACHA20_OUT_SIZE],
			const uint8_t nonce[HCHACHA20_NONCE_SIZE],
			const uint8_t key[HCHACHA20_KEY_SIZE]);
#endif

#ifdef ZINC_ASM_ARM64
/* arch/arm64/chacha20-neon.S */
void chacha20_neon(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len);
void hchacha20_neon(uint8_t out[HCHACHA20_OUT_SIZE], const uint8_t nonce[HCHACHA20_NONCE_SIZE],
		    const uint8_t key[HCHACHA20_KEY_SIZE]);
#endif

const struct chacha20_impl chacha20_impls[] = {
	{ "chacha20-generic", 0, 0, chacha20_generic, hchacha20_generic },
#ifdef ZINC_ASM_X86_64
	/* x86-64 assembly rows go here, one per backend, in order of
	 * preference (least preferred first). */
	/* The figures below are TSC cycles per byte from `ci/bench.sh` on the
	 * Intel Xeon (family 6 model 167, AVX-512) this project is built and
	 * measured on, each row called directly with chacha20_init included;
	 * issue 5's closing note has the whole table. */
	{ "chacha20-ssse3", ZINC_CPU_SSSE3, 0, chacha20_ssse3, hchacha20_ssse3 },
	/* AVX2 is within 2% of SSSE3 at 64 and 256 B (3.17 vs 3.19, 1.61 vs
	 * 1.58) and faster from 576 B on (1.07 vs 1.69; 0.78 vs 1.52 at 16 KiB),
	 * so it takes every length. On the AMD EPYC (family 25 model 17,
	 * AVX2, no AVX-512), min-of-N TSC cycles with chacha20_init: 296 vs
	 * 302 at 64 B (its one-block xmm path), 299 vs 572 at 128 B. */
	{ "chacha20-avx2", ZINC_CPU_AVX2, 0, chacha20_avx2, NULL },
	/* AVX-512VL beats AVX2 at every length (2.25 vs 3.17 at 64 B, 0.58 vs
	 * 0.78 at 16 KiB). */
	{ "chacha20-avx512vl", ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL, 0, chacha20_avx512vl,
	  hchacha20_avx512vl },
	/* Sixteen zmm blocks win from ten blocks on: 0.75 vs 0.77 at 600 B,
	 * 0.69 vs 0.70 at 640 B, 0.62 vs 0.80 at 704 B; at nine blocks the
	 * ymm row is ahead (0.75 vs 0.79 at 576 B, 0.85 vs 0.88 at 513 B,
	 * 0.62 vs 0.89 at 512 B). */
	{ "chacha20-avx512", ZINC_CPU_AVX512F, 577, chacha20_avx512, NULL },
#endif
#ifdef ZINC_ASM_ARM64
	/* Takes every length: with no arm64 machine here (only qemu-user,
	 * whose timings mean nothing) no threshold has been measured. */
	{ "chacha20-neon", ZINC_CPU_NEON, 0, chacha20_neon, hchacha20_neon },
#endif
};

const size_t chacha20_nimpls = ARRAY_SIZE(chacha20_impls);

#ifdef ZINC_TESTING
unsigned long chacha20_hits[ARRAY_SIZE(chacha20_impls)];
#endif

const struct chacha20_impl *chacha20_pick(size_t len)
{
	for (size_t i = chacha20_nimpls; i-- > 1;)
		if (chacha20_impls[i].min_len <= len && zinc_cpu_have(chacha20_impls[i].features))
			return &chacha20_impls[i];
	return &chacha20_impls[0];
}

const struct chacha20_impl *hchacha20_pick(void)
{
	for (size_t i = chacha20_nimpls; i-- > 1;)
		if (chacha20_impls[i].hchacha20 && zinc_cpu_have(chacha20_impls[i].features))
			return &chacha20_impls[i];
	return &chacha20_impls[0];
}

/*
 * Writes one 16-byte row of the state with a single store where the compiler
 * has vector types. Every backend loads whole rows, and a row load that spans
 * several smaller stores still in the store buffer cannot be forwarded from
 * them: it waits until they reach the cache. Measured on the Intel CI machine:
 * chacha20_init + a 64-byte chacha20() took 180 TSC cycles with word stores,
 * 142 with row stores (issue 5's note).
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
	const struct chacha20_impl *impl;

	if (!len)
		return;
	impl = chacha20_pick(len);
	ZINC_COUNT_HIT(chacha20_hits[impl - chacha20_impls]);
	impl->xor_stream(ctx->state, dst, src, len);
}

void hchacha20(uint8_t out[HCHACHA20_OUT_SIZE], const uint8_t nonce[HCHACHA20_NONCE_SIZE],
	       const uint8_t key[HCHACHA20_KEY_SIZE])
{
	const struct chacha20_impl *impl = hchacha20_pick();

	ZINC_COUNT_HIT(chacha20_hits[impl - chacha20_impls]);
	impl->hchacha20(out, nonce, key);
}
