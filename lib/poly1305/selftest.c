/* SPDX-License-Identifier: MIT */
/*
 * Poly1305's part of zinc_selftest() (POLY1305_SELFTESTS): the vectors
 * through every usable row, split in two updates, and the public functions,
 * then each row against the first on the long message
 * (lib/selftest/check.h).
 */
#include "lib/poly1305/poly1305.h"
#include "lib/selftest/check.h"

bool poly1305_selftest(char *why, size_t size)
{
	static const char long_src[] = "the LONG-byte message against the first row";
	uint8_t mac[POLY1305_MAC_SIZE], want[POLY1305_MAC_SIZE], msg[LONG];
	struct poly1305_ctx ctx;
	struct vote vote = { 0 };

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
		vote_add(&vote, poly1305_impls[i].name, i ? mac : want, want, sizeof(mac));
	}
	return vote_verdict(&vote, why, size, "Poly1305 tag", long_src);
}
