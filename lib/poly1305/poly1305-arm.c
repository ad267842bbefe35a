/* SPDX-License-Identifier: MIT */
/*
 * The C side of the 32-bit ARM Poly1305 rows (arch/arm/poly1305-arm.S,
 * poly1305-neon.S): the state layout both share, which the assembly
 * addresses by the offsets in arch/arm/poly1305-macros.h, and their
 * state-level access for tests.
 */
#include <stddef.h>
#include <zinc/poly1305.h>

#include "lib/common/util.h"
#include "lib/poly1305/poly1305.h"

#ifdef ZINC_ASM_ARM

struct poly1305_arm {
	uint32_t h[5];		/* h0 + h1 2^32 + ... + h4 2^128, h4 <= 4 */
	uint32_t r[4];		/* clamped r */
	uint32_t powers_ready;	/* poly1305-neon: the tables below are valid */
	uint32_t r4[10];	/* limbs of r^4, 5 times limbs 1..4, and 5 */
	uint32_t powers[2][9][2]; /* lanes 0, 1 (r^4, r^3), lanes 2, 3 (r^2, r):
				   * limbs 0..4, then 5 times limbs 1..4 */
};

_Static_assert(offsetof(struct poly1305_arm, r) == 20 &&
		       offsetof(struct poly1305_arm, powers_ready) == 36 &&
		       offsetof(struct poly1305_arm, r4) == 40 &&
		       offsetof(struct poly1305_arm, powers) == 80,
	       "arch/arm/poly1305-macros.h addresses these offsets");
/* poly1305-arm uses the words up to powers_ready, poly1305-neon all. */
_Static_assert(offsetof(struct poly1305_arm, powers_ready) == POLY1305_ARM_STATE &&
		       POLY1305_STATE_IS(struct poly1305_arm, POLY1305_ARM_NEON_STATE),
	       "see poly1305.h");

#ifdef ZINC_TESTING
/* h4 <= 4 on entry to blocks() and emit() (poly1305-arm.S). */
const struct poly1305_test poly1305_arm_test = { POLY1305_TEST_H32(4) };

/* Lane limbs <= 2^27 + 63 whenever the lanes are multiplied (poly1305-neon.S). */
const struct poly1305_test poly1305_neon_test = {
	POLY1305_TEST_H32(4),
	POLY1305_TEST_LANES26((1u << 27) + 63),
	.nlanes = 4,
	.run_lanes = poly1305_neon_test_lanes,
};
#endif

#endif /* ZINC_ASM_ARM */
