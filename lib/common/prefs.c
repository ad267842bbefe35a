/* SPDX-License-Identifier: MIT */
/* A choice (struct zinc_choice, lib/common/cpu.h) resolved against a
 * model's preferences, and its short pick. Knows rows only by id: the
 * choices are the primitives', the preferences the start-up's
 * (lib/start/start.c). */
#include "lib/common/cpu.h"

#include <stdint.h>

void zinc_choice_resolve(struct zinc_choice *c,
			 const uint32_t prefs[ZINC_CPU_NMODELS][ZINC_CHOICE_MAX_ROWS])
{
	for (unsigned m = 0; m < ZINC_CPU_NMODELS; m++)
		for (unsigned r = 0; r < ZINC_CHOICE_MAX_ROWS; r++) {
			uint32_t pref = prefs[m][r];

			c->from[m][r] = r >= c->nrows ? 0 :
					pref == ZINC_PREF_AVOID ? SIZE_MAX :
					pref ? (size_t)pref - 1 :
					       c->min_len[r];
		}
}

/* The pick changes only at a row's threshold, so the first threshold at
 * which it differs from the pick at length 0 is where the short pick ends. */
void zinc_choice_update_short(struct zinc_choice *c, uint32_t have, unsigned model)
{
	const uintptr_t below_max = UINTPTR_MAX >> 8;
	const size_t *from = c->from[model];
	unsigned r0 = zinc_row_pick(have, c->needs, from, c->nrows, 0);
	uintptr_t below = below_max;

	for (unsigned r = 0; r < c->nrows; r++)
		if (from[r] && from[r] < below &&
		    zinc_row_pick(have, c->needs, from, c->nrows, from[r]) != r0)
			below = from[r];
	__atomic_store_n(&c->short_pick, below << 8 | r0, __ATOMIC_RELEASE);
}
