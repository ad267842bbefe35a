/* SPDX-License-Identifier: MIT */
/*
 * The ABI check of every assembly entry point, in ZINC_ABI_CHECK builds
 * only (the fuzz targets': sources.bzl FUZZ_DEFINES and ABI_CHECK_SRCS).
 * Each ZINC_ENTRY stub (arch/abi-entry.h) comes here through
 * zinc_abi_enter with its site and its argument registers; the body runs
 * through the architecture's trampoline (arch/<arch>/abi-check.S) with
 * fresh callee-saved values, and any register it did not preserve ends the
 * process with a diagnosis naming the row (the .S file), the entry point
 * and the register, before and after.
 *
 * MXCSR and the x87 control word (arm64: FPCR) get fresh values, away from
 * the defaults, on the first call of each entry point in each input (the
 * harness starts one with zinc_abi_new_input, at fuzz_set_params); on the
 * entry point's other calls in that input they keep the caller's values.
 * A change the body makes to them is seen on every call; a body that sets
 * them to their defaults is seen on the first call. Loading a changed
 * rounding mode is what made a checked call expensive (about 160 TSC
 * cycles against 60, Zen 5), and an input makes thousands of calls of the
 * same field operations (curve25519) or pieces (scatter-gather), which
 * checking again adds nothing to: they run the same instructions.
 *
 * Threads: the trampoline keeps its saved stack pointer in thread-local
 * storage and the input values come from a thread-local generator, so
 * threads may call rows at the same time; calls may nest (an entry point
 * that calls or jumps to another).
 */
#include "arch/abi_check.h"

#ifdef ZINC_ABI_CHECKED

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include ZINC_ARCH_ABI_CHECK_HEADER

/* Written by ZINC_ENTRY, one per entry point. */
struct zinc_abi_site {
	const void *body;
	const char *file; /* the .S file, as the compiler was given it */
	const char *name;
	unsigned long fp_input; /* the input it last got fresh MXCSR/FPCR in */
};

uint64_t zinc_abi_checked(struct zinc_abi_site *site, const uint64_t a[6]);

/* The input in progress: starts at 1, so every site's first call (its
 * fp_input 0) gets fresh values even if no harness ever calls
 * zinc_abi_new_input. Relaxed atomics: threads may race, and any order of
 * their updates only changes which call gets the fresh values. */
static unsigned long abi_input = 1;

void zinc_abi_new_input(void)
{
	__atomic_add_fetch(&abi_input, 1, __ATOMIC_RELAXED);
}

/* True on the first call of site in the input in progress. */
static bool abi_fresh_fp(struct zinc_abi_site *site)
{
	unsigned long input = __atomic_load_n(&abi_input, __ATOMIC_RELAXED);

	if (__atomic_load_n(&site->fp_input, __ATOMIC_RELAXED) == input)
		return false;
	__atomic_store_n(&site->fp_input, input, __ATOMIC_RELAXED);
	return true;
}

static _Thread_local uint64_t abi_rng = 0x9e3779b97f4a7c15;

static uint64_t abi_next(void)
{
	abi_rng ^= abi_rng << 13;
	abi_rng ^= abi_rng >> 7;
	abi_rng ^= abi_rng << 17;
	return abi_rng;
}

/* Without the fuzz harness (which prints it in its diagnosis style,
 * fuzz/report.c): the same facts, then abort. */
__attribute__((weak, noreturn)) void zinc_abi_violation(const char *row, const char *entry,
						       const char *what, const char *detail)
{
	fprintf(stderr, "zinc: ABI violation in row %s, entry point %s: %s\n%s", row, entry, what,
		detail);
	abort();
}

/* The diagnosis, out of line: its buffers (some 3 KB) would otherwise be
 * part of every checked call's frame, which sanitizer builds set up (with
 * redzones, on ASan's fake stack) on each of the thousands of calls an
 * input makes. */
__attribute__((noinline, noreturn)) static void abi_report(const struct zinc_abi_site *site,
							  const struct abi_check_regs *r)
{
	struct abi_violation v[24];
	char row[64], what[160], detail[2048];
	const char *base;
	size_t len, used = 0;
	int n = abi_check_violations(r, v, 24);

	/* The row is named after its file: arch/x86_64/chacha20-avx2.S. */
	base = strrchr(site->file, '/');
	base = base ? base + 1 : site->file;
	len = strcspn(base, ".");
	snprintf(row, sizeof(row), "%.*s", (int)len, base);
	snprintf(what, sizeof(what), "ABI: %s not preserved by %s", v[0].reg, site->name);
	for (int i = 0; i < n && i < 24; i++)
		used += (size_t)snprintf(detail + used, sizeof(detail) - used,
					 "  %-18s before the call %016llx, after %016llx\n",
					 v[i].reg, (unsigned long long)v[i].before,
					 (unsigned long long)v[i].after);
	zinc_abi_violation(row, site->name, what, detail);
}

/* The register blocks of the calls in progress on this thread, one per
 * nesting level: thread-local rather than on the stack, so that sanitizer
 * builds give the checked call no frame of its own to set up (a fake-stack
 * frame and its redzones under ASan) on each of the thousands of calls an
 * input makes. */
enum { ABI_MAX_DEPTH = 16 };
static _Thread_local struct abi_check_regs abi_regs[ABI_MAX_DEPTH];
static _Thread_local unsigned abi_depth;

/* Not traced by libFuzzer (clang): its comparisons are of random register
 * values, which would only fill the fuzzer's table of compared values with
 * noise; its edges are the same on every input. Nor checked by ASan: it is
 * the checker, its one index is bounded just below, and the shadow checks
 * of its register block cost a fifth of a checked call. */
#if defined(__clang__)
__attribute__((no_sanitize("coverage", "address")))
#endif
uint64_t zinc_abi_checked(struct zinc_abi_site *site, const uint64_t a[6])
{
	struct abi_check_regs *r;
	uint64_t ret;

	if (abi_depth == ABI_MAX_DEPTH) {
		fprintf(stderr, "zinc: ABI check: entry points nested more than %d deep (%s)\n",
			ABI_MAX_DEPTH, site->name);
		abort();
	}
	/* No memset first (under ASan an intercepted call, with its range check,
	 * on every checked call): abi_check_fill writes every input field and
	 * the trampoline every output field. */
	r = &abi_regs[abi_depth++];
	abi_check_fill(r, abi_next, abi_fresh_fp(site));
	ret = abi_check_call(r, site->body, a[0], a[1], a[2], a[3], a[4], a[5]);
	if (abi_check_violations(r, NULL, 0))
		abi_report(site, r);
	abi_depth--;
	return ret;
}

#endif
