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
 * Threads: the trampoline keeps its saved stack pointer in thread-local
 * storage and the input values come from a thread-local generator, so
 * threads may call rows at the same time; calls may nest (an entry point
 * that calls or jumps to another).
 */
#if defined(ZINC_ABI_CHECK) && (defined(ZINC_ASM_X86_64) || defined(ZINC_ASM_ARM64))

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/abi_check.h"

#if defined(__x86_64__)
#include "arch/x86_64/abi_check.h"
#elif defined(__aarch64__)
#include "arch/arm64/abi_check.h"
#endif

/* Written by ZINC_ENTRY, one per entry point. */
struct zinc_abi_site {
	const void *body;
	const char *file; /* the .S file, as the compiler was given it */
	const char *name;
};

uint64_t zinc_abi_checked(const struct zinc_abi_site *site, const uint64_t a[6]);

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
 * noise; its edges are the same on every input. */
#if defined(__clang__)
__attribute__((no_sanitize("coverage")))
#endif
uint64_t zinc_abi_checked(const struct zinc_abi_site *site, const uint64_t a[6])
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
	abi_check_fill(r, abi_next);
	ret = abi_check_call(r, site->body, a[0], a[1], a[2], a[3], a[4], a[5]);
	if (abi_check_violations(r, NULL, 0))
		abi_report(site, r);
	abi_depth--;
	return ret;
}

#endif
