/* SPDX-License-Identifier: MIT */
/*
 * Poly1305's known answers (vectors/poly1305.txt) on every usable row of
 * poly1305_impls, streamed in two parts and one-shot, and through the public
 * API under every feature subset (vectors/runner.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zinc/poly1305.h>

#include "lib/poly1305/poly1305.h"
#include "vectors/runner.h"

static const char *const hex_fields[] = { "Key", "Input", "Tag", NULL };
static const char *const int_fields[] = { NULL };

/* Poly1305: one row by index, or the public functions (impl < 0). */
static void poly_run(const struct vec_record *rec, long impl)
{
	const uint8_t *key = vec_hex(rec, "Key", POLY1305_KEY_SIZE, NULL);
	const uint8_t *want = vec_hex(rec, "Tag", POLY1305_MAC_SIZE, NULL);
	size_t len, half;
	const uint8_t *in = vec_hex(rec, "Input", VEC_ANY, &len);
	uint8_t *mac = vec_alloc(POLY1305_MAC_SIZE);
	struct poly1305_ctx ctx;

	half = len / 2;
	if (impl >= 0) {
		poly1305_row_split((uint32_t)impl, mac, key, in, len, half);
	} else {
		poly1305_init(&ctx, key);
		poly1305_update(&ctx, in, half);
		poly1305_update(&ctx, in + half, len - half);
		poly1305_final(&ctx, mac);
	}
	CHECK_MEM(mac, want, POLY1305_MAC_SIZE, FAIL_FMT,
		  FAIL_ARGS(rec, impl >= 0 ? "poly1305 init/update(2 parts)/final"
				: picks("poly1305 init/update(2 parts)/final",
					poly1305_impls[poly1305_pick(len)].name)));
	if (impl >= 0) {
		poly1305_row_mac((uint32_t)impl, mac, in, len, key);
		CHECK_MEM(mac, want, POLY1305_MAC_SIZE, FAIL_FMT,
			  FAIL_ARGS(rec, "poly1305_row_mac (the row's one-shot)"));
	} else {
		poly1305(mac, in, len, key);
		CHECK_MEM(mac, want, POLY1305_MAC_SIZE, FAIL_FMT,
			  FAIL_ARGS(rec, picks("poly1305()", poly1305_impls[poly1305_pick(len)].name)));
	}
	free(mac);
}

static void run_poly1305(void)
{
	struct vec_set ps;

	load(&ps, "poly1305.txt", hex_fields, int_fields);
	for (size_t i = 0; i < poly1305_nimpls; i++) {
		unsigned long ran = 0;

		if (!row_usable(poly1305_impls[i].name, poly1305_impls[i].features))
			continue;
		FOR_EACH_RECORD(&ps, rec) {
			poly_run(rec, (long)i);
			ran++;
		}
		report_row(poly1305_impls[i].name, ran);
	}
	for (size_t s = 0; next_subset(s); s++) {
		FOR_EACH_RECORD(&ps, rec)
			poly_run(rec, -1);
	}
	report_public(ps.n);
	vec_free(&ps);
}

VECTORS_RUNNER(poly1305, run_poly1305)
