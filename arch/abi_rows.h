/* SPDX-License-Identifier: MIT */
/*
 * The architecture-independent half of the ABI check (arch/<arch>/abi_test.c):
 * walks every entry of every primitive's description (lib/common/entry.h,
 * lib/<primitive>/entries.c) whose row's CPU features this machine has,
 * across the length classes, calling each entry point through the
 * architecture's trampoline, and checks that what it gives back equals a
 * direct call's on a call set up alike (so the trampoline passed the
 * arguments through), and equals what the description wants where it says
 * (a steps kernel gives its row's encrypt's result). Entries come from the
 * rows.h files: a new row, or a new entry of a row, is checked as soon as it
 * is described. Generic C rows go through it too. The Curve25519 field
 * steps, a test interface rather than entries, are called here by name.
 *
 * First the trampoline's own power to fail, the same on every
 * architecture (test_trampoline): planted violations, test functions that
 * each break the ABI in one way, each of which must be reported naming
 * that register and nothing else; what the ABI allows (caller-saved
 * registers changed, the control registers' flags set) must not be
 * reported; every argument reaches the callee and the result comes back
 * whole; the control registers' inputs are away from their defaults and
 * the caller's are back afterwards.
 *
 * The including file, arch/<dir>/abi_test.c, includes its
 * arch/<dir>/abi_check.h first (the trampoline, abi_check_fill,
 * abi_check_violations, abi_get_fp), and defines, after including this
 * header, its test functions and
 *	static const struct abi_self_test abi_self_test;
 * which says what they are. This header holds main().
 */
#ifndef ZINC_ARCH_ABI_ROWS_H
#define ZINC_ARCH_ABI_ROWS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common/cpu.h"
#include "lib/common/entry.h"
#include "lib/common/test.h"
#include "lib/common/util.h"
#include "lib/start/primitives.h"

static const size_t length_classes[] = {
	0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257,
	511, 512, 513, 1023, 1024, 1025, 4095, 4096, 4097,
};
#define MAX_LEN 4097
_Static_assert(MAX_LEN <= ZINC_CASE_MAX_LEN, "the entries take the longest length class");

static uint64_t rng = 0x9e3779b97f4a7c15;

static uint64_t random64(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void random_bytes(void *p, size_t len)
{
	uint8_t *b = p;

	for (size_t i = 0; i < len; i++)
		b[i] = (uint8_t)random64();
}

static unsigned long calls;

/* A test function of arch/<dir>/abi_test.c and what it does. */
struct abi_test_fn {
	const char *what;
	const void *fn;
	const char *reg; /* the one register it must be reported for; NULL: none */
};

/* An architecture's self-test functions (arch/<dir>/abi_test.c). */
struct abi_self_test {
	/* Each breaks the ABI in one register or changes only what the ABI
	 * allows; NULL-ended. */
	const struct abi_test_fn *calls;
	/* sets the bits flags of the control register fp, which are the
	 * callee's to change (fp NULL: none) */
	const char *fp;
	const void *fp_flags_fn;
	uint64_t fp_flags;
	/* a0 + 2 a1 + ... + 6 a5 as a 64-bit result, with every argument in
	 * its place (both in their states on armhf: ARM, Thumb); NULL-ended */
	const void *sum6[3];
	/* returns 0x1111222233334444, both words of it on 32-bit ABIs (NULL:
	 * none, on 64-bit ABIs, where sum6 shows the one result register) */
	const void *ret64;
	/* why the check cannot run on this CPU (NULL: it can), before
	 * anything else */
	const char *(*cannot_run)(void);
};

static const struct abi_self_test abi_self_test;

/* More than any architecture's preserved registers. */
#define ABI_MAX_VIOLATIONS 32

/* fn(a0, ..., a5) (every integer argument register, so any entry point
 * fits) through the trampoline with fresh inputs (random64()), then the
 * checks; counted in calls. */
static void call_checked(const char *row, const char *entry, size_t len, const void *fn,
			 uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
			 uint64_t a5)
{
	struct abi_check_regs r;
	struct abi_violation v[ABI_MAX_VIOLATIONS];
	int n;

	memset(&r, 0, sizeof(r));
	abi_check_fill(&r, random64, true);
	abi_check_call(&r, fn, a0, a1, a2, a3, a4, a5);
	calls++;
	n = abi_check_violations(&r, v, ABI_MAX_VIOLATIONS);
	CHECK(n == 0, "%s %s len %zu: %d ABI violations", row, entry, len, n);
	for (int i = 0; i < n && i < ABI_MAX_VIOLATIONS; i++)
		fprintf(stderr, "  %s %s len %zu: %s was %016llx, came back %016llx\n", row, entry,
			len, v[i].reg, (unsigned long long)v[i].before,
			(unsigned long long)v[i].after);
}

/* One self-test function of arch/<dir>/abi_test.c through the
 * trampoline. A planted violation (f->reg) must be reported, naming f->reg
 * alone, and the report is printed, so that the test's output shows the
 * trampoline's power to fail; a function that changes only what the ABI
 * allows (f->reg NULL) must not be. */
static void self_test_call(const struct abi_test_fn *f)
{
	struct abi_check_regs r;
	struct abi_violation v[ABI_MAX_VIOLATIONS];
	int n;

	memset(&r, 0, sizeof(r));
	abi_check_fill(&r, random64, true);
	abi_check_call(&r, f->fn, 0, 0, 0, 0, 0, 0);
	n = abi_check_violations(&r, v, ABI_MAX_VIOLATIONS);
	if (f->reg)
		CHECK(n == 1 && !strcmp(v[0].reg, f->reg),
		      "planted violation (%s): %d reported, want %s alone", f->what, n, f->reg);
	else
		CHECK(n == 0, "%s, which the ABI allows: %d violations reported", f->what, n);
	for (int i = 0; i < n && i < ABI_MAX_VIOLATIONS; i++)
		printf("abi_test: %s (%s) reported: %s was %016llx, came back %016llx\n",
		       f->reg ? "planted violation" : "allowed change", f->what, v[i].reg,
		       (unsigned long long)v[i].before, (unsigned long long)v[i].after);
}

#define ARG(x) ((uint64_t)(uintptr_t)(x))
#define FN(f) ((const void *)(uintptr_t)(f))

static bool usable(uint32_t features)
{
	return (zinc_cpu_detected() & features) == features;
}

/* Room for MAX_LEN rounded up to whole 64-byte blocks. */
static uint8_t src[MAX_LEN + 63];
/* One entry's call through the trampoline, the same call made directly,
 * and what the description says it must give. */
static struct zinc_call tramp, direct, want;

/* Every part of a against b's. */
static void check_parts(const struct zinc_entry *e, size_t len, const struct zinc_call *a,
			const struct zinc_call *b, const char *how)
{
	for (unsigned i = 0; i < a->nparts; i++)
		CHECK_MEM(a->part[i].p, b->part[i].p, a->part[i].n, "%s %s len %zu: %s %s", e->row,
			  e->kind->name, len, a->part[i].what, how);
}

static void set_up(const struct zinc_entry *e, const struct zinc_case *c, struct zinc_call *k,
		   void (*setup)(const struct zinc_entry *, const struct zinc_case *,
				 struct zinc_call *))
{
	k->nparts = 0;
	setup(e, c, k);
}

/* One entry at one length: through the trampoline and directly, on calls
 * set up alike, the same parts; and what the description wants. */
static void check_entry(const struct zinc_entry *e, size_t len)
{
	const struct zinc_entry_kind *kind = e->kind;
	struct zinc_case c = { src, len, random64() };

	random_bytes(src, sizeof(src));
	set_up(e, &c, &tramp, kind->setup);
	set_up(e, &c, &direct, kind->setup);
	kind->call(e->fn, direct.arg);
	call_checked(e->row, kind->name, len, e->fn, tramp.arg[0], tramp.arg[1], tramp.arg[2],
		     tramp.arg[3], tramp.arg[4], tramp.arg[5]);
	if (kind->finish) {
		kind->finish(&direct);
		kind->finish(&tramp);
	}
	check_parts(e, len, &tramp, &direct, "via trampoline");
	if (kind->want) {
		set_up(e, &c, &want, kind->want);
		check_parts(e, len, &direct, &want, "as described");
	}
}

/* Every primitive's entry points (lib/start/primitives.h). */
static const struct zinc_entries *const primitive_entries[] = {
#define PRIMITIVE(p, P) &p##_entries,
#include "lib/start/primitives.h"
};

/* Every entry of one primitive's rows the CPU can run, at every length
 * class it takes. */
static void check_entries(const struct zinc_entries *t)
{
	const char *skipped = NULL;

	for (size_t i = 0; i < t->n; i++) {
		const struct zinc_entry *e = &t->entry[i];

		if (!e->fn)
			continue;
		if (!usable(e->features)) {
			if (skipped != e->row)
				printf("abi_test: %s skipped (CPU lacks its features)\n", e->row);
			skipped = e->row;
			continue;
		}
		for (size_t l = 0; l < ARRAY_SIZE(length_classes); l++) {
			size_t len = zinc_entry_len(e, length_classes[l]);

			if (len != SIZE_MAX)
				check_entry(e, len);
		}
	}
}

/* The row's field steps (ZINC_TESTING table): each through the trampoline,
 * output equal to a direct call's. */
static void check_curve25519_field(const struct curve25519_impl *impl)
{
	const struct curve25519_field_ops *F = impl->field;
	uint64_t f[8], g[8], h[8], want[8];
	uint8_t bytes[32];

	random_bytes(bytes, sizeof(bytes));
	F->frombytes(f, bytes);
	random_bytes(bytes, sizeof(bytes));
	F->frombytes(g, bytes);
#define FIELD_CALL(op, a1, a2)								\
	do {										\
		memset(want, 0, sizeof(want));						\
		memset(h, 0, sizeof(h));						\
		F->op(want, a1, a2);							\
		call_checked(impl->name, #op, 0, FN(F->op), ARG(h), ARG(a1), ARG(a2), 0, 0, 0); \
		CHECK(!memcmp(h, want, sizeof(h)), "%s field %s via trampoline",	\
		      impl->name, #op);							\
	} while (0)
	FIELD_CALL(mul, f, g);
	FIELD_CALL(add, f, g);
	FIELD_CALL(sub, f, g);
#undef FIELD_CALL
#define FIELD_CALL1(op, a1)								\
	do {										\
		memset(want, 0, sizeof(want));						\
		memset(h, 0, sizeof(h));						\
		F->op(want, a1);							\
		call_checked(impl->name, #op, 0, FN(F->op), ARG(h), ARG(a1), 0, 0, 0, 0);	\
		CHECK(!memcmp(h, want, sizeof(h)), "%s field %s via trampoline",	\
		      impl->name, #op);							\
	} while (0)
	FIELD_CALL1(sq, f);
	FIELD_CALL1(mul_a24, f);
	FIELD_CALL1(invert, f);
#undef FIELD_CALL1
	for (unsigned swap = 0; F->ladder_step && swap < 2; swap++) {
		/* Five pointers: x2, z2, x3, z3 updated in place, x1; the swap bit. */
		uint64_t st[4][8], st_want[4][8];

		for (int k = 0; k < 4; k++) {
			random_bytes(bytes, sizeof(bytes));
			F->frombytes(st[k], bytes);
		}
		memcpy(st_want, st, sizeof(st));
		F->ladder_step(st_want[0], st_want[1], st_want[2], st_want[3], f, swap);
		call_checked(impl->name, "ladder_step", 0, FN(F->ladder_step), ARG(st[0]),
			     ARG(st[1]), ARG(st[2]), ARG(st[3]), ARG(f), swap);
		CHECK(!memcmp(st, st_want, sizeof(st)),
		      "%s field ladder_step swap %u via trampoline", impl->name, swap);
	}
}

/* The field steps are a test interface of the rows (struct
 * curve25519_field_ops), not entries of the table: a few calls per row. */
static void check_curve25519_fields(void)
{
	for (size_t i = 0; i < curve25519_nimpls; i++) {
		const struct curve25519_impl *impl = &curve25519_impls[i];

		if (!usable(impl->features) || !impl->field)
			continue;
		for (int n = 0; n < 3; n++)
			check_curve25519_field(impl);
	}
}

/* The table line of the control register named reg. */
static const struct abi_saved *saved_named(const char *reg)
{
	for (size_t k = 0; k < ABI_NSAVED; k++)
		if (!strcmp(abi_check_saved[k].names[0], reg))
			return &abi_check_saved[k];
	return NULL;
}

/* The control registers' flags are the callee's to set: given clear, they
 * come back set, and nothing is reported. */
static void test_fp_flags(const struct abi_self_test *t)
{
	const struct abi_saved *s = saved_named(t->fp);
	struct abi_check_regs r;
	struct abi_violation v[ABI_MAX_VIOLATIONS];
	uint64_t in, out;

	CHECK(s && s->kind == ABI_FP, "%s: not a control register of abi_check_saved", t->fp);
	if (!s)
		return;
	memset(&r, 0, sizeof(r));
	abi_check_fill(&r, random64, true);
	abi_set_reg(&r, s->in, s->size, abi_reg(&r, s->in, s->size) & ~t->fp_flags);
	abi_check_call(&r, t->fp_flags_fn, 0, 0, 0, 0, 0, 0);
	in = abi_reg(&r, s->in, s->size);
	out = abi_reg(&r, s->out, s->size);
	CHECK(out == (in | t->fp_flags) && abi_check_violations(&r, v, ABI_MAX_VIOLATIONS) == 0,
	      "%s flags set by a callee flagged (in %llx, out %llx)", t->fp, (unsigned long long)in,
	      (unsigned long long)out);
}

/* Every argument reaches the callee, in each of sum6's versions, the
 * control registers' inputs are away from their defaults, and the
 * caller's are back afterwards. */
static void test_arguments(const struct abi_self_test *t)
{
	struct abi_check_regs r;
	struct abi_violation v[ABI_MAX_VIOLATIONS];
	uint64_t fp = abi_get_fp(), fp_after;
	size_t nsum6 = 0;

	while (t->sum6[nsum6])
		nsum6++;
	for (int i = 0; i < 100; i++) {
		memset(&r, 0, sizeof(r));
		abi_check_fill(&r, random64, true);
		for (size_t k = 0; k < ABI_NSAVED; k++) {
			const struct abi_saved *s = &abi_check_saved[k];

			if (s->kind == ABI_FP)
				CHECK(abi_reg(&r, s->in, s->size) & s->rm,
				      "%s input at its default rounding mode", s->names[0]);
		}
		CHECK(abi_check_call(&r, t->sum6[i % nsum6], 1, 10, 100, 1000, 10000, 100000) ==
				      1 + 20 + 300 + 4000 + 50000 + 600000 &&
			      abi_check_violations(&r, v, ABI_MAX_VIOLATIONS) == 0,
		      "six arguments through the trampoline (sum6 number %zu)", i % nsum6);
	}
	fp_after = abi_get_fp();
	CHECK(fp_after == fp, "caller's control registers %llx not restored: %llx",
	      (unsigned long long)fp, (unsigned long long)fp_after);
}

static void test_trampoline(const struct abi_self_test *t)
{
	const char *why = t->cannot_run ? t->cannot_run() : NULL;

	CHECK(!why, "the ABI check cannot run here: %s", why);
	if (why)
		exit(TEST_SUMMARY("abi_test"));
	for (const struct abi_test_fn *f = t->calls; f->what; f++)
		self_test_call(f);
	self_test_call(&(const struct abi_test_fn){ "a well-behaved C function", FN(random64), NULL });
	if (t->fp)
		test_fp_flags(t);
	if (t->ret64) {
		struct abi_check_regs r;

		memset(&r, 0, sizeof(r));
		abi_check_fill(&r, random64, true);
		CHECK(abi_check_call(&r, t->ret64, 0, 0, 0, 0, 0, 0) == 0x1111222233334444ull,
		      "64-bit result through the trampoline");
	}
	test_arguments(t);
}

/* The trampoline's self-test, then every row of every table. */
int main(void)
{
	char buf[128];

	test_trampoline(&abi_self_test);
	zinc_cpu_format(zinc_cpu_detected(), buf, sizeof(buf));
	printf("abi_test: CPU features %s\n", buf);
	for (size_t p = 0; p < ARRAY_SIZE(primitive_entries); p++)
		check_entries(primitive_entries[p]);
	check_curve25519_fields();
	printf("abi_test: %lu entry-point calls checked\n", calls);
	return TEST_SUMMARY("abi_test");
}

#endif
