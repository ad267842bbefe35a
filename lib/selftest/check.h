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
