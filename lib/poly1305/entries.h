/* SPDX-License-Identifier: MIT */
/* How the harnesses run one Poly1305 row on a whole message (its entry
 * points one by one: lib/common/entry.h, lib/poly1305/entries.c). */
#ifndef ZINC_LIB_POLY1305_ENTRIES_H
#define ZINC_LIB_POLY1305_ENTRIES_H

#include <stddef.h>
#include <stdint.h>
#include <zinc/poly1305.h>

/* The MAC of in[0..len) with key through row (poly1305_init_impl), fed in
 * two updates split at split (at most len). */
void poly1305_row_split(uint32_t row, uint8_t mac[POLY1305_MAC_SIZE],
			const uint8_t key[POLY1305_KEY_SIZE], const uint8_t *in, size_t len,
			size_t split);

#endif
