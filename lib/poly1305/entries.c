/* SPDX-License-Identifier: MIT */
/*
 * Poly1305's entry descriptions (lib/common/entry.h), one per row and entry
 * kind of lib/poly1305/rows.h. Each entry takes the state the entries
 * before it leave (made by calling those of the same row directly): init a
 * random key's r; blocks the state init left, whole blocks of the message;
 * emit the state blocks left, a random s; mac (the one-shot) the message and
 * a random key. Compared: the row's state (its state_size bytes) and the MAC.
 *
 * And, in every build, the row-level MAC the harnesses run a row by
 * (poly1305_row_split, declared in lib/poly1305/poly1305.h).
 */
#include <string.h>

#include "lib/poly1305/poly1305.h"
#include "lib/common/util.h"

void poly1305_row_split(uint32_t row, uint8_t mac[POLY1305_MAC_SIZE],
			const uint8_t key[POLY1305_KEY_SIZE], const uint8_t *in, size_t len,
			size_t split)
{
	struct poly1305_ctx ctx;

	poly1305_init_impl(&ctx, key, row);
	poly1305_update(&ctx, in, split);
	poly1305_update(&ctx, in + split, len - split);
	poly1305_final(&ctx, mac);
}

#ifdef ZINC_TESTING
#include "lib/common/entry.h"

typedef void init_fn(void *state, const uint8_t r[16]);
typedef void blocks_fn(void *state, const uint8_t *in, size_t len, uint32_t padbit);
typedef void emit_fn(void *state, uint8_t mac[16], const uint32_t s[4]);
typedef void mac_fn(uint8_t mac[16], const uint8_t *in, size_t len, const uint8_t key[32]);

/* aux: r (16 bytes), s (16), a one-shot key (32). */
static void make_keys(const struct zinc_case *c, struct zinc_call *k)
{
	uint64_t seed = c->seed;

	zinc_case_fill(k->aux, 64, &seed);
	memset(k->state, 0, sizeof(k->state));
	memset(k->out, 0, 16);
}

static void add_state(const struct zinc_entry *e, struct zinc_call *k)
{
	zinc_call_part(k, "state", k->state, poly1305_impls[e->row_id].state_size);
}

static void init_setup(const struct zinc_entry *e, const struct zinc_case *c, struct zinc_call *k)
{
	make_keys(c, k);
	k->arg[0] = ZINC_ARG(k->state);
	k->arg[1] = ZINC_ARG(k->aux);
	add_state(e, k);
}

static void init_call(const void *fn, const uint64_t a[6])
{
	((init_fn *)fn)(ZINC_PTR(a[0]), ZINC_PTR(a[1]));
}

/* blocks takes whole 16-byte blocks, at least one. */
static size_t whole_blocks(size_t len)
{
	return len >= 16 ? len & ~(size_t)15 : SIZE_MAX;
}

static void blocks_setup(const struct zinc_entry *e, const struct zinc_case *c,
			 struct zinc_call *k)
{
	make_keys(c, k);
	poly1305_row_init(e->row_id, k->state, k->aux);
	k->len = c->len;
	k->arg[0] = ZINC_ARG(k->state);
	k->arg[1] = ZINC_ARG(c->in);
	k->arg[2] = c->len;
	k->arg[3] = 1;
	add_state(e, k);
}

static void blocks_call(const void *fn, const uint64_t a[6])
{
	((blocks_fn *)fn)(ZINC_PTR(a[0]), ZINC_PTR(a[1]), a[2], (uint32_t)a[3]);
}

static void emit_setup(const struct zinc_entry *e, const struct zinc_case *c, struct zinc_call *k)
{
	make_keys(c, k);
	poly1305_row_init(e->row_id, k->state, k->aux);
	if (c->len)
		poly1305_row_blocks(e->row_id, k->state, c->in, c->len, 1);
	k->arg[0] = ZINC_ARG(k->state);
	k->arg[1] = ZINC_ARG(k->out);
	k->arg[2] = ZINC_ARG(k->aux + 16);
	zinc_call_part(k, "mac", k->out, 16);
	add_state(e, k);
}

static void emit_call(const void *fn, const uint64_t a[6])
{
	((emit_fn *)fn)(ZINC_PTR(a[0]), ZINC_PTR(a[1]), ZINC_PTR(a[2]));
}

static void mac_setup(const struct zinc_entry *e, const struct zinc_case *c, struct zinc_call *k)
{
	make_keys(c, k);
	k->len = c->len;
	k->arg[0] = ZINC_ARG(k->out);
	k->arg[1] = ZINC_ARG(c->in);
	k->arg[2] = c->len;
	k->arg[3] = ZINC_ARG(k->aux + 32);
	zinc_call_part(k, "mac", k->out, 16);
}

static void mac_call(const void *fn, const uint64_t a[6])
{
	((mac_fn *)fn)(ZINC_PTR(a[0]), ZINC_PTR(a[1]), a[2], ZINC_PTR(a[3]));
}

/* emit after blocks over whole blocks (none for a class under 16). */
static size_t blocks_or_none(size_t len)
{
	return len & ~(size_t)15;
}

static const struct zinc_entry_kind init_kind = {
	.name = "init", .setup = init_setup, .call = init_call,
};
static const struct zinc_entry_kind blocks_kind = {
	.name = "blocks", .fit = whole_blocks, .setup = blocks_setup, .call = blocks_call,
};
static const struct zinc_entry_kind emit_kind = {
	.name = "emit", .fit = blocks_or_none, .setup = emit_setup, .call = emit_call,
};
static const struct zinc_entry_kind mac_kind = {
	.name = "mac", .setup = mac_setup, .call = mac_call,
};

#define MAC(fn) ZINC_ENTRY_FN(fn)
#define NO_MAC NULL
#define ROW(id, name, needs, min_len, state_size, init, blocks, emit, one_shot, test) \
	{ name, POLY1305_ROW_##id, needs, &init_kind, ZINC_ENTRY_FN(init) },          \
	{ name, POLY1305_ROW_##id, needs, &blocks_kind, ZINC_ENTRY_FN(blocks) },      \
	{ name, POLY1305_ROW_##id, needs, &emit_kind, ZINC_ENTRY_FN(emit) },          \
	{ name, POLY1305_ROW_##id, needs, &mac_kind, one_shot },
static const struct zinc_entry entries[] = {
#include "lib/poly1305/rows.h"
};

const struct zinc_entries poly1305_entries = { "poly1305", entries, ARRAY_SIZE(entries) };

/* ---- The description (lib/common/describe.h) ---- */
#include "lib/common/describe.h"

static void row(size_t r, struct zinc_row *row)
{
	zinc_row_named(row, poly1305_impls[r].name, poly1305_impls[r].features);
}

/* poly1305: the MAC streamed in two updates cut at split, then one-shot. */
static size_t poly1305_on_row(size_t r, const struct zinc_args *a, uint8_t *out)
{
	poly1305_row_split((uint32_t)r, out, a->key, a->in, a->len, a->split);
	poly1305_row_mac((uint32_t)r, out + POLY1305_MAC_SIZE, a->in, a->len, a->key);
	return 2 * POLY1305_MAC_SIZE;
}

static size_t poly1305_on_public(const struct zinc_args *a, uint8_t *out)
{
	struct poly1305_ctx ctx;

	poly1305_init(&ctx, a->key);
	poly1305_update(&ctx, a->in, a->split);
	poly1305_update(&ctx, a->in + a->split, a->len - a->split);
	poly1305_final(&ctx, out);
	poly1305(out + POLY1305_MAC_SIZE, a->in, a->len, a->key);
	return 2 * POLY1305_MAC_SIZE;
}

static const struct zinc_op ops[] = {
	{ .name = "poly1305", .inputs = ZINC_KEY | ZINC_MSG, .secret = ZINC_KEY | ZINC_MSG,
	  .key_min = POLY1305_KEY_SIZE, .key_max = POLY1305_KEY_SIZE, .max_len = SIZE_MAX,
	  .run_row = poly1305_on_row, .run_public = poly1305_on_public, .public_calls = 5,
	  .public_names = "poly1305_init, poly1305_update, poly1305_final, poly1305" },
};

const struct zinc_primitive poly1305_primitive = {
	.name = "poly1305", .nrows = POLY1305_NROWS, .row = row, .ops = ops,
	.nops = ARRAY_SIZE(ops),
};
#endif
