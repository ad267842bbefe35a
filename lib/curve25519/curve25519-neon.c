/* SPDX-License-Identifier: MIT */
/*
 * X25519 row "curve25519-neon" (32-bit ARM with NEON): the multiplications,
 * 121666 f, the ladder step and the ladder's loop are
 * arch/arm/curve25519-neon.S, two field multiplications at a time in NEON
 * lanes, radix 2^25.5; this file runs lib/curve25519/ladder.h's ladder
 * (set-up, inversion chain, output) over them. The elements are curve25519-generic32's (ten int32_t limbs, its
 * "carried" and "loose" bounds), so additions, the swap and the byte
 * conversions are its (curve25519_fe32_*).
 *
 * The base point: the ladder on u = 9, not generic32's fixed-base comb;
 * under qemu-arm the ladder here takes fewer guest instructions than that
 * comb (bench/results/2026-12-06-armhf-curve25519-insn-counts.md).
 */
#include <stddef.h>
#include <stdint.h>

#include "lib/curve25519/curve25519.h"
#include "lib/common/util.h"

#ifdef ZINC_ASM_ARM

typedef int32_t fe[10];

/* arch/arm/curve25519-neon.S. */
void curve25519_neon_mul(fe h, const fe f, const fe g);
void curve25519_neon_sqn(fe h, const fe f, uint32_t n);
void curve25519_neon_mul121666(fe h, const fe f);
struct ladder;
void curve25519_neon_ladder_step(struct ladder *l, uint32_t swap);
void curve25519_neon_ladder(struct ladder *l, const uint8_t scalar[32]);

static void fe_copy(fe h, const fe f)
{
	memcpy(h, f, sizeof(fe));
}

static void fe_set(fe h, int32_t n)
{
	memset(h, 0, sizeof(fe));
	h[0] = n;
}

static void fe_mul(fe h, const fe f, const fe g)
{
	curve25519_neon_mul(h, f, g);
}

static void fe_sq(fe h, const fe f)
{
	curve25519_neon_sqn(h, f, 1);
}

#ifdef ZINC_TESTING
/* Only the field-ops table uses it: the assembly step has its own. */
static void fe_mul_a24(fe h, const fe f)
{
	curve25519_neon_mul121666(h, f);
}
#endif

/* generic32's (curve25519.h). */
#define fe_add curve25519_fe32_add
#define fe_sub curve25519_fe32_sub
#define fe_cswap curve25519_fe32_cswap
#define fe_frombytes curve25519_fe32_frombytes
#define fe_tobytes curve25519_fe32_tobytes

#define LADDER_STEP curve25519_neon_ladder_step
#define LADDER_LOOP curve25519_neon_ladder
#define FE_SQN curve25519_neon_sqn

#ifdef ZINC_TESTING
#define LADDER_FIELD_OPS curve25519_neon_field
#define FE_LIMBS_FE32	/* generic32's tables and conversions */
#endif

#include "lib/curve25519/ladder.h"

/* The assembly addresses struct ladder by these offsets (its X1 .. CB). */
_Static_assert(sizeof(fe) == 40 && offsetof(struct ladder, x2) == 40 &&
		       offsetof(struct ladder, z3) == 160 && offsetof(struct ladder, a) == 200 &&
		       offsetof(struct ladder, e) == 360 && offsetof(struct ladder, cb) == 520,
	       "arch/arm/curve25519-neon.S's ladder offsets");

void curve25519_neon(uint8_t out[CURVE25519_KEY_SIZE], const uint8_t scalar[CURVE25519_KEY_SIZE],
		     const uint8_t point[CURVE25519_KEY_SIZE])
{
	ladder(out, scalar, point);
}

void curve25519_neon_base(uint8_t out[CURVE25519_KEY_SIZE],
			  const uint8_t scalar[CURVE25519_KEY_SIZE])
{
	static const uint8_t nine[CURVE25519_KEY_SIZE] = { 9 };

	ladder(out, scalar, nine);
}

#endif /* ZINC_ASM_ARM */
