/* SPDX-License-Identifier: MIT */
/*
 * The C side of the arm64 Poly1305 rows (arch/arm64/poly1305-arm64.S,
 * poly1305-neon.S): the state layout both share, which the assembly
 * addresses by the offsets in arch/arm64/poly1305-macros.h and
 * poly1305-neon.S, and their state-level access for tests.
 */
#include <stddef.h>
#include <zinc/poly1305.h>

#include "lib/common/util.h"
#include "lib/poly1305/poly1305.h"

#ifdef ZINC_ASM_ARM64

struct poly1305_arm64 {
	uint64_t h[3];      /* h0 + h1 2^64 + h2 2^128, h2 <= 4 */
	uint64_t r0, r1;    /* clamped r */
	uint64_t powers_ready; /* poly1305-neon: the tables below are valid */
	uint32_t r4_packed[12];  /* limbs of r^4, then 5 times limbs 1..4 */
	uint32_t powers[5][4], powers5[4][4]; /* limbs of r^4..r^1, and x5 */
};

_Static_assert(offsetof(struct poly1305_arm64, r0) == 24 &&
		       offsetof(struct poly1305_arm64, powers_ready) == 40 &&
		       offsetof(struct poly1305_arm64, r4_packed) == 48 &&
		       offsetof(struct poly1305_arm64, powers) == 96 &&
		       offsetof(struct poly1305_arm64, powers5) == 176,
	       "poly1305-macros.h and poly1305-neon.S address these offsets");
/* poly1305-arm64 uses the words up to powers_ready, poly1305-neon all. */
_Static_assert(offsetof(struct poly1305_arm64, powers_ready) == POLY1305_ARM64_STATE &&
		       POLY1305_STATE_IS(struct poly1305_arm64, POLY1305_NEON_STATE),
	       "see poly1305.h");

#ifdef ZINC_TESTING
/* h2 <= 4 on entry to blocks() and emit() (poly1305-arm64.S). */
const struct poly1305_test poly1305_arm64_test = { POLY1305_TEST_H64(4) };

/* Lane limbs < 2^28 whenever the lanes are multiplied (poly1305-neon.S). */
const struct poly1305_test poly1305_neon_test = {
	POLY1305_TEST_H64(4),
	POLY1305_TEST_LANES26((1u << 28) - 1),
	.nlanes = 4,
	.run_lanes = poly1305_neon_test_lanes,
};
#endif

#endif /* ZINC_ASM_ARM64 */
