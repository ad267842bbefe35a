/* SPDX-License-Identifier: MIT */
/*
 * The ChaCha20 backend rows: the one place a row is written. No include
 * guard: lib/chacha20/chacha20.h includes this list several times, each time
 * with ROW defined to make one thing from it (the row ids, the prototypes,
 * the choice, the direct-call dispatch), and chacha20.c makes the table
 * chacha20_impls[] from it. Each line is
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
 * and its expected policy in lib/chacha20/dispatch_test.c. Nothing else:
 * the prototypes, the table row and the dispatch all come from the line.
 */
#ifndef HCHACHA20
#define HCHACHA20(fn) fn
#endif
#ifndef NO_HCHACHA20
#define NO_HCHACHA20 NULL
#endif

ROW(GENERIC, "chacha20-generic", 0, 0, chacha20_generic, HCHACHA20(hchacha20_generic))
#ifdef ZINC_ASM_X86_64
/* The figures below are TSC cycles per byte from `ci/bench.sh` on the Intel
 * Xeon (family 6 model 167, AVX-512) this project is built and measured on,
 * each row called directly with chacha20_init included; issue 5's closing
 * note has the whole table. */
ROW(SSSE3, "chacha20-ssse3", ZINC_CPU_SSSE3, 0, chacha20_ssse3, HCHACHA20(hchacha20_ssse3))
/* AVX2 is within 2% of SSSE3 at 64 and 256 B (3.17 vs 3.19, 1.61 vs 1.58)
 * and faster from 576 B on (1.07 vs 1.69; 0.78 vs 1.52 at 16 KiB), so it
 * takes every length. On the AMD EPYC (family 25 model 17, AVX2, no
 * AVX-512), min-of-N TSC cycles with chacha20_init: 296 vs 302 at 64 B (its
 * one-block xmm path), 299 vs 572 at 128 B. */
ROW(AVX2, "chacha20-avx2", ZINC_CPU_AVX2, 0, chacha20_avx2, NO_HCHACHA20)
/* AVX-512VL beats AVX2 at every length (2.25 vs 3.17 at 64 B, 0.58 vs 0.78
 * at 16 KiB). */
ROW(AVX512VL, "chacha20-avx512vl", ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL, 0, chacha20_avx512vl,
    HCHACHA20(hchacha20_avx512vl))
/* Sixteen zmm blocks win from ten blocks on: 0.75 vs 0.77 at 600 B, 0.69 vs
 * 0.70 at 640 B, 0.62 vs 0.80 at 704 B; at nine blocks the ymm row is ahead
 * (0.75 vs 0.79 at 576 B, 0.85 vs 0.88 at 513 B, 0.62 vs 0.89 at 512 B). */
ROW(AVX512, "chacha20-avx512", ZINC_CPU_AVX512F, 577, chacha20_avx512, NO_HCHACHA20)
#endif
#ifdef ZINC_ASM_ARM64
/* Takes every length: with no arm64 machine here (only qemu-user, whose
 * timings mean nothing) no threshold has been measured. */
ROW(NEON, "chacha20-neon", ZINC_CPU_NEON, 0, chacha20_neon, HCHACHA20(hchacha20_neon))
#endif

#undef ROW
#undef HCHACHA20
#undef NO_HCHACHA20
