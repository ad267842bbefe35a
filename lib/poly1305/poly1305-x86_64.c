/* SPDX-License-Identifier: MIT */
/*
 * The C side of the x86-64 Poly1305 rows (arch/x86_64/poly1305-x86_64.S,
 * poly1305-avx2.S, poly1305-avx512.S, poly1305-avx512ifma.S): the state
 * layouts, which the assembly
 * addresses by the offsets in arch/x86_64/poly1305-macros.h, and their
 * state-level access for tests.
 */
#include <stddef.h>
#include <zinc/poly1305.h>

#include "lib/common/util.h"
#include "lib/poly1305/poly1305.h"

#ifdef ZINC_ASM_X86_64

/* The first 64 bytes of every x86-64 row's state: the scalar row's whole
 * state (up to pad), where the vector rows' tables start after. */
struct poly1305_x86_64_head {
	uint64_t h[3];          /* h0 + h1 2^64 + h2 2^128, h2 <= 7 */
	uint64_t r0, r1, s1;    /* clamped r; s1 = r1 + r1 / 4 */
	uint64_t powers_ready;  /* a vector row: its tables are valid */
	uint64_t pad;
};

_Static_assert(offsetof(struct poly1305_x86_64_head, r0) == 24 &&
		       offsetof(struct poly1305_x86_64_head, powers_ready) == 48 &&
		       offsetof(struct poly1305_x86_64_head, pad) == POLY1305_X86_64_STATE &&
		       sizeof(struct poly1305_x86_64_head) == 64,
	       "poly1305-macros.h addresses these offsets; see poly1305.h");

/* poly1305-avx2's tables after the head. */
struct poly1305_x86_64 {
	struct poly1305_x86_64_head head;
	uint32_t r4_broadcast[5][8], s4_broadcast[4][8]; /* r^4, 5 r^4 limbs */
	uint32_t r8_broadcast[5][8], s8_broadcast[4][8]; /* r^8, 5 r^8 limbs */
	uint32_t powers[5][4], powers5[4][4]; /* limbs of r^4..r^1, and x5 */
};

_Static_assert(offsetof(struct poly1305_x86_64, r4_broadcast) == 64 &&
		       offsetof(struct poly1305_x86_64, s4_broadcast) == 224 &&
		       offsetof(struct poly1305_x86_64, r8_broadcast) == 352 &&
		       offsetof(struct poly1305_x86_64, s8_broadcast) == 512 &&
		       offsetof(struct poly1305_x86_64, powers) == 640 &&
		       offsetof(struct poly1305_x86_64, powers5) == 720,
	       "poly1305-macros.h and poly1305-avx2.S address these offsets");

/* poly1305-avx512's tables after the head: r^16 and r^8 as nine qwords
 * each (limbs 0..4, then 5 times limbs 1..4; the low dword counts), and
 * limb j of r^(8-k) in lane (2 k mod 7) of powers[j], 5 times in
 * powers5[j-1] (poly1305-avx512.S). */
struct poly1305_avx512 {
	struct poly1305_x86_64_head head;
	uint64_t r16[9], r8[9];
	uint32_t powers[5][8], powers5[4][8];
};

_Static_assert(offsetof(struct poly1305_avx512, r16) == 64 &&
		       offsetof(struct poly1305_avx512, r8) == 136 &&
		       offsetof(struct poly1305_avx512, powers) == 208 &&
		       offsetof(struct poly1305_avx512, powers5) == 368 &&
		       POLY1305_STATE_IS(struct poly1305_avx512, POLY1305_AVX512_STATE),
	       "poly1305-avx512.S addresses these offsets (R16Q, R8Q, PW, SW)");

/* poly1305-avx512ifma's tables after the head: limb i of r^(8-j) in
 * powers[i][j], 20 times limbs 1 and 2 in powers20[i-1][j], r^16's limbs
 * p0, p1, p2, 20 p1, 20 p2 (poly1305-avx512ifma.S). */
struct poly1305_avx512ifma {
	struct poly1305_x86_64_head head;
	uint64_t powers[3][8], powers20[2][8];
	uint64_t r16[5];
};

_Static_assert(offsetof(struct poly1305_avx512ifma, powers) == 64 &&
		       offsetof(struct poly1305_avx512ifma, powers20) == 256 &&
		       offsetof(struct poly1305_avx512ifma, r16) == 384 &&
		       POLY1305_STATE_IS(struct poly1305_avx512ifma, POLY1305_AVX512IFMA_STATE),
	       "poly1305-avx512ifma.S addresses these offsets (PR, PQ, R16)");

/* poly1305-x86_64 uses the head up to powers_ready, poly1305-avx2 all. */
_Static_assert(POLY1305_STATE_IS(struct poly1305_x86_64, POLY1305_AVX2_STATE), "see poly1305.h");

#ifdef ZINC_TESTING
/* Every x86-64 row's h: h2 <= 7 on entry to blocks() (poly1305-x86_64.S
 * says why). */
#define X86_64_FORM POLY1305_TEST_H64(7)
/* Radix-2^26 lanes: limbs < 2^28 whenever the lanes are multiplied
 * (poly1305-avx2.S, poly1305-avx512.S). */
#define RADIX26_LANES POLY1305_TEST_LANES26((1u << 28) - 1)

const struct poly1305_test poly1305_x86_64_test = { X86_64_FORM };

const struct poly1305_test poly1305_avx2_test = {
	X86_64_FORM,
	RADIX26_LANES,
	.nlanes = 4,
	.run_lanes = poly1305_avx2_test_lanes,
};

const struct poly1305_test poly1305_avx512_test = {
	X86_64_FORM,
	RADIX26_LANES,
	.nlanes = 8,
	.run_lanes = poly1305_avx512_test_lanes,
};

/* Lane limbs < 2^52, what vpmadd52 reads (poly1305-avx512ifma.S says why
 * that is the only bound). */
const struct poly1305_test poly1305_avx512ifma_test = {
	X86_64_FORM,
	.lane = { 3, 44, { (1ull << 52) - 1, (1ull << 52) - 1, (1ull << 52) - 1 } },
	.nlanes = 8,
	.run_lanes = poly1305_avx512ifma_test_lanes,
};
#endif

#endif /* ZINC_ASM_X86_64 */
