/* SPDX-License-Identifier: MIT */
/*
 * The descriptions (lib/common/describe.h) are what the harnesses that walk
 * them believe, so they are checked as a specification:
 *   - every primitive has rows, row 0 the generic C with no features, and
 *     operations that take what they say (sizes in range, secrets among the
 *     inputs, a run on a row or through the public functions);
 *   - every operation on every row this CPU runs gives the generic row's
 *     bytes, at messages of several lengths, every key and output length
 *     at its ends, and the primitive's long lengths where they reach;
 *   - through the public functions it gives the generic row's bytes too;
 *   - an operation a row lacks says so (ZINC_OP_NONE), and only then.
 * What it cannot see: an operation described wrongly on every row alike
 * (the vectors and the fuzz targets' oracles are the answer to that).
 */
#include "lib/common/describe.h"
#include "lib/common/test.h"

enum { MAX_LEN = 4200 };

static uint8_t key[128], nonce[32], ad[64], msg[MAX_LEN];
static uint8_t want[ZINC_OP_OUT(MAX_LEN)], got[ZINC_OP_OUT(MAX_LEN)];
static unsigned long rows_run, rows_lacking, rows_skipped;

static void check_shape(const struct zinc_primitive *p)
{
	struct zinc_row r0;

	CHECK(p->nrows >= 1 && p->nops >= 1, "%s: rows and operations", p->name);
	p->row(0, &r0);
	CHECK(r0.features == 0, "%s: row 0 (%s) is the generic C, needing no feature", p->name,
	      r0.name);
	for (size_t i = 0; i < p->nops; i++) {
		const struct zinc_op *op = &p->ops[i];

		CHECK(op->run_row || op->run_public, "%s %s: a way to run it", p->name, op->name);
		CHECK((op->secret & ~op->inputs) == 0, "%s %s: its secrets are among its inputs",
		      p->name, op->name);
		CHECK(op->key_min <= op->key_max && op->key_max <= sizeof(key) &&
			      op->nonce_len <= sizeof(nonce) && op->out_min <= op->out_max,
		      "%s %s: sizes", p->name, op->name);
		CHECK(!op->run_public || op->public_calls > 0, "%s %s: public calls counted",
		      p->name, op->name);
	}
}

/* One run of op on row r (or the public functions: r == SIZE_MAX) against
 * the generic row; false when the row lacks the operation. */
static bool same_as_generic(const struct zinc_primitive *p, const struct zinc_op *op, size_t r,
			    const struct zinc_args *a)
{
	size_t n = op->run_row(0, a, want), m;

	CHECK(n != ZINC_OP_NONE, "%s %s: the generic row has it", p->name, op->name);
	m = r == SIZE_MAX ? op->run_public(a, got) : op->run_row(r, a, got);
	if (m == ZINC_OP_NONE)
		return false;
	CHECK(m == n, "%s %s row %zu len %zu: %zu bytes, the generic row %zu", p->name, op->name,
	      r, a->len, m, n);
	CHECK_MEM(got, want, n < m ? n : m,
		  "%s %s on %s %zu, len %zu, key %zu, out %zu: against the generic row", p->name,
		  op->name, r == SIZE_MAX ? "the public functions" : "row", r == SIZE_MAX ? 0 : r,
		  a->len, a->key_len, a->out_len);
	return true;
}

/* Every run of op on r: lengths, then key and output lengths at their ends. */
static bool runs(const struct zinc_primitive *p, const struct zinc_op *op, size_t r,
		 bool long_paths)
{
	static const size_t lens[] = { 0, 1, 15, 16, 17, 63, 64, 65, 129, 256, 511, 576, 1025 };
	size_t nl = (op->inputs & ZINC_MSG) && !op->in_len ? ARRAY_SIZE(lens) : 1;
	size_t nlong = (op->inputs & ZINC_MSG) && !op->in_len && long_paths ? p->nlong_lens : 0;

	for (size_t i = 0; i < nl + nlong; i++) {
		size_t len = i < nl ? (nl == 1 ? op->in_len : lens[i]) : p->long_lens[i - nl];
		const size_t keys[2] = { op->key_min, op->key_max }, outs[2] = { op->out_min, op->out_max };

		for (int k = 0; k < 1 + (keys[0] != keys[1]); k++)
			for (int o = 0; o < 1 + (outs[0] != outs[1]); o++) {
				struct zinc_args a = {
					.key = key, .key_len = keys[k], .nonce = nonce, .ad = ad,
					.ad_len = (len * 7) % sizeof(ad), .in = msg, .len = len,
					.split = len / 3, .out_len = outs[o],
				};

				if (!same_as_generic(p, op, r, &a))
					return false;
			}
	}
	return true;
}

static void check_rows(const struct zinc_primitive *p)
{
	for (size_t r = 0; r < p->nrows; r++) {
		struct zinc_row row;

		p->row(r, &row);
		if (!zinc_cpu_have(row.features)) {
			rows_skipped++;
			continue;
		}
		for (size_t i = 0; i < p->nops; i++) {
			const struct zinc_op *op = &p->ops[i];

			if (!op->run_row)
				continue;
			bool ran = runs(p, op, r, row.long_paths);

			if (ran)
				rows_run++;
			else
				rows_lacking++;
			if (!r)
				CHECK(ran, "%s %s: the generic row has it", p->name, op->name);
		}
	}
	for (size_t i = 0; i < p->nops; i++)
		if (p->ops[i].run_public && p->ops[i].run_row)
			CHECK(runs(p, &p->ops[i], SIZE_MAX, true), "%s %s: public functions run it",
			      p->name, p->ops[i].name);
}

int main(void)
{
	test_fill(key, sizeof(key), 1);
	test_fill(nonce, sizeof(nonce), 2);
	test_fill(ad, sizeof(ad), 3);
	test_fill(msg, sizeof(msg), 4);
	CHECK(zinc_nprimitives > 0, "primitives described");
	for (size_t i = 0; i < zinc_nprimitives; i++) {
		check_shape(zinc_primitives[i]);
		check_rows(zinc_primitives[i]);
	}
	printf("primitives_test: %zu primitives; %lu (row, operation) pairs run, %lu a row lacks, "
	       "%lu rows this CPU cannot run (not run)\n",
	       zinc_nprimitives, rows_run, rows_lacking, rows_skipped);
	return TEST_SUMMARY("primitives_test");
}
