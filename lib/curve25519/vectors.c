/* SPDX-License-Identifier: MIT */
/*
 * X25519's known answers (vectors/x25519.txt, x25519_iterated.txt) on
 * every usable row of curve25519_impls and through the public API under
 * every feature subset (vectors/runner.h); ZINC_SLOW_TESTS=1 adds the
 * iterated vectors marked Slow.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zinc/curve25519.h>

#include "lib/curve25519/curve25519.h"
#include "vectors/runner.h"

static const char *const hex_fields[] = { "Scalar", "Point", "Output", NULL };
static const char *const int_fields[] = { "Iterations", "Slow", NULL };

/* X25519 = curve25519(); a record whose Point is 9 also checks
 * curve25519_generate_public. impl == NULL means the public functions. */
static const uint8_t basepoint[CURVE25519_KEY_SIZE] = { 9 };

static void x25519_run(const struct vec_record *rec, const struct curve25519_impl *impl)
{
	const uint8_t *scalar = vec_hex(rec, "Scalar", CURVE25519_KEY_SIZE, NULL);
	const uint8_t *point = vec_hex(rec, "Point", CURVE25519_KEY_SIZE, NULL);
	const uint8_t *want = vec_hex(rec, "Output", CURVE25519_KEY_SIZE, NULL);
	uint8_t *out = vec_alloc(CURVE25519_KEY_SIZE);
	bool ok;

	ok = impl ? curve25519_with(impl, out, scalar, point) : curve25519(out, scalar, point);
	CHECK(ok == !zero(want, CURVE25519_KEY_SIZE), FAIL_FMT,
	      FAIL_ARGS(rec, "curve25519 return value"));
	CHECK_MEM(out, want, CURVE25519_KEY_SIZE, FAIL_FMT,
		  FAIL_ARGS(rec, impl ? "curve25519" : picks("curve25519()", curve25519_pick()->name)));
	if (!memcmp(point, basepoint, sizeof(basepoint))) {
		ok = impl ? curve25519_generate_public_with(impl, out, scalar)
			  : curve25519_generate_public(out, scalar);
		CHECK(ok, FAIL_FMT, FAIL_ARGS(rec, "curve25519_generate_public return value"));
		CHECK_MEM(out, want, CURVE25519_KEY_SIZE, FAIL_FMT,
			  FAIL_ARGS(rec, "curve25519_generate_public"));
	}
	free(out);
}

/* RFC 7748 section 5.2: k = u = 9, then (k, u) = (X25519(k, u), k). */
static bool slow_tests(void)
{
	const char *s = getenv("ZINC_SLOW_TESTS");

	return s && !strcmp(s, "1");
}

static bool iterated_skip(const struct vec_record *rec)
{
	return vec_find(rec, "Slow") && vec_int(rec, "Slow") && !slow_tests();
}

static void x25519_iterated_run(const struct vec_record *rec,
				const struct curve25519_impl *impl)
{
	uint8_t k[CURVE25519_KEY_SIZE] = { 9 }, u[CURVE25519_KEY_SIZE] = { 9 };
	uint8_t r[CURVE25519_KEY_SIZE];
	uint64_t n = vec_int(rec, "Iterations");

	for (uint64_t i = 0; i < n; i++) {
		if (impl)
			curve25519_with(impl, r, k, u);
		else
			curve25519(r, k, u);
		memcpy(u, k, sizeof(k));
		memcpy(k, r, sizeof(r));
	}
	CHECK_MEM(k, vec_hex(rec, "Output", CURVE25519_KEY_SIZE, NULL), CURVE25519_KEY_SIZE,
		  FAIL_FMT, FAIL_ARGS(rec, "x25519 iterated"));
}

/*
 * Through the public API: x25519.txt and the single iteration under every
 * subset; the long iterated vectors, which take a second or more each,
 * under the first subset for which curve25519_pick names each row (so every
 * row the dispatcher can choose runs them through curve25519()). Returns
 * how many vectors ran per subset.
 */
static unsigned long public_runs(const struct vec_set *xs, const struct vec_set *is)
{
	unsigned long per_subset = xs->n;

	for (size_t s = 0; next_subset(s); s++) {
		const struct curve25519_impl *picked = curve25519_pick();
		bool first = true;

		for (size_t t = 0; t < s && first; t++) {
			zinc_cpu_set_mask(subsets[t]);
			first = curve25519_pick() != picked;
		}
		zinc_cpu_set_mask(subsets[s]);
		FOR_EACH_RECORD(xs, rec)
			x25519_run(rec, NULL);
		FOR_EACH_RECORD(is, rec) {
			if (iterated_skip(rec) || (vec_int(rec, "Iterations") > 1 && !first))
				continue;
			x25519_iterated_run(rec, NULL);
			if (vec_int(rec, "Iterations") > 1) {
				char names[128];

				zinc_cpu_format(subsets[s], names, sizeof(names));
				printf("  %-36s %s:%u ran under {%s}, where curve25519() picks %s\n",
				       "public API", rec->path, rec->line, names, picked->name);
			}
		}
	}
	FOR_EACH_RECORD(is, rec)
		per_subset += !iterated_skip(rec) && vec_int(rec, "Iterations") == 1;
	return per_subset;
}

static void run_curve25519(void)
{
	struct vec_set xs, is;

	load(&xs, "x25519.txt", hex_fields, int_fields);
	load(&is, "x25519_iterated.txt", hex_fields, int_fields);
	FOR_EACH_RECORD(&is, rec)
		if (iterated_skip(rec))
			printf("  %s:%u (%s): skipped, set ZINC_SLOW_TESTS=1 to run it\n",
			       rec->path, rec->line, rec->source);
	for (size_t i = 0; i < curve25519_nimpls; i++) {
		const struct curve25519_impl *impl = &curve25519_impls[i];
		unsigned long ran = 0;

		if (!row_usable(impl->name, impl->features))
			continue;
		FOR_EACH_RECORD(&xs, rec) {
			x25519_run(rec, impl);
			ran++;
		}
		FOR_EACH_RECORD(&is, rec) {
			if (iterated_skip(rec))
				continue;
			x25519_iterated_run(rec, impl);
			ran++;
		}
		report_row(impl->name, ran);
	}
	report_public(public_runs(&xs, &is));
	vec_free(&xs);
	vec_free(&is);
}

VECTORS_RUNNER(curve25519, run_curve25519)
