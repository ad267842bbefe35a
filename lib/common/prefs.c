/* SPDX-License-Identifier: MIT */
/* zinc_prefs[]: the preference lines of lib/common/prefs.h as data. */
#include "lib/common/cpu.h"

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
