/* SPDX-License-Identifier: MIT */
/*
 * Mismatch diagnosis and the comparison counters.
 *
 * fuzz_judge (a ballot of every row and oracle) and fuzz_check (one thing
 * against its specification) print what disagreed with what, on which
 * input, at which byte, with the culprit on the line after the banner, and
 * abort, so libFuzzer and AFL++ both keep the input. The counters
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

/* Compares a (impl_a) with b (impl_b) where no vote can be taken: b is a
 * specification ("spec": a counter, an accepted or rejected call) or the
 * one thing a is defined by. On a difference prints the diagnosis with
 * "culprit: impl_a" and aborts. Row against row, and against the oracles,
 * is a ballot (below). */
void fuzz_check(const char *target, const char *impl_a, const char *impl_b, const char *what,
		const void *a, const void *b, size_t len);
/* A boolean result (decrypt accepted, curve25519 non-zero) as one byte. */
void fuzz_check_bool(const char *target, const char *impl_a, const char *impl_b,
		     const char *what, bool a, bool b);

/*
 * A ballot: one question about the current input (an output, a state, a
 * verdict) put to every runnable row, every way of calling them, and every
 * oracle that answers. fuzz_vote records a zinc row's (or way's) answer,
 * fuzz_vote_other an independent one's (an oracle, or an independent
 * computation of the specification); the distinct answers and the names are
 * copied, so the caller may reuse its buffers. fuzz_abstain records one that
 * gave no answer and why (counted as not compared, and named in the
 * diagnosis).
 *
 * fuzz_judge returns when every answer is the same. Otherwise it prints
 * every distinct answer and who gave it, the verdict line (who agrees with
 * whom, who is outvoted), the first difference of each answer from the
 * majority's, and aborts with "culprit: <the outvoted side>" as the line
 * after the banner ("culprit: undecided (...)" when no answer has more votes
 * than every other). Every row counts as a vote, the generic C too, so a bug
 * in the generic C is outvoted by the other rows and the oracles and named.
 * But the rows share code (the state set-up, the AEAD construction, the
 * dispatch): when every zinc voter agrees, zinc is one vote against each
 * oracle, and a bug in the shared code is named "zinc (every row)".
 * Declare ballots static: their copies are kept across inputs.
 */
enum { FUZZ_MAX_VOTERS = 96, FUZZ_VOTER_NAME = 64 };
struct fuzz_ballot {
	const char *what;
	size_t len;
	unsigned n, nvalues, nabstain;
	char who[FUZZ_MAX_VOTERS][FUZZ_VOTER_NAME];
	bool zinc[FUZZ_MAX_VOTERS];
	unsigned char answer[FUZZ_MAX_VOTERS];	/* index into value[] */
	uint8_t *value[FUZZ_MAX_VOTERS];	/* the distinct answers */
	size_t cap[FUZZ_MAX_VOTERS];
	const char *abstainer[FUZZ_MAX_VOTERS], *why[FUZZ_MAX_VOTERS];
};
void fuzz_ballot_open(struct fuzz_ballot *b, const char *what, size_t len);
void fuzz_vote(struct fuzz_ballot *b, const char *who, const void *value);
void fuzz_vote_bool(struct fuzz_ballot *b, const char *who, bool value);
void fuzz_vote_other(struct fuzz_ballot *b, const char *who, const void *value);
void fuzz_vote_other_bool(struct fuzz_ballot *b, const char *who, bool value);
/* who and why must outlive the process (literals or table names). */
void fuzz_abstain(struct fuzz_ballot *b, const char *who, const char *why);
/* Whether row name can vote: this CPU has its features. If not, the row
 * abstains from b, "not usable on this CPU" (b NULL: it is not counted). */
bool fuzz_row_votes(struct fuzz_ballot *b, const char *name, uint32_t features);
void fuzz_judge(const char *target, const struct fuzz_ballot *b);

/* Counters, keyed by (who, what): who is an oracle ("libsodium") or a
 * backend name, what the operation or the reason it was not compared.
 * Strings must outlive the process (literals or table names). */
void fuzz_count_compared(const char *who, const char *what);
void fuzz_count_skipped(const char *who, const char *why);
/* Whether row name runs here: this CPU has its features, and has is true
 * (what the target needs of the row; lacks says what is missing when not).
 * A row that does not run is counted skipped with the reason. */
bool fuzz_row_runs(const char *name, uint32_t features, bool has, const char *lacks);
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
