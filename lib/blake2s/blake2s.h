/* SPDX-License-Identifier: MIT */
/* BLAKE2s backends: all share struct blake2s_state, so only the
 * compression function differs. */
#ifndef ZINC_LIB_BLAKE2S_H
#define ZINC_LIB_BLAKE2S_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <zinc/blake2s.h>

#include "lib/common/cpu.h"

struct blake2s_impl {
	const char *name;   /* "blake2s-<variant>" */
	uint32_t features;
	size_t min_len;     /* used for updates of at least this many bytes */
	/* For each of nblocks 64-byte blocks: t += inc (64-bit, across t[0],
	 * t[1]), then h = F(h, block, t, f) (RFC 7693 section 3.2). */
	void (*compress)(struct blake2s_state *state, const uint8_t *block, size_t nblocks,
			 uint32_t inc);
};

/* The table: one row per line of lib/blake2s/rows.h, generic first. The
 * public functions do not call through it (below); tests, fuzzers and
 * benchmarks walk it. */
extern const struct blake2s_impl blake2s_impls[];
extern const size_t blake2s_nimpls;

const struct blake2s_impl *blake2s_pick(size_t len);

/* blake2s_update / blake2s_final with a chosen row. */
void blake2s_update_with(const struct blake2s_impl *impl, struct blake2s_state *state,
			 const uint8_t *in, size_t inlen);
void blake2s_final_with(const struct blake2s_impl *impl, struct blake2s_state *state,
			uint8_t *out);
/* The outlen-byte digest of in[0..len) under key (keylen 0: unkeyed)
 * through row impl, fed in two updates split at split (at most len);
 * false, out untouched, when blake2s_init_key refuses the sizes. How the
 * harnesses run one row on a whole message (lib/blake2s/entries.c). */
bool blake2s_row_split(const struct blake2s_impl *impl, uint8_t *out, size_t outlen,
		       const uint8_t *key, size_t keylen, const uint8_t *in, size_t len,
		       size_t split);

/* BLAKE2S_ROW_<ID>: a row's index in blake2s_impls. */
enum blake2s_row {
#define ROW(id, ...) BLAKE2S_ROW_##id,
#include "lib/blake2s/rows.h"
	BLAKE2S_NROWS
};

/* Every row's compression function. */
#define ROW(id, name, needs, min_len, compress)                                  \
	void compress(struct blake2s_state *state, const uint8_t *block, size_t nblocks, \
		      uint32_t inc);
#include "lib/blake2s/rows.h"

/* Its choice (defined beside its table, resolved by lib/start/start.c): the
 * thresholds in force and the short pick. */
extern struct zinc_choice blake2s_choice;
/* Its choices as lib/start/start.c walks them (lib/start/primitives.h). */
#define BLAKE2S_CHOICES &blake2s_choice

/* The row for an update of len bytes with the features have. */
static inline unsigned blake2s_row_for(uint32_t have, size_t len)
{
	static const uint32_t needs[] = {
#define ROW(id, name, needs, ...) [BLAKE2S_ROW_##id] = (needs),
#include "lib/blake2s/rows.h"
	};

	return zinc_row_pick(have, needs, zinc_from_of(&blake2s_choice), BLAKE2S_NROWS, len);
}

/* Each row's functions called by name: lib/blake2s/dispatch.h, written from
 * rows.h by lib/start/gen_dispatch.py. */
#include "lib/blake2s/dispatch.h"

#ifdef ZINC_TESTING
extern unsigned long blake2s_hits[];
/* Sets the 64-bit byte counter t (t[0] the low word) of a state, so that
 * tests and the fuzz target can run any row across the t[0] -> t[1] carry
 * at 2^32 and the wrap at 2^64, which real messages reach only after 4 GiB
 * and 16 EiB. */
void blake2s_set_counter(struct blake2s_state *state, uint64_t t);
#endif

/* Its rows' entry points as the harness calls them (lib/blake2s/entries.c,
 * lib/common/entry.h; ZINC_TESTING builds). */
struct zinc_entries;
extern const struct zinc_entries blake2s_entries;
/* Its description (lib/common/describe.h; ZINC_TESTING builds). */
struct zinc_primitive;
extern const struct zinc_primitive blake2s_primitive;
/* Its descriptions as zinc_primitives[] lists them (lib/start/primitives.h). */
#define BLAKE2S_DESCRIPTIONS &blake2s_primitive
/* Its parts of zinc_selftest() (lib/blake2s/selftest.c, lib/selftest/selftest.h)
 * as zinc_selftest_parts[] lists them (lib/start/primitives.h). */
bool blake2s_selftest(char *why, size_t size);
#define BLAKE2S_SELFTESTS { "blake2s", blake2s_selftest }

#endif
