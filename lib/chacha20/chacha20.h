/* SPDX-License-Identifier: MIT */
/* ChaCha20 backends: the table the public functions, tests, fuzzers and
 * benchmarks all walk. */
#ifndef ZINC_LIB_CHACHA20_H
#define ZINC_LIB_CHACHA20_H

#include <stddef.h>
#include <stdint.h>
#include <zinc/chacha20.h>

#include "lib/common/cpu.h"

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

/* The table: one row per line of lib/chacha20/rows.h, generic first; later
 * rows are preferred when usable. The public functions do not call through
 * it (below); tests, fuzzers and benchmarks walk it. */
extern const struct chacha20_impl chacha20_impls[];
extern const size_t chacha20_nimpls;

/* The row chacha20() runs for len bytes on this CPU (never NULL). */
const struct chacha20_impl *chacha20_pick(size_t len);
/* The row hchacha20() runs. */
const struct chacha20_impl *hchacha20_pick(void);

/* CHACHA20_ROW_<ID>: a row's index in chacha20_impls. */
enum chacha20_row {
#define ROW(id, ...) CHACHA20_ROW_##id,
#include "lib/chacha20/rows.h"
	CHACHA20_NROWS
};

/* Every row's functions. */
#define ROW(id, name, needs, min_len, xor_stream, hchacha20)                               \
	void xor_stream(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len); \
	hchacha20
#define HCHACHA20(fn)                                                           \
	void fn(uint8_t out[HCHACHA20_OUT_SIZE], const uint8_t nonce[HCHACHA20_NONCE_SIZE], \
		const uint8_t key[HCHACHA20_KEY_SIZE]);
#define NO_HCHACHA20
#include "lib/chacha20/rows.h"

/* Its choices (defined beside its table, resolved by lib/start/start.c): the
 * thresholds in force and the short pick of chacha20() and of hchacha20(). */
extern struct zinc_choice chacha20_choice, hchacha20_choice;
/* Its choices as lib/start/start.c walks them (lib/start/primitives.h). */
#define CHACHA20_CHOICES &chacha20_choice, &hchacha20_choice

/* The row chacha20() runs for len bytes with the features have. */
static inline unsigned chacha20_row_for(uint32_t have, size_t len)
{
	static const uint32_t needs[] = {
#define ROW(id, name, needs, ...) [CHACHA20_ROW_##id] = (needs),
#include "lib/chacha20/rows.h"
	};

	return zinc_row_pick(have, needs, zinc_from_of(&chacha20_choice), CHACHA20_NROWS, len);
}

/* The row hchacha20() runs: the last usable one that has an HChaCha20 (the
 * others' thresholds are SIZE_MAX: hchacha20_choice, chacha20.c). */
static inline enum chacha20_row hchacha20_row_for(uint32_t have)
{
	static const uint32_t needs[] = {
#define ROW(id, name, needs, ...) [CHACHA20_ROW_##id] = (needs),
#include "lib/chacha20/rows.h"
	};

	return (enum chacha20_row)zinc_row_pick(have, needs, zinc_from_of(&hchacha20_choice),
					    CHACHA20_NROWS, 0);
}

/* Each row's functions called by name: lib/chacha20/dispatch.h, written from
 * rows.h by lib/start/gen_dispatch.py. */
#include "lib/chacha20/dispatch.h"

#ifdef ZINC_TESTING
/* Calls the public functions made through each row. */
extern unsigned long chacha20_hits[];
#endif

/* Its rows' entry points as the harness calls them (lib/chacha20/entries.c,
 * lib/common/entry.h; ZINC_TESTING builds). */
struct zinc_entries;
extern const struct zinc_entries chacha20_entries;
/* Its description (lib/common/describe.h; ZINC_TESTING builds). */
struct zinc_primitive;
extern const struct zinc_primitive chacha20_primitive;
/* Its descriptions as zinc_primitives[] lists them (lib/start/primitives.h). */
#define CHACHA20_DESCRIPTIONS &chacha20_primitive
/* Its parts of zinc_selftest() (lib/chacha20/selftest.c, lib/selftest/selftest.h)
 * as zinc_selftest_parts[] lists them (lib/start/primitives.h). */
bool chacha20_selftest(char *why, size_t size);
#define CHACHA20_SELFTESTS { "chacha20", chacha20_selftest }

#endif
