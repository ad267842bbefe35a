/* SPDX-License-Identifier: MIT */
/*
 * BLAKE2s's known answers (vectors/blake2s.txt, blake2s_keyed_kat.txt,
 * blake2s_params_kat.txt) on every usable row of blake2s_impls and through
 * the public API under every feature subset (vectors/runner.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zinc/blake2s.h>

#include "lib/blake2s/blake2s.h"
#include "vectors/runner.h"

static const char *const hex_fields[] = { "Key", "Input", "Output", NULL };
static const char *const int_fields[] = { NULL };

/* BLAKE2s: state set up by blake2s_init_key (shared by all rows), then the
 * row's update and final; or the public one-shot and streaming functions. */
static void blake2s_run(const struct vec_record *rec, const struct blake2s_impl *impl)
{
	size_t keylen, inlen, outlen, half;
	const uint8_t *key = vec_hex(rec, "Key", VEC_ANY, &keylen);
	const uint8_t *in = vec_hex(rec, "Input", VEC_ANY, &inlen);
	const uint8_t *want = vec_hex(rec, "Output", VEC_ANY, &outlen);
	struct blake2s_state state;
	uint8_t *out;

	if (!outlen || outlen > BLAKE2S_HASH_SIZE || keylen > BLAKE2S_KEY_SIZE)
		vec_die(rec, "Output must be 1..32 bytes and Key 0..32");
	out = vec_alloc(outlen);
	half = inlen / 2;
	CHECK(impl ? blake2s_row_split(impl, out, outlen, key, keylen, in, inlen, half)
		   : blake2s_init_key(&state, outlen, key, keylen),
	      FAIL_FMT, FAIL_ARGS(rec, "blake2s_init_key refused valid sizes"));
	if (!impl) {
		blake2s_update(&state, in, half);
		blake2s_update(&state, in + half, inlen - half);
		blake2s_final(&state, out);
	}
	CHECK_MEM(out, want, outlen, FAIL_FMT,
		  FAIL_ARGS(rec, impl ? "blake2s init_key/update(2 parts)/final"
				 : picks("blake2s init_key/update(2 parts)/final",
					 blake2s_pick(half)->name)));
	if (!impl) {
		CHECK(blake2s(out, in, key, outlen, inlen, keylen), FAIL_FMT,
		      FAIL_ARGS(rec, "blake2s() refused valid sizes"));
		CHECK_MEM(out, want, outlen, FAIL_FMT,
			  FAIL_ARGS(rec, picks("blake2s()", blake2s_pick(inlen)->name)));
	}
	free(out);
}

static void run_blake2s(void)
{
	static const char *const files[] = { "blake2s.txt", "blake2s_keyed_kat.txt",
					      "blake2s_params_kat.txt" };
	struct vec_set sets[3];
	unsigned long total = 0;

	for (int f = 0; f < 3; f++) {
		load(&sets[f], files[f], hex_fields, int_fields);
		total += sets[f].n;
	}
	for (size_t i = 0; i < blake2s_nimpls; i++) {
		const struct blake2s_impl *impl = &blake2s_impls[i];
		unsigned long ran = 0;

		if (!row_usable(impl->name, impl->features))
			continue;
		for (int f = 0; f < 3; f++)
			FOR_EACH_RECORD(&sets[f], rec) {
				blake2s_run(rec, impl);
				ran++;
			}
		report_row(impl->name, ran);
	}
	for (size_t s = 0; next_subset(s); s++) {
		for (int f = 0; f < 3; f++)
			FOR_EACH_RECORD(&sets[f], rec)
				blake2s_run(rec, NULL);
	}
	report_public(total);
	for (int f = 0; f < 3; f++)
		vec_free(&sets[f]);
}

VECTORS_RUNNER(blake2s, run_blake2s)
