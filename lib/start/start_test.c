/* SPDX-License-Identifier: MIT */
/*
 * The short pick (struct zinc_choice's short_pick, made by the start-up,
 * lib/start/start.c): under every model
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

/* The full picks (<primitive>_row_for), by choice. */
static unsigned chacha20_full(uint32_t f, size_t len)
{
	return chacha20_row_for(f, len);
}

static unsigned hchacha20_full(uint32_t f, size_t len)
{
	(void)len;
	return hchacha20_row_for(f);
}

static unsigned poly1305_full(uint32_t f, size_t len)
{
	return poly1305_row_for(f, len);
}

static unsigned chacha20poly1305_full(uint32_t f, size_t len)
{
	return chacha20poly1305_row_for(f, len);
}

static unsigned blake2s_full(uint32_t f, size_t len)
{
	return blake2s_row_for(f, len);
}

static unsigned curve25519_full(uint32_t f, size_t len)
{
	(void)len;
	return curve25519_row_for(f);
}

static const struct {
	const char *name;
	const struct zinc_choice *choice;
	unsigned (*full_pick)(uint32_t f, size_t len);
} choices[] = {
	{ "chacha20", &chacha20_choice, chacha20_full },
	{ "hchacha20", &hchacha20_choice, hchacha20_full },
	{ "poly1305", &poly1305_choice, poly1305_full },
	{ "chacha20poly1305", &chacha20poly1305_choice, chacha20poly1305_full },
	{ "blake2s", &blake2s_choice, blake2s_full },
	{ "curve25519", &curve25519_choice, curve25519_full },
};

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
	for (unsigned c = 0; c < ARRAY_SIZE(choices); c++) {
		const struct zinc_choice *choice = choices[c].choice;
		const char *name = choices[c].name;
		const size_t *from = zinc_from_of(choice);
		uintptr_t below = __atomic_load_n(&choice->short_pick, __ATOMIC_RELAXED) >> 8;
		unsigned row;

		CHECK(zinc_row_short(choice, 0, &row) && row == choices[c].full_pick(f, 0),
		      "%s features %s: length 0 not short, or row %u", name, feat, row);
		for (size_t i = 0; i < ARRAY_SIZE(lengths) + 2 * ZINC_CHOICE_MAX_ROWS; i++) {
			/* the listed lengths, then each row's threshold and the length before it */
			size_t len = i < ARRAY_SIZE(lengths) ? lengths[i] :
				     from[(i - ARRAY_SIZE(lengths)) / 2] - ((i - ARRAY_SIZE(lengths)) & 1);

			if (!zinc_row_short(choice, len, &row))
				continue;
			shorts++;
			CHECK(row == choices[c].full_pick(f, len),
			      "%s features %s len %zu: short pick row %u, full pick %u", name, feat,
			      len, row, choices[c].full_pick(f, len));
		}
		if (below < UINTPTR_MAX >> 8) {
			stops++;
			CHECK(choices[c].full_pick(f, below) != choices[c].full_pick(f, 0),
			      "%s features %s: the short pick stops at %llu, where the full pick is still row %u",
			      name, feat, (unsigned long long)below, choices[c].full_pick(f, 0));
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
	printf("start_test: %lu (model, feature subset) pairs, %lu short picks compared, %lu short bounds below the cap\n",
	       subsets, shorts, stops);
	CHECK(shorts > 0, "nothing compared");
	/* A stop needs a row that starts at a length: none on an architecture
	 * whose only rows take every length (the generic C alone). */
	CHECK(stops > 0 || !rows_with_thresholds(), "no short bound below the cap");
	return TEST_SUMMARY("start_test");
}
