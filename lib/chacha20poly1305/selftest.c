/* SPDX-License-Identifier: MIT */
/*
 * The AEADs' part of zinc_selftest() (CHACHA20POLY1305_SELFTESTS): the
 * ChaCha20-Poly1305 and XChaCha20-Poly1305 vectors through every usable
 * (ChaCha20 row, Poly1305 row) pair, every stitched row and the public
 * functions, then each stitched row against the generic pair on the long
 * message (lib/selftest/check.h).
 */
#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/chacha20poly1305/entries.h"
#include "lib/selftest/check.h"

/* The long AEAD message reaches the stitched kernels (past a long head of
 * 64 bytes and one step) and decryption's one pass
 * (lib/chacha20poly1305/sizes.h), where AEAD_STITCH_CARRY and
 * AEAD_OPEN_TAIL are caught. */
_Static_assert(LONG >= 64 + CHACHA20POLY1305_STEP && LONG <= CHACHA20POLY1305_OPEN_MAX_LEN,
	       "LONG must reach the stitched kernels and decryption's one pass");

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
	char names[CHACHA20POLY1305_NROWS + 1][sizeof(((struct aead_way *)0)->name)];
	struct aead_way w;
	struct vote vote = { 0 };
	size_t n = 0;

	long_message(msg);
	aead_way_pair(&w, CHACHA20_ROW_GENERIC, 0);
	aead_way_encrypt(a, &w, want, msg, LONG, t->ad.p, t->ad.n, t->nonce.p, t->key.p);
	memcpy(names[n], w.name, sizeof(names[n]));
	vote_add(&vote, names[n++], want, want, sizeof(want));
	for (size_t at = 0; aead_way_next(&w, &at, AEAD_WAY_ROWS);) {
		aead_way_encrypt(a, &w, got, msg, LONG, t->ad.p, t->ad.n, t->nonce.p, t->key.p);
		memcpy(names[n], w.name, sizeof(names[n]));
		vote_add(&vote, names[n++], got, want, sizeof(got));
		if (!memcmp(got, want, sizeof(got)) &&
		    (!aead_way_decrypt(a, &w, got, want, sizeof(want), t->ad.p, t->ad.n, t->nonce.p,
				       t->key.p) ||
		     memcmp(got, msg, sizeof(msg))))
			return fail(why, size, w.name, "AEAD decrypt", long_src);
	}
	return vote_verdict(&vote, why, size, "AEAD encrypt", long_src);
}

bool chacha20poly1305_selftest(char *why, size_t size)
{
	const struct aead_variant *a = &aead_chacha20poly1305;

	return run_aead(a, st_chacha20poly1305, ARRAY_SIZE(st_chacha20poly1305), why, size) &&
	       long_aead_rows(a, &st_chacha20poly1305[0], why, size);
}

bool xchacha20poly1305_selftest(char *why, size_t size)
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

