/* SPDX-License-Identifier: MIT */
/*
 * BLAKE2s's part of zinc_selftest() (BLAKE2S_SELFTESTS): the vectors
 * through every usable row, split in two updates, and the public functions,
 * then each row against the generic one on the long message
 * (lib/selftest/check.h).
 */
#include "lib/blake2s/blake2s.h"
#include "lib/selftest/check.h"

bool blake2s_selftest(char *why, size_t size)
{
	static const char long_src[] = "the LONG-byte message against the generic row";
	uint8_t out[BLAKE2S_HASH_SIZE], want[BLAKE2S_HASH_SIZE], msg[LONG];
	struct blake2s_state st;
	struct vote vote = { 0 };

	for (size_t v = 0; v < ARRAY_SIZE(st_blake2s); v++) {
		const struct st_blake2s *t = &st_blake2s[v];
		const size_t n = t->input.n;

		for (size_t i = 0; i < blake2s_nimpls; i++) {
			const struct blake2s_impl *impl = &blake2s_impls[i];

			if (!zinc_cpu_have(impl->features))
				continue;
			blake2s_row_split(impl, out, t->output.n, t->key.p, t->key.n, t->input.p,
					  n, n / 2);
			if (!same(out, &t->output))
				return fail(why, size, impl->name, "BLAKE2s digest", t->source);
		}
		if (!blake2s(out, t->input.p, t->key.p, t->output.n, n, t->key.n) ||
		    !same(out, &t->output))
			return fail(why, size, blake2s_pick(n)->name, "blake2s() digest",
				    t->source);
		blake2s_init_key(&st, t->output.n, t->key.p, t->key.n);
		blake2s_update(&st, t->input.p, n);
		blake2s_final(&st, out);
		if (!same(out, &t->output))
			return fail(why, size, blake2s_pick(n)->name,
				    "blake2s_init_key/update/final digest", t->source);
	}

	long_message(msg);
	for (size_t i = 0; i < blake2s_nimpls; i++) {
		const struct blake2s_impl *impl = &blake2s_impls[i];

		if (!zinc_cpu_have(impl->features))
			continue;
		blake2s_row_split(impl, i ? out : want, BLAKE2S_HASH_SIZE, msg, 32, msg + 32,
				  LONG - 32, 1000);
		vote_add(&vote, impl->name, i ? out : want, want, sizeof(out));
	}
	return vote_verdict(&vote, why, size, "BLAKE2s digest", long_src);
}
