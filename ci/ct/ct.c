/* SPDX-License-Identifier: MIT */
/*
 * Constant-time check of every backend row and the public functions, run
 * under valgrind memcheck by ci/ct.sh.
 *
 * It knows no primitive: it walks the descriptions (lib/common/describe.h,
 * zinc_primitives[]). An operation's secret inputs (its description's
 * .secret: keys, scalars, points, messages; a decryption's ciphertext and
 * tag, made from them) are marked undefined with
 * VALGRIND_MAKE_MEM_UNDEFINED. Memcheck then reports every conditional
 * branch and every memory address computed from them, with the stack of
 * the instruction. Outputs are declassified (VALGRIND_MAKE_MEM_DEFINED)
 * before they are compared with the generic row's output on the same,
 * defined, inputs. The library itself declassifies only what it may
 * reveal: the verdict of a tag check (ZINC_DECLASSIFY).
 *
 * Every row of every primitive is walked (a line "<primitive> <row>" each),
 * then each primitive's public functions ("<primitive> public"); a row the
 * CPU (or valgrind, which has no AVX-512) cannot run is printed as not
 * checked; --adx-direct calls the BMI2+ADX rows directly (valgrind hides
 * ADX in its CPUID but executes it).
 * Errors are attributed to a row by valgrind's error count before and after
 * it. --full adds length classes and key sizes. Exit 0 when every
 * checked row is clean, 1 otherwise, 2 when not run under valgrind.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "lib/chacha20poly1305/sizes.h"
#include "lib/common/cpu.h"
#include "lib/common/describe.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

enum { MAX_LEN = 4096 + 64, AD_LEN = 13 };
_Static_assert(MAX_LEN == CHACHA20POLY1305_OPEN_MAX_LEN,
	       "the stitched rows' lengths end in decryption's one pass (lib/chacha20poly1305/sizes.h)");

static bool full;
/* --adx-direct (ci/ct.sh, when the host has BMI2 and ADX): valgrind
 * decodes adcx and adox but its CPUID reports no ADX, so the BMI2+ADX
 * curve25519 row is called directly instead of through usable(). */
static bool adx_direct;
static unsigned n_checked, n_failed, n_skipped;
static char skipped[8192];

static const size_t quick_lens[] = { 0, 1, 16, 17, 64, 65, 256, 513 };
static const size_t full_lens[] = { 0,   1,   15,  16,  17,   31,   32,   33,   63,   64,
				    65,  127, 128, 129, 255,  256,  257,  383,  384,  511,
				    512, 513, 575, 576, 577,  1023, 1024, 1025, 4095, 4096 };
static const size_t *lens;
static size_t nlens;

static uint8_t key[128], nonce[24], ad[AD_LEN], msg[MAX_LEN];

/* Reproducible filler (xorshift32). */
static void fill(uint8_t *p, size_t n, uint32_t seed)
{
	uint32_t x = seed * 2654435761u + 1;

	for (size_t i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		p[i] = (uint8_t)x;
	}
}

/* One row (or pair, or API group) being checked. */
struct check {
	char name[256];
	unsigned long errors;
	unsigned calls;
	const char *wrong; /* first output that differed from the generic row */
};

static void begin(struct check *c, const char *fmt, const char *a, const char *b)
{
	snprintf(c->name, sizeof(c->name), fmt, a, b);
	c->errors = VALGRIND_COUNT_ERRORS;
	c->calls = 0;
	c->wrong = NULL;
}

/* Declassifies got and compares it with want. */
static void expect(struct check *c, const char *what, void *got, const void *want, size_t n)
{
	c->calls++;
	PUBLIC(got, n);
	if (n && memcmp(got, want, n) && !c->wrong)
		c->wrong = what;
}

static void end(struct check *c)
{
	unsigned long errors = VALGRIND_COUNT_ERRORS - c->errors;

	if (errors || c->wrong) {
		n_failed++;
		printf("FAIL         %-46s", c->name);
		if (errors)
			printf(" %lu secret-dependent branch(es) or address(es): valgrind's report above "
			       "gives each location", errors);
		if (c->wrong)
			printf("%s%s differs from the generic row", errors ? "; " : " ", c->wrong);
		printf("\n");
	} else {
		n_checked++;
		printf("ok           %-46s %u calls, no secret-dependent branch or address\n",
		       c->name, c->calls);
	}
	fflush(stdout);
}

/* True when the row can run; else prints and records why it is not checked.
 * Valgrind presents its own CPUID: no AVX-512 in any release, and no ADX
 * (which it decodes), whatever the host has; ci/ct.sh says what the host
 * has and checks those rows with its other method. */
static bool usable(const char *name, uint32_t features)
{
	char need[128];

	if (zinc_cpu_have(features))
		return true;
	const uint32_t avx512 = ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL | ZINC_CPU_AVX512IFMA;
	bool present = (zinc_cpu_detected() & features) == features;

	zinc_cpu_format(features, need, sizeof(need));
	printf("not checked  %-46s needs %s: %s\n", name, need,
	       features & avx512 ? "valgrind has no AVX-512"
	       : present ? "disabled by ZINC_CPU_DISABLE"
			 : "valgrind's CPUID does not report it");
	n_skipped++;
	if (strlen(skipped) + strlen(name) + 3 < sizeof(skipped)) {
		strcat(skipped, n_skipped > 1 ? ", " : " ");
		strcat(skipped, name);
	}
	return false;
}

/* The key lengths an operation is checked with: its shortest and longest,
 * and with --full one byte and half the longest too. */
static size_t key_lens(const struct zinc_op *op, size_t out[4])
{
	const size_t want[4] = { op->key_min, op->key_max, 1, op->key_max / 2 };
	size_t n = 0;

	for (size_t i = 0; i < (full ? 4u : 2u); i++) {
		bool seen = want[i] < op->key_min || want[i] > op->key_max;

		for (size_t j = 0; j < n && !seen; j++)
			seen = out[j] == want[i];
		if (!seen)
			out[n++] = want[i];
	}
	return n;
}

/* Every run of op: its message lengths (the length classes, and the
 * primitive's long lengths where they reach the row's paths (long_paths);
 * one run for a fixed message or none), key
 * lengths and output lengths, in that order. */
struct run_plan {
	size_t lens[64], nlens, keys[4], nkeys, outs[2], nouts;
};

static void plan(const struct zinc_primitive *p, const struct zinc_op *op, bool long_paths,
		 struct run_plan *r)
{
	r->nlens = 0;
	if (!(op->inputs & ZINC_MSG) || op->in_len) {
		r->lens[r->nlens++] = op->in_len;
	} else {
		for (size_t i = 0; i < nlens; i++)
			r->lens[r->nlens++] = lens[i];
		for (size_t i = 0; long_paths && i < p->nlong_lens; i++)
			r->lens[r->nlens++] = p->long_lens[i];
	}
	r->nkeys = key_lens(op, r->keys);
	r->nouts = 0;
	r->outs[r->nouts++] = op->out_max;
	if (op->out_max / 2 >= op->out_min && op->out_max / 2)
		r->outs[r->nouts++] = op->out_max / 2;
}

static struct zinc_args args_of(size_t len, size_t key_len, size_t out_len)
{
	return (struct zinc_args){ .key = key, .key_len = key_len, .nonce = nonce, .ad = ad,
				   .ad_len = AD_LEN, .in = msg, .len = len, .split = len / 3,
				   .out_len = out_len };
}

/* a with its secret inputs copied to k and in and marked undefined. */
static struct zinc_args secret_args(const struct zinc_op *op, struct zinc_args a, uint8_t *k,
				    uint8_t *in)
{
	memcpy(k, a.key, a.key_len);
	memcpy(in, a.in, a.len);
	if (op->secret & ZINC_KEY) {
		SECRET(k, a.key_len);
		a.key = k;
	}
	if (op->secret & ZINC_MSG) {
		SECRET(in, a.len);
		a.in = in;
	}
	return a;
}

static uint8_t want[ZINC_OP_OUT(MAX_LEN)], got[ZINC_OP_OUT(MAX_LEN)];

/* Runs op through run (a row, or NULL: the public functions) with its
 * secrets marked, and compares what it gives with the generic row's output
 * on the same, defined, inputs. False when the row has no such operation. */
static bool check_op(struct check *c, const struct zinc_primitive *p, const struct zinc_op *op,
		     const size_t *row, bool long_paths)
{
	static uint8_t k[128], in[MAX_LEN];
	struct run_plan r;

	plan(p, op, long_paths, &r);
	for (size_t i = 0; i < r.nlens; i++)
		for (size_t j = 0; j < r.nkeys; j++)
			for (size_t o = 0; o < r.nouts; o++) {
				struct zinc_args a = args_of(r.lens[i], r.keys[j], r.outs[o]);
				size_t n = op->run_row(0, &a, want), m;

				a = secret_args(op, a, k, in);
				m = row ? op->run_row(*row, &a, got) : op->run_public(&a, got);
				if (m == ZINC_OP_NONE)
					return false;
				expect(c, op->name, got, want, m);
				if (m != n && !c->wrong)
					c->wrong = op->name;
			}
	return true;
}

/* The names of p's operations row r has, for its report line. */
static void ops_named(const struct zinc_primitive *p, char *buf, size_t size, bool public)
{
	size_t at = 0;

	buf[0] = 0;
	for (size_t i = 0; i < p->nops; i++) {
		const char *name = public ? p->ops[i].public_names : p->ops[i].name;

		if (name && at < size)
			at += (size_t)snprintf(buf + at, size - at, "%s%s", at ? ", " : "", name);
	}
}

/* Every row of p the CPU can run, each operation it has, on every run of
 * plan(). --adx-direct: a row that needs BMI2 and ADX is called directly
 * where the host has them (valgrind hides ADX in its CPUID but decodes
 * it); rows never check their features themselves. */
static void check_rows(const struct zinc_primitive *p)
{
	const uint32_t adx = ZINC_CPU_BMI2 | ZINC_CPU_ADX;

	for (size_t r = 0; r < p->nrows; r++) {
		struct zinc_row row;
		struct check c;
		char label[160], ops[160] = "";
		size_t at = 0;

		p->row(r, &row);
		bool direct = adx_direct && row.features == adx && !zinc_cpu_have(adx);

		snprintf(label, sizeof(label), "%s %s", p->name, row.name);
		if (!direct && !usable(label, row.features))
			continue;
		begin(&c, "%s%s", label, "");
		for (size_t i = 0; i < p->nops; i++) {
			const struct zinc_op *op = &p->ops[i];

			if (op->run_row && check_op(&c, p, op, &r, row.long_paths))
				at += (size_t)snprintf(ops + at, sizeof(ops) - at, "%s%s",
						       at ? ", " : "", op->name);
		}
		snprintf(c.name, sizeof(c.name), "%s (%s%s)", label, ops,
			 direct ? "; called directly: valgrind's CPUID hides ADX" : "");
		end(&c);
	}
}

/* The public functions of p, each with its secrets marked, on every run of
 * plan(), against the generic row: their branches and addresses, and what
 * they compute. */
static void check_public(const struct zinc_primitive *p)
{
	char label[160], names[400];
	struct check c;

	ops_named(p, names, sizeof(names), true);
	snprintf(label, sizeof(label), "%s public", p->name);
	begin(&c, "%s (%s)", label, names);
	for (size_t i = 0; i < p->nops; i++) {
		const struct zinc_op *op = &p->ops[i];

		if (!op->run_public)
			continue;
		if (op->run_row) {
			check_op(&c, p, op, NULL, true);
		} else {
			/* Nothing to compare with (the HMAC has no row): its
			 * branches and addresses only. */
			struct run_plan r;
			static uint8_t k[128], in[MAX_LEN];

			plan(p, op, true, &r);
			for (size_t l = 0; l < r.nlens; l++)
				for (size_t j = 0; j < r.nkeys; j++) {
					struct zinc_args a = args_of(r.lens[l], r.keys[j], op->out_max);

					a = secret_args(op, a, k, in);
					size_t m = op->run_public(&a, got);

					c.calls++;
					PUBLIC(got, m);
				}
		}
	}
	end(&c);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--full")) {
			full = true;
		} else if (!strcmp(argv[i], "--adx-direct")) {
			adx_direct = true;
		} else {
			fprintf(stderr, "usage: %s [--full] [--adx-direct]  (run by ci/ct.sh under valgrind)\n",
				argv[0]);
			return 2;
		}
	}
	if (!RUNNING_ON_VALGRIND) {
		fprintf(stderr, "%s: not running under valgrind, so nothing would be checked: "
				"use ci/ct.sh\n", argv[0]);
		return 2;
	}
	lens = full ? full_lens : quick_lens;
	nlens = full ? sizeof(full_lens) / sizeof(full_lens[0])
		     : sizeof(quick_lens) / sizeof(quick_lens[0]);
	fill(key, sizeof(key), 1);
	fill(nonce, sizeof(nonce), 3);
	fill(ad, sizeof(ad), 4);
	fill(msg, sizeof(msg), 5);
	printf("constant-time check (%s: %zu length classes, up to %zu bytes)\n",
	       full ? "full" : "quick", nlens, lens[nlens - 1]);

	for (size_t i = 0; i < zinc_nprimitives; i++)
		check_rows(zinc_primitives[i]);
	for (size_t i = 0; i < zinc_nprimitives; i++)
		check_public(zinc_primitives[i]);

	printf("ct: %u checked (rows, AEAD row pairs, public API), %u failed, "
	       "%u rows not checked%s%s\n",
	       n_checked, n_failed, n_skipped, n_skipped ? ":" : "", skipped);
	return n_failed ? 1 : 0;
}
