/* SPDX-License-Identifier: MIT */
/*
 * BLAKE2s's entry description (lib/common/entry.h), one per row of
 * lib/blake2s/rows.h: compress takes a fresh unkeyed state and the
 * message's whole 64-byte blocks (at least one), and gives the state back.
 *
 * And, in every build, the row-level hash the harnesses run a row by
 * (lib/blake2s/entries.h).
 */
#include <string.h>

#include "lib/blake2s/blake2s.h"
#include "lib/blake2s/entries.h"

bool blake2s_row_split(const struct blake2s_impl *impl, uint8_t *out, size_t outlen,
		       const uint8_t *key, size_t keylen, const uint8_t *in, size_t len,
		       size_t split)
{
	struct blake2s_state st;

	if (!blake2s_init_key(&st, outlen, key, keylen))
		return false;
	blake2s_update_with(impl, &st, in, split);
	blake2s_update_with(impl, &st, in + split, len - split);
	blake2s_final_with(impl, &st, out);
	return true;
}

#ifdef ZINC_TESTING
#include "lib/common/entry.h"

typedef void compress_fn(struct blake2s_state *state, const uint8_t *block, size_t nblocks,
			 uint32_t inc);

_Static_assert(sizeof(struct blake2s_state) <= ZINC_CALL_STATE, "a BLAKE2s state fits a call");

/* Whole blocks, at least one: the class rounded up. */
static size_t some_blocks(size_t len)
{
	return len ? (len + 63) & ~(size_t)63 : SIZE_MAX;
}

static void compress_setup(const struct zinc_entry *e, const struct zinc_case *c,
			   struct zinc_call *k)
{
	memset(k->state, 0, sizeof(struct blake2s_state));
	blake2s_init((struct blake2s_state *)k->state, BLAKE2S_HASH_SIZE);
	k->len = c->len;
	k->arg[0] = ZINC_ARG(k->state);
	k->arg[1] = ZINC_ARG(c->in);
	k->arg[2] = c->len / BLAKE2S_BLOCK_SIZE;
	k->arg[3] = BLAKE2S_BLOCK_SIZE;
	zinc_call_part(k, "state", k->state, sizeof(struct blake2s_state));
}

static void compress_call(const void *fn, const uint64_t a[6])
{
	((compress_fn *)fn)(ZINC_PTR(a[0]), ZINC_PTR(a[1]), a[2], (uint32_t)a[3]);
}

static const struct zinc_entry_kind compress_kind = {
	.name = "compress", .fit = some_blocks, .setup = compress_setup, .call = compress_call,
};

#define ROW(id, name, needs, min_len, compress) \
	{ name, BLAKE2S_ROW_##id, needs, &compress_kind, ZINC_ENTRY_FN(compress) },
static const struct zinc_entry entries[] = {
#include "lib/blake2s/rows.h"
};

const struct zinc_entries blake2s_entries = { "blake2s", entries,
					      sizeof(entries) / sizeof(entries[0]) };
#endif
