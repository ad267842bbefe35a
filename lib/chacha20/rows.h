/* SPDX-License-Identifier: MIT */
/*
 * The ChaCha20 backend rows: the one place a row is written. No include
 * guard: lib/chacha20/chacha20.h includes this list several times, each time
 * with ROW defined to make one thing from it (the row ids, the prototypes,
 * the pick), chacha20.c makes the table chacha20_impls[] and chacha20_choice from it,
 * and lib/start/gen_dispatch.py writes the
 * direct-call dispatch from it into lib/chacha20/dispatch.h. Each line is
 *
 *   ROW(ID, "chacha20-<variant>", features, min_len, xor_stream, hchacha20)
 *
 * ID makes CHACHA20_ROW_<ID>, the row's index in the table; features are the
 * ZINC_CPU_* bits it needs, all of them; chacha20() uses it from min_len
 * bytes up; xor_stream and hchacha20 name its functions (signatures in
 * struct chacha20_impl), hchacha20 as HCHACHA20(fn), or NO_HCHACHA20 for a
 * row without one. Rows are in order of preference, least preferred first,
 * generic first: the last usable row wins.
 *
 * Adding a backend: its .S in sources.bzl (ASM_SRCS), one ROW line here,
 * its expected policy in the dispatch-hit test of
 * lib/chacha20/chacha20_test.c, and dispatch.h regenerated (its header has
 * the command). Nothing else: the prototypes, the table row and the
 * dispatch all come from the line.
 */
#ifndef HCHACHA20
#define HCHACHA20(fn) fn
#endif
#ifndef NO_HCHACHA20
#define NO_HCHACHA20 NULL
#endif

ROW(GENERIC, "chacha20-generic", 0, 0, chacha20_generic, HCHACHA20(hchacha20_generic))
#ifdef ZINC_ASM_X86_64
/* The thresholds below were set from `ci/bench.sh` on an Intel Xeon
 * (family 6 model 167, AVX-512), each row called directly with
 * chacha20_init included: bench/results/date-not-recorded-xeon-6-167.md#chacha20-rows. */
ROW(SSSE3, "chacha20-ssse3", ZINC_CPU_SSSE3, 0, chacha20_ssse3, HCHACHA20(hchacha20_ssse3))
/* AVX2 is within 2% of SSSE3 at 64 and 256 B and faster from 576 B on, so
 * it takes every length; on an AVX2-only machine too, at 64 B (its one-block
 * xmm path) and 128 B (bench/results/date-not-recorded-epyc-25-17.md#chacha20-avx2-one-block). */
ROW(AVX2, "chacha20-avx2", ZINC_CPU_AVX2, 0, chacha20_avx2, NO_HCHACHA20)
/* AVX-512VL beats AVX2 at every length measured (same record). */
ROW(AVX512VL, "chacha20-avx512vl", ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL, 0, chacha20_avx512vl,
    HCHACHA20(hchacha20_avx512vl))
/* Sixteen zmm blocks win from ten blocks on; at nine blocks the ymm row is
 * ahead (same record). */
ROW(AVX512, "chacha20-avx512", ZINC_CPU_AVX512F, 577, chacha20_avx512, NO_HCHACHA20)
#endif
#ifdef ZINC_ASM_ARM64
/* Takes every length: with no arm64 machine here (only qemu-user, whose
 * timings mean nothing) no threshold has been measured. */
ROW(NEON, "chacha20-neon", ZINC_CPU_NEON, 0, chacha20_neon, HCHACHA20(hchacha20_neon))
#endif
#ifdef ZINC_ASM_MIPS
/* MIPS32r2, both byte orders (arch/mips/chacha20-mips.S). Takes every
 * length: with no MIPS hardware here (only qemu-user, whose timings mean
 * nothing) no threshold has been measured. */
ROW(MIPS, "chacha20-mips", 0, 0, chacha20_mips, HCHACHA20(hchacha20_mips))
#endif
#ifdef ZINC_ASM_ARM
/* 32-bit ARM. Both take every length: with no 32-bit ARM machine here
 * (only qemu-user, whose timings mean nothing) no threshold has been
 * measured. The scalar row needs no feature, so it replaces the generic C
 * on every ARMv6+ core. */
ROW(ARM, "chacha20-arm", 0, 0, chacha20_arm, HCHACHA20(hchacha20_arm))
ROW(NEON, "chacha20-neon", ZINC_CPU_NEON, 0, chacha20_neon, HCHACHA20(hchacha20_neon))
#endif

#undef ROW
#undef HCHACHA20
#undef NO_HCHACHA20
