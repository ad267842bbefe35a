/* SPDX-License-Identifier: MIT */
/*
 * zinc_selftest(): the part of each primitive of lib/start/primitives.h, in
 * its order (lib/<p>/selftest.c, listed by its header's <P>_SELFTESTS).
 * Each part runs the vectors of selftest_vectors.h (generated from vectors/,
 * which cites the RFC section of each) through every usable row of its
 * backend table and through the public functions; then, because the vectors
 * are short (at most 375 bytes) and wide rows only open their main loops on
 * longer messages, each row against the table's first row (the generic C,
 * just checked against the vectors) on one message of LONG bytes
 * (lib/selftest/check.h, what the parts share).
 */
#include <stdio.h>
#include <stdlib.h>
#include <zinc/selftest.h>

#include "lib/common/util.h"
#include "lib/selftest/selftest.h"
#include "lib/start/primitives.h"

const struct zinc_selftest_part zinc_selftest_parts[] = {
#define PRIMITIVE(p, P) P##_SELFTESTS,
#include "lib/start/primitives.h"
};

const size_t zinc_selftest_nparts = ARRAY_SIZE(zinc_selftest_parts);

bool zinc_selftest_explain(char *why, size_t size)
{
	for (size_t i = 0; i < zinc_selftest_nparts; i++)
		if (!zinc_selftest_parts[i].run(why, size))
			return false;
	return true;
}

bool zinc_selftest(void)
{
	return zinc_selftest_explain(NULL, 0);
}

void zinc_selftest_or_abort(void)
{
	char why[256];

	if (zinc_selftest_explain(why, sizeof(why)))
		return;
	fprintf(stderr, "zinc: self-test failed: %s\n", why);
	abort();
}
