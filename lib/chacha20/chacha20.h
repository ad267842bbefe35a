/* SPDX-License-Identifier: MIT */
/* ChaCha20 backends: the table the public functions, tests, fuzzers and
 * benchmarks all walk. */
#ifndef ZINC_LIB_CHACHA20_H
#define ZINC_LIB_CHACHA20_H

#include <stddef.h>
#include <stdint.h>
#include <zinc/chacha20.h>

struct chacha20_impl {
	const char *name;   /* "chacha20-<variant>" */
	uint32_t features;  /* ZINC_CPU_* bits it needs, all of them */
	size_t min_len;     /* chacha20() uses it only from this length up */
	/* dst = src XOR keystream for len bytes (any len, dst == src allowed),
	 * starting at block state[12]; leaves state[12] advanced by
	 * ceil(len / 64) modulo 2^32. Other words are not changed. */
	void (*xor_stream)(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len);
	/* HChaCha20, or NULL when the backend has none. */
	void (*hchacha20)(uint8_t out[HCHACHA20_OUT_SIZE],
			  const uint8_t nonce[HCHACHA20_NONCE_SIZE],
			  const uint8_t key[HCHACHA20_KEY_SIZE]);
};

/* Generic first; later rows are preferred when usable. */
extern const struct chacha20_impl chacha20_impls[];
extern const size_t chacha20_nimpls;

/* The row chacha20() runs for len bytes on this CPU (never NULL). */
const struct chacha20_impl *chacha20_pick(size_t len);
/* The row hchacha20() runs. */
const struct chacha20_impl *hchacha20_pick(void);

#ifdef ZINC_TESTING
/* Calls the public functions made through each row. */
extern unsigned long chacha20_hits[];
#endif

#endif
