/* SPDX-License-Identifier: MIT */
/*
 * Mismatch diagnosis and the comparison counters.
 *
 * fuzz_mismatch prints what disagreed with what, on which input, at which
 * byte, and aborts, so libFuzzer and AFL++ both keep the input. The counters
 * record, per oracle or backend, how many comparisons were made and how many
 * were not made and why; the standalone driver prints them, so a skipped
 * comparison is always visible.
 */
#ifndef ZINC_FUZZ_REPORT_H
#define ZINC_FUZZ_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The decoded parameters of the current input, for the diagnosis. Targets
 * fill it after decoding (cheap: only pointers and numbers are kept) and
 * format it only when something fails. Every target calls it once per
 * input, before its first zinc call: it also starts a new input for the
 * ABI check (zinc_abi_new_input, arch/abi_check.h). */
typedef void (*fuzz_params_fn)(char *buf, size_t cap);
void fuzz_set_params(fuzz_params_fn fn);

__attribute__((noreturn)) void
fuzz_mismatch(const char *target, const char *impl_a, const char *impl_b, const char *what,
	      const char *params, const uint8_t *a, const uint8_t *b, size_t len);

/* Compares a (impl_a) with b (impl_b); on a difference formats the current
 * parameters and calls fuzz_mismatch. */
void fuzz_check(const char *target, const char *impl_a, const char *impl_b, const char *what,
		const void *a, const void *b, size_t len);
/* A boolean result (decrypt accepted, curve25519 non-zero) as one byte. */
void fuzz_check_bool(const char *target, const char *impl_a, const char *impl_b,
		     const char *what, bool a, bool b);

/* One oracle's answer to the question fuzz_check_oracles asks; value NULL
 * when that oracle gave none (outside its domain, compiled out). */
struct fuzz_answer {
	const char *oracle;
	const void *value;
};
/* Compares every oracle's answer with zinc's (ref, len bytes; a verdict as
 * one byte) at once. On any difference the diagnosis names zinc against
 * every oracle that differs (the "impls:" line), the ones that agree, and
 * which side is alone: "verdict: oracle disagreement: nss differs from
 * zinc and from libsodium, openssl" when some oracle agrees with zinc,
 * "zinc differs from every oracle that ran" when none does. */
void fuzz_check_oracles(const char *target, const char *zinc, const char *what, const void *ref,
			size_t len, const struct fuzz_answer *ans, unsigned n);

/* Counters, keyed by (who, what): who is an oracle ("libsodium") or a
 * backend name, what the operation or the reason it was not compared.
 * Strings must outlive the process (literals or table names). */
void fuzz_count_compared(const char *who, const char *what);
void fuzz_count_skipped(const char *who, const char *why);
/* Prints "compared: ...; not compared: ..." as one line, or one line per
 * counter when verbose. */
void fuzz_print_stats(FILE *out, bool verbose);
unsigned long fuzz_total_compared(void);

/* What every target defines, for the standalone driver and the engines. */
extern const char fuzz_target_name[];
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Prints every backend in the target's tables (usable on this CPU or not)
 * and every oracle compiled in. */
void fuzz_list(FILE *out);
/* Prints which row each public function ran, from the lib's ZINC_TESTING
 * hit counters: a differential fuzzer cannot see a dispatcher that runs the
 * wrong (but correct) backend, so --stats shows it. */
void fuzz_dispatch(FILE *out);
void fuzz_print_hits(FILE *out, const char *table, const char *name, unsigned long hits);
/* Says that a build without ZINC_TESTING has no hit counters for table. */
void fuzz_print_no_hits(FILE *out, const char *table);
/* Prints one line per backend row: name, features, usable or not. */
void fuzz_list_row(FILE *out, const char *name, uint32_t features);

/* fuzz_list_row for every row of a backend table (rows with .name and
 * .features, as every lib/<primitive>/<primitive>.h table has). */
#define FUZZ_LIST_TABLE(out, impls, n)						\
	for (size_t fuzz_i_ = 0; fuzz_i_ < (n); fuzz_i_++)			\
		fuzz_list_row((out), (impls)[fuzz_i_].name, (impls)[fuzz_i_].features)

/* fuzz_print_hits for every row of a table from its hit counters, which
 * exist only in ZINC_TESTING builds. */
#ifdef ZINC_TESTING
#define FUZZ_PRINT_TABLE_HITS(out, table, impls, n, hits)			\
	for (size_t fuzz_i_ = 0; fuzz_i_ < (n); fuzz_i_++)			\
		fuzz_print_hits((out), (table), (impls)[fuzz_i_].name, (hits)[fuzz_i_])
#else
#define FUZZ_PRINT_TABLE_HITS(out, table, impls, n, hits) fuzz_print_no_hits((out), (table))
#endif

#endif
