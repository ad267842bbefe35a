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

static void print_head(const char *culprit, const char *target, const char *what,
		       const char *impl_a, const char *impl_b)
{
	fprintf(stderr, "\n==== zinc fuzz MISMATCH ====\n");
	fprintf(stderr, "culprit: %s\n", culprit);
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

static void print_params(void)
{
	char params[2048] = "";

	if (params_fn)
		params_fn(params, sizeof(params));
	fprintf(stderr, "params: %s\n", params[0] ? params : " (none)");
}

void fuzz_ballot_open(struct fuzz_ballot *b, const char *what, size_t len)
{
	b->what = what;
	b->len = len;
	b->n = b->nvalues = b->nabstain = 0;
}

static void vote(struct fuzz_ballot *b, const char *who, const void *value, bool zinc)
{
	unsigned v = 0;

	if (b->n == FUZZ_MAX_VOTERS)
		abort(); /* a target with more voters than FUZZ_MAX_VOTERS */
	while (b->len && v < b->nvalues && memcmp(b->value[v], value, b->len))
		v++;
	if (v == b->nvalues) {
		if (b->cap[v] < b->len) {
			free(b->value[v]);
			b->value[v] = malloc(b->len);
			if (!b->value[v])
				abort();
			b->cap[v] = b->len;
		}
		if (b->len)
			memcpy(b->value[v], value, b->len);
		if (!b->nvalues || b->len)
			b->nvalues++;
	}
	snprintf(b->who[b->n], FUZZ_VOTER_NAME, "%s", who);
	b->zinc[b->n] = zinc;
	b->answer[b->n++] = (unsigned char)v;
}

void fuzz_vote(struct fuzz_ballot *b, const char *who, const void *value)
{
	vote(b, who, value, true);
}

void fuzz_vote_other(struct fuzz_ballot *b, const char *who, const void *value)
{
	vote(b, who, value, false);
}

void fuzz_vote_bool(struct fuzz_ballot *b, const char *who, bool value)
{
	uint8_t x = value;

	vote(b, who, &x, true);
}

void fuzz_vote_other_bool(struct fuzz_ballot *b, const char *who, bool value)
{
	uint8_t x = value;

	vote(b, who, &x, false);
}

void fuzz_abstain(struct fuzz_ballot *b, const char *who, const char *why)
{
	fuzz_count_skipped(who, why);
	if (b->nabstain == FUZZ_MAX_VOTERS)
		return;
	b->abstainer[b->nabstain] = who;
	b->why[b->nabstain++] = why;
}

bool fuzz_row_votes(struct fuzz_ballot *b, const char *name, uint32_t features)
{
	if (zinc_cpu_have(features))
		return true;
	if (b)
		fuzz_abstain(b, name, "not usable on this CPU");
	return false;
}

/* "a, b, c": the voters who gave answer v (every answer but v when not),
 * zinc's as "zinc (every row)" when one_zinc. */
static void voters(char *buf, size_t cap, const struct fuzz_ballot *b, unsigned v, bool not,
		   bool one_zinc)
{
	bool zinc_named = false;

	buf[0] = 0;
	for (unsigned i = 0; i < b->n; i++) {
		if ((b->answer[i] == v) == not)
			continue;
		if (one_zinc && b->zinc[i]) {
			if (!zinc_named)
				fuzz_fmt(buf, cap, "%szinc (every row)", buf[0] ? ", " : "");
			zinc_named = true;
			continue;
		}
		fuzz_fmt(buf, cap, "%s%s", buf[0] ? ", " : "", b->who[i]);
	}
}

static const char *first_voter(const struct fuzz_ballot *b, unsigned v)
{
	unsigned i = 0;

	while (b->answer[i] != v)
		i++;
	return b->who[i];
}

void fuzz_judge(const char *target, const struct fuzz_ballot *b)
{
	unsigned count[FUZZ_MAX_VOTERS] = { 0 }, votes = 0, top = 0, second = 0;
	int zinc_answer = -1;
	bool one_zinc = true;
	char culprit[1024], winners[1024], losers[1024];

	if (b->nvalues < 2)
		return;
	/* Does every zinc voter give the same answer? Then zinc is one vote. */
	for (unsigned i = 0; i < b->n; i++) {
		if (!b->zinc[i])
			continue;
		if (zinc_answer >= 0 && b->answer[i] != zinc_answer)
			one_zinc = false;
		zinc_answer = b->answer[i];
	}
	one_zinc = one_zinc && zinc_answer >= 0;
	for (unsigned i = 0; i < b->n; i++)
		if (!(one_zinc && b->zinc[i]))
			count[b->answer[i]]++;
	if (one_zinc)
		count[zinc_answer]++;
	for (unsigned v = 0; v < b->nvalues; v++)
		votes += count[v];
	for (unsigned v = 1; v < b->nvalues; v++)
		if (count[v] > count[top])
			top = v;
	for (unsigned v = 0; v < b->nvalues; v++)
		if (v != top && count[v] > second)
			second = count[v];
	voters(winners, sizeof(winners), b, top, false, one_zinc);
	voters(losers, sizeof(losers), b, top, true, one_zinc);
	if (count[top] > second)
		snprintf(culprit, sizeof(culprit), "%s", losers);
	else
		snprintf(culprit, sizeof(culprit), "undecided (no majority: %u answers from %u "
			 "votes, at most %u for one)", b->nvalues, votes, count[top]);
	print_head(culprit, target, b->what, losers, winners);
	if (count[top] > second)
		fprintf(stderr, "verdict: %u votes against %u: %s %s %s, which agree\n", count[top],
			votes - count[top], losers, votes - count[top] > 1 ? "differ from"
									   : "differs from",
			winners);
	else
		fprintf(stderr, "verdict: no majority: %u different answers from %u votes%s\n",
			b->nvalues, votes, one_zinc ? " (every zinc row one vote)" : "");
	for (unsigned v = 0; v < b->nvalues; v++) {
		voters(winners, sizeof(winners), b, v, false, false);
		fprintf(stderr, "answer %u: %s\n", v + 1, winners);
	}
	for (unsigned i = 0; i < b->nabstain; i++)
		fprintf(stderr, "%s%s%s: not compared\n", b->abstainer[i],
			strncmp(b->why[i], "has no ", 7) ? ": " : " ", b->why[i]);
	print_params();
	for (unsigned v = 0; v < b->nvalues; v++)
		if (v != top)
			dump_diff(first_voter(b, top), b->value[top], first_voter(b, v), b->value[v],
				  b->len);
	finish();
}

/* An assembly entry point broke the ABI (fuzz builds: arch/abi_check.c):
 * the mismatch diagnosis, with the registers in place of the bytes. */
/* Weak: fuzz/huge.c links the harness without being a target. */
extern const char fuzz_target_name[] __attribute__((weak));

void zinc_abi_violation(const char *row, const char *entry, const char *what, const char *detail)
{
	const char *target = fuzz_target_name;

	print_head(row, target ? target : "(none)", what, row, ZINC_ARCH_ABI_NAME);
	print_params();
	fprintf(stderr, "entry point %s of row %s, registers before and after the call:\n%s",
		entry, row, detail);
	finish();
}

void fuzz_check(const char *target, const char *impl_a, const char *impl_b, const char *what,
		const void *a, const void *b, size_t len)
{
	if (!len || !memcmp(a, b, len))
		return;
	print_head(impl_a, target, what, impl_a, impl_b);
	fprintf(stderr, "verdict: %s differs from %s (checked against it; not a vote)\n", impl_a,
		impl_b);
	print_params();
	dump_diff(impl_a, a, impl_b, b, len);
	finish();
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

bool fuzz_row_runs(const char *name, uint32_t features, bool has, const char *lacks)
{
	const char *why = !zinc_cpu_have(features) ? "not usable on this CPU" : has ? NULL : lacks;

	if (why)
		fuzz_count_skipped(name, why);
	return !why;
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
