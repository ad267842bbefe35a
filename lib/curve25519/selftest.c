/* SPDX-License-Identifier: MIT */
/*
 * Curve25519's part of zinc_selftest() (CURVE25519_SELFTESTS): the X25519
 * vectors through every usable row and the public functions.
 */
#include "lib/curve25519/curve25519.h"
#include "lib/selftest/check.h"

/*
 * A ladder is the slowest thing here (about 0.1 ms in curve25519-generic64,
 * 0.8 ms in curve25519-generic32), so each row runs the vectors on other
 * points (RFC 7748's second, whose point has bit 255 set) and the base-point
 * vectors only when it has its own base-point code; the public functions
 * run every vector, curve25519_generate_public the base-point ones.
 */
bool curve25519_selftest(char *why, size_t size)
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

