/* SPDX-License-Identifier: MIT */
/*
 * Runs every known-answer vector in vectors/ (the directory is argv[1],
 * default "vectors") twice over: against every row of each backend table
 * this CPU can run, and through the public API under every subset of the
 * CPU features this machine has, as Zinc's selftests do. A failure names
 * the vector (file:line and source), the row or the feature subset. Output
 * buffers are heap blocks of the exact size, so ASan sees any overrun.
 *
 *   vectors_test [--full-set-only] [DIR]
 *
 * --full-set-only runs the public API under the full feature set alone
 * (every row still runs): ci/emu.sh's quick form, where each emulated CPU
 * is itself one subset and an interpreted run of all 2^n would take an
 * hour; the subsets run natively in every other build.
 *
 * This file is the shared part (vectors/runner.h); each primitive's runner,
 * which knows its files' fields and its rows, is lib/<p>/vectors.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vectors/runner.h"

static const char *vec_dir = "vectors";

uint32_t subsets[1u << ZINC_CPU_NFEATURES];
size_t nsubsets;

static void find_subsets(void)
{
	uint32_t all = zinc_cpu_detected(), s = all;

	for (;;) {
		subsets[nsubsets++] = s;
		if (!s)
			break;
		s = (s - 1) & all;
	}
}

char where[256];

const char *picks(const char *op, const char *row)
{
	static char text[160];

	snprintf(text, sizeof(text), "%s (dispatch picks %s)", op, row);
	return text;
}

bool next_subset(size_t s)
{
	char names[128];

	if (s >= nsubsets) {
		zinc_cpu_set_mask(~0u);
		return false;
	}
	zinc_cpu_set_mask(subsets[s]);
	zinc_cpu_format(subsets[s], names, sizeof(names));
	snprintf(where, sizeof(where), "public API, cpu subset {%s} (mask 0x%x)", names,
		 subsets[s]);
	return true;
}

bool row_usable(const char *name, uint32_t features)
{
	char need[128], have[128];

	if (zinc_cpu_have(features)) {
		snprintf(where, sizeof(where), "row %s", name);
		return true;
	}
	zinc_cpu_format(features, need, sizeof(need));
	zinc_cpu_format(zinc_cpu_features(), have, sizeof(have));
	printf("  %-36s skipped: needs {%s}, usable here {%s}\n", name, need, have);
	return false;
}

void report_row(const char *name, unsigned long ran)
{
	printf("  %-36s %lu vectors ran\n", name, ran);
}

void report_public(unsigned long per_subset)
{
	printf("  %-36s %lu vectors x %zu cpu-feature subsets = %lu ran\n", "public API",
	       per_subset, nsubsets, per_subset * nsubsets);
}

void load(struct vec_set *set, const char *name, const char *const *hex_fields,
	  const char *const *int_fields)
{
	vec_load(set, vec_dir, name, hex_fields, int_fields);
	printf("%s: %zu vectors\n", set->path, set->n);
}

bool zero(const uint8_t *p, size_t n)
{
	uint8_t acc = 0;

	for (size_t i = 0; i < n; i++)
		acc |= p[i];
	return !acc;
}

int main(int argc, char **argv)
{
	char names[128];

	bool full_set_only = argc > 1 && !strcmp(argv[1], "--full-set-only");

	if (full_set_only) {
		argc--;
		argv++;
	}
	if (argc > 1)
		vec_dir = argv[1];
	find_subsets();
	if (full_set_only) {
		nsubsets = 1;
		printf("--full-set-only: the public API runs under the full feature set only\n");
	}
	zinc_cpu_format(zinc_cpu_detected(), names, sizeof(names));
	printf("cpu features detected: {%s}: %zu subsets\n", names, nsubsets);
#define PRIMITIVE(p, P) p##_vectors(&test_passed, &test_failed);
#include "lib/start/primitives.h"
	return TEST_SUMMARY("vectors_test");
}
