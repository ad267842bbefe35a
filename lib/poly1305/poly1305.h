/* SPDX-License-Identifier: MIT */
/* Poly1305 backends. Each keeps its own state layout inside
 * struct poly1305_ctx.state; buffering of partial blocks and the final
 * addition of s are shared. */
#ifndef ZINC_LIB_POLY1305_H
#define ZINC_LIB_POLY1305_H

#include <stddef.h>
#include <stdint.h>
#include <zinc/poly1305.h>

#include "lib/common/cpu.h"

struct poly1305_test;

/* Bytes of struct poly1305_ctx.state each row uses (its init, blocks and
 * emit write nothing beyond); poly1305_final wipes that many. Each row's
 * source checks its state struct against its number. */
enum {
	POLY1305_DONNA32_STATE = 40,
	POLY1305_DONNA64_STATE = 48,
	POLY1305_X86_64_STATE = 56,
	POLY1305_AVX2_STATE = 784,
	POLY1305_AVX512_STATE = 496,
	POLY1305_AVX512IFMA_STATE = 424,
	POLY1305_ARM64_STATE = 40,	/* h0, h1, h2, r0, r1 */
	POLY1305_NEON_STATE = 240,
	POLY1305_ARM_STATE = 36,	/* h0..h4, r0..r3 (32-bit ARM) */
	POLY1305_ARM_NEON_STATE = 224,	/* poly1305-neon on 32-bit ARM */
	POLY1305_MIPS_STATE = 36,	/* h0..h4, r0..r3, 32-bit words */
	POLY1305_MIPS64_STATE = 40,	/* h0, h1, h2, r0, r1, 64-bit words */
};

/* A row's state struct type has its number of bytes, size, which fit in
 * struct poly1305_ctx.state: the check each row's source makes. */
#define POLY1305_STATE_IS(type, size) \
	(sizeof(type) == (size) && (size) <= sizeof(((struct poly1305_ctx *)0)->state))

struct poly1305_impl {
	const char *name;   /* "poly1305-<variant>" */
	uint32_t features;
	size_t min_len;     /* used for messages of at least this length */
	size_t state_size;  /* POLY1305_<ROW>_STATE */
	/* Clamps r (the first 16 key bytes) and sets h = 0. */
	void (*init)(void *state, const uint8_t r[16]);
	/* For each 16-byte block m: h = (h + m + padbit * 2^128) * r mod 2^130-5.
	 * len is a multiple of 16; padbit is 1 for full blocks, 0 for the final
	 * padded partial block (which carries its own 0x01 byte). */
	void (*blocks)(void *state, const uint8_t *in, size_t len, uint32_t padbit);
	/* mac = (h mod 2^130-5) + s mod 2^128, little-endian. */
	void (*emit)(void *state, uint8_t mac[POLY1305_MAC_SIZE], const uint32_t s[4]);
	/* The whole one-shot MAC (key set-up, blocks, padding, emit, s), NULL
	 * for rows that have none; poly1305_row_mac() stands in for it. */
	void (*mac)(uint8_t mac[POLY1305_MAC_SIZE], const uint8_t *in, size_t len,
		    const uint8_t key[POLY1305_KEY_SIZE]);
	/* State-level access under ZINC_TESTING (below); NULL otherwise. */
	const struct poly1305_test *test;
};

#ifdef ZINC_TESTING
#define POLY1305_TEST(t) (&(t))
#else
#define POLY1305_TEST(t) NULL
#endif

/* The table: one row per line of lib/poly1305/rows.h, generic first. The
 * public functions do not call through it (below); tests, fuzzers and
 * benchmarks walk it. */
extern const struct poly1305_impl poly1305_impls[];
extern const size_t poly1305_nimpls;

/* Index of the row used for a message of len bytes on this CPU. */
uint32_t poly1305_pick(size_t len);
/* The one-shot MAC through row impl: its mac entry, or else its init,
 * blocks and emit; what poly1305() runs (the harness uses it per row). */
void poly1305_row_mac(uint32_t impl, uint8_t mac[POLY1305_MAC_SIZE], const uint8_t *in,
		      size_t len, const uint8_t key[POLY1305_KEY_SIZE]);
/* poly1305_init with a chosen row (the harness and the AEADs use it). */
void poly1305_init_impl(struct poly1305_ctx *ctx, const uint8_t key[POLY1305_KEY_SIZE],
			uint32_t impl);
/* The MAC of in[0..len) with key through row (poly1305_init_impl), fed in
 * two updates split at split (at most len). How the harnesses run one row
 * on a whole message, its entry points one by one (lib/poly1305/entries.c). */
void poly1305_row_split(uint32_t row, uint8_t mac[POLY1305_MAC_SIZE],
			const uint8_t key[POLY1305_KEY_SIZE], const uint8_t *in, size_t len,
			size_t split);

/* POLY1305_ROW_<ID>: a row's index in poly1305_impls. */
enum poly1305_row {
#define ROW(id, ...) POLY1305_ROW_##id,
#include "lib/poly1305/rows.h"
	POLY1305_NROWS
};

/* Every row's functions. */
#define MAC(fn)                                                                     \
	void fn(uint8_t mac[POLY1305_MAC_SIZE], const uint8_t *in, size_t len,     \
		const uint8_t key[POLY1305_KEY_SIZE]);
#define NO_MAC
#define ROW(id, name, needs, min_len, state_size, init, blocks, emit, one_shot, test) \
	void init(void *state, const uint8_t r[16]);                        \
	void blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit); \
	void emit(void *state, uint8_t mac[POLY1305_MAC_SIZE], const uint32_t s[4]); \
	one_shot
#include "lib/poly1305/rows.h"

/* Its choice (defined beside its table, resolved by lib/start/start.c): the
 * thresholds in force and the short pick. */
extern struct zinc_choice poly1305_choice;
/* Its choices as lib/start/start.c walks them (lib/start/primitives.h). */
#define POLY1305_CHOICES &poly1305_choice

/* The row for a message of len bytes with the features have. */
static inline unsigned poly1305_row_for(uint32_t have, size_t len)
{
	static const uint32_t needs[] = {
#define ROW(id, name, needs, ...) [POLY1305_ROW_##id] = (needs),
#include "lib/poly1305/rows.h"
	};

	return zinc_row_pick(have, needs, zinc_from_of(&poly1305_choice), POLY1305_NROWS, len);
}

/* Each row's functions called by name: lib/poly1305/dispatch.h, written from
 * rows.h by lib/start/gen_dispatch.py. */
#include "lib/poly1305/dispatch.h"

#ifdef ZINC_TESTING
extern unsigned long poly1305_hits[];

/*
 * State-level access, for the poly1305_state target and the unit tests
 * (docs/DESIGN.md section 5): put the accumulator of a row into any state its own
 * contract allows, step, convert, emit, and read it back.
 *
 * A form is n limbs, limb i of weight 2^(bits * i); a state in that form is
 * legal while limb i <= max[i] for every i. Each row's header comment says
 * why its bounds are what they are; its blocks() must take any legal state
 * and leave a legal one, and its emit() must take any legal state.
 */
struct poly1305_form {
	unsigned n, bits;
	uint64_t max[5];
};

struct poly1305_test {
	struct poly1305_form h;	/* h between calls */
	void (*set_h)(void *state, const uint64_t *limbs);
	void (*get_h)(const void *state, uint64_t *limbs);
	/* Rows with vector lanes: nlanes lanes of the lane form, laid out
	 * limb-major (limbs[nlanes * i + j] is limb i of lane j, lane j
	 * weighted by r^(nlanes - j) at the end). run_lanes starts the row's
	 * vector loop from them, runs it over len bytes (a multiple of
	 * 16 * nlanes; padbit 1), folds the lanes and stores h. */
	struct poly1305_form lane;
	unsigned nlanes;
	void (*run_lanes)(void *state, const uint64_t *limbs, const uint8_t *in, size_t len);
};

extern const struct poly1305_test poly1305_donna32_test, poly1305_donna64_test;

/* set_h / get_h of the rows that keep h as three 64-bit words at the start
 * of their state (poly1305-x86_64, poly1305-avx2, poly1305-avx512,
 * poly1305-avx512ifma, poly1305-arm64, poly1305-neon). */
void poly1305_test_set_h64(void *state, const uint64_t *limbs);
void poly1305_test_get_h64(const void *state, uint64_t *limbs);
/* The same for h as five 32-bit words at the start of the state
 * (poly1305-arm, poly1305-neon on 32-bit ARM, poly1305-mips). */
void poly1305_test_set_h32(void *state, const uint64_t *limbs);
void poly1305_test_get_h32(const void *state, uint64_t *limbs);

/* A struct poly1305_test's h, set_h and get_h for h kept as three 64-bit
 * or five 32-bit words, every word full but the top one, at most top. */
#define POLY1305_TEST_H64(top)                                          \
	.h = { 3, 64, { UINT64_MAX, UINT64_MAX, (top) } },              \
	.set_h = poly1305_test_set_h64, .get_h = poly1305_test_get_h64
#define POLY1305_TEST_H32(top)                                          \
	.h = { 5, 32, { UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX, (top) } }, \
	.set_h = poly1305_test_set_h32, .get_h = poly1305_test_get_h32
/* Its lane form for five radix-2^26 limbs, each at most max. */
#define POLY1305_TEST_LANES26(max) .lane = { 5, 26, { (max), (max), (max), (max), (max) } }
#endif

#ifdef ZINC_ASM_X86_64
/* arch/x86_64/poly1305-avx2.S, poly1305-avx512.S, poly1305-avx512ifma.S */
#ifdef ZINC_TESTING
void poly1305_avx2_test_lanes(void *state, const uint64_t *limbs, const uint8_t *in, size_t len);
void poly1305_avx512_test_lanes(void *state, const uint64_t *limbs, const uint8_t *in, size_t len);
void poly1305_avx512ifma_test_lanes(void *state, const uint64_t *limbs, const uint8_t *in,
				    size_t len);
extern const struct poly1305_test poly1305_x86_64_test, poly1305_avx2_test,
	poly1305_avx512_test, poly1305_avx512ifma_test;
#endif
#endif

#if (defined(ZINC_ASM_ARM64) || defined(ZINC_ASM_ARM)) && defined(ZINC_TESTING)
/* arch/arm64/poly1305-neon.S or arch/arm/poly1305-neon.S (the same names on
 * both); lib/poly1305/poly1305-arm64.c or poly1305-arm.c */
void poly1305_neon_test_lanes(void *state, const uint64_t *limbs, const uint8_t *in, size_t len);
extern const struct poly1305_test poly1305_neon_test;
#endif
#if defined(ZINC_ASM_ARM64) && defined(ZINC_TESTING)
extern const struct poly1305_test poly1305_arm64_test;
#endif
#if defined(ZINC_ASM_ARM) && defined(ZINC_TESTING)
extern const struct poly1305_test poly1305_arm_test;
#endif

#if defined(ZINC_ASM_MIPS) && defined(ZINC_TESTING)
/* lib/poly1305/poly1305-mips.c */
extern const struct poly1305_test poly1305_mips_test;
#endif
#if defined(ZINC_ASM_MIPS64) && defined(ZINC_TESTING)
extern const struct poly1305_test poly1305_mips64_test;
#endif

/* Its rows' entry points as the harness calls them (lib/poly1305/entries.c,
 * lib/common/entry.h; ZINC_TESTING builds). */
struct zinc_entries;
extern const struct zinc_entries poly1305_entries;
/* Its description (lib/common/describe.h; ZINC_TESTING builds). */
struct zinc_primitive;
extern const struct zinc_primitive poly1305_primitive;
/* Its descriptions as zinc_primitives[] lists them (lib/start/primitives.h). */
#define POLY1305_DESCRIPTIONS &poly1305_primitive
/* Its parts of zinc_selftest() (lib/poly1305/selftest.c, lib/selftest/selftest.h)
 * as zinc_selftest_parts[] lists them (lib/start/primitives.h). */
bool poly1305_selftest(char *why, size_t size);
#define POLY1305_SELFTESTS { "poly1305", poly1305_selftest }

#endif
