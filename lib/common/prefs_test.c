/* SPDX-License-Identifier: MIT */
/*
 * The short pick (zinc_pick_short, lib/common/prefs.c): under every model
 * and every subset of the detected features, for every choice, a length the
 * short pick takes gets the row the full pick (<primitive>_row_for) gives,
 * length 0 is always taken, and where the short pick stops the full pick
 * gives another row (the bound is not set lower than it need be). The
 * full pick itself is checked against an independent policy by each
 * primitive's dispatch_test.
 */
#include "lib/blake2s/blake2s.h"
#include "lib/chacha20/chacha20.h"
#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/curve25519/curve25519.h"
#include "lib/poly1305/poly1305.h"

static unsigned full_pick(enum zinc_pref_choice c, uint32_t f, size_t len)
{
	switch (c) {
	case ZINC_PREF_CHACHA20: return chacha20_row_for(f, len);
	case ZINC_PREF_HCHACHA20: return hchacha20_row_for(f);
	case ZINC_PREF_POLY1305: return poly1305_row_for(f, len);
	case ZINC_PREF_CHACHA20POLY1305: return chacha20poly1305_row_for(f, len);
	case ZINC_PREF_BLAKE2S: return blake2s_row_for(f, len);
	case ZINC_PREF_CURVE25519: return curve25519_row_for(f);
	default: return ~0u;
	}
}

static const size_t lengths[] = { 0, 1, 63, 64, 65, 255, 256, 257, 383, 384, 385, 576, 577,
				  1344, 1345, 1420, 2047, 2048, 4096, 16384, SIZE_MAX };

static unsigned long shorts, stops;

/* Whether some row of some table starts only at a length (min_len). */
static bool rows_with_thresholds(void)
{
	bool any = false;

	for (size_t i = 0; i < chacha20_nimpls; i++)
		any |= chacha20_impls[i].min_len > 0;
	for (size_t i = 0; i < poly1305_nimpls; i++)
		any |= poly1305_impls[i].min_len > 0;
	for (size_t i = 0; i < chacha20poly1305_nimpls; i++)
		any |= chacha20poly1305_impls[i].min_len > 0;
	for (size_t i = 0; i < blake2s_nimpls; i++)
		any |= blake2s_impls[i].min_len > 0;
	return any;
}

static void short_pick_agrees(uint32_t f)
{
	char feat[128];

	zinc_cpu_format(f, feat, sizeof(feat));
	for (unsigned c = 0; c < ZINC_PREF_NCHOICES; c++) {
		const size_t *from = zinc_from_of((enum zinc_pref_choice)c);
		uintptr_t below = __atomic_load_n(&zinc_pick_short[c], __ATOMIC_RELAXED) >> 8;
		unsigned row;

		CHECK(zinc_row_short((enum zinc_pref_choice)c, 0, &row) && row == full_pick(c, f, 0),
		      "choice %u features %s: length 0 not short, or row %u", c, feat, row);
		for (size_t i = 0; i < ARRAY_SIZE(lengths) + 2 * ZINC_PREF_MAX_ROWS; i++) {
			/* the listed lengths, then each row's threshold and the length before it */
			size_t len = i < ARRAY_SIZE(lengths) ? lengths[i] :
				     from[(i - ARRAY_SIZE(lengths)) / 2] - ((i - ARRAY_SIZE(lengths)) & 1);

			if (!zinc_row_short((enum zinc_pref_choice)c, len, &row))
				continue;
			shorts++;
			CHECK(row == full_pick(c, f, len),
			      "choice %u features %s len %zu: short pick row %u, full pick %u", c, feat,
			      len, row, full_pick(c, f, len));
		}
		if (below < UINTPTR_MAX >> 8) {
			stops++;
			CHECK(full_pick(c, f, below) != full_pick(c, f, 0),
			      "choice %u features %s: the short pick stops at %llu, where the full pick is still row %u",
			      c, feat, (unsigned long long)below, full_pick(c, f, 0));
		}
	}
}

int main(void)
{
	unsigned long subsets = 0;

	TEST_EVERY_FEATURE_SUBSET(&subsets, short_pick_agrees(f));
	/* A model forced with the mask left as it is. */
	for (unsigned m = 0; m <= ZINC_CPU_NMODELS; m++) {
		zinc_cpu_set_model(m);
		short_pick_agrees(zinc_cpu_features());
	}
	printf("prefs_test: %lu (model, feature subset) pairs, %lu short picks compared, %lu short bounds below the cap\n",
	       subsets, shorts, stops);
	CHECK(shorts > 0, "nothing compared");
	/* A stop needs a row that starts at a length: none on an architecture
	 * whose only rows take every length (the generic C alone). */
	CHECK(stops > 0 || !rows_with_thresholds(), "no short bound below the cap");
	return TEST_SUMMARY("prefs_test");
}
