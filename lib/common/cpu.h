/* SPDX-License-Identifier: MIT */
/*
 * CPU features that select backends. Detected once (arch/<dir>/cpu.h:
 * CPUID + XGETBV on x86-64, hwcaps on arm64 and armhf, none elsewhere), then
 * reduced by ZINC_CPU_DISABLE (comma-separated feature names, or "all").
 */
#ifndef ZINC_COMMON_CPU_H
#define ZINC_COMMON_CPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The one list of features: X(enum suffix, name in ZINC_CPU_DISABLE). */
#define ZINC_CPU_FEATURES(X) \
	X(SSSE3, "ssse3")           \
	X(AVX, "avx")               \
	X(AVX2, "avx2")             \
	X(AVX512F, "avx512f")       \
	X(AVX512VL, "avx512vl")     \
	X(AVX512IFMA, "avx512ifma") \
	X(BMI2, "bmi2")             \
	X(ADX, "adx")               \
	X(NEON, "neon")

enum zinc_cpu_bit {
#define ZINC_CPU_BIT_(id, name) ZINC_CPU_BIT_##id,
	ZINC_CPU_FEATURES(ZINC_CPU_BIT_)
#undef ZINC_CPU_BIT_
	ZINC_CPU_NFEATURES
};

#define ZINC_CPU_FLAG_(id, name) ZINC_CPU_##id = 1u << ZINC_CPU_BIT_##id,
enum zinc_cpu_feature { ZINC_CPU_FEATURES(ZINC_CPU_FLAG_) };
#undef ZINC_CPU_FLAG_

/* Features the CPU and OS support, before ZINC_CPU_DISABLE. */
uint32_t zinc_cpu_detected(void);
/* Runs the detection once (pthread_once): the features, ZINC_CPU_DISABLE,
 * the model and ZINC_CPU_MODEL. Detection only: dispatch waits for the
 * start-up (below), which runs it first. */
void zinc_cpu_detect(void);
/*
 * Features dispatch may use: detected, minus ZINC_CPU_DISABLE, intersected
 * with the test mask (zinc_cpu_set_mask). Inline, as every public call asks:
 * once zinc_cpu_ready is set (release, after the start-up has written
 * everything dispatch reads) the answer is two loads; before,
 * zinc_cpu_features_slow() runs the start-up.
 *
 * The start-up is the layer above the primitives, lib/start/start.c, which
 * defines zinc_cpu_ready, zinc_cpu_test_mask, zinc_cpu_model_in_force and
 * the functions declared here as "start-up": detection, each primitive's
 * choices resolved against the preferences, the ZINC_SELFTEST=1 self-test,
 * the short picks, then zinc_cpu_ready. This floor only declares them, so
 * that every primitive reaches them through this one header.
 */
/* Default visibility: the harness's own shared objects (Bazel's dynamic
 * test builds) read them too; libzinc.so keeps them local (zinc.lds). */
extern int zinc_cpu_ready;                        /* start-up */
extern uint32_t zinc_cpu_usable;                  /* detection */
extern uint32_t zinc_cpu_test_mask;               /* start-up */
uint32_t zinc_cpu_features_slow(void);            /* start-up */
static inline bool zinc_cpu_is_ready(void)
{
	return __builtin_expect(__atomic_load_n(&zinc_cpu_ready, __ATOMIC_ACQUIRE), 1);
}
static inline uint32_t zinc_cpu_features(void)
{
	if (zinc_cpu_is_ready())
		return zinc_cpu_usable & __atomic_load_n(&zinc_cpu_test_mask, __ATOMIC_RELAXED);
	return zinc_cpu_features_slow();
}
/* True when every feature in needed is usable. */
static inline bool zinc_cpu_have(uint32_t needed)
{
	return (zinc_cpu_features() & needed) == needed;
}
/*
 * Microarchitectures with dispatch preferences (lib/start/prefs.h):
 * X(enum suffix, name in ZINC_CPU_MODEL). DEFAULT is every CPU not listed:
 * the feature-only policy of the rows.h files.
 */
#define ZINC_CPU_MODELS(X)            \
	X(DEFAULT, "default")         \
	X(ZEN3, "zen3")               \
	X(ZEN4, "zen4")               \
	X(ZEN5, "zen5")               \
	X(INTEL_AVX512, "intel-avx512")

enum zinc_cpu_model {
#define ZINC_CPU_MODEL_(id, name) ZINC_CPU_MODEL_##id,
	ZINC_CPU_MODELS(ZINC_CPU_MODEL_)
#undef ZINC_CPU_MODEL_
	ZINC_CPU_NMODELS
};

/* The model of a CPU from CPUID's vendor string ("AuthenticAMD"), display
 * family and display model (extended fields folded in). */
enum zinc_cpu_model zinc_cpu_model_of(const char *vendor, unsigned family, unsigned model);
/* The model whose preferences dispatch follows: the one ZINC_CPU_MODEL
 * names (or zinc_cpu_set_model), else this CPU's. Start-up. */
enum zinc_cpu_model zinc_cpu_model(void);
/* This CPU's model, whatever ZINC_CPU_MODEL says. */
enum zinc_cpu_model zinc_cpu_model_detected(void);
/* The model ZINC_CPU_MODEL names, else this CPU's: what dispatch follows
 * unless zinc_cpu_set_model forces another. */
enum zinc_cpu_model zinc_cpu_model_chosen(void);
/* "zen5", or NULL past the list. */
const char *zinc_cpu_model_name(unsigned model);
/* A ZINC_CPU_MODEL value; false on an unknown name. */
bool zinc_cpu_model_parse(const char *name, enum zinc_cpu_model *model);
/* Forces a model's preferences, for tests that drive every entry;
 * ZINC_CPU_NMODELS goes back to ZINC_CPU_MODEL or detection. An atomic word,
 * as zinc_cpu_set_mask. Not exported by libzinc.so. Start-up. */
void zinc_cpu_set_model(unsigned model);
extern unsigned zinc_cpu_model_in_force;          /* start-up */

/*
 * A choice: one decision dispatch makes, a row of one primitive's table for
 * a length (the row chacha20() runs, the row hchacha20() runs, ...). Each
 * is a struct zinc_choice its primitive defines beside its table
 * (lib/<primitive>/<primitive>.c) from its rows.h: how many rows, the
 * features each needs and the length from which rows.h lets it be picked;
 * the start-up (lib/start/start.c) resolves every choice of every
 * primitive (lib/start/primitives.h). zinc_choice_resolve() folds
 * in a model's preferences (lib/start/prefs.h): for each row id, 0 for "as
 * rows.h says", ZINC_PREF_AVOID for "never pick this row", or
 * ZINC_PREF_FROM(n) for "from n bytes on" in place of its min_len.
 * Preferences only refine: a row is still picked only where its features
 * are usable.
 */
#define ZINC_CHOICE_MAX_ROWS 8
#ifdef ZINC_TESTING
#define ZINC_FULL_PICK(fn) .full_pick = (fn),
#else
#define ZINC_FULL_PICK(fn)
#endif
#define ZINC_PREF_AVOID UINT32_MAX
#define ZINC_PREF_FROM(n) ((uint32_t)(n) + 1)

struct zinc_choice {
	const char *name;        /* lower case; lib/start/prefs.h names it in capitals */
#ifdef ZINC_TESTING
	/* The pick the public functions make (<primitive>_row_for), which the
	 * short pick must agree with (lib/start/start_test.c): test builds
	 * only, set with ZINC_FULL_PICK. */
	unsigned (*full_pick)(uint32_t have, size_t len);
#endif
	unsigned nrows;
	uint32_t needs[ZINC_CHOICE_MAX_ROWS];   /* by row id: the ZINC_CPU_* bits it needs */
	size_t min_len[ZINC_CHOICE_MAX_ROWS];   /* by row id: rows.h's min_len; SIZE_MAX: never */
	/*
	 * For each model and row id, the length from which the row may be
	 * picked (min_len, or n where the model prefers FROM(n)), SIZE_MAX
	 * where the model avoids the row. Written once by
	 * zinc_choice_resolve() before zinc_cpu_ready is set, so that a pick
	 * reads one number per row.
	 */
	size_t from[ZINC_CPU_NMODELS][ZINC_CHOICE_MAX_ROWS];
	/*
	 * The pick for short messages, resolved for the model and features in
	 * force: the row r0 picked at length 0 and the length "below" from
	 * which some other row may be picked, as one atomic word below << 8 |
	 * r0, a pointer-sized word so that every target has the atomic (below
	 * capped at 2^56 - 1 on 64-bit targets, 2^24 - 1 on 32-bit ones, where
	 * a length at or past the cap takes the full pick, which is still
	 * right). A public function whose length is under it calls r0 with one
	 * load and one comparison; others take the full pick. 0 (no length is
	 * below 0) until the start-up has finished, so the first calls take
	 * the full pick, which starts. Rewritten by zinc_choice_update_short()
	 * at start-up and whenever the test mask or the forced model changes.
	 */
	uintptr_t short_pick;
};

/* Row r's line in a choice's definition: its features and min_len. A row
 * id past ZINC_CHOICE_MAX_ROWS does not compile. */
#define ZINC_CHOICE_ROW(r, needs_, min_len_) .needs[r] = (needs_), .min_len[r] = (min_len_),

/* c->from from the preferences prefs[model][row id]. */
void zinc_choice_resolve(struct zinc_choice *c,
			 const uint32_t prefs[ZINC_CPU_NMODELS][ZINC_CHOICE_MAX_ROWS]);
/* c->short_pick for the features have under model. */
void zinc_choice_update_short(struct zinc_choice *c, uint32_t have, unsigned model);

/* The thresholds of c's rows under the model in force, by row id: read
 * once per pick. */
static inline const size_t *zinc_from_of(const struct zinc_choice *c)
{
	return c->from[__atomic_load_n(&zinc_cpu_model_in_force, __ATOMIC_RELAXED)];
}

/*
 * Direct-call dispatch (lib/<primitive>/rows.h): each public function
 * computes its row id from the features, the length and the thresholds in
 * force (zinc_from_of) with zinc_row_usable over the rows, then calls the
 * row's function by name in a chain of zinc_row_is tests (written out in
 * lib/<primitive>/dispatch.h, generated from rows.h). The empty asm hides the row id from the optimizer, so
 * that it cannot merge the chain of comparisons into a switch and lower that
 * to a jump table: an indirect jump, which a retpoline build would turn into
 * a thunk, as it would a function pointer. A row id that matches no row
 * traps (__builtin_trap) at the end of the chain.
 */
static inline bool zinc_row_usable(uint32_t have, uint32_t needs, size_t len, size_t from)
{
	return (have & needs) == needs && len >= from;
}

/* The pick: the last of rows 1..nrows-1 (in rows.h's order of preference)
 * usable for len bytes, else row 0, the generic C. From the last row back,
 * so that the pick is a chain of predicted branches that ends at the first
 * usable row, not a chain of conditional moves through every row. */
static inline unsigned zinc_row_pick(uint32_t have, const uint32_t *needs, const size_t *from,
				     unsigned nrows, size_t len)
{
	for (unsigned row = nrows - 1; row > 0; row--)
		if (zinc_row_usable(have, needs[row], len, from[row]))
			return row;
	return 0;
}

/* True, with *row set, when len is short enough for the resolved pick. */
static inline bool zinc_row_short(const struct zinc_choice *c, size_t len, unsigned *row)
{
	uintptr_t w = __atomic_load_n(&c->short_pick, __ATOMIC_ACQUIRE);

	*row = (unsigned)(w & 0xff);
	return len < (w >> 8);
}

static inline bool zinc_row_is(unsigned row, unsigned id)
{
	__asm__ __volatile__("" : "+r"(row));
	return row == id;
}

/* Restricts dispatch to mask & detected features, for tests that drive every
 * subset; ~0u restores. An atomic word: calls already under way in other
 * threads may run with the old mask or the new. Not exported by libzinc.so.
 * Start-up. */
void zinc_cpu_set_mask(uint32_t mask);
/* off plus the features that cannot be used without one in off: AVX2 and
 * the AVX-512 features need AVX (VEX encoding, YMM state), AVX-512VL and
 * IFMA need AVX-512F. ZINC_CPU_DISABLE=avx therefore also removes avx2. */
uint32_t zinc_cpu_with_dependents(uint32_t off);
/* Name of one feature bit ("avx2"), or NULL. */
const char *zinc_cpu_feature_name(unsigned bit);
/* Writes "avx2,bmi2" (or "none") for a feature set into buf. */
void zinc_cpu_format(uint32_t features, char *buf, unsigned size);
/* Parses a ZINC_CPU_DISABLE-style list; returns false on an unknown name,
 * with *bad pointing at it. */
bool zinc_cpu_parse(const char *list, uint32_t *features, const char **bad);

#endif
