/* SPDX-License-Identifier: MIT */
/*
 * BLAKE2s's entry description (lib/common/entry.h), one per row of
 * lib/blake2s/rows.h: compress takes a fresh unkeyed state and the
 * message's whole 64-byte blocks (at least one), and gives the state back.
 *
 * And, in every build, the row-level hash the harnesses run a row by
 * (blake2s_row_split, declared in lib/blake2s/blake2s.h).
 */
#include <string.h>

#include "lib/blake2s/blake2s.h"
#include "lib/common/util.h"

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

const struct zinc_entries blake2s_entries = { "blake2s", entries, ARRAY_SIZE(entries) };

/* ---- The description (lib/common/describe.h) ---- */
#include "lib/common/describe.h"

static void row(size_t r, struct zinc_row *row)
{
	zinc_row_named(row, blake2s_impls[r].name, blake2s_impls[r].features);
}

/* blake2s: the digest streamed in two updates cut at split, then in one. */
static size_t blake2s_on_row(size_t r, const struct zinc_args *a, uint8_t *out)
{
	const struct blake2s_impl *impl = &blake2s_impls[r];

	if (!blake2s_row_split(impl, out, a->out_len, a->key, a->key_len, a->in, a->len, a->split) ||
	    !blake2s_row_split(impl, out + a->out_len, a->out_len, a->key, a->key_len, a->in, a->len,
			       a->len))
		return ZINC_OP_NONE;
	return 2 * a->out_len;
}

static size_t blake2s_on_public(const struct zinc_args *a, uint8_t *out)
{
	struct blake2s_state st;

	if (!blake2s_init_key(&st, a->out_len, a->key, a->key_len))
		return ZINC_OP_NONE;
	blake2s_update(&st, a->in, a->split);
	blake2s_update(&st, a->in + a->split, a->len - a->split);
	blake2s_final(&st, out);
	if (!blake2s(out + a->out_len, a->in, a->key, a->out_len, a->len, a->key_len))
		return ZINC_OP_NONE;
	return 2 * a->out_len;
}

static size_t hmac_on_public(const struct zinc_args *a, uint8_t *out)
{
	blake2s_hmac(out, a->in, a->key, a->len, a->key_len);
	return BLAKE2S_HASH_SIZE;
}

static const struct zinc_op ops[] = {
	{ .name = "blake2s", .inputs = ZINC_KEY | ZINC_MSG, .secret = ZINC_KEY | ZINC_MSG,
	  .key_min = 0, .key_max = BLAKE2S_KEY_SIZE, .max_len = SIZE_MAX, .out_min = 1,
	  .out_max = BLAKE2S_HASH_SIZE, .run_row = blake2s_on_row, .run_public = blake2s_on_public,
	  .public_calls = 5, .public_names = "blake2s_init_key, blake2s_update, blake2s_final, blake2s" },
	/* The HMAC (RFC 2104 over BLAKE2s) has no row of its own: it runs
	 * the rows blake2s_update picks. Keys of any length. */
	{ .name = "blake2s_hmac", .inputs = ZINC_KEY | ZINC_MSG, .secret = ZINC_KEY | ZINC_MSG,
	  .key_min = 0, .key_max = 96, .max_len = SIZE_MAX, .run_public = hmac_on_public,
	  .public_calls = 1, .public_names = "blake2s_hmac" },
};

const struct zinc_primitive blake2s_primitive = {
	.name = "blake2s", .nrows = BLAKE2S_NROWS, .row = row, .ops = ops,
	.nops = ARRAY_SIZE(ops),
};
#endif
