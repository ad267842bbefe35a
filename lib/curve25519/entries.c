/* SPDX-License-Identifier: MIT */
/*
 * Curve25519's entry descriptions (lib/common/entry.h), one per row and
 * entry kind of lib/curve25519/rows.h: scalarmult (a random clamped scalar
 * and a random point) and scalarmult_base (the scalar), each giving the
 * u-coordinate. No length: each is called at the length classes under 16
 * bytes, a few calls with different inputs.
 */
#include <string.h>

#include "lib/curve25519/curve25519.h"

#ifdef ZINC_TESTING
#include "lib/common/entry.h"

typedef void scalarmult_fn(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
typedef void base_fn(uint8_t out[32], const uint8_t scalar[32]);

static size_t few(size_t len)
{
	return len < 16 ? len : SIZE_MAX;
}

/* aux: the clamped scalar, then the point. */
static void setup(const struct zinc_case *c, struct zinc_call *k)
{
	uint64_t seed = c->seed;

	zinc_case_fill(k->aux, 64, &seed);
	curve25519_clamp_secret(k->aux);
	k->arg[0] = ZINC_ARG(k->out);
	k->arg[1] = ZINC_ARG(k->aux);
	k->arg[2] = ZINC_ARG(k->aux + 32);
	zinc_call_part(k, "u-coordinate", k->out, CURVE25519_KEY_SIZE);
}

static void scalarmult_setup(const struct zinc_entry *e, const struct zinc_case *c,
			     struct zinc_call *k)
{
	setup(c, k);
}

static void base_setup(const struct zinc_entry *e, const struct zinc_case *c, struct zinc_call *k)
{
	setup(c, k);
	k->arg[2] = 0;
}

static void scalarmult_call(const void *fn, const uint64_t a[6])
{
	((scalarmult_fn *)fn)(ZINC_PTR(a[0]), ZINC_PTR(a[1]), ZINC_PTR(a[2]));
}

static void base_call(const void *fn, const uint64_t a[6])
{
	((base_fn *)fn)(ZINC_PTR(a[0]), ZINC_PTR(a[1]));
}

static const struct zinc_entry_kind scalarmult_kind = {
	.name = "scalarmult", .fit = few, .setup = scalarmult_setup, .call = scalarmult_call,
};
static const struct zinc_entry_kind base_kind = {
	.name = "scalarmult_base", .fit = few, .setup = base_setup, .call = base_call,
};

#define ROW(id, name, needs, scalarmult, scalarmult_base, field)                           \
	{ name, CURVE25519_ROW_##id, needs, &scalarmult_kind, ZINC_ENTRY_FN(scalarmult) },  \
	{ name, CURVE25519_ROW_##id, needs, &base_kind, ZINC_ENTRY_FN(scalarmult_base) },
static const struct zinc_entry entries[] = {
#include "lib/curve25519/rows.h"
};

const struct zinc_entries curve25519_entries = { "curve25519", entries,
						 sizeof(entries) / sizeof(entries[0]) };
#endif
