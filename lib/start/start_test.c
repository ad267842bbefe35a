/* SPDX-License-Identifier: MIT */
/*
 * The short pick (struct zinc_choice's short_pick, made by the start-up,
 * lib/start/start.c): under every model and every subset of the detected
 * features, for every choice of every primitive (lib/start/primitives.h),
 * a length the short pick takes gets the row the full pick (the choice's
 * full_pick, its primitive's <primitive>_row_for) gives, length 0 is
 * always taken, and where the short pick stops the full pick gives another
 * row (the bound is not set lower than it need be). The full pick itself
 * is checked against an independent policy by each primitive's
 * dispatch-hit test (in lib/<primitive>/<primitive>_test.c). And every
 * line of lib/start/prefs.h names a choice.
 */
#include <strings.h>

#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/start/choices.h"

/* The CHOICE of each line of lib/start/prefs.h. */
static const char *const pref_choices[] = {
#define PREF(model, choice, row, value, record) #choice,
#include "lib/start/prefs.h"
#undef PREF
	NULL,
};

static const size_t lengths[] = { 0, 1, 63, 64, 65, 255, 256, 257, 383, 384, 385, 576, 577,
				  1344, 1345, 1420, 2047, 2048, 4096, 16384, SIZE_MAX };

static unsigned long shorts, stops;

/* Whether some row of some choice starts only at a length (a min_len
 * other than 0, or SIZE_MAX for never). */
static bool rows_with_thresholds(void)
{
	bool any = false;

	for (size_t c = 0; c < ARRAY_SIZE(zinc_choices); c++) {
		const struct zinc_choice *choice = zinc_choices[c];

		for (unsigned r = 0; r < choice->nrows; r++)
			any |= choice->min_len[r] > 0 && choice->min_len[r] < SIZE_MAX;
	}
	return any;
}

/* Each line of lib/start/prefs.h refines a choice there is. */
static void prefs_name_choices(void)
{
	for (size_t i = 0; pref_choices[i]; i++) {
		size_t c = 0;

		while (c < ARRAY_SIZE(zinc_choices) &&
		       strcasecmp(pref_choices[i], zinc_choices[c]->name))
			c++;
		CHECK(c < ARRAY_SIZE(zinc_choices),
		      "lib/start/prefs.h: a line for %s, which is no choice", pref_choices[i]);
	}
}

static void short_pick_agrees(uint32_t f)
{
	char feat[128];

	zinc_cpu_format(f, feat, sizeof(feat));
	for (unsigned c = 0; c < ARRAY_SIZE(zinc_choices); c++) {
		const struct zinc_choice *choice = zinc_choices[c];
		const char *name = choice->name;
		const size_t *from = zinc_from_of(choice);
		uintptr_t below = __atomic_load_n(&choice->short_pick, __ATOMIC_RELAXED) >> 8;
		unsigned row;

		CHECK(zinc_row_short(choice, 0, &row) && row == choice->full_pick(f, 0),
		      "%s features %s: length 0 not short, or row %u", name, feat, row);
		for (size_t i = 0; i < ARRAY_SIZE(lengths) + 2 * ZINC_CHOICE_MAX_ROWS; i++) {
			/* the listed lengths, then each row's threshold and the length before it */
			size_t len = i < ARRAY_SIZE(lengths) ? lengths[i] :
				     from[(i - ARRAY_SIZE(lengths)) / 2] - ((i - ARRAY_SIZE(lengths)) & 1);

			if (!zinc_row_short(choice, len, &row))
				continue;
			shorts++;
			CHECK(row == choice->full_pick(f, len),
			      "%s features %s len %zu: short pick row %u, full pick %u", name, feat,
			      len, row, choice->full_pick(f, len));
		}
		if (below < UINTPTR_MAX >> 8) {
			stops++;
			CHECK(choice->full_pick(f, below) != choice->full_pick(f, 0),
			      "%s features %s: the short pick stops at %llu, where the full pick is still row %u",
			      name, feat, (unsigned long long)below, choice->full_pick(f, 0));
		}
	}
}

int main(void)
{
	unsigned long subsets = 0;

	prefs_name_choices();
	TEST_EVERY_FEATURE_SUBSET(&subsets, short_pick_agrees(f));
	/* A model forced with the mask left as it is. */
	for (unsigned m = 0; m <= ZINC_CPU_NMODELS; m++) {
		zinc_cpu_set_model(m);
		short_pick_agrees(zinc_cpu_features());
	}
	printf("start_test: %lu (model, feature subset) pairs, %lu short picks compared, %lu short bounds below the cap\n",
	       subsets, shorts, stops);
	CHECK(shorts > 0, "nothing compared");
	/* A stop needs a row that starts at a length: none on an architecture
	 * whose only rows take every length (the generic C alone). */
	CHECK(stops > 0 || !rows_with_thresholds(), "no short bound below the cap");
	return TEST_SUMMARY("start_test");
}
