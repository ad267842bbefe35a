/* SPDX-License-Identifier: MIT */
/* zinc_prefs[]: the preference lines of lib/common/prefs.h as data, and
 * zinc_row_from[]: those resolved against each primitive's rows.h. */
#include "lib/common/cpu.h"

#include <stdint.h>

#include "lib/blake2s/blake2s.h"
#include "lib/chacha20/chacha20.h"
#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/curve25519/curve25519.h"
#include "lib/poly1305/poly1305.h"

_Static_assert(CHACHA20_NROWS <= ZINC_PREF_MAX_ROWS, "ZINC_PREF_MAX_ROWS: chacha20 rows");
_Static_assert(POLY1305_NROWS <= ZINC_PREF_MAX_ROWS, "ZINC_PREF_MAX_ROWS: poly1305 rows");
_Static_assert(CHACHA20POLY1305_NROWS <= ZINC_PREF_MAX_ROWS,
	       "ZINC_PREF_MAX_ROWS: chacha20poly1305 rows");
_Static_assert(BLAKE2S_NROWS <= ZINC_PREF_MAX_ROWS, "ZINC_PREF_MAX_ROWS: blake2s rows");
_Static_assert(CURVE25519_NROWS <= ZINC_PREF_MAX_ROWS, "ZINC_PREF_MAX_ROWS: curve25519 rows");

#define AVOID ZINC_PREF_AVOID
#define FROM(n) ZINC_PREF_FROM(n)

const uint32_t zinc_prefs[ZINC_CPU_NMODELS][ZINC_PREF_NCHOICES][ZINC_PREF_MAX_ROWS] = {
#define PREF(model, choice, row, value, record) \
	[ZINC_CPU_MODEL_##model][ZINC_PREF_##choice][row] = (value),
#include "lib/common/prefs.h"
#undef PREF
};

size_t zinc_row_from[ZINC_CPU_NMODELS][ZINC_PREF_NCHOICES][ZINC_PREF_MAX_ROWS];

/* Each choice's rows.h min_len by row id (0 for Curve25519, which takes no
 * length). */
static const size_t chacha20_min_len[ZINC_PREF_MAX_ROWS] = {
#define ROW(id, name, needs, min_len, ...) [CHACHA20_ROW_##id] = (min_len),
#include "lib/chacha20/rows.h"
};
static const size_t poly1305_min_len[ZINC_PREF_MAX_ROWS] = {
#define ROW(id, name, needs, min_len, ...) [POLY1305_ROW_##id] = (min_len),
#include "lib/poly1305/rows.h"
};
static const size_t chacha20poly1305_min_len[ZINC_PREF_MAX_ROWS] = {
#define ROW(id, name, needs, min_len, ...) [CHACHA20POLY1305_ROW_##id] = (min_len),
#include "lib/chacha20poly1305/rows.h"
};
static const size_t blake2s_min_len[ZINC_PREF_MAX_ROWS] = {
#define ROW(id, name, needs, min_len, ...) [BLAKE2S_ROW_##id] = (min_len),
#include "lib/blake2s/rows.h"
};
/* HChaCha20 takes the rows that have one, whatever the length. */
static const size_t hchacha20_min_len[ZINC_PREF_MAX_ROWS] = {
#define HCHACHA20(fn) 0
#define NO_HCHACHA20 SIZE_MAX
#define ROW(id, name, needs, min_len, xor_stream, hchacha20) [CHACHA20_ROW_##id] = (hchacha20),
#include "lib/chacha20/rows.h"
};
static const size_t no_min_len[ZINC_PREF_MAX_ROWS];

static const size_t *const min_len_of[ZINC_PREF_NCHOICES] = {
	[ZINC_PREF_CHACHA20] = chacha20_min_len,
	[ZINC_PREF_HCHACHA20] = hchacha20_min_len,
	[ZINC_PREF_POLY1305] = poly1305_min_len,
	[ZINC_PREF_CHACHA20POLY1305] = chacha20poly1305_min_len,
	[ZINC_PREF_BLAKE2S] = blake2s_min_len,
	[ZINC_PREF_CURVE25519] = no_min_len,
};

void zinc_prefs_resolve(void)
{
	for (unsigned m = 0; m < ZINC_CPU_NMODELS; m++)
		for (unsigned c = 0; c < ZINC_PREF_NCHOICES; c++)
			for (unsigned r = 0; r < ZINC_PREF_MAX_ROWS; r++) {
				uint32_t pref = zinc_prefs[m][c][r];

				zinc_row_from[m][c][r] = pref == ZINC_PREF_AVOID ? SIZE_MAX :
							 pref ? (size_t)pref - 1 :
								min_len_of[c][r];
			}
}

uintptr_t zinc_pick_short[ZINC_PREF_NCHOICES];

/* choice's pick for len bytes with the features have, under the model in
 * force. Tests with a barrier (zinc_row_is), not a switch: no jump table on
 * a path libzinc.so's exported functions reach (direct_calls_test). */
static unsigned pick(unsigned choice, uint32_t have, size_t len)
{
	if (zinc_row_is(choice, ZINC_PREF_CHACHA20))
		return chacha20_row_for(have, len);
	if (zinc_row_is(choice, ZINC_PREF_HCHACHA20))
		return hchacha20_row_for(have);
	if (zinc_row_is(choice, ZINC_PREF_POLY1305))
		return poly1305_row_for(have, len);
	if (zinc_row_is(choice, ZINC_PREF_CHACHA20POLY1305))
		return chacha20poly1305_row_for(have, len);
	if (zinc_row_is(choice, ZINC_PREF_BLAKE2S))
		return blake2s_row_for(have, len);
	return curve25519_row_for(have);
}

/* The pick changes only at a row's threshold, so the first threshold at
 * which it differs from the pick at length 0 is where the short pick ends. */
void zinc_prefs_update_short(uint32_t have)
{
	const uintptr_t below_max = UINTPTR_MAX >> 8;

	for (unsigned c = 0; c < ZINC_PREF_NCHOICES; c++) {
		const size_t *from = zinc_from_of((enum zinc_pref_choice)c);
		unsigned r0 = pick(c, have, 0);
		uintptr_t below = below_max;

		for (unsigned r = 0; r < ZINC_PREF_MAX_ROWS; r++)
			if (from[r] && from[r] < below && pick(c, have, from[r]) != r0)
				below = from[r];
		__atomic_store_n(&zinc_pick_short[c], below << 8 | r0, __ATOMIC_RELEASE);
	}
}
