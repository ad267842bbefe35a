/* SPDX-License-Identifier: MIT */
/*
 * zinc_selftest(): the vectors of selftest_vectors.h (generated from
 * vectors/, which cites the RFC section of each) through every usable row
 * of every backend table and through the public functions. Then, because
 * the vectors are short (at most 375 bytes) and wide rows only open their
 * main loops on longer messages, each ChaCha20, Poly1305 and BLAKE2s row is
 * compared with the table's first row (the generic C, just checked against
 * the vectors) on one message of LONG bytes, and each stitched AEAD row with
 * the generic pair.
 */
#include <stdio.h>
#include <stdlib.h>
#include <zinc/selftest.h>

#include "lib/blake2s/blake2s.h"
#include "lib/blake2s/entries.h"
#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/chacha20poly1305/entries.h"
#include "lib/common/cpu.h"
#include "lib/common/util.h"
#include "lib/curve25519/curve25519.h"
#include "lib/poly1305/entries.h"
#include "lib/selftest/selftest.h"
#include "lib/selftest/selftest_vectors.h"

/* Longest vector message, and the length of the row-against-generic
 * message: two 1 KiB strides of the widest rows and a ragged tail. */
enum { MAX_MSG = 512, LONG = 2 * 1024 + 37 };
/* The long AEAD message reaches the stitched kernels (past a long head of
 * 64 bytes and one step) and decryption's one pass
 * (lib/chacha20poly1305/sizes.h), where AEAD_STITCH_CARRY and
 * AEAD_OPEN_TAIL are caught. */
_Static_assert(LONG >= 64 + CHACHA20POLY1305_STEP && LONG <= CHACHA20POLY1305_OPEN_MAX_LEN,
	       "LONG must reach the stitched kernels and decryption's one pass");

static bool fail(char *why, size_t size, const char *row, const char *what,
		 const char *source)
{
	if (why && size)
		snprintf(why, size, "%s: %s (%s)", row, what, source);
	return false;
}

static bool same(const uint8_t *got, const struct st_bytes *want)
{
	return !memcmp(got, want->p, want->n);
}

static bool too_long(const struct st_bytes *b, char *why, size_t size, const char *source)
{
	if (b->n <= MAX_MSG)
		return false;
	fail(why, size, "selftest", "vector longer than its buffers", source);
	return true;
}

/* The message the long comparisons use: a ChaCha20 keystream. */
static void long_message(uint8_t msg[LONG])
{
	const struct st_chacha20 *t = &st_chacha20[0];
	struct chacha20_ctx ctx;

	memset(msg, 0, LONG);
	chacha20_init(&ctx, t->key.p, t->nonce.p, t->counter);
	chacha20_impls[0].xor_stream(ctx.state, msg, msg, LONG);
}

/* The HChaCha20 vectors through every usable row that has it and through
 * hchacha20(). */
static bool run_hchacha20(char *why, size_t size)
{
	uint8_t out[MAX_MSG];

	for (size_t v = 0; v < ARRAY_SIZE(st_hchacha20); v++) {
		const struct st_hchacha20 *t = &st_hchacha20[v];

		for (size_t i = 0; i < chacha20_nimpls; i++) {
			const struct chacha20_impl *impl = &chacha20_impls[i];

			if (!impl->hchacha20 || !zinc_cpu_have(impl->features))
				continue;
			impl->hchacha20(out, t->nonce.p, t->key.p);
			if (!same(out, &t->output))
				return fail(why, size, impl->name, "HChaCha20", t->source);
		}
		hchacha20(out, t->nonce.p, t->key.p);
		if (!same(out, &t->output))
			return fail(why, size, hchacha20_pick()->name, "hchacha20()", t->source);
	}
	return true;
}

static bool run_chacha20(char *why, size_t size)
{
	static const char long_src[] = "the LONG-byte message against the generic row";
	uint8_t out[MAX_MSG], msg[LONG], want[LONG], got[LONG];
	struct chacha20_ctx ctx;

	for (size_t v = 0; v < ARRAY_SIZE(st_chacha20); v++) {
		const struct st_chacha20 *t = &st_chacha20[v];
		const uint32_t next = t->counter + (uint32_t)((t->input.n + 63) / 64);

		if (too_long(&t->input, why, size, t->source))
			return false;
		for (size_t i = 0; i < chacha20_nimpls; i++) {
			const struct chacha20_impl *impl = &chacha20_impls[i];

			if (!zinc_cpu_have(impl->features))
				continue;
			chacha20_init(&ctx, t->key.p, t->nonce.p, t->counter);
			impl->xor_stream(ctx.state, out, t->input.p, t->input.n);
			if (!same(out, &t->output))
				return fail(why, size, impl->name, "ChaCha20 output", t->source);
			if (ctx.state[12] != next)
				return fail(why, size, impl->name, "ChaCha20 block counter after",
					    t->source);
		}
		chacha20_init(&ctx, t->key.p, t->nonce.p, t->counter);
		chacha20(&ctx, out, t->input.p, t->input.n);
		if (!same(out, &t->output))
			return fail(why, size, chacha20_pick(t->input.n)->name,
				    "chacha20() output", t->source);
	}
	if (!run_hchacha20(why, size))
		return false;

	long_message(msg);
	for (size_t i = 0; i < chacha20_nimpls; i++) {
		const struct chacha20_impl *impl = &chacha20_impls[i];
		uint8_t *dst = i ? got : want;

		if (!zinc_cpu_have(impl->features))
			continue;
		chacha20_init(&ctx, st_chacha20[0].key.p, st_chacha20[0].nonce.p, 7);
		impl->xor_stream(ctx.state, dst, msg, LONG);
		if (i && memcmp(got, want, LONG))
			return fail(why, size, impl->name, "ChaCha20", long_src);
	}
	return true;
}

static bool run_poly1305(char *why, size_t size)
{
	static const char long_src[] = "the LONG-byte message against the first row";
	uint8_t mac[POLY1305_MAC_SIZE], want[POLY1305_MAC_SIZE], msg[LONG];
	struct poly1305_ctx ctx;

	for (size_t v = 0; v < ARRAY_SIZE(st_poly1305); v++) {
		const struct st_poly1305 *t = &st_poly1305[v];
		const size_t n = t->input.n;

		for (uint32_t i = 0; i < poly1305_nimpls; i++) {
			if (!zinc_cpu_have(poly1305_impls[i].features))
				continue;
			poly1305_row_split(i, mac, t->key.p, t->input.p, n, n / 2);
			if (!same(mac, &t->tag))
				return fail(why, size, poly1305_impls[i].name, "Poly1305 tag",
					    t->source);
		}
		poly1305(mac, t->input.p, n, t->key.p);
		if (!same(mac, &t->tag))
			return fail(why, size, poly1305_impls[poly1305_pick(n)].name,
				    "poly1305() tag", t->source);
		poly1305_init(&ctx, t->key.p);
		poly1305_update(&ctx, t->input.p, n);
		poly1305_final(&ctx, mac);
		if (!same(mac, &t->tag))
			return fail(why, size, poly1305_impls[poly1305_pick(SIZE_MAX)].name,
				    "poly1305_init/update/final tag", t->source);
	}

	long_message(msg);
	for (uint32_t i = 0; i < poly1305_nimpls; i++) {
		if (!zinc_cpu_have(poly1305_impls[i].features))
			continue;
		poly1305_row_split(i, i ? mac : want, msg + LONG - 32, msg, LONG - 32, 1000);
		if (i && memcmp(mac, want, sizeof(mac)))
			return fail(why, size, poly1305_impls[i].name, "Poly1305 tag", long_src);
	}
	return true;
}

/* encrypt = Output || Tag, decrypt gives Input back, and with the last tag
 * byte changed decrypt returns false and zeroes its output. */
static bool aead_vector(const struct aead_variant *a, const struct aead_way *w, const char *row,
			const struct st_chacha20poly1305 *t, char *why, size_t size)
{
	uint8_t sealed[MAX_MSG + 16], opened[MAX_MSG];
	const size_t n = t->input.n;

	aead_way_encrypt(a, w, sealed, t->input.p, n, t->ad.p, t->ad.n, t->nonce.p, t->key.p);
	if (!same(sealed, &t->output) || !same(sealed + n, &t->tag))
		return fail(why, size, row, "AEAD encrypt", t->source);
	for (int flip = 0; flip < 2; flip++) {
		bool ok;

		sealed[n + 15] ^= (uint8_t)flip;
		memset(opened, 0xa5, n);
		ok = aead_way_decrypt(a, w, opened, sealed, n + 16, t->ad.p, t->ad.n, t->nonce.p,
				      t->key.p);
		if (!flip && (!ok || !same(opened, &t->input)))
			return fail(why, size, row, "AEAD decrypt", t->source);
		if (flip && (ok || (n && (opened[0] || memcmp(opened, opened + 1, n - 1)))))
			return fail(why, size, row, "AEAD decrypt of a changed tag", t->source);
	}
	return true;
}

/* Every usable (ChaCha20 row, Poly1305 row) pair, then the public
 * functions. */
static bool run_aead(const struct aead_variant *a, const struct st_chacha20poly1305 *vecs,
		     size_t nvecs, char *why, size_t size)
{
	char row[128];

	for (size_t v = 0; v < nvecs; v++) {
		const struct st_chacha20poly1305 *t = &vecs[v];
		struct aead_way w;

		if (too_long(&t->input, why, size, t->source))
			return false;
		for (size_t at = 0; aead_way_next(&w, &at, AEAD_WAY_PAIRS | AEAD_WAY_PUBLIC);) {
			/* The rows the public functions pick (chacha20poly1305.c). */
			if (w.kind == AEAD_WAY_PUBLIC)
				snprintf(row, sizeof(row), "public functions (%s + %s)",
					 chacha20_pick(t->input.n)->name,
					 poly1305_impls[poly1305_pick(
							 ((t->ad.n + 15) & ~(size_t)15) +
							 ((t->input.n + 15) & ~(size_t)15) + 16)]
						 .name);
			if (!aead_vector(a, &w, w.kind == AEAD_WAY_PUBLIC ? row : w.name, t, why, size))
				return false;
		}
	}
	return true;
}

/* Each stitched row's encryption against the generic pair's on one message
 * of LONG bytes (their kernels take over from 577 bytes), with the key,
 * nonce and AD of vector t, and its decryption back. */
static bool long_aead_rows(const struct aead_variant *a, const struct st_chacha20poly1305 *t,
			   char *why, size_t size)
{
	static const char long_src[] = "the LONG-byte message against the generic pair";
	uint8_t msg[LONG], want[LONG + 16], got[LONG + 16];
	struct aead_way w;

	long_message(msg);
	aead_way_pair(&w, CHACHA20_ROW_GENERIC, 0);
	aead_way_encrypt(a, &w, want, msg, LONG, t->ad.p, t->ad.n, t->nonce.p, t->key.p);
	for (size_t at = 0; aead_way_next(&w, &at, AEAD_WAY_ROWS);) {
		aead_way_encrypt(a, &w, got, msg, LONG, t->ad.p, t->ad.n, t->nonce.p, t->key.p);
		if (memcmp(got, want, sizeof(got)))
			return fail(why, size, w.name, "AEAD encrypt", long_src);
		if (!aead_way_decrypt(a, &w, got, want, sizeof(want), t->ad.p, t->ad.n, t->nonce.p,
				      t->key.p) ||
		    memcmp(got, msg, sizeof(msg)))
			return fail(why, size, w.name, "AEAD decrypt", long_src);
	}
	return true;
}

static bool run_chacha20poly1305(char *why, size_t size)
{
	const struct aead_variant *a = &aead_chacha20poly1305;

	return run_aead(a, st_chacha20poly1305, ARRAY_SIZE(st_chacha20poly1305), why, size) &&
	       long_aead_rows(a, &st_chacha20poly1305[0], why, size);
}

static bool run_xchacha20poly1305(char *why, size_t size)
{
	const struct aead_variant *a = &aead_xchacha20poly1305;
	/* The generated struct has the same fields in the same order. */
	struct st_chacha20poly1305 t;

	for (size_t v = 0; v < ARRAY_SIZE(st_xchacha20poly1305); v++) {
		const struct st_xchacha20poly1305 *x = &st_xchacha20poly1305[v];

		t = (struct st_chacha20poly1305){ x->source, x->key, x->nonce, x->ad,
						  x->input, x->output, x->tag };
		if (!run_aead(a, &t, 1, why, size) || (!v && !long_aead_rows(a, &t, why, size)))
			return false;
	}
	return true;
}

static bool run_blake2s(char *why, size_t size)
{
	static const char long_src[] = "the LONG-byte message against the generic row";
	uint8_t out[BLAKE2S_HASH_SIZE], want[BLAKE2S_HASH_SIZE], msg[LONG];
	struct blake2s_state st;

	for (size_t v = 0; v < ARRAY_SIZE(st_blake2s); v++) {
		const struct st_blake2s *t = &st_blake2s[v];
		const size_t n = t->input.n;

		for (size_t i = 0; i < blake2s_nimpls; i++) {
			const struct blake2s_impl *impl = &blake2s_impls[i];

			if (!zinc_cpu_have(impl->features))
				continue;
			blake2s_row_split(impl, out, t->output.n, t->key.p, t->key.n, t->input.p,
					  n, n / 2);
			if (!same(out, &t->output))
				return fail(why, size, impl->name, "BLAKE2s digest", t->source);
		}
		if (!blake2s(out, t->input.p, t->key.p, t->output.n, n, t->key.n) ||
		    !same(out, &t->output))
			return fail(why, size, blake2s_pick(n)->name, "blake2s() digest",
				    t->source);
		blake2s_init_key(&st, t->output.n, t->key.p, t->key.n);
		blake2s_update(&st, t->input.p, n);
		blake2s_final(&st, out);
		if (!same(out, &t->output))
			return fail(why, size, blake2s_pick(n)->name,
				    "blake2s_init_key/update/final digest", t->source);
	}

	long_message(msg);
	for (size_t i = 0; i < blake2s_nimpls; i++) {
		const struct blake2s_impl *impl = &blake2s_impls[i];

		if (!zinc_cpu_have(impl->features))
			continue;
		blake2s_row_split(impl, i ? out : want, BLAKE2S_HASH_SIZE, msg, 32, msg + 32,
				  LONG - 32, 1000);
		if (i && memcmp(out, want, sizeof(out)))
			return fail(why, size, impl->name, "BLAKE2s digest", long_src);
	}
	return true;
}

/*
 * A ladder is the slowest thing here (about 0.1 ms in curve25519-generic64,
 * 0.8 ms in curve25519-generic32), so each row runs the vectors on other
 * points (RFC 7748's second, whose point has bit 255 set) and the base-point
 * vectors only when it has its own base-point code; the public functions
 * run every vector, curve25519_generate_public the base-point ones.
 */
static bool run_curve25519(char *why, size_t size)
{
	static const uint8_t base[CURVE25519_KEY_SIZE] = { 9 };
	uint8_t out[CURVE25519_KEY_SIZE];

	for (size_t v = 0; v < ARRAY_SIZE(st_x25519); v++) {
		const struct st_x25519 *t = &st_x25519[v];
		const bool is_base = !memcmp(t->point.p, base, sizeof(base));

		for (size_t i = 0; i < curve25519_nimpls; i++) {
			const struct curve25519_impl *impl = &curve25519_impls[i];

			if (!zinc_cpu_have(impl->features) || (is_base && !impl->scalarmult_base))
				continue;
			if (is_base ? !curve25519_generate_public_with(impl, out, t->scalar.p)
				    : !curve25519_with(impl, out, t->scalar.p, t->point.p))
				return fail(why, size, impl->name, "X25519 returned false", t->source);
			if (!same(out, &t->output))
				return fail(why, size, impl->name, "X25519", t->source);
		}
		if (is_base ? !curve25519_generate_public(out, t->scalar.p)
			    : !curve25519(out, t->scalar.p, t->point.p))
			return fail(why, size, curve25519_pick()->name,
				    "curve25519() returned false", t->source);
		if (!same(out, &t->output))
			return fail(why, size, curve25519_pick()->name,
				    is_base ? "curve25519_generate_public()" : "curve25519()",
				    t->source);
	}
	return true;
}

const struct zinc_selftest_part zinc_selftest_parts[] = {
	{ "chacha20", run_chacha20 },
	{ "poly1305", run_poly1305 },
	{ "chacha20poly1305", run_chacha20poly1305 },
	{ "xchacha20poly1305", run_xchacha20poly1305 },
	{ "blake2s", run_blake2s },
	{ "curve25519", run_curve25519 },
};

const size_t zinc_selftest_nparts = ARRAY_SIZE(zinc_selftest_parts);

bool zinc_selftest_explain(char *why, size_t size)
{
	for (size_t i = 0; i < zinc_selftest_nparts; i++)
		if (!zinc_selftest_parts[i].run(why, size))
			return false;
	return true;
}

bool zinc_selftest(void)
{
	return zinc_selftest_explain(NULL, 0);
}

void zinc_selftest_or_abort(void)
{
	char why[256];

	if (zinc_selftest_explain(why, sizeof(why)))
		return;
	fprintf(stderr, "zinc: self-test failed: %s\n", why);
	abort();
}
