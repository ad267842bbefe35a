/* SPDX-License-Identifier: MIT */
/*
 * What every primitive's self-test (lib/<p>/selftest.c, listed by its
 * header's <P>_SELFTESTS) shares: the vectors of selftest_vectors.h, the
 * buffer sizes, the failure message and the long message each row is
 * compared with the table's first row on. Part of the library users link.
 */
#ifndef ZINC_LIB_SELFTEST_CHECK_H
#define ZINC_LIB_SELFTEST_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lib/common/cpu.h"
#include "lib/common/util.h"
#include "lib/selftest/selftest_vectors.h"

/* Longest vector message, and the length of the row-against-generic
 * message: two 1 KiB strides of the widest rows and an 11-byte tail, a
 * partial block of every primitive that is under 16 bytes (a ChaCha20
 * tail of 1..15 bytes after whole blocks, which no RFC vector has: the
 * planted CHACHA20_TAIL). */
enum { MAX_MSG = 512, LONG = 2 * 1024 + 11 };

/* Writes "<row>: <what> (<source>)" into why (when why is not NULL) and
 * returns false. */
static inline bool fail(char *why, size_t size, const char *row, const char *what,
			const char *source)
{
	if (why && size)
		snprintf(why, size, "%s: %s (%s)", row, what, source);
	return false;
}

static inline bool same(const uint8_t *got, const struct st_bytes *want)
{
	return !memcmp(got, want->p, want->n);
}

static inline bool too_long(const struct st_bytes *b, char *why, size_t size,
			    const char *source)
{
	if (b->n <= MAX_MSG)
		return false;
	fail(why, size, "selftest", "vector longer than its buffers", source);
	return true;
}

/*
 * The long comparisons' verdict. Each usable row's output on the long
 * message goes in by vote_add, the reference (the generic row) first; a
 * row passes when its bytes equal the reference's. When one does not,
 * vote_verdict groups the rows by equal output and names the rows outside
 * the largest group, "outvoted by" the rows in it: a wrong generic row is
 * named, not the rows that are right, when two other rows agree against
 * it. Where no group is the largest alone (one row against the generic
 * one), it names the rows that differ from the reference and says that
 * nothing outvotes either side. Outputs are grouped by a 64-bit FNV-1a
 * digest: enough to name rows, while pass or fail is memcmp's.
 */
enum { VOTE_MAX = 16 };
_Static_assert(VOTE_MAX >= ZINC_CHOICE_MAX_ROWS, "a vote holds every row of a choice");

struct vote {
	size_t n;
	bool differs;			/* some row's bytes differ from the first's */
	const char *name[VOTE_MAX];
	uint64_t digest[VOTE_MAX];
};

static inline uint64_t vote_digest(const uint8_t *p, size_t len)
{
	uint64_t h = 0xcbf29ce484222325;

	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 0x100000001b3;
	return h;
}

/* Row name's output out (len bytes); ref is the first row's output. */
static inline void vote_add(struct vote *v, const char *name, const uint8_t *out,
			    const uint8_t *ref, size_t len)
{
	if (v->n && memcmp(out, ref, len))
		v->differs = true;
	if (v->n == VOTE_MAX)	/* not named, still judged */
		return;
	v->name[v->n] = name;
	v->digest[v->n++] = vote_digest(out, len);
}

/* Writes into to (size > 0) the names of the rows whose digest is (or is
 * not, when in is false) d, ", "-separated; empty when none is named (a row
 * past VOTE_MAX is judged but not named). */
static inline void vote_names(const struct vote *v, uint64_t d, bool in, char *to, size_t size)
{
	size_t used = 0;

	to[0] = '\0';
	for (size_t i = 0; i < v->n; i++)
		if ((v->digest[i] == d) == in && used < size)
			used += (size_t)snprintf(to + used, size - used, "%s%s", used ? ", " : "",
						 v->name[i]);
}

/* True when every row agreed with the first; otherwise the failure as
 * fail() writes it, naming the outvoted rows. */
static inline bool vote_verdict(const struct vote *v, char *why, size_t size, const char *what,
				const char *source)
{
	size_t best = 0, best_count = 0, ties = 0;
	char culprits[160], winners[160], detail[240];

	if (!v->differs)
		return true;
	for (size_t i = 0; i < v->n; i++) {
		size_t count = 0;

		for (size_t j = 0; j < v->n; j++)
			count += v->digest[j] == v->digest[i];
		if (count > best_count)
			best = i, best_count = count, ties = 0;
		else if (count == best_count && v->digest[i] != v->digest[best])
			ties++;
	}
	if (ties || best_count < 2) {
		/* nothing outvotes either side: the rows that differ from the first */
		vote_names(v, v->digest[0], false, culprits, sizeof(culprits));
		snprintf(detail, sizeof(detail), "%s differs from %s, no other row to outvote either",
			 what, v->name[0]);
	} else {
		vote_names(v, v->digest[best], false, culprits, sizeof(culprits));
		vote_names(v, v->digest[best], true, winners, sizeof(winners));
		snprintf(detail, sizeof(detail), "%s, outvoted by %s", what, winners);
	}
	return fail(why, size, culprits, detail, source);
}

/* The message the long comparisons use: bytes of a 32-bit xorshift
 * generator (Marsaglia's 13, 17, 5) from a fixed seed, no pattern a row's
 * stride could line up with. */
static inline void long_message(uint8_t msg[LONG])
{
	uint32_t x = 0x7a696e63;

	for (size_t i = 0; i < LONG; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		msg[i] = (uint8_t)(x >> 24);
	}
}

#endif
