/* SPDX-License-Identifier: MIT */
/* Poly1305 backends. Each keeps its own state layout inside
 * struct poly1305_ctx.state; buffering of partial blocks and the final
 * addition of s are shared. */
#ifndef ZINC_LIB_POLY1305_H
#define ZINC_LIB_POLY1305_H

#include <stddef.h>
#include <stdint.h>
#include <zinc/poly1305.h>

struct poly1305_test;

/* Bytes of struct poly1305_ctx.state each row uses (its init, blocks and
 * emit write nothing beyond); poly1305_final wipes that many. Each row's
 * source checks its state struct against its number. */
enum {
	POLY1305_DONNA32_STATE = 40,
	POLY1305_DONNA64_STATE = 48,
	POLY1305_X86_64_STATE = 56,
	POLY1305_AVX2_STATE = 784,
	POLY1305_ARM64_STATE = 40,	/* h0, h1, h2, r0, r1 */
	POLY1305_NEON_STATE = 240,
};

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
	/* State-level access under ZINC_TESTING (below); NULL otherwise. */
	const struct poly1305_test *test;
};

#ifdef ZINC_TESTING
#define POLY1305_TEST(t) (&(t))
#else
#define POLY1305_TEST(t) NULL
#endif

extern const struct poly1305_impl poly1305_impls[];
extern const size_t poly1305_nimpls;

/* Index of the row used for a message of len bytes on this CPU. */
uint32_t poly1305_pick(size_t len);
/* poly1305_init with a chosen row (the harness and the AEADs use it). */
void poly1305_init_impl(struct poly1305_ctx *ctx, const uint8_t key[POLY1305_KEY_SIZE],
			uint32_t impl);

/* The generic backends, for the table in poly1305.c. */
void poly1305_donna32_init(void *state, const uint8_t r[16]);
void poly1305_donna32_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit);
void poly1305_donna32_emit(void *state, uint8_t mac[POLY1305_MAC_SIZE], const uint32_t s[4]);
#ifdef __SIZEOF_INT128__
void poly1305_donna64_init(void *state, const uint8_t r[16]);
void poly1305_donna64_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit);
void poly1305_donna64_emit(void *state, uint8_t mac[POLY1305_MAC_SIZE], const uint32_t s[4]);
#endif

#ifdef ZINC_TESTING
extern unsigned long poly1305_hits[];

/*
 * State-level access, for the poly1305_state target and the unit tests
 * (DESIGN section 5): put the accumulator of a row into any state its own
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
 * of their state (poly1305-x86_64, poly1305-avx2, poly1305-arm64,
 * poly1305-neon). */
void poly1305_test_set_h64(void *state, const uint64_t *limbs);
void poly1305_test_get_h64(const void *state, uint64_t *limbs);
#endif

#ifdef ZINC_ASM_X86_64
/* arch/x86_64/poly1305-x86_64.S and poly1305-avx2.S. */
void poly1305_x86_64_init(void *state, const uint8_t r[16]);
void poly1305_x86_64_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit);
void poly1305_x86_64_emit(void *state, uint8_t mac[POLY1305_MAC_SIZE], const uint32_t s[4]);
void poly1305_avx2_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit);
#ifdef ZINC_TESTING
void poly1305_avx2_test_lanes(void *state, const uint64_t *limbs, const uint8_t *in, size_t len);
extern const struct poly1305_test poly1305_x86_64_test, poly1305_avx2_test;
#endif
#endif

#ifdef ZINC_ASM_ARM64
/* arch/arm64/poly1305-arm64.S and poly1305-neon.S. */
void poly1305_arm64_init(void *state, const uint8_t r[16]);
void poly1305_arm64_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit);
void poly1305_arm64_emit(void *state, uint8_t mac[POLY1305_MAC_SIZE], const uint32_t s[4]);
void poly1305_neon_init(void *state, const uint8_t r[16]);
void poly1305_neon_blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit);
#ifdef ZINC_TESTING
void poly1305_neon_test_lanes(void *state, const uint64_t *limbs, const uint8_t *in, size_t len);
extern const struct poly1305_test poly1305_arm64_test, poly1305_neon_test;
#endif
#endif

#endif
