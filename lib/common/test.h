/* SPDX-License-Identifier: MIT */
/*
 * The few macros unit tests use. Each CHECK is one counted assertion; a
 * test program ends with TEST_SUMMARY(), which prints
 * "<program>: N passed, M failed" and returns non-zero on any failure.
 * ci/test.sh adds these lines up.
 */
#ifndef ZINC_COMMON_TEST_H
#define ZINC_COMMON_TEST_H

#include <stdio.h>
#include <string.h>

static unsigned long test_passed, test_failed;

#define CHECK(cond, ...)                                                        \
	do {                                                                    \
		if (cond) {                                                     \
			test_passed++;                                          \
		} else {                                                        \
			test_failed++;                                          \
			fprintf(stderr, "%s:%d: FAILED: %s: ", __FILE__, __LINE__, \
				#cond);                                         \
			fprintf(stderr, __VA_ARGS__);                           \
			fputc('\n', stderr);                                    \
		}                                                               \
	} while (0)

/* Equal byte strings; on failure prints both in hex. */
#define CHECK_MEM(a, b, n, ...)                                                 \
	do {                                                                    \
		if (!memcmp((a), (b), (n))) {                                   \
			test_passed++;                                          \
		} else {                                                        \
			test_failed++;                                          \
			fprintf(stderr, "%s:%d: FAILED: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                           \
			test_hexdiff((const unsigned char *)(a),                \
				     (const unsigned char *)(b), (n));          \
		}                                                               \
	} while (0)

static inline void test_hexdiff(const unsigned char *a, const unsigned char *b, size_t n)
{
	size_t i = 0;

	while (i < n && a[i] == b[i])
		i++;
	fprintf(stderr, "\n  first difference at byte %zu of %zu\n  got:  ", i, n);
	for (size_t j = i; j < n && j < i + 32; j++)
		fprintf(stderr, "%02x", a[j]);
	fprintf(stderr, "\n  want: ");
	for (size_t j = i; j < n && j < i + 32; j++)
		fprintf(stderr, "%02x", b[j]);
	fputc('\n', stderr);
}

#define TEST_SUMMARY(name)                                                      \
	(printf("%s: %lu passed, %lu failed\n", (name), test_passed, test_failed), \
	 test_failed ? 1 : 0)

#endif
