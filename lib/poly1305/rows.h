/* SPDX-License-Identifier: MIT */
/*
 * The Poly1305 backend rows: the one place a row is written. No include
 * guard: lib/poly1305/poly1305.h includes this list several times, each time
 * with ROW defined to make one thing from it (the row ids, the prototypes,
 * the pick), poly1305.c makes the table poly1305_impls[] and poly1305_choice from it,
 * and lib/start/gen_dispatch.py writes the
 * direct-call dispatch from it into lib/poly1305/dispatch.h. Each line is
 *
 *   ROW(ID, "poly1305-<variant>", features, min_len, state_size,
 *       init, blocks, emit, mac, test)
 *
 * ID makes POLY1305_ROW_<ID>, the row's index in the table (and the value
 * struct poly1305_ctx.impl holds); features are the ZINC_CPU_* bits it
 * needs; the one-shot poly1305() and the AEADs use it for messages of at
 * least min_len bytes; state_size is its POLY1305_<ROW>_STATE; init, blocks
 * and emit name its functions (signatures in struct poly1305_impl); test
 * names its struct poly1305_test (used in ZINC_TESTING builds only). Rows
 * are in order of preference, least preferred first, generic first: the
 * last usable row wins.
 *
 * Adding a backend: its .S in sources.bzl (ASM_SRCS), its state size in
 * poly1305.h, one ROW line here, its expected policy in the dispatch-hit
 * test of lib/poly1305/poly1305_test.c, and dispatch.h regenerated (its
 * header has the command). The prototypes, the table row and the dispatch all
 * come from the line.
 */
#ifndef MAC
#define MAC(fn) fn
#endif
#ifndef NO_MAC
#define NO_MAC NULL
#endif

ROW(DONNA32, "poly1305-donna32", 0, 0, POLY1305_DONNA32_STATE, poly1305_donna32_init,
    poly1305_donna32_blocks, poly1305_donna32_emit, NO_MAC, poly1305_donna32_test)
#ifdef __SIZEOF_INT128__
ROW(DONNA64, "poly1305-donna64", 0, 0, POLY1305_DONNA64_STATE, poly1305_donna64_init,
    poly1305_donna64_blocks, poly1305_donna64_emit, NO_MAC, poly1305_donna64_test)
#endif
#ifdef ZINC_ASM_X86_64
/* Its mac entry runs the whole one-shot with no state in memory, faster at
 * 64 B than init, blocks and emit through memory; a mulx (BMI2) copy of it
 * measured no faster, so there is none
 * (bench/results/date-not-recorded-epyc-25-17.md#poly1305-x86_64-mac). */
ROW(X86_64, "poly1305-x86_64", 0, 0, POLY1305_X86_64_STATE, poly1305_x86_64_init,
    poly1305_x86_64_blocks, poly1305_x86_64_emit, MAC(poly1305_x86_64_mac), poly1305_x86_64_test)
/* From 384 bytes, where its vector path starts for a new key (VEC_COLD in
 * poly1305-avx2.S); below, it would only add the wipe of its larger state
 * to the scalar row's work. */
ROW(AVX2, "poly1305-avx2", ZINC_CPU_AVX2, 384, POLY1305_AVX2_STATE, poly1305_x86_64_init,
    poly1305_avx2_blocks, poly1305_x86_64_emit, NO_MAC, poly1305_avx2_test)
/* From 2048 bytes: its vector path starts at 512 for a new key (VEC_COLD in
 * poly1305-avx512.S), but below 2 KiB poly1305-avx2 is as fast or faster
 * (measured on a CPU with IFMA, where the row is never chosen: see
 * bench/results/). */
ROW(AVX512, "poly1305-avx512", ZINC_CPU_AVX512F, 2048, POLY1305_AVX512_STATE, poly1305_x86_64_init,
    poly1305_avx512_blocks, poly1305_x86_64_emit, NO_MAC, poly1305_avx512_test)
/* From 384 bytes, where its vector path starts for a new key (VEC_COLD in
 * poly1305-avx512ifma.S; the measurements: bench/results/). */
ROW(AVX512IFMA, "poly1305-avx512ifma", ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL | ZINC_CPU_AVX512IFMA,
    384, POLY1305_AVX512IFMA_STATE, poly1305_x86_64_init, poly1305_avx512ifma_blocks,
    poly1305_x86_64_emit, NO_MAC, poly1305_avx512ifma_test)
#endif
#ifdef ZINC_ASM_ARM64
ROW(ARM64, "poly1305-arm64", 0, 0, POLY1305_ARM64_STATE, poly1305_arm64_init,
    poly1305_arm64_blocks, poly1305_arm64_emit, NO_MAC, poly1305_arm64_test)
/* From 256 bytes, where its vector path starts for a new key (VEC_COLD in
 * poly1305-neon.S, which says how it was chosen). */
ROW(NEON, "poly1305-neon", ZINC_CPU_NEON, 256, POLY1305_NEON_STATE, poly1305_neon_init,
    poly1305_neon_blocks, poly1305_arm64_emit, NO_MAC, poly1305_neon_test)
#endif
#ifdef ZINC_ASM_ARM
/* 32-bit ARM (ARMv7-A). No such machine here: the threshold below is set
 * by guest instruction counts under qemu-arm, not measured in time. */
ROW(ARM, "poly1305-arm", 0, 0, POLY1305_ARM_STATE, poly1305_arm_init, poly1305_arm_blocks,
    poly1305_arm_emit, NO_MAC, poly1305_arm_test)
/* From 384 bytes, where its vector path starts for a new key (VEC_COLD in
 * arch/arm/poly1305-neon.S, which says how it was chosen; the counts:
 * bench/results/2026-12-06-armhf-poly1305-insn-counts.md). */
ROW(NEON, "poly1305-neon", ZINC_CPU_NEON, 384, POLY1305_ARM_NEON_STATE, poly1305_neon_init,
    poly1305_neon_blocks, poly1305_arm_emit, NO_MAC, poly1305_neon_test)
#endif
/* The MIPS rows take every length: with no MIPS hardware here (only
 * qemu-user, whose timings mean nothing) no threshold has been measured. */
#ifdef ZINC_ASM_MIPS
ROW(MIPS, "poly1305-mips", 0, 0, POLY1305_MIPS_STATE, poly1305_mips_init,
    poly1305_mips_blocks, poly1305_mips_emit, NO_MAC, poly1305_mips_test)
#endif
#ifdef ZINC_ASM_MIPS64
ROW(MIPS64, "poly1305-mips64", 0, 0, POLY1305_MIPS64_STATE, poly1305_mips64_init,
    poly1305_mips64_blocks, poly1305_mips64_emit, NO_MAC, poly1305_mips64_test)
#endif

#undef ROW
#undef MAC
#undef NO_MAC
