/* SPDX-License-Identifier: MIT */
/*
 * Known-answer self-test. zinc_selftest() runs a few vectors of every
 * primitive (RFC 8439, RFC 7748, RFC 7693, draft-irtf-cfrg-xchacha and the
 * BLAKE2 reference) through every backend this CPU can run, and through the
 * public functions; it returns false if any of them gives a wrong answer.
 * It takes well under a millisecond per primitive and may be called from
 * any thread at any time.
 *
 * With ZINC_SELFTEST=1 in the environment the library runs it once, at its
 * first use, and calls abort() after one line on stderr naming the failing
 * backend.
 */
#ifndef ZINC_SELFTEST_H
#define ZINC_SELFTEST_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

bool zinc_selftest(void);

#ifdef __cplusplus
}
#endif
#endif
