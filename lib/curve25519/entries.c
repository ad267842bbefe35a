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
#include "lib/common/util.h"

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

/* ---- The description (lib/common/describe.h) ---- */
#include "lib/common/describe.h"

static void row(size_t r, struct zinc_row *row)
{
	zinc_row_named(row, curve25519_impls[r].name, curve25519_impls[r].features);
}

/*
 * x25519: the shared secret of the scalar (key) and the point (the
 * message), then of the scalar and two points at the edges of the input's
 * domain: u = 2^256 - 1 (above p, bit 255 set: both ignored) and u = 0 (of
 * low order: an all-zero result, false). Each result is 32 bytes and the
 * verdict.
 */
enum { X25519_RUN = CURVE25519_KEY_SIZE + 1 };

static size_t x25519_run(const struct curve25519_impl *impl, const struct zinc_args *a,
			 uint8_t *out)
{
	uint8_t points[3][CURVE25519_KEY_SIZE];

	memcpy(points[0], a->in, CURVE25519_KEY_SIZE);
	memset(points[1], 0xff, CURVE25519_KEY_SIZE);
	memset(points[2], 0, CURVE25519_KEY_SIZE);
	for (size_t i = 0; i < 3; i++) {
		uint8_t *at = out + i * X25519_RUN;

		at[CURVE25519_KEY_SIZE] = impl ? curve25519_with(impl, at, a->key, points[i])
					       : curve25519(at, a->key, points[i]);
	}
	return 3 * X25519_RUN;
}

static size_t x25519_on_row(size_t r, const struct zinc_args *a, uint8_t *out)
{
	return x25519_run(&curve25519_impls[r], a, out);
}

static size_t x25519_on_public(const struct zinc_args *a, uint8_t *out)
{
	return x25519_run(NULL, a, out);
}

/* x25519_base: the public key of the scalar (key) and the verdict. */
static size_t base_on_row(size_t r, const struct zinc_args *a, uint8_t *out)
{
	out[CURVE25519_KEY_SIZE] = curve25519_generate_public_with(&curve25519_impls[r], out, a->key);
	return X25519_RUN;
}

static size_t base_on_public(const struct zinc_args *a, uint8_t *out)
{
	uint8_t secret[CURVE25519_KEY_SIZE];

	memcpy(secret, a->key, sizeof(secret));
	curve25519_clamp_secret(secret);
	out[CURVE25519_KEY_SIZE] = curve25519_generate_public(out, secret);
	memzero_explicit(secret, sizeof(secret));
	return X25519_RUN;
}

static const struct zinc_op ops[] = {
	{ .name = "x25519", .inputs = ZINC_KEY | ZINC_MSG, .secret = ZINC_KEY | ZINC_MSG,
	  .key_min = CURVE25519_KEY_SIZE, .key_max = CURVE25519_KEY_SIZE,
	  .in_len = CURVE25519_KEY_SIZE, .run_row = x25519_on_row, .run_public = x25519_on_public,
	  .public_calls = 3, .public_names = "curve25519" },
	{ .name = "x25519_base", .inputs = ZINC_KEY, .secret = ZINC_KEY,
	  .key_min = CURVE25519_KEY_SIZE, .key_max = CURVE25519_KEY_SIZE, .run_row = base_on_row,
	  .run_public = base_on_public, .public_calls = 2,
	  .public_names = "curve25519_clamp_secret, curve25519_generate_public" },
};

const struct zinc_primitive curve25519_primitive = {
	.name = "curve25519", .nrows = CURVE25519_NROWS, .row = row, .ops = ops,
	.nops = ARRAY_SIZE(ops),
};

const struct zinc_entries curve25519_entries = { "curve25519", entries, ARRAY_SIZE(entries) };
#endif
