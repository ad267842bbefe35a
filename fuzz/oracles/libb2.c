/* SPDX-License-Identifier: MIT */
/*
 * libb2 0.98 (the BLAKE2 reference implementation, as packaged) as an
 * oracle for BLAKE2s of every output length 1..32 and key length 0..32.
 *
 * Symbol clash: libb2 exports blake2s, blake2s_init, blake2s_init_key,
 * blake2s_update and blake2s_final, the same names as zinc's public API.
 * Linked into a target, those calls would resolve to zinc itself (the
 * executable's definitions win), so this adapter calls libb2's suffixed
 * exports blake2s_*_ref (its portable reference code; libb2's internal
 * calls use the suffixed names too, so nothing of zinc leaks in).
 *
 * Its limits: blake2s_init_key rejects keylen 0 (and a NULL key), so an
 * unkeyed hash goes through blake2s_init; blake2s_final wants an output
 * buffer of at least the state's outlen and fails if called twice; the
 * one-shot blake2s() rejects a NULL input with a non-zero length. All
 * functions return 0 on success; a failure here is a harness bug (abort).
 *
 * With -DZINC_NO_LIBB2 (or -DZINC_NO_ORACLES) oracle_libb2 has no operation
 * and off = ORACLES_OFF (oracles.h), which gives the build's reason, and
 * libb2 is not linked.
 */
#include "fuzz/oracles/oracles.h"

#ifndef ZINC_NO_LIBB2
#include <blake2.h>
#include <stdlib.h>

/* libb2's reference variants (exported, not in its header). */
int blake2s_ref(uint8_t *out, const void *in, const void *key, size_t outlen, size_t inlen,
		size_t keylen);
int blake2s_init_ref(blake2s_state *S, size_t outlen);
int blake2s_init_key_ref(blake2s_state *S, size_t outlen, const void *key, size_t keylen);
int blake2s_update_ref(blake2s_state *S, const uint8_t *in, size_t inlen);
int blake2s_final_ref(blake2s_state *S, uint8_t *out, size_t outlen);

static void describe(FILE *out)
{
	fprintf(out, "libb2 0.98 blake2s_*_ref");
}

static bool sizes_ok(size_t outlen, size_t keylen, const char **why)
{
	if (outlen < 1 || outlen > 32 || keylen > 32) {
		*why = "invalid sizes";
		return false;
	}
	return true;
}

static bool libb2_blake2s(uint8_t *out, size_t outlen, const uint8_t *in, size_t len,
		   const uint8_t *key, size_t keylen, const char **why)
{
	static const uint8_t empty[1];

	if (!sizes_ok(outlen, keylen, why))
		return false;
	if (blake2s_ref(out, len ? in : empty, keylen ? key : NULL, outlen, len, keylen))
		abort();
	return true;
}

static bool libb2_blake2s_chunked(uint8_t *out, size_t outlen, const uint8_t *in, size_t len,
			   const uint8_t *key, size_t keylen, const size_t *chunks,
			   unsigned nchunks, const char **why)
{
	blake2s_state s;
	size_t off = 0;

	if (!sizes_ok(outlen, keylen, why))
		return false;
	if (keylen ? blake2s_init_key_ref(&s, outlen, key, keylen) : blake2s_init_ref(&s, outlen))
		abort();
	for (unsigned i = 0; i <= nchunks; i++) {
		size_t n = i < nchunks ? chunks[i] : len - off;

		if (n > len - off)
			n = len - off;
		if (n && blake2s_update_ref(&s, in + off, n))
			abort();
		off += n;
	}
	if (blake2s_final_ref(&s, out, outlen))
		abort();
	return true;
}

const struct zinc_oracle oracle_libb2 = {
	.name = "libb2",
	.describe = describe,
	.blake2s = libb2_blake2s,
	.blake2s_chunked = libb2_blake2s_chunked,
};
#else /* ZINC_NO_LIBB2 */
const struct zinc_oracle oracle_libb2 = { .name = "libb2", .off = ORACLES_OFF };
#endif
