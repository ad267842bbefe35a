/* SPDX-License-Identifier: MIT */
/*
 * Whether dispatch picked well, and what preferences this CPU would need.
 *
 * For every primitive whose cases include backend rows, the table ends with
 * "zinc public / fastest row": the public function's time over the fastest
 * row's at each length, flagged "<<" where the public function is more than
 * 3% slower (dispatch picked the wrong row there). --tune then prints, for
 * each choice dispatch makes, the PREF lines of lib/start/prefs.h that would
 * make it pick the fastest row at every measured length, with the figures.
 */
#include <stdio.h>
#include <string.h>

#include "bench/bench.h"
#include "lib/common/cpu.h"
#include "lib/start/choices.h"

enum { SLACK_PERCENT = 3 };

/* A backend case for a row of a backend table (not a "flat, in place"
 * variant, not a ChaCha20 row paired with a Poly1305 row "<row>+picked
 * poly"): bench/cases.c names it as the table names the row,
 * "<prefix>-<variant>". */
static bool is_table_row(const struct bench_case *c)
{
	return c->kind == KIND_BACKEND && c->row && strchr(c->name, '-') && !strchr(c->name, '+');
}

/* A table row of the primitive's own table, whose name is "<prefix>-<variant>". */
static bool is_row(const struct bench_case *c, const char *prefix)
{
	size_t n = strlen(prefix);

	return is_table_row(c) && !strncmp(c->name, prefix, n) && c->name[n] == '-';
}

/*
 * The prefix bench primitive p's rows are named with, written into prefix
 * (a buffer the size of a case's name): what its first table row's name
 * has before the '-', which is the primitive whose table the rows come from
 * (lib/<prefix>/): "chacha20-avx2" for chacha20 and hchacha20,
 * "chacha20poly1305-avx2" for the AEADs encrypting and decrypting,
 * "curve25519-bmi2-adx" for both X25519s. false where p has no table rows
 * (HMAC; a primitive --primitive left out, which has no cases).
 */
static bool row_prefix(const struct bench_primitive *p, char *prefix)
{
	for (unsigned i = 0; i < p->ncases; i++) {
		const char *name = p->cases[i].name;

		if (is_table_row(&p->cases[i])) {
			snprintf(prefix, sizeof(p->cases[i].name), "%.*s",
				 (int)(strchr(name, '-') - name), name);
			return true;
		}
	}
	return false;
}

static const struct bench_case *fastest_row(const struct bench_primitive *p, const char *prefix,
					    unsigned si)
{
	const struct bench_case *best = NULL;

	for (unsigned i = 0; i < p->ncases; i++)
		if (is_row(&p->cases[i], prefix) && !p->cases[i].mismatch[si] &&
		    (!best || p->cases[i].median[si] < best->median[si]))
			best = &p->cases[i];
	return best;
}

static const struct bench_case *public_case(const struct bench_primitive *p)
{
	for (unsigned i = 0; i < p->ncases; i++)
		if (p->cases[i].kind == KIND_PUBLIC)
			return &p->cases[i];
	return NULL;
}

static bool within_slack(double t, double best)
{
	return t <= best * (1 + SLACK_PERCENT / 100.0);
}

unsigned bench_print_dispatch_check(const struct bench_primitive *p, unsigned ncols, int namew,
				    int width)
{
	const struct bench_case *pub = public_case(p);
	unsigned flagged = 0;
	char cell[64], prefix[sizeof(p->cases[0].name)];

	if (!row_prefix(p, prefix) || !pub || !fastest_row(p, prefix, 0))
		return 0;
	printf("%-*s %-8s", namew, "zinc public / fastest row", "");
	for (unsigned s = 0; s < ncols; s++) {
		const struct bench_case *best = fastest_row(p, prefix, s);
		bool bad = !within_slack(pub->median[s], best->median[s]);

		snprintf(cell, sizeof(cell), "%s%.2f %s", bad ? "<< " : "",
			 best->median[s] / pub->median[s], best->name + strlen(prefix) + 1);
		printf(" %*s", width, cell);
		flagged += bad;
	}
	putchar('\n');
	if (flagged)
		printf("<< = the public function is more than %d%% slower than the row named: "
		       "dispatch picks the wrong row there (ci/bench.sh --tune)\n", SLACK_PERCENT);
	return flagged;
}

/* The name (lower case) of the choice that bench primitive p measures, the
 * choice named as p is, or NULL for those that only repeat another's
 * (decrypt, XChaCha, the base point) and for HMAC, which has none. */
static const char *choice_of(const struct bench_primitive *p)
{
	for (unsigned i = 0; i < sizeof(zinc_choices) / sizeof(zinc_choices[0]); i++)
		if (!strcmp(p->name, zinc_choices[i]->name))
			return zinc_choices[i]->name;
	return NULL;
}

/* src in capitals, '-' as '_', appended to dst (of cap bytes) at *n. */
static void append_upper(char *dst, size_t cap, size_t *n, const char *src)
{
	for (; *src && *n + 1 < cap; src++)
		dst[(*n)++] = *src == '-' ? '_' : (*src >= 'a' && *src <= 'z') ? (char)(*src - 32) : *src;
	dst[*n] = 0;
}

/* "CHACHA20_ROW_AVX512VL" for "chacha20-avx512vl". */
static void row_id(char *buf, size_t cap, const char *prefix, const char *name)
{
	size_t n = 0;

	append_upper(buf, cap, &n, prefix);
	append_upper(buf, cap, &n, "_row_");
	append_upper(buf, cap, &n, name + strlen(prefix) + 1);
}

/* A line of lib/start/prefs.h for choice (its lower-case name, which the
 * line gives in capitals and the record's heading as it is). */
static void print_pref(const char *model, const char *choice, const char *prefix,
		       const struct bench_case *c, const char *value)
{
	char id[64], upper[32];
	size_t n = 0;

	row_id(id, sizeof(id), prefix, c->name);
	append_upper(upper, sizeof(upper), &n, choice);
	printf("PREF(%s, %s, %s, %s, \"bench/results/<date>-<cpu>.md#%s\")\n", model, upper, id,
	       value, choice);
}

/*
 * The rows in table order are the candidates; dispatch picks the last one
 * whose threshold the length reaches. From the most preferred row down,
 * each takes the measured lengths from the shortest one where it is within
 * the slack of the fastest at that length and every longer length left;
 * the threshold is one byte past the measured length before it (the
 * crossover lies between the two: measure finer there if it matters).
 * A row left with no lengths is avoided.
 */
static void tune_per_byte(const struct bench_primitive *p, const char *model, const char *choice,
			  const char *prefix, const size_t *sizes, unsigned nsizes)
{
	const struct bench_case *rows[BENCH_MAX_CASES];
	unsigned nrows = 0, left = nsizes;  /* sizes[0..left) not yet taken */

	for (unsigned i = 0; i < p->ncases; i++)
		if (is_row(&p->cases[i], prefix))
			rows[nrows++] = &p->cases[i];
	for (unsigned r = nrows; r-- > 1 && left;) {
		unsigned from = left;

		while (from > 0 && within_slack(rows[r]->median[from - 1],
						fastest_row(p, prefix, from - 1)->median[from - 1]))
			from--;
		if (from == left) {
			print_pref(model, choice, prefix, rows[r], "AVOID");
			continue;
		}
		char value[32];
		printf("/* %s: fastest (within %d%%) from %zu B to %zu B%s */\n", rows[r]->name,
		       SLACK_PERCENT, sizes[from], sizes[left - 1],
		       from ? "" : ": no line, unless rows.h gives it a min_len above that");
		snprintf(value, sizeof(value), "FROM(%zu)", from ? sizes[from - 1] + 1 : (size_t)0);
		if (from)
			print_pref(model, choice, prefix, rows[r], value);
		left = from;
	}
	for (unsigned s = 0; s < nsizes; s++) {
		const struct bench_case *best = fastest_row(p, prefix, s);
		printf("/*   %zu B: fastest %s %.2f */\n", sizes[s], best->name, best->median[s]);
	}
}

/* Per operation: every row after the fastest in table order that is
 * slower than it by more than the slack is avoided. */
static void tune_per_op(const struct bench_primitive *p, const char *model, const char *choice,
			const char *prefix)
{
	const struct bench_case *best = fastest_row(p, prefix, 0);
	bool after = false;

	for (unsigned i = 0; i < p->ncases; i++) {
		const struct bench_case *c = &p->cases[i];

		if (!is_row(c, prefix))
			continue;
		if (after && !within_slack(c->median[0], best->median[0]))
			print_pref(model, choice, prefix, c, "AVOID");
		after |= c == best;
	}
	printf("/*   fastest %s %.1f per operation */\n", best->name, best->median[0]);
}

void bench_print_tune(const size_t *sizes, unsigned nsizes)
{
	const char *model = zinc_cpu_model_name(zinc_cpu_model_detected());
	char upper[32];
	size_t n = 0;

	append_upper(upper, sizeof(upper), &n, model);
	printf("\n== --tune: the lines lib/start/prefs.h would need for this CPU (%s) ==\n"
	       "/* Every length is measured with all rows a feature-only policy could pick; a\n"
	       " * line that only restates rows.h's min_len can be left out. Copy the figures\n"
	       " * into bench/results/ and point RECORD at them. */\n", model);
	for (unsigned pi = 0; pi < bench_nprimitives; pi++) {
		const struct bench_primitive *p = &bench_primitives[pi];
		const char *choice = choice_of(p);
		char prefix[sizeof(p->cases[0].name)];

		if (!p->measured || !choice || !row_prefix(p, prefix) || !fastest_row(p, prefix, 0))
			continue;
		printf("/* %s */\n", p->name);
		if (p->per_op)
			tune_per_op(p, upper, choice, prefix);
		else
			tune_per_byte(p, upper, choice, prefix, sizes, nsizes);
	}
}
