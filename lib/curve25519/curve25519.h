/* SPDX-License-Identifier: MIT */
/* Curve25519 backends. */
#ifndef ZINC_LIB_CURVE25519_H
#define ZINC_LIB_CURVE25519_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <zinc/curve25519.h>

#include "lib/common/cpu.h"

/*
 * A row's field arithmetic mod p = 2^255 - 19, seen from outside (ZINC_TESTING
 * builds; fuzz/curve25519_field_fuzzer.c and the unit tests drive it).
 * Elements are the row's own type, at most 64 bytes; a limb state is given
 * as nlimbs 64-bit words, limb i weighing 2^shift[i] (two's complement when
 * the row's limbs are signed). Every limb of a "carried" element lies in
 * [-carried[i], carried[i]] (signed) or [0, carried[i]]; "loose" likewise.
 *
 *   carried -> loose:    add, sub
 *   loose -> carried:    mul, sq, mul_a24 (h = 121666 f)
 *   loose -> carried:    invert (1/f, 0 for 0)
 *   bytes -> carried:    frombytes (bit 255 ignored)
 *   loose -> bytes:      tobytes (fully reduced)
 *   carried -> carried:  ladder_step, in place on (x2, z2, x3, z3) given x1:
 *                        swapped with each other first when swap is 1 (RFC
 *                        7748's cswap), then (x2:z2) doubled, (x3:z3) the sum
 *
 * A row whose ladder keeps its state between two steps in a wider form than
 * carried (and whose step takes it) gives those bounds as step_in:
 * ladder_step then takes x2, z2, x3, z3 within step_in (x1 carried).
 * NULL: carried.
 */
struct curve25519_field_ops {
	unsigned int nlimbs;
	bool is_signed;
	const uint16_t *shift;
	const uint64_t *carried, *loose, *step_in;
	void (*load)(void *h, const uint64_t *limbs);
	void (*store)(uint64_t *limbs, const void *h);
	void (*add)(void *h, const void *f, const void *g);
	void (*sub)(void *h, const void *f, const void *g);
	void (*mul)(void *h, const void *f, const void *g);
	void (*sq)(void *h, const void *f);
	void (*mul_a24)(void *h, const void *f);
	void (*invert)(void *h, const void *f);
	void (*frombytes)(void *h, const uint8_t s[32]);
	void (*tobytes)(uint8_t s[32], const void *f);
	void (*ladder_step)(void *x2, void *z2, void *x3, void *z3, const void *x1,
			    unsigned int swap);
};

#ifdef ZINC_TESTING
#define CURVE25519_FIELD_OPS(ops) (&(ops))
#else
#define CURVE25519_FIELD_OPS(ops) NULL
#endif

struct curve25519_impl {
	const char *name;   /* "curve25519-<variant>" */
	uint32_t features;
	/* out = X25519 ladder of the (already clamped) scalar on the u-coordinate
	 * point (bit 255 ignored, non-canonical values reduced mod p). Constant
	 * time in scalar and point. */
	void (*scalarmult)(uint8_t out[CURVE25519_KEY_SIZE],
			   const uint8_t scalar[CURVE25519_KEY_SIZE],
			   const uint8_t point[CURVE25519_KEY_SIZE]);
	/* out = scalar * base point (u = 9). */
	void (*scalarmult_base)(uint8_t out[CURVE25519_KEY_SIZE],
				const uint8_t scalar[CURVE25519_KEY_SIZE]);
	/* The row's field steps (ZINC_TESTING builds; NULL otherwise). */
	const struct curve25519_field_ops *field;
};

extern const struct curve25519_impl curve25519_impls[];

/* lib/curve25519/curve25519-base-table.c (generated): [i][j] = (j + 1)
 * 256^i B on edwards25519 as (y + x, y - x, 2 d x y), lib/curve25519/base.h. */
extern const uint8_t curve25519_base_table[32][8][3][32];
extern const size_t curve25519_nimpls;

const struct curve25519_impl *curve25519_pick(void);

/* CURVE25519_ROW_<ID>: a row's index in curve25519_impls (one row per line
 * of lib/curve25519/rows.h). The public functions call the rows by name
 * (below), not through the table. */
enum curve25519_row {
#define ROW(id, ...) CURVE25519_ROW_##id,
#include "lib/curve25519/rows.h"
	CURVE25519_NROWS
};

/* Every row's functions. */
#define ROW(id, name, needs, scalarmult, scalarmult_base, field)                      \
	void scalarmult(uint8_t out[CURVE25519_KEY_SIZE],                             \
			const uint8_t scalar[CURVE25519_KEY_SIZE],                    \
			const uint8_t point[CURVE25519_KEY_SIZE]);                    \
	void scalarmult_base(uint8_t out[CURVE25519_KEY_SIZE],                        \
			     const uint8_t scalar[CURVE25519_KEY_SIZE]);
#include "lib/curve25519/rows.h"

/* Its choice (defined beside its table, resolved by lib/start/start.c): the
 * thresholds in force and the short pick. */
extern struct zinc_choice curve25519_choice;
/* Its choices as lib/start/start.c walks them (lib/start/primitives.h). */
#define CURVE25519_CHOICES &curve25519_choice

/* The row the public functions run with the features have. */
static inline enum curve25519_row curve25519_row_for(uint32_t have)
{
	static const uint32_t needs[] = {
#define ROW(id, name, needs, ...) [CURVE25519_ROW_##id] = (needs),
#include "lib/curve25519/rows.h"
	};

	return (enum curve25519_row)zinc_row_pick(have, needs, zinc_from_of(&curve25519_choice),
					    CURVE25519_NROWS, 0);
}

/* Each row's functions called by name: lib/curve25519/dispatch.h, written from
 * rows.h by lib/start/gen_dispatch.py. */
#include "lib/curve25519/dispatch.h"

/* curve25519() / curve25519_generate_public() with a chosen row: clamps a
 * copy of the secret, runs the row, returns false on an all-zero result. */
bool curve25519_with(const struct curve25519_impl *impl, uint8_t out[CURVE25519_KEY_SIZE],
		     const uint8_t secret[CURVE25519_KEY_SIZE],
		     const uint8_t basepoint[CURVE25519_KEY_SIZE]);
bool curve25519_generate_public_with(const struct curve25519_impl *impl,
				     uint8_t pub[CURVE25519_KEY_SIZE],
				     const uint8_t secret[CURVE25519_KEY_SIZE]);

/* curve25519-generic32's element steps (ten int32_t limbs, its bounds),
 * which curve25519-neon shares (lib/curve25519/curve25519-generic32.c). */
void curve25519_fe32_add(int32_t h[10], const int32_t f[10], const int32_t g[10]);
void curve25519_fe32_sub(int32_t h[10], const int32_t f[10], const int32_t g[10]);
void curve25519_fe32_cswap(int32_t f[10], int32_t g[10], unsigned int bit);
void curve25519_fe32_frombytes(int32_t h[10], const uint8_t s[32]);
void curve25519_fe32_tobytes(uint8_t s[32], const int32_t f[10]);

/* curve25519-generic64's byte conversions (five 51-bit uint64_t limbs),
 * which curve25519-avx512ifma shares (lib/curve25519/curve25519-generic64.c). */
void curve25519_fe64_frombytes(uint64_t h[5], const uint8_t s[32]);
void curve25519_fe64_tobytes(uint8_t s[32], const uint64_t f[5]);

#ifdef ZINC_TESTING
extern unsigned long curve25519_hits[];
extern const struct curve25519_field_ops curve25519_generic32_field, curve25519_generic64_field,
	curve25519_bmi2_adx_field, curve25519_avx512ifma_field, curve25519_neon_field;
/* Its field-ops table's parts, for curve25519-neon's. */
extern const uint16_t curve25519_fe32_shift[10];
extern const uint64_t curve25519_fe32_carried[10], curve25519_fe32_loose[10];
void curve25519_fe32_load(int32_t h[10], const uint64_t *limbs);
void curve25519_fe32_store(uint64_t *limbs, const int32_t h[10]);
#endif

/* Its rows' entry points as the harness calls them (lib/curve25519/entries.c,
 * lib/common/entry.h; ZINC_TESTING builds). */
struct zinc_entries;
extern const struct zinc_entries curve25519_entries;
/* Its description (lib/common/describe.h; ZINC_TESTING builds). */
struct zinc_primitive;
extern const struct zinc_primitive curve25519_primitive;
/* Its descriptions as zinc_primitives[] lists them (lib/start/primitives.h). */
#define CURVE25519_DESCRIPTIONS &curve25519_primitive
/* Its parts of zinc_selftest() (lib/curve25519/selftest.c, lib/selftest/selftest.h)
 * as zinc_selftest_parts[] lists them (lib/start/primitives.h). */
bool curve25519_selftest(char *why, size_t size);
#define CURVE25519_SELFTESTS { "curve25519", curve25519_selftest }

#endif
