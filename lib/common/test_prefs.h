/* SPDX-License-Identifier: MIT */
/*
 * What the dispatch tests expect of each model's preferences, written
 * independently of lib/start/prefs.h: a line changed there alone fails
 * them. { model, choice, row, avoid, from }: under ZINC_CPU_MODEL=model, the
 * choice (a primitive's name, or "hchacha20") never picks row when avoid is
 * set, and otherwise picks it from `from` bytes on instead of its own
 * min_len.
 */
#ifndef ZINC_COMMON_TEST_PREFS_H
#define ZINC_COMMON_TEST_PREFS_H

#include <stdbool.h>
#include <stddef.h>

struct test_pref {
	const char *model, *choice, *row;
	bool avoid;
	size_t from;
};

static const struct test_pref test_prefs[] = {
	{ "zen5", "chacha20", "chacha20-ssse3", false, 256 },
	{ "zen5", "chacha20", "chacha20-avx2", false, 65 },
	{ "zen5", "chacha20", "chacha20-avx512vl", false, 65 },
	{ "zen5", "chacha20", "chacha20-avx512", false, 129 },
	{ "zen5", "hchacha20", "chacha20-ssse3", true, 0 },
	{ "zen5", "hchacha20", "chacha20-avx512vl", true, 0 },
	{ "zen5", "chacha20poly1305", "chacha20poly1305-avx2", true, 0 },
	{ "zen5", "chacha20poly1305", "chacha20poly1305-avx512ifma", true, 0 },
	{ "zen4", "chacha20poly1305", "chacha20poly1305-avx2", true, 0 },
	{ "zen4", "chacha20poly1305", "chacha20poly1305-avx512ifma", true, 0 },
	{ "zen5", "blake2s", "blake2s-avx", true, 0 },
	{ "zen5", "blake2s", "blake2s-avx512vl", true, 0 },
};

#endif
