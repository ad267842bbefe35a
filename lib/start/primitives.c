/* SPDX-License-Identifier: MIT */
/*
 * Every primitive's description (lib/common/describe.h), in the order the
 * harnesses report them: the one list a new primitive is added to.
 * ZINC_TESTING builds only.
 */
#ifdef ZINC_TESTING
#include "lib/blake2s/blake2s.h"
#include "lib/chacha20/chacha20.h"
#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/common/describe.h"
#include "lib/curve25519/curve25519.h"
#include "lib/poly1305/poly1305.h"

const struct zinc_primitive *const zinc_primitives[] = {
	&chacha20_primitive,	      &poly1305_primitive, &chacha20poly1305_primitive,
	&xchacha20poly1305_primitive, &blake2s_primitive,  &curve25519_primitive,
};
const size_t zinc_nprimitives = ZINC_NELEMS(zinc_primitives);
#endif
