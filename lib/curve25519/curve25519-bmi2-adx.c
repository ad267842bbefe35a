/* SPDX-License-Identifier: MIT */
/*
 * X25519 row "curve25519-bmi2-adx": the field arithmetic and the ladder
 * step are arch/x86_64/curve25519-bmi2-adx.S (four 64-bit limbs, mulx with
 * the adcx/adox carry chains, reduction by 38); this file runs the ladder
 * loop of lib/curve25519/ladder.h over them, and inverts by divsteps
 * (lib/curve25519/divsteps.h: 20% faster than the exponentiation chain
 * over these functions on Zen 5, which is latency-bound).
 *
 * Bounds (the assembly's header states them): loose is any 256-bit value
 * (every limb in [0, 2^64 - 1]); carried is loose with the top limb at most
 * 2^63, so below 2^255 + 2^192. mul, sq, mul121666, frombytes and
 * fe_reduce leave carried values; add and sub take carried ones and leave
 * loose ones; tobytes reduces fully. No fe_cswap: the assembly ladder and
 * the fixed-base selection (BASE_SELECT) swap by masks themselves.
 */
#include <stdint.h>

#include "lib/curve25519/curve25519.h"
#include "lib/common/util.h"

#ifdef ZINC_ASM_X86_64

void curve25519_bmi2_adx(uint8_t out[CURVE25519_KEY_SIZE],
			 const uint8_t scalar[CURVE25519_KEY_SIZE],
			 const uint8_t point[CURVE25519_KEY_SIZE]);
void curve25519_bmi2_adx_base(uint8_t out[CURVE25519_KEY_SIZE],
			      const uint8_t scalar[CURVE25519_KEY_SIZE]);

typedef uint64_t fe[4];

/* arch/x86_64/curve25519-bmi2-adx.S; void * so that the field-ops table
 * can point at them directly. */
void curve25519_bmi2_adx_mul(void *h, const void *f, const void *g);
void curve25519_bmi2_adx_sq(void *h, const void *f);
void curve25519_bmi2_adx_add(void *h, const void *f, const void *g);
void curve25519_bmi2_adx_sub(void *h, const void *f, const void *g);
void curve25519_bmi2_adx_mul121666(void *h, const void *f);
void curve25519_bmi2_adx_tobytes(uint8_t s[32], const void *f);
struct ladder;
void curve25519_bmi2_adx_ladder_step(struct ladder *l, uint64_t swap);
void curve25519_bmi2_adx_ladder(struct ladder *l, const uint8_t scalar[32]);
struct base_point;
struct base_precomp;
void curve25519_bmi2_adx_madd(struct base_point *p, const struct base_precomp *q);
void curve25519_bmi2_adx_select(struct base_precomp *r, const uint8_t row[8][3][32], uint64_t mag,
				uint64_t neg);

static void fe_copy(fe h, const fe f)
{
	for (int i = 0; i < 4; i++)
		h[i] = f[i];
}

static void fe_set(fe h, uint64_t n)
{
	h[0] = n;
	h[1] = h[2] = h[3] = 0;
}

static void fe_add(fe h, const fe f, const fe g)
{
	curve25519_bmi2_adx_add(h, f, g);
}

static void fe_sub(fe h, const fe f, const fe g)
{
	curve25519_bmi2_adx_sub(h, f, g);
}

static void fe_mul(fe h, const fe f, const fe g)
{
	curve25519_bmi2_adx_mul(h, f, g);
}

static void fe_sq(fe h, const fe f)
{
	curve25519_bmi2_adx_sq(h, f);
}

#ifdef ZINC_TESTING
/* Only the field-ops table uses it: the assembly step has its own. */
static void fe_mul_a24(fe h, const fe f)
{
	curve25519_bmi2_adx_mul121666(h, f);
}
#endif

static void fe_tobytes(uint8_t s[32], const fe f)
{
	curve25519_bmi2_adx_tobytes(s, f);
}

/* h = f mod 2^255 + 19 (f >> 255), below 2^255 + 19: carried, from any
 * 256-bit (loose) f. No branch: the carry is the high word of each sum. */
static void fe_reduce(fe h, const fe f)
{
	unsigned __int128 c = (unsigned __int128)19 * (f[3] >> 63);

	for (int i = 0; i < 4; i++) {
		c += i == 3 ? f[3] & ~((uint64_t)1 << 63) : f[i];
		h[i] = (uint64_t)c;
		c >>= 64;
	}
}

/* h = the 255 low bits of s (bit 255 masked), possibly >= p. */
static void fe_frombytes(fe h, const uint8_t s[32])
{
	h[0] = get_unaligned_le64(s);
	h[1] = get_unaligned_le64(s + 8);
	h[2] = get_unaligned_le64(s + 16);
	h[3] = get_unaligned_le64(s + 24) & ~((uint64_t)1 << 63);
}

#define LADDER_STEP curve25519_bmi2_adx_ladder_step
#define LADDER_LOOP curve25519_bmi2_adx_ladder
#define FE_INVERT_DIVSTEPS
#define BASE_MADD curve25519_bmi2_adx_madd
#define BASE_SELECT curve25519_bmi2_adx_select

#ifdef ZINC_TESTING
#define LADDER_FIELD_OPS curve25519_bmi2_adx_field
#define FE_NLIMBS 4
#define FE_SIGNED false
static const uint16_t fe_shift[4] = { 0, 64, 128, 192 };
static const uint64_t fe_carried[4] = { UINT64_MAX, UINT64_MAX, UINT64_MAX,
					 (uint64_t)1 << 63 };
static const uint64_t fe_loose[4] = { UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX };
#define FE_LIMBS_U64	/* limbs are uint64_t: fe_load / fe_store copy */
#endif

#include "lib/curve25519/ladder.h"

#include "lib/curve25519/base.h"

void curve25519_bmi2_adx(uint8_t out[CURVE25519_KEY_SIZE],
			 const uint8_t scalar[CURVE25519_KEY_SIZE],
			 const uint8_t point[CURVE25519_KEY_SIZE])
{
	ladder(out, scalar, point);
}

void curve25519_bmi2_adx_base(uint8_t out[CURVE25519_KEY_SIZE],
			      const uint8_t scalar[CURVE25519_KEY_SIZE])
{
	base(out, scalar);
}

#endif /* ZINC_ASM_X86_64 */
