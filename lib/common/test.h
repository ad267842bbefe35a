/* SPDX-License-Identifier: MIT */
/*
 * The few macros unit tests use. Each CHECK is one counted assertion; a
 * test program ends with TEST_SUMMARY(), which prints
 * "<program>: N passed, M failed" and returns non-zero on any failure.
 * ci/test.sh adds these lines up. test_unhex and test_fill build the
 * inputs: vectors from hex, and reproducible filler.
 */
#ifndef ZINC_COMMON_TEST_H
#define ZINC_COMMON_TEST_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/common/cpu.h"
#include "lib/common/test_prefs.h"
#include "lib/common/util.h"

static unsigned long test_passed, test_failed;

#define CHECK(cond, ...)                                                        \
	do {                                                                    \
		if (cond) {                                                     \
			test_passed++;                                          \
		} else {                                                        \
			test_failed++;                                          \
			fprintf(stderr, "%s:%d: FAILED: %s: ", __FILE__, __LINE__, \
				#cond);                                         \
			fprintf(stderr, __VA_ARGS__);                           \
			fputc('\n', stderr);                                    \
		}                                                               \
	} while (0)

/* Equal byte strings; on failure prints both in hex. */
#define CHECK_MEM(a, b, n, ...)                                                 \
	do {                                                                    \
		if (!memcmp((a), (b), (n))) {                                   \
			test_passed++;                                          \
		} else {                                                        \
			test_failed++;                                          \
			fprintf(stderr, "%s:%d: FAILED: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                           \
			test_hexdiff((const unsigned char *)(a),                \
				     (const unsigned char *)(b), (n));          \
		}                                                               \
	} while (0)

static inline void test_hexdiff(const unsigned char *a, const unsigned char *b, size_t n)
{
	size_t i = 0;

	while (i < n && a[i] == b[i])
		i++;
	fprintf(stderr, "\n  first difference at byte %zu of %zu\n  got:  ", i, n);
	for (size_t j = i; j < n && j < i + 32; j++)
		fprintf(stderr, "%02x", a[j]);
	fprintf(stderr, "\n  want: ");
	for (size_t j = i; j < n && j < i + 32; j++)
		fprintf(stderr, "%02x", b[j]);
	fputc('\n', stderr);
}

static inline int test_hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * Decodes the hex string hex into out (room for size bytes), skipping
 * spaces, colons and newlines between byte pairs; returns the byte count.
 * Aborts with a message on any other character, an odd number of digits
 * or more than size bytes: a broken vector must not become a silent
 * wrong value.
 */
static inline size_t test_unhex(uint8_t *out, size_t size, const char *hex)
{
	size_t n = 0;

	for (const char *p = hex; *p; ) {
		int hi, lo;

		if (*p == ' ' || *p == ':' || *p == '\n') {
			p++;
			continue;
		}
		hi = test_hexval(p[0]);
		lo = hi < 0 ? -1 : test_hexval(p[1]);
		if (hi < 0 || lo < 0) {
			fprintf(stderr, "test_unhex: %s at offset %zu of \"%s\"\n",
				hi >= 0 && !p[1] ? "odd number of digits" : "not a hex digit",
				(size_t)(p + (hi >= 0) - hex), hex);
			abort();
		}
		if (n == size) {
			fprintf(stderr, "test_unhex: more than %zu bytes in \"%s\"\n", size, hex);
			abort();
		}
		out[n++] = (uint8_t)(hi << 4 | lo);
		p += 2;
	}
	return n;
}

/*
 * Fills p[0..len) with bytes from a xorshift32 generator started from
 * seed: reproducible inputs, so that a failure reruns identically.
 */
static inline void test_fill(uint8_t *p, size_t len, uint32_t seed)
{
	uint32_t x = seed * 2654435761u + 1;

	if (!x)
		x = 1;
	for (size_t i = 0; i < len; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		p[i] = (uint8_t)(x >> 24);
	}
}

/*
 * Dispatch-hit tests (the last part of each lib/<p>/<p>_test.c): what each
 * row of a backend table should be used for, written in the test
 * independently of the table, and the rule "the last row, in table order,
 * whose features are available and whose minimum length the message
 * reaches; row 0 when none".
 */
struct test_policy {
	const char *name;
	uint32_t features;
	size_t min_len;
};

static inline const struct test_policy *test_policy_of(const struct test_policy *policy,
							 size_t n, const char *name)
{
	for (size_t p = 0; p < n; p++)
		if (!strcmp(policy[p].name, name))
			return &policy[p];
	return NULL;
}

/* Every row has a policy, with the table's features and min_len. */
static inline void test_policy_matches(const struct test_policy *policy, size_t n,
				       const char *row, uint32_t features, size_t min_len)
{
	const struct test_policy *p = test_policy_of(policy, n, row);

	CHECK(p, "row %s has no expected policy in the dispatch test", row);
	if (!p)
		return;
	CHECK(features == p->features, "row %s: features %#x, policy says %#x", row, features,
	      p->features);
	CHECK(min_len == p->min_len, "row %s: min_len %zu, policy says %zu", row, min_len,
	      p->min_len);
}

/* The expected preference (lib/common/test_prefs.h) for row of choice under
 * the model dispatch follows now, or NULL. */
static inline const struct test_pref *test_pref_of(const char *choice, const char *row)
{
	const char *model = zinc_cpu_model_name(zinc_cpu_model());

	for (size_t i = 0; i < ARRAY_SIZE(test_prefs); i++)
		if (!strcmp(test_prefs[i].model, model) && !strcmp(test_prefs[i].choice, choice) &&
		    !strcmp(test_prefs[i].row, row))
			return &test_prefs[i];
	return NULL;
}

/* Whether row (by name) should win for len bytes with features f in choice
 * (NULL: the primitive the row's name begins with, the part before its
 * first '-'), under the model in force. */
static inline int test_policy_allows_for(const struct test_policy *policy, size_t n,
					 const char *choice, const char *row, uint32_t f,
					 size_t len)
{
	const struct test_policy *p = test_policy_of(policy, n, row);
	char prefix[32];

	if (!choice) {
		size_t k = strcspn(row, "-");
		snprintf(prefix, sizeof(prefix), "%.*s", (int)k, row);
		choice = prefix;
	}
	const struct test_pref *pref = test_pref_of(choice, row);
	size_t min_len = p ? p->min_len : 0;
	if (pref && pref->avoid)
		return 0;
	if (pref)
		min_len = pref->from;
	return p && (p->features & f) == p->features && len >= min_len;
}

static inline int test_policy_allows(const struct test_policy *policy, size_t n,
				     const char *row, uint32_t f, size_t len)
{
	return test_policy_allows_for(policy, n, NULL, row, f, len);
}

/* test_policy_matches for every row of impls (a table of nimpls rows with
 * .name, .features and .min_len). */
#define TEST_POLICY_MATCHES_ROWS(policy, impls, nimpls)                         \
	do {                                                                    \
		for (size_t i_ = 0; i_ < (nimpls); i_++)                        \
			test_policy_matches((policy), ARRAY_SIZE(policy),       \
					    (impls)[i_].name, (impls)[i_].features, \
					    (impls)[i_].min_len);               \
	} while (0)

/* The row (index into impls, a table of nimpls rows with a .name) the
 * policy says should win for len bytes with features f: the last allowed
 * row, row 0 when none is. */
#define TEST_POLICY_ROW(policy, impls, nimpls, f, len)                          \
	({                                                                      \
		size_t want_ = 0;                                               \
		for (size_t i_ = 1; i_ < (nimpls); i_++)                        \
			if (test_policy_allows((policy), ARRAY_SIZE(policy),    \
					       (impls)[i_].name, (f), (len)))   \
				want_ = i_;                                     \
		want_;                                                          \
	})

/* Each row of impls ran exactly hits[row] == (row == want) times (no row
 * ran when want is SIZE_MAX). */
#define TEST_CHECK_ONE_HIT(hits, impls, nimpls, want, what, len, f)             \
	do {                                                                    \
		char feat_[128];                                                \
		zinc_cpu_format((f), feat_, sizeof(feat_));                     \
		for (size_t i_ = 0; i_ < (nimpls); i_++)                        \
			CHECK((hits)[i_] == (i_ == (want)),                     \
			      "%s len %zu features %s: row %s ran %lu times, expected %d", \
			      (what), (size_t)(len), feat_, (impls)[i_].name,   \
			      (hits)[i_], i_ == (want));                        \
	} while (0)

/* Runs body (a statement using the uint32_t f) once under every subset of
 * the detected CPU features, the empty one included, for every model's
 * preferences (lib/start/prefs.h); counts the (model, subset) pairs in
 * *subsets and restores the full mask and the model. */
#define TEST_EVERY_FEATURE_SUBSET(subsets, body)                                \
	do {                                                                    \
		uint32_t detected_ = zinc_cpu_detected();                       \
		for (unsigned m_ = 0; m_ < ZINC_CPU_NMODELS; m_++) {            \
			uint32_t sub_ = 0;                                      \
			zinc_cpu_set_model(m_);                                 \
			do {                                                    \
				zinc_cpu_set_mask(sub_);                        \
				{                                               \
					uint32_t f = zinc_cpu_features();       \
					body;                                   \
				}                                               \
				(*(subsets))++;                                 \
				sub_ = (sub_ - detected_) & detected_;          \
			} while (sub_);                                         \
		}                                                               \
		zinc_cpu_set_mask(~0u);                                         \
		zinc_cpu_set_model(ZINC_CPU_NMODELS);                           \
	} while (0)

/* A dispatch-hit test's run over the CPUs: run(f) once under every model
 * and every subset of the detected features (TEST_EVERY_FEATURE_SUBSET),
 * then the line such a test ends with, "<program> dispatch: N feature
 * subsets x M length classes" (N the (model, subset) pairs, M the message
 * lengths run tries under each). */
static inline void test_dispatch_every_subset(const char *program, void (*run)(uint32_t f),
					      size_t classes)
{
	unsigned long subsets = 0;

	TEST_EVERY_FEATURE_SUBSET(&subsets, run(f));
	printf("%s dispatch: %lu feature subsets x %zu length classes\n", program, subsets,
	       classes);
}

/* Whether this CPU has a row's features; when it has not, prints
 * "<program>: skipping <row>: CPU features missing". */
static inline bool test_row_usable(const char *program, const char *row, uint32_t features)
{
	if (zinc_cpu_have(features))
		return true;
	printf("%s: skipping %s: CPU features missing\n", program, row);
	return false;
}

#define TEST_SUMMARY(name)                                                      \
	(printf("%s: %lu passed, %lu failed\n", (name), test_passed, test_failed), \
	 test_failed ? 1 : 0)

#endif
