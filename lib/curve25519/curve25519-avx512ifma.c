/* SPDX-License-Identifier: MIT */
/*
 * X25519 row "curve25519-avx512ifma": the field multiplication, the
 * additions, the ladder step and the ladder loop are
 * arch/x86_64/curve25519-avx512ifma.S (radix 2^51, five limbs; the step's
 * four independent multiplications at a time in the four 64-bit lanes of
 * ymm registers, vpmadd52luq / vpmadd52huq); this file runs
 * lib/curve25519/ladder.h's set-up and output over them, inverts by
 * divsteps (lib/curve25519/divsteps.h, on the element's canonical bytes:
 * the exponentiation chain's 254 squarings, one lane of the vector
 * multiplication each, took longer than the whole divsteps inversion),
 * and takes its byte conversions from curve25519-generic64 (the same limbs).
 *
 * Bounds (the assembly's header states them): loose is every limb below
 * 2^52; carried is limb 0 at most 2^51 - 1 + 19 (2^12 - 1) and limbs 1..4
 * at most 2^51 - 1 + 2^12 - 1; wide is every limb below 2^61, the ladder's
 * state between two steps. mul, sq, mul_a24, add, sub and frombytes leave
 * carried values; mul takes loose ones, add and sub carried ones; the step
 * takes x2, z2, x3, z3 wide (FE_STEP_IN) and x1 carried and leaves carried
 * ones; tobytes takes limbs below 2^63 and reduces fully. No fe_cswap: the
 * assembly ladder swaps by masks.
 *
 * The fixed base: this row has no comb of its own. curve25519_avx512ifma_base
 * runs curve25519-bmi2-adx's where BMI2 and ADX are usable (every CPU with
 * AVX-512 IFMA has them, but a test or ZINC_CPU_DISABLE may turn them off)
 * and curve25519-generic64's elsewhere, so that picking this row for the
 * ladder does not slow the public key.
 */
#include <stddef.h>
#include <stdint.h>

#include "lib/curve25519/curve25519.h"
#include "lib/common/cpu.h"
#include "lib/common/util.h"

#ifdef ZINC_ASM_X86_64

typedef uint64_t fe[5];

#define MASK51 (((uint64_t)1 << 51) - 1)

/* arch/x86_64/curve25519-avx512ifma.S. */
void curve25519_avx512ifma_mul(fe h, const fe f, const fe g);
void curve25519_avx512ifma_add(fe h, const fe f, const fe g);
void curve25519_avx512ifma_sub(fe h, const fe f, const fe g);
struct ladder;
void curve25519_avx512ifma_ladder_step(struct ladder *l, uint64_t swap);
void curve25519_avx512ifma_ladder(struct ladder *l, const uint8_t scalar[32]);

static void fe_copy(fe h, const fe f)
{
	memcpy(h, f, sizeof(fe));
}

static void fe_set(fe h, uint64_t n)
{
	fe_copy(h, (const uint64_t[5]){ n });
}

#ifdef ZINC_TESTING
/* Only the field-ops table uses these: the assembly step has its own. */
static void fe_sq(fe h, const fe f)
{
	curve25519_avx512ifma_mul(h, f, f);
}

static void fe_mul_a24(fe h, const fe f)
{
	static const fe a24 = { 121666 };

	curve25519_avx512ifma_mul(h, f, a24);
}
#endif

#define fe_mul curve25519_avx512ifma_mul
#define fe_add curve25519_avx512ifma_add
#define fe_sub curve25519_avx512ifma_sub

/* Bytes to limbs and back: curve25519-generic64's, which has the same five
 * 51-bit limbs (frombytes leaves them below 2^51; tobytes takes limbs
 * below 2^63, wide ones included). */
#define fe_frombytes curve25519_fe64_frombytes
#define fe_tobytes curve25519_fe64_tobytes

#define LADDER_STEP curve25519_avx512ifma_ladder_step
#define LADDER_LOOP curve25519_avx512ifma_ladder
#define FE_INVERT_DIVSTEPS

#ifdef ZINC_TESTING
#define LADDER_FIELD_OPS curve25519_avx512ifma_field
#define FE_NLIMBS 5
#define FE_SIGNED false
static const uint16_t fe_shift[5] = { 0, 51, 102, 153, 204 };
static const uint64_t fe_carried[5] = { MASK51 + 19 * 4095, MASK51 + 4095, MASK51 + 4095,
					 MASK51 + 4095, MASK51 + 4095 };
static const uint64_t fe_loose[5] = { 2 * MASK51 + 1, 2 * MASK51 + 1, 2 * MASK51 + 1, 2 * MASK51 + 1,
				       2 * MASK51 + 1 };
/* The state between two steps of the assembly ladder: "wide". */
#define WIDE (((uint64_t)1 << 61) - 1)
static const uint64_t fe_wide[5] = { WIDE, WIDE, WIDE, WIDE, WIDE };
#define FE_STEP_IN fe_wide
#define FE_LIMBS_U64	/* limbs are uint64_t: fe_load / fe_store copy */
#endif

#include "lib/curve25519/ladder.h"

/* The assembly addresses struct ladder by these offsets. */
_Static_assert(sizeof(fe) == 40 && offsetof(struct ladder, x2) == 40 &&
		       offsetof(struct ladder, z2) == 80 && offsetof(struct ladder, x3) == 120 &&
		       offsetof(struct ladder, z3) == 160,
	       "arch/x86_64/curve25519-avx512ifma.S's ladder offsets");

void curve25519_avx512ifma(uint8_t out[CURVE25519_KEY_SIZE],
			   const uint8_t scalar[CURVE25519_KEY_SIZE],
			   const uint8_t point[CURVE25519_KEY_SIZE])
{
	ladder(out, scalar, point);
}

void curve25519_avx512ifma_base(uint8_t out[CURVE25519_KEY_SIZE],
				const uint8_t scalar[CURVE25519_KEY_SIZE])
{
	if (zinc_cpu_have(ZINC_CPU_BMI2 | ZINC_CPU_ADX))
		curve25519_bmi2_adx_base(out, scalar);
	else
		curve25519_generic64_base(out, scalar);
}

#endif /* ZINC_ASM_X86_64 */
