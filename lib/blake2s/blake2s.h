/* SPDX-License-Identifier: MIT */
/* BLAKE2s backends: all share struct blake2s_state, so only the
 * compression function differs. */
#ifndef ZINC_LIB_BLAKE2S_H
#define ZINC_LIB_BLAKE2S_H

#include <stddef.h>
#include <stdint.h>
#include <zinc/blake2s.h>

struct blake2s_impl {
	const char *name;   /* "blake2s-<variant>" */
	uint32_t features;
	size_t min_len;     /* used for updates of at least this many bytes */
	/* For each of nblocks 64-byte blocks: t += inc (64-bit, across t[0],
	 * t[1]), then h = F(h, block, t, f) (RFC 7693 section 3.2). */
	void (*compress)(struct blake2s_state *state, const uint8_t *block, size_t nblocks,
			 uint32_t inc);
};

extern const struct blake2s_impl blake2s_impls[];
extern const size_t blake2s_nimpls;

const struct blake2s_impl *blake2s_pick(size_t len);

/* blake2s_update / blake2s_final with a chosen row. */
void blake2s_update_with(const struct blake2s_impl *impl, struct blake2s_state *state,
			 const uint8_t *in, size_t inlen);
void blake2s_final_with(const struct blake2s_impl *impl, struct blake2s_state *state,
			uint8_t *out);

#ifdef ZINC_TESTING
extern unsigned long blake2s_hits[];
/* Sets the 64-bit byte counter t (t[0] the low word) of a state, so that
 * tests and the fuzz target can run any row across the t[0] -> t[1] carry
 * at 2^32 and the wrap at 2^64, which real messages reach only after 4 GiB
 * and 16 EiB. */
void blake2s_set_counter(struct blake2s_state *state, uint64_t t);
#endif

#endif
