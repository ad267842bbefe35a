/* SPDX-License-Identifier: MIT */
/*
 * The C side of the MIPS Poly1305 rows (arch/mips/poly1305-mips.S,
 * MIPS32r2 in both byte orders; arch/mips64/poly1305-mips64.S, MIPS64r2
 * n64): the state layouts the assembly addresses, and their state-level
 * access for tests.
 */
#include <stddef.h>
#include <zinc/poly1305.h>

#include "lib/common/util.h"
#include "lib/poly1305/poly1305.h"

#ifdef ZINC_ASM_MIPS
struct poly1305_mips {
	uint32_t h[5];  /* h0 + h1 2^32 + h2 2^64 + h3 2^96 + h4 2^128, h4 <= 4 */
	uint32_t r[4];  /* clamped r */
};

_Static_assert(offsetof(struct poly1305_mips, r) == 20 &&
		       POLY1305_STATE_IS(struct poly1305_mips, POLY1305_MIPS_STATE),
	       "poly1305-mips.S addresses h at 0 and r at 20");

#ifdef ZINC_TESTING
/* h4 <= 4 on entry to blocks() and emit() (poly1305-mips.S). */
const struct poly1305_test poly1305_mips_test = { POLY1305_TEST_H32(4) };
#endif
#endif /* ZINC_ASM_MIPS */

#ifdef ZINC_ASM_MIPS64
struct poly1305_mips64 {
	uint64_t h[3];      /* h0 + h1 2^64 + h2 2^128, h2 <= 4 */
	uint64_t r0, r1;    /* clamped r */
};

_Static_assert(offsetof(struct poly1305_mips64, r0) == 24 &&
		       POLY1305_STATE_IS(struct poly1305_mips64, POLY1305_MIPS64_STATE),
	       "poly1305-mips64.S addresses h at 0 and r at 24");

#ifdef ZINC_TESTING
/* h2 <= 4 on entry to blocks() and emit() (poly1305-mips64.S). */
const struct poly1305_test poly1305_mips64_test = { POLY1305_TEST_H64(4) };
#endif
#endif /* ZINC_ASM_MIPS64 */
