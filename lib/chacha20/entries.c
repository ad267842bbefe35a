/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20's entry descriptions (lib/common/entry.h), one per row and entry
 * kind of lib/chacha20/rows.h: xor_stream (the state taken and given back,
 * the output) and hchacha20 (the subkey); and its description
 * (lib/common/describe.h): the operations chacha20 and hchacha20.
 */
#include <string.h>

#include "lib/chacha20/chacha20.h"
#include "lib/common/util.h"

#ifdef ZINC_TESTING
#include "lib/common/entry.h"

typedef void xor_fn(uint32_t state[16], uint8_t *dst, const uint8_t *src, size_t len);
typedef void hchacha20_fn(uint8_t *out, const uint8_t *nonce, const uint8_t *key);

/* A random state, the message to dst (room for whole blocks). */
static void xor_setup(const struct zinc_entry *e, const struct zinc_case *c, struct zinc_call *k)
{
	uint64_t seed = c->seed;

	zinc_case_fill(k->state, 64, &seed);
	k->len = c->len;
	k->arg[0] = ZINC_ARG(k->state);
	k->arg[1] = ZINC_ARG(k->out);
	k->arg[2] = ZINC_ARG(c->in);
	k->arg[3] = c->len;
	zinc_call_part(k, "output", k->out, c->len);
	zinc_call_part(k, "state", k->state, 64);
}

static void xor_call(const void *fn, const uint64_t a[6])
{
	((xor_fn *)fn)(ZINC_PTR(a[0]), ZINC_PTR(a[1]), ZINC_PTR(a[2]), a[3]);
}

static const struct zinc_entry_kind xor_kind = {
	.name = "xor_stream", .setup = xor_setup, .call = xor_call,
};

/* A random nonce and key (in aux), the subkey. */
static void hchacha20_setup(const struct zinc_entry *e, const struct zinc_case *c,
			    struct zinc_call *k)
{
	uint64_t seed = c->seed;

	zinc_case_fill(k->aux, 48, &seed);
	k->arg[0] = ZINC_ARG(k->out);
	k->arg[1] = ZINC_ARG(k->aux);
	k->arg[2] = ZINC_ARG(k->aux + 16);
	zinc_call_part(k, "subkey", k->out, HCHACHA20_OUT_SIZE);
}

static void hchacha20_call(const void *fn, const uint64_t a[6])
{
	((hchacha20_fn *)fn)(ZINC_PTR(a[0]), ZINC_PTR(a[1]), ZINC_PTR(a[2]));
}

/* One call per row, whatever the length class. */
static size_t once(size_t len)
{
	return len ? SIZE_MAX : 0;
}

static const struct zinc_entry_kind hchacha20_kind = {
	.name = "hchacha20", .fit = once, .setup = hchacha20_setup, .call = hchacha20_call,
};

#define HCHACHA20(fn) ZINC_ENTRY_FN(fn)
#define NO_HCHACHA20 NULL
#define ROW(id, name, needs, min_len, xor_stream, hchacha20)                              \
	{ name, CHACHA20_ROW_##id, needs, &xor_kind, ZINC_ENTRY_FN(xor_stream) },          \
	{ name, CHACHA20_ROW_##id, needs, &hchacha20_kind, hchacha20 },
static const struct zinc_entry entries[] = {
#include "lib/chacha20/rows.h"
};

const struct zinc_entries chacha20_entries = { "chacha20", entries, ARRAY_SIZE(entries) };

/* ---- The description ---- */
#include <zinc/chacha20.h>

#include "lib/common/describe.h"

static void row(size_t r, struct zinc_row *row)
{
	zinc_row_named(row, chacha20_impls[r].name, chacha20_impls[r].features);
}

/*
 * chacha20: the message from block 1 in two calls cut at split, the block
 * counter after them (4 bytes, little-endian); then the message in place
 * from block 0xffffffff (the counter wraps), one call, and the counter.
 */
static size_t put_counter(uint8_t *out, const struct chacha20_ctx *ctx)
{
	put_unaligned_le32(ctx->state[12], out);
	return 4;
}

static size_t chacha20_run(const struct chacha20_impl *impl, const struct zinc_args *a,
			   uint8_t *out)
{
	uint8_t *at = out;
	struct chacha20_ctx ctx;

	chacha20_init(&ctx, a->key, a->nonce, 1);
	if (impl) {
		impl->xor_stream(ctx.state, at, a->in, a->split);
		impl->xor_stream(ctx.state, at + a->split, a->in + a->split, a->len - a->split);
	} else {
		chacha20(&ctx, at, a->in, a->split);
		chacha20(&ctx, at + a->split, a->in + a->split, a->len - a->split);
	}
	at += a->len;
	at += put_counter(at, &ctx);
	memcpy(at, a->in, a->len);
	chacha20_init(&ctx, a->key, a->nonce, 0xffffffffu);
	if (impl)
		impl->xor_stream(ctx.state, at, at, a->len);
	else
		chacha20(&ctx, at, at, a->len);
	at += a->len;
	at += put_counter(at, &ctx);
	return (size_t)(at - out);
}

static size_t chacha20_on_row(size_t r, const struct zinc_args *a, uint8_t *out)
{
	return chacha20_run(&chacha20_impls[r], a, out);
}

static size_t chacha20_on_public(const struct zinc_args *a, uint8_t *out)
{
	return chacha20_run(NULL, a, out);
}

static size_t hchacha20_on_row(size_t r, const struct zinc_args *a, uint8_t *out)
{
	if (!chacha20_impls[r].hchacha20)
		return ZINC_OP_NONE;
	chacha20_impls[r].hchacha20(out, a->nonce, a->key);
	return HCHACHA20_OUT_SIZE;
}

static size_t hchacha20_on_public(const struct zinc_args *a, uint8_t *out)
{
	hchacha20(out, a->nonce, a->key);
	return HCHACHA20_OUT_SIZE;
}

static const struct zinc_op ops[] = {
	{ .name = "chacha20", .inputs = ZINC_KEY | ZINC_NONCE | ZINC_MSG,
	  .secret = ZINC_KEY | ZINC_MSG, .key_min = CHACHA20_KEY_SIZE,
	  .key_max = CHACHA20_KEY_SIZE, .nonce_len = CHACHA20_NONCE_SIZE, .max_len = SIZE_MAX,
	  .split_unit = CHACHA20_BLOCK_SIZE,
	  .run_row = chacha20_on_row, .run_public = chacha20_on_public, .public_calls = 5,
	  .public_names = "chacha20_init, chacha20" },
	{ .name = "hchacha20", .inputs = ZINC_KEY | ZINC_NONCE, .secret = ZINC_KEY,
	  .key_min = HCHACHA20_KEY_SIZE, .key_max = HCHACHA20_KEY_SIZE,
	  .nonce_len = HCHACHA20_NONCE_SIZE, .run_row = hchacha20_on_row,
	  .run_public = hchacha20_on_public, .public_calls = 1, .public_names = "hchacha20" },
};

const struct zinc_primitive chacha20_primitive = {
	.name = "chacha20", .nrows = CHACHA20_NROWS, .row = row, .ops = ops,
	.nops = ARRAY_SIZE(ops),
};
#endif
