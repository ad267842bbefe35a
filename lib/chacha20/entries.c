/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20's entry descriptions (lib/common/entry.h), one per row and entry
 * kind of lib/chacha20/rows.h: xor_stream (the state taken and given back,
 * the output) and hchacha20 (the subkey).
 */
#include <string.h>

#include "lib/chacha20/chacha20.h"

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

const struct zinc_entries chacha20_entries = { "chacha20", entries,
					       sizeof(entries) / sizeof(entries[0]) };
#endif
