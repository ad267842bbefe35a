/* SPDX-License-Identifier: MIT */
/*
 * X25519 row "curve25519-avx512ifma": the field multiplication, the
 * additions, the ladder step and the ladder loop are
 * arch/x86_64/curve25519-avx512ifma.S (radix 2^52, five limbs; the step's
 * four independent multiplications at a time in the four 64-bit lanes of
 * ymm registers, vpmadd52luq / vpmadd52huq); this file runs
 * lib/curve25519/ladder.h's set-up and output over them, inverts by
 * divsteps (lib/curve25519/divsteps.h, on the element's canonical bytes:
 * the exponentiation chain's 254 squarings, one lane of the vector
 * multiplication each, took longer than the whole divsteps inversion),
 * and converts bytes to limbs and back.
 *
 * Bounds (the assembly's header states them): loose is every limb below
 * 2^52; carried is limbs 0..3 below 2^52 and limb 4 at most 2^47 + 15.
 * mul, sq, mul_a24 and frombytes leave carried values; add and sub
 * take carried ones and leave carried ones; tobytes takes loose ones and
 * reduces fully. No fe_cswap: the assembly ladder swaps by masks.
 *
 * The fixed-base function is curve25519-generic64's comb (lib/curve25519/
 * rows.h names it for this row too).
 */
#include <stddef.h>
#include <stdint.h>

#include "lib/curve25519/curve25519.h"
#include "lib/common/util.h"

#ifdef ZINC_ASM_X86_64

typedef uint64_t fe[5];

#define MASK52 (((uint64_t)1 << 52) - 1)
#define MASK47 (((uint64_t)1 << 47) - 1)

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

/* h = the 255 low bits of s (bit 255 masked), possibly >= p: carried. */
static void fe_frombytes(fe h, const uint8_t s[32])
{
	uint64_t w0 = get_unaligned_le64(s), w1 = get_unaligned_le64(s + 8),
		 w2 = get_unaligned_le64(s + 16), w3 = get_unaligned_le64(s + 24);

	h[0] = w0 & MASK52;
	h[1] = (w0 >> 52 | w1 << 12) & MASK52;
	h[2] = (w1 >> 40 | w2 << 24) & MASK52;
	h[3] = (w2 >> 28 | w3 << 36) & MASK52;
	h[4] = (w3 >> 16) & MASK47;
}

/* One carry chain at 52 bits from limb 0 to limb 4. */
static void fe_chain(fe h)
{
	for (int i = 0; i < 4; i++) {
		h[i + 1] += h[i] >> 52;
		h[i] &= MASK52;
	}
}

/* h = h with bits 255 and up of limb 4 folded back as 19 each, then the
 * chain: for limbs below 2^52, limb 4 ends at most 2^47. */
static void fe_carry_pass(fe h)
{
	h[0] += 19 * (h[4] >> 47);
	h[4] &= MASK47;
	fe_chain(h);
}

/* s = f mod p in [0, p), little-endian, from a loose f. Two carry passes
 * leave h at most 2^255 + 18 < 2p; q = 1 exactly when h + 19 reaches
 * 2^255 (h >= p), and h + 19 q with bit 255 cleared is h - q p. No
 * branch. */
static void fe_tobytes(uint8_t s[32], const fe f)
{
	fe h;
	uint64_t q;

	fe_copy(h, f);
	fe_carry_pass(h);
	fe_carry_pass(h);
	q = (h[0] + 19) >> 52;
	for (int i = 1; i < 4; i++)
		q = (h[i] + q) >> 52;
	q = (h[4] + q) >> 47;
	h[0] += 19 * q;
	fe_chain(h);
	h[4] &= MASK47;
	put_unaligned_le64(h[0] | h[1] << 52, s);
	put_unaligned_le64(h[1] >> 12 | h[2] << 40, s + 8);
	put_unaligned_le64(h[2] >> 24 | h[3] << 28, s + 16);
	put_unaligned_le64(h[3] >> 36 | h[4] << 16, s + 24);
	memzero_explicit(h, sizeof(h));
	memzero_explicit(&q, sizeof(q));
}

#define LADDER_STEP curve25519_avx512ifma_ladder_step
#define LADDER_LOOP curve25519_avx512ifma_ladder
#define FE_INVERT_DIVSTEPS

#ifdef ZINC_TESTING
#define LADDER_FIELD_OPS curve25519_avx512ifma_field
#define FE_NLIMBS 5
#define FE_SIGNED false
static const uint16_t fe_shift[5] = { 0, 52, 104, 156, 208 };
static const uint64_t fe_carried[5] = { MASK52, MASK52, MASK52, MASK52, MASK47 + 16 };
static const uint64_t fe_loose[5] = { MASK52, MASK52, MASK52, MASK52, MASK52 };
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

#endif /* ZINC_ASM_X86_64 */
