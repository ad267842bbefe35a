/* SPDX-License-Identifier: MIT */
/* How the harnesses run one BLAKE2s row on a whole message (its entry
 * point alone: lib/common/entry.h, lib/blake2s/entries.c). */
#ifndef ZINC_LIB_BLAKE2S_ENTRIES_H
#define ZINC_LIB_BLAKE2S_ENTRIES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct blake2s_impl;

/* The outlen-byte digest of in[0..len) under key (keylen 0: unkeyed)
 * through row impl, fed in two updates split at split (at most len);
 * false, out untouched, when blake2s_init_key refuses the sizes. */
bool blake2s_row_split(const struct blake2s_impl *impl, uint8_t *out, size_t outlen,
		       const uint8_t *key, size_t keylen, const uint8_t *in, size_t len,
		       size_t split);

#endif
