/* SPDX-License-Identifier: MIT */
/*
 * The Curve25519 backend rows: the one place a row is written. No include
 * guard: lib/curve25519/curve25519.h includes this list several times,
 * each time with ROW defined to make one thing from it (the row ids, the
 * prototypes, the pick), curve25519.c makes the table curve25519_impls[]
 * and curve25519_choice from it, and lib/start/gen_dispatch.py writes the
 * direct-call dispatch from it into lib/curve25519/dispatch.h. Each line is
 *
 *   ROW(ID, "curve25519-<variant>", features, scalarmult, scalarmult_base, field)
 *
 * ID makes CURVE25519_ROW_<ID>, the row's index in the table; features are
 * the ZINC_CPU_* bits it needs; scalarmult and scalarmult_base name its
 * functions (signatures in struct curve25519_impl; every row has both);
 * field names its struct curve25519_field_ops (ZINC_TESTING builds only).
 * Rows are in order of preference, least preferred first, generic first:
 * the last usable row wins.
 *
 * Adding a backend: its sources in sources.bzl, one ROW line here, its
 * expected policy in the dispatch-hit test of
 * lib/curve25519/curve25519_test.c, and dispatch.h regenerated (its header
 * has the command).
 */
ROW(GENERIC32, "curve25519-generic32", 0, curve25519_generic32, curve25519_generic32_base,
    curve25519_generic32_field)
#ifdef __SIZEOF_INT128__
ROW(GENERIC64, "curve25519-generic64", 0, curve25519_generic64, curve25519_generic64_base,
    curve25519_generic64_field)
#endif
#ifdef ZINC_ASM_X86_64
ROW(BMI2_ADX, "curve25519-bmi2-adx", ZINC_CPU_BMI2 | ZINC_CPU_ADX, curve25519_bmi2_adx,
    curve25519_bmi2_adx_base, curve25519_bmi2_adx_field)
/* The ladder's multiplications four at a time in AVX-512 IFMA lanes
 * (arch/x86_64/curve25519-avx512ifma.S), preferred where it runs: 1.3x
 * curve25519-bmi2-adx on Zen 5 (bench/results/2026-12-07-zen5-x25519-radix51.md);
 * not measured on Zen 4 or on an Intel CPU (there `ci/bench.sh --tune`
 * prints the AVOID line if it loses). Its fixed base is curve25519-bmi2-adx's
 * comb where ADX is usable, curve25519-generic64's elsewhere
 * (curve25519_avx512ifma_base). */
ROW(AVX512IFMA, "curve25519-avx512ifma",
    ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL | ZINC_CPU_AVX512IFMA, curve25519_avx512ifma,
    curve25519_avx512ifma_base, curve25519_avx512ifma_field)
#endif
#ifdef ZINC_ASM_ARM
/* 32-bit ARM NEON (arch/arm/curve25519-neon.S). Its base point: the ladder
 * on u = 9 (lib/curve25519/curve25519-neon.c says why). */
ROW(NEON, "curve25519-neon", ZINC_CPU_NEON, curve25519_neon, curve25519_neon_base,
    curve25519_neon_field)
#endif

#undef ROW
