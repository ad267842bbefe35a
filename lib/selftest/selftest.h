/* SPDX-License-Identifier: MIT */
/* The self-test by parts, for the tests that time and explain it. */
#ifndef ZINC_LIB_SELFTEST_H
#define ZINC_LIB_SELFTEST_H

#include <stdbool.h>
#include <stddef.h>

struct zinc_selftest_part {
	const char *name;  /* the primitive: "chacha20", "poly1305", ... */
	/* Every vector of the primitive through every usable row and the
	 * public functions. On the first wrong answer writes
	 * "<row>: <what> (<vector source>)" into why (when why is not NULL)
	 * and returns false. */
	bool (*run)(char *why, size_t size);
};

extern const struct zinc_selftest_part zinc_selftest_parts[];
extern const size_t zinc_selftest_nparts;

/* zinc_selftest(), explaining the first failure as the parts do. */
bool zinc_selftest_explain(char *why, size_t size);
/* For ZINC_SELFTEST=1: on failure one line on stderr, then abort(). */
void zinc_selftest_or_abort(void);

#endif
