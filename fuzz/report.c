/* SPDX-License-Identifier: MIT */
/* Mismatch diagnosis and the registry of comparisons made and not made. */
#include "fuzz/report.h"

#include <stdlib.h>
#include <string.h>

#include "arch/abi_check.h"
#include "arch/arch.h"
#include "fuzz/input.h"
#include "lib/common/cpu.h"

static fuzz_params_fn params_fn;

void fuzz_set_params(fuzz_params_fn fn)
{
	params_fn = fn;
	zinc_abi_new_input();
}

static void dump(const char *name, const uint8_t *p, size_t len, size_t from, size_t to,
		 size_t at)
{
	fprintf(stderr, "  %-28s%s", name, strlen(name) < 28 ? "" : " ");
	for (size_t i = from; i < to && i < len; i++)
		fprintf(stderr, i == at ? "[%02x]" : "%02x", p[i]);
	fprintf(stderr, "\n");
}

/* The bytes around the first difference of a and b. */
static void dump_diff(const char *name_a, const uint8_t *a, const char *name_b, const uint8_t *b,
		      size_t len)
{
	size_t at = 0, from, to;

	while (at < len && a[at] == b[at])
		at++;
	from = at >= 16 ? at - 16 : 0;
	to = at + 17;
	if (at < len) {
		fprintf(stderr, "first differing byte: offset %zu of %zu\n", at, len);
		fprintf(stderr, "bytes %zu..%zu ([..] marks offset %zu):\n", from,
			(to < len ? to : len) - 1, at);
		dump(name_a, a, len, from, to, at);
		dump(name_b, b, len, from, to, at);
	} else {
		fprintf(stderr, "outputs equal over %zu bytes (mismatch in a result flag)\n", len);
	}
}

static void print_head(const char *target, const char *what, const char *impl_a,
		       const char *impl_b)
{
	fprintf(stderr, "\n==== zinc fuzz MISMATCH ====\n");
	fprintf(stderr, "target:  %s\n", target);
	fprintf(stderr, "what:    %s\n", what);
	fprintf(stderr, "impls:   %s  vs  %s\n", impl_a, impl_b);
}

static __attribute__((noreturn)) void finish(void)
{
	fprintf(stderr, "==== aborting ====\n");
	fflush(stderr);
	abort();
}

void fuzz_mismatch(const char *target, const char *impl_a, const char *impl_b, const char *what,
		   const char *params, const uint8_t *a, const uint8_t *b, size_t len)
{
	print_head(target, what, impl_a, impl_b);
	fprintf(stderr, "params: %s\n", params ? params : " (none)");
	dump_diff(impl_a, a, impl_b, b, len);
	finish();
}

/* "a, b, c" of the answers whose difference from ref is differ. */
static void join(char *buf, size_t cap, const struct fuzz_answer *ans, unsigned n,
		 const void *ref, size_t len, bool differ)
{
	buf[0] = 0;
	for (unsigned i = 0; i < n; i++) {
		if (!ans[i].value || (memcmp(ans[i].value, ref, len) != 0) != differ)
			continue;
		fuzz_fmt(buf, cap, "%s%s", buf[0] ? ", " : "", ans[i].oracle);
	}
}

void fuzz_check_oracles(const char *target, const char *zinc, const char *what, const void *ref,
			size_t len, const struct fuzz_answer *ans, unsigned n)
{
	char differ[256], agree[256], params[2048] = "";
	unsigned ndiffer = 0, nran = 0;

	for (unsigned i = 0; i < n; i++) {
		nran += ans[i].value != NULL;
		ndiffer += ans[i].value && len && memcmp(ans[i].value, ref, len);
	}
	if (!ndiffer)
		return;
	join(differ, sizeof(differ), ans, n, ref, len, true);
	join(agree, sizeof(agree), ans, n, ref, len, false);
	if (params_fn)
		params_fn(params, sizeof(params));
	print_head(target, what, zinc, differ);
	fprintf(stderr, "oracles: differ from %s: %s; agree: %s\n", zinc, differ,
		agree[0] ? agree : "none");
	if (agree[0])
		fprintf(stderr, "verdict: oracle disagreement: %s %s from zinc and from %s\n",
			differ, ndiffer > 1 ? "differ" : "differs", agree);
	else if (nran > 1)
		fprintf(stderr, "verdict: zinc differs from every oracle that ran (%s)\n", differ);
	else
		fprintf(stderr, "verdict: undecided: zinc and the one oracle that ran (%s) differ\n",
			differ);
	fprintf(stderr, "params: %s\n", params[0] ? params : " (none)");
	for (unsigned i = 0; i < n; i++)
		if (ans[i].value && memcmp(ans[i].value, ref, len))
			dump_diff(zinc, ref, ans[i].oracle, ans[i].value, len);
	finish();
}

/* An assembly entry point broke the ABI (fuzz builds: arch/abi_check.c):
 * the mismatch diagnosis, with the registers in place of the bytes. */
/* Weak: fuzz/huge.c links the harness without being a target. */
extern const char fuzz_target_name[] __attribute__((weak));

void zinc_abi_violation(const char *row, const char *entry, const char *what, const char *detail)
{
	const char *target = fuzz_target_name;
	char params[2048] = "";

	if (params_fn)
		params_fn(params, sizeof(params));
	print_head(target ? target : "(none)", what, row, ZINC_ARCH_ABI_NAME);
	fprintf(stderr, "params: %s\n", params[0] ? params : " (none)");
	fprintf(stderr, "entry point %s of row %s, registers before and after the call:\n%s",
		entry, row, detail);
	finish();
}

void fuzz_check(const char *target, const char *impl_a, const char *impl_b, const char *what,
		const void *a, const void *b, size_t len)
{
	char params[2048] = "";

	if (!len || !memcmp(a, b, len))
		return;
	if (params_fn)
		params_fn(params, sizeof(params));
	fuzz_mismatch(target, impl_a, impl_b, what, params, a, b, len);
}

void fuzz_check_bool(const char *target, const char *impl_a, const char *impl_b,
		     const char *what, bool a, bool b)
{
	uint8_t x = a, y = b;

	fuzz_check(target, impl_a, impl_b, what, &x, &y, 1);
}

struct counter {
	const char *who;
	const char *what;
	bool compared;
	unsigned long n;
};

enum { MAX_COUNTERS = 256 };
static struct counter counters[MAX_COUNTERS];
static unsigned ncounters;

static void bump(const char *who, const char *what, bool compared)
{
	unsigned i;

	for (i = 0; i < ncounters; i++) {
		struct counter *c = &counters[i];

		if (c->compared == compared && (c->who == who || !strcmp(c->who, who)) &&
		    (c->what == what || !strcmp(c->what, what))) {
			c->n++;
			return;
		}
	}
	if (ncounters == MAX_COUNTERS)
		return;
	counters[ncounters++] = (struct counter){ who, what, compared, 1 };
}

void fuzz_count_compared(const char *who, const char *what)
{
	bump(who, what, true);
}

void fuzz_count_skipped(const char *who, const char *why)
{
	bump(who, why, false);
}

unsigned long fuzz_total_compared(void)
{
	unsigned long n = 0;

	for (unsigned i = 0; i < ncounters; i++)
		if (counters[i].compared)
			n += counters[i].n;
	return n;
}

static void print_group(FILE *out, bool compared, bool verbose)
{
	bool first = true;

	for (unsigned i = 0; i < ncounters; i++) {
		const struct counter *c = &counters[i];

		if (c->compared != compared)
			continue;
		if (verbose)
			fprintf(out, "  %-13s %-28s %-60s %lu\n",
				compared ? "compared" : "not compared", c->who, c->what, c->n);
		else
			fprintf(out, "%s%s %s %lu", first ? "" : ", ", c->who, c->what, c->n);
		first = false;
	}
	if (!verbose && first)
		fprintf(out, "none");
}

void fuzz_print_stats(FILE *out, bool verbose)
{
	if (verbose) {
		print_group(out, true, true);
		print_group(out, false, true);
		return;
	}
	fprintf(out, "compared: ");
	print_group(out, true, false);
	fprintf(out, "; not compared: ");
	print_group(out, false, false);
}

void fuzz_list_row(FILE *out, const char *name, uint32_t features)
{
	char need[128];

	zinc_cpu_format(features, need, sizeof(need));
	fprintf(out, "  backend %-24s needs %-28s %s\n", name, need,
		zinc_cpu_have(features) ? "usable on this CPU"
		: (zinc_cpu_detected() & features) == features
			? "NOT usable: disabled (ZINC_CPU_DISABLE)"
			: "NOT usable on this CPU");
}

void fuzz_print_hits(FILE *out, const char *table, const char *name, unsigned long hits)
{
	fprintf(out, "  dispatch      %-28s %-60s %lu\n", table, name, hits);
}

void fuzz_print_no_hits(FILE *out, const char *table)
{
	fprintf(out, "  dispatch      %-28s counters need -DZINC_TESTING\n", table);
}
