/* SPDX-License-Identifier: MIT */
/*
 * What vectors/vectors_test.c gives each primitive's vector runner,
 * lib/<p>/vectors.c: the feature subsets the public API runs under, where
 * a check happens (for failure messages), which rows run here, and the
 * lines reporting how many vectors ran. A runner is p_vectors() (p the
 * primitive's folder under lib/, defined with VECTORS_RUNNER below); it
 * loads its own files with its own fields and knows its rows.
 * vectors_test.c calls each in the order of sources.bzl's primitives()
 * (lib/start/primitives.h) and names no primitive.
 */
#ifndef ZINC_VECTORS_RUNNER_H
#define ZINC_VECTORS_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "vectors/vectors.h"

/* Each runner adds the checks it counted to *passed and *failed (test.h's
 * counters belong to each file). */
#define PRIMITIVE(p, P) void p##_vectors(unsigned long *passed, unsigned long *failed);
#include "lib/start/primitives.h"

/* Defines p_vectors() in lib/<p>/vectors.c: runs run(), then hands over its
 * file's counts. */
#define VECTORS_RUNNER(p, run)                                               \
	void p##_vectors(unsigned long *passed, unsigned long *failed)       \
	{                                                                    \
		run();                                                       \
		*passed += test_passed;                                      \
		*failed += test_failed;                                      \
	}

/* Every subset of the detected features, the full set first (only the full
 * set with --full-set-only). */
extern uint32_t subsets[1u << ZINC_CPU_NFEATURES];
extern size_t nsubsets;

/* Where a check happens: "row chacha20-generic" or "public API, cpu subset
 * {avx2,bmi2} (mask 0x...)". row_usable and next_subset set it. */
extern char where[256];

/* For the public API under every subset: for (s = 0; next_subset(s); s++)
 * sets subset s (zinc_cpu_set_mask) and names it in where; after the last
 * it restores the full set and says false. */
bool next_subset(size_t s);

/* "op (dispatch picks row)", for failures through the public API. */
const char *picks(const char *op, const char *row);

/* A row runs when the CPU has its features (ZINC_CPU_DISABLE respected):
 * then where names it; otherwise prints why not. */
bool row_usable(const char *name, uint32_t features);

/* "  <row>  N vectors ran" and the public API's N x subsets line. */
void report_row(const char *name, unsigned long ran);
void report_public(unsigned long per_subset);

/* Reads vectors/<name> (the directory vectors_test was given) whose hex
 * and decimal fields are those listed (NULL-terminated) and prints its
 * count. */
void load(struct vec_set *set, const char *name, const char *const *hex_fields,
	  const char *const *int_fields);

/* Every byte of p[0..n) is zero (without an early exit). */
bool zero(const uint8_t *p, size_t n);

#define FAIL_FMT "%s:%u (%s): %s, %s"
#define FAIL_ARGS(rec, what) (rec)->path, (rec)->line, (rec)->source, (what), where

/* Loops rec over the records of a loaded file. */
#define FOR_EACH_RECORD(set, rec) \
	for (const struct vec_record *rec = (set)->recs; rec < (set)->recs + (set)->n; rec++)

#endif
