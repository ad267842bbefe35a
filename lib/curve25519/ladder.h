/* SPDX-License-Identifier: MIT */
/*
 * The X25519 Montgomery ladder (RFC 7748 section 5) and the inversion
 * 1/z = z^(p-2), written once over a field implementation. A C row includes
 * this file after defining, as static functions over its own element type:
 *
 *   fe                       an array type holding one element
 *   fe_copy(h, f)  fe_set(h, n)  fe_cswap(f, g, bit)
 *   fe_add(h, f, g)  fe_sub(h, f, g)   carried inputs -> loose output
 *   fe_mul(h, f, g)  fe_sq(h, f)       loose inputs -> carried output
 *   fe_mul_a24(h, f)                   h = 121666 f, loose -> carried
 *   fe_frombytes(h, s)                 255 bits -> carried
 *   fe_tobytes(s, f)                   loose -> canonical bytes
 *
 * "carried" and "loose" are the row's own limb bounds (its header comment
 * states them); every use below feeds each function what it accepts. A row
 * with its own ladder step (in assembly) defines LADDER_STEP as its name,
 * and may define LADDER_LOOP(l, scalar) as the whole loop below with its
 * last swap (the same steps; the field target drives LADDER_STEP).
 *
 * Under ZINC_TESTING it also defines the row's field-ops table
 * (curve25519.h) as LADDER_FIELD_OPS, from the row's fe_load_limbs and
 * bounds; fuzz/curve25519_field_fuzzer.c drives it.
 */

#ifdef FE_INVERT_DIVSTEPS
#include "lib/curve25519/divsteps.h"
#else
/* h = f^(2^n), n >= 1. Pre: f loose. Post: h carried. A row may give its
 * own as FE_SQN. */
/*@
  requires \valid(h + (0 .. 9)) && \valid_read(f + (0 .. 9));
  requires loose((int32_t *)f);
  requires n >= 1;
  assigns h[0 .. 9];
  ensures carried(h);
*/
static void fe_sqn(fe h, const fe f, int n)
{
#ifdef FE_SQN
	FE_SQN(h, f, (uint64_t)n);
#else
	fe_sq(h, f);
	/*@ loop invariant n >= 1 && carried(h);
	    loop assigns n, h[0 .. 9];
	    loop variant n; */
	while (--n > 0)
		fe_sq(h, h);
#endif
}
#endif

/* h = z^(p-2) = z^(2^255 - 21) = 1/z (0 for z = 0), by a fixed chain:
 * z^(2^k - 1) for k = 5, 10, 20, 40, 50, 100, 200, 250, then 2^5 more
 * squarings times z^11: 254 squarings and 11 multiplications.
 * Pre: z loose. Post: h carried. A row that defines FE_INVERT_DIVSTEPS
 * inverts by divsteps instead (divsteps.h), on z's canonical bytes: its
 * fe_frombytes of a value below p is carried. */
static void fe_invert(fe h, const fe z)
{
#ifdef FE_INVERT_DIVSTEPS
	uint8_t s[32];

	fe_tobytes(s, z);
	divsteps_invert(s, s);
	fe_frombytes(h, s);
	memzero_explicit(s, sizeof(s));
#else
	struct {
		fe z2, z9, z11, t, a5, a10, a20, a50, a100;
	} v;

	fe_sq(v.z2, z);			/* z^2 */
	fe_sqn(v.t, v.z2, 2);		/* z^8 */
	fe_mul(v.z9, v.t, z);		/* z^9 */
	fe_mul(v.z11, v.z9, v.z2);	/* z^11 */
	fe_sq(v.t, v.z11);		/* z^22 */
	fe_mul(v.a5, v.t, v.z9);	/* z^(2^5 - 1) */
	fe_sqn(v.t, v.a5, 5);
	fe_mul(v.a10, v.t, v.a5);	/* z^(2^10 - 1) */
	fe_sqn(v.t, v.a10, 10);
	fe_mul(v.a20, v.t, v.a10);	/* z^(2^20 - 1) */
	fe_sqn(v.t, v.a20, 20);
	fe_mul(v.t, v.t, v.a20);	/* z^(2^40 - 1) */
	fe_sqn(v.t, v.t, 10);
	fe_mul(v.a50, v.t, v.a10);	/* z^(2^50 - 1) */
	fe_sqn(v.t, v.a50, 50);
	fe_mul(v.a100, v.t, v.a50);	/* z^(2^100 - 1) */
	fe_sqn(v.t, v.a100, 100);
	fe_mul(v.t, v.t, v.a100);	/* z^(2^200 - 1) */
	fe_sqn(v.t, v.t, 50);
	fe_mul(v.t, v.t, v.a50);	/* z^(2^250 - 1) */
	fe_sqn(v.t, v.t, 5);		/* z^(2^255 - 32) */
	fe_mul(h, v.t, v.z11);		/* z^(2^255 - 21) */
	memzero_explicit(&v, sizeof(v));
#endif
}

/* The ladder state: x1 the input point; (x2:z2) and (x3:z3) the two
 * projective points, all carried; then the step's temporaries, kept here so
 * that one wipe clears them too. */
struct ladder {
	fe x1, x2, z2, x3, z3;
	fe a, aa, b, bb, e, c, d, da, cb;
};

#ifdef LADDER_STEP
/* The row's own step (assembly), same swap and formulas as below (inline:
 * with LADDER_LOOP only the field-ops table calls it). */
static inline void ladder_step(struct ladder *l, unsigned int swap)
{
	LADDER_STEP(l, swap);
}
#else
/*
 * One step: first (x2:z2) and (x3:z3) swapped when swap is 1 (RFC 7748's
 * cswap), then (x2:z2) doubled, (x3:z3) = (x2:z2) + (x3:z3), given their
 * difference x1. RFC 7748's z2 = E (AA + a24 E) with a24 = 121665 is
 * written E (BB + 121666 E): AA = BB + E. Pre and post: all carried.
 */
static void ladder_step(struct ladder *l, unsigned int swap)
{
	fe_cswap(l->x2, l->x3, swap);
	fe_cswap(l->z2, l->z3, swap);
	fe_add(l->a, l->x2, l->z2);
	fe_sq(l->aa, l->a);
	fe_sub(l->b, l->x2, l->z2);
	fe_sq(l->bb, l->b);
	fe_sub(l->e, l->aa, l->bb);
	fe_add(l->c, l->x3, l->z3);
	fe_sub(l->d, l->x3, l->z3);
	fe_mul(l->da, l->d, l->a);
	fe_mul(l->cb, l->c, l->b);
	fe_add(l->a, l->da, l->cb);
	fe_sq(l->x3, l->a);
	fe_sub(l->b, l->da, l->cb);
	fe_sq(l->c, l->b);
	fe_mul(l->z3, l->x1, l->c);
	fe_mul(l->x2, l->aa, l->bb);
	fe_mul_a24(l->c, l->e);
	fe_add(l->d, l->bb, l->c);
	fe_mul(l->z2, l->e, l->d);
}
#endif

/* out = the ladder of the clamped scalar on the point (RFC 7748 section 5),
 * then x2 / z2 as canonical bytes. */
static void ladder(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
	struct ladder l;
	unsigned int swap = 0, bit;

	fe_frombytes(l.x1, point);
	fe_set(l.x2, 1);
	fe_set(l.z2, 0);
	fe_copy(l.x3, l.x1);
	fe_set(l.z3, 1);

#ifdef LADDER_LOOP
	LADDER_LOOP(&l, scalar);
	(void)bit;
#else
	for (int t = 254; t >= 0; t--) {
		bit = (scalar[t / 8] >> (t % 8)) & 1;
		ladder_step(&l, swap ^ bit);
		swap = bit;
	}
	fe_cswap(l.x2, l.x3, swap);
	fe_cswap(l.z2, l.z3, swap);
#endif

	fe_invert(l.z2, l.z2);
	fe_mul(l.x2, l.x2, l.z2);
	fe_tobytes(out, l.x2);

	memzero_explicit(&l, sizeof(l));
	memzero_explicit(&swap, sizeof(swap));
	memzero_explicit(&bit, sizeof(bit));
}

#ifdef ZINC_TESTING
/* The row's field-ops table (curve25519.h). The includer also defines
 * LADDER_FIELD_OPS (the table's name), FE_NLIMBS, FE_SIGNED, the arrays
 * fe_shift, fe_carried and fe_loose, and fe_load / fe_store (or
 * FE_LIMBS_U64 when fe is an array of uint64_t limbs: plain copies), or
 * FE_LIMBS_FE32 when its elements are curve25519-generic32's: that row's
 * limb count, shifts, bounds and conversions (curve25519.h); and FE_STEP_IN,
 * the array of its step's input bounds, when they are wider than carried. */
#ifndef FE_STEP_IN
#define FE_STEP_IN NULL
#endif
#ifdef FE_LIMBS_U64
static void fe_load(fe h, const uint64_t *limbs) { memcpy(h, limbs, sizeof(fe)); }
static void fe_store(uint64_t *limbs, const fe h) { memcpy(limbs, h, sizeof(fe)); }
#endif
#ifdef FE_LIMBS_FE32
#define FE_NLIMBS 10
#define FE_SIGNED true
#define fe_shift curve25519_fe32_shift
#define fe_carried curve25519_fe32_carried
#define fe_loose curve25519_fe32_loose
#define fe_load curve25519_fe32_load
#define fe_store curve25519_fe32_store
#endif
static void ops_load(void *h, const uint64_t *limbs) { fe_load(h, limbs); }
static void ops_store(uint64_t *limbs, const void *h) { fe_store(limbs, h); }
static void ops_add(void *h, const void *f, const void *g) { fe_add(h, f, g); }
static void ops_sub(void *h, const void *f, const void *g) { fe_sub(h, f, g); }
static void ops_mul(void *h, const void *f, const void *g) { fe_mul(h, f, g); }
static void ops_sq(void *h, const void *f) { fe_sq(h, f); }
static void ops_mul_a24(void *h, const void *f) { fe_mul_a24(h, f); }
static void ops_invert(void *h, const void *f) { fe_invert(h, f); }
static void ops_frombytes(void *h, const uint8_t s[32]) { fe_frombytes(h, s); }
static void ops_tobytes(uint8_t s[32], const void *f) { fe_tobytes(s, f); }

static void ops_ladder_step(void *x2, void *z2, void *x3, void *z3, const void *x1,
			    unsigned int swap)
{
	struct ladder l;

	memcpy(l.x1, x1, sizeof(fe));
	memcpy(l.x2, x2, sizeof(fe));
	memcpy(l.z2, z2, sizeof(fe));
	memcpy(l.x3, x3, sizeof(fe));
	memcpy(l.z3, z3, sizeof(fe));
	ladder_step(&l, swap);
	memcpy(x2, l.x2, sizeof(fe));
	memcpy(z2, l.z2, sizeof(fe));
	memcpy(x3, l.x3, sizeof(fe));
	memcpy(z3, l.z3, sizeof(fe));
}

const struct curve25519_field_ops LADDER_FIELD_OPS = {
	.nlimbs = FE_NLIMBS, .is_signed = FE_SIGNED, .shift = fe_shift,
	.carried = fe_carried, .loose = fe_loose, .step_in = FE_STEP_IN,
	.load = ops_load, .store = ops_store, .add = ops_add, .sub = ops_sub,
	.mul = ops_mul, .sq = ops_sq, .mul_a24 = ops_mul_a24, .invert = ops_invert,
	.frombytes = ops_frombytes, .tobytes = ops_tobytes, .ladder_step = ops_ladder_step,
};
#endif
