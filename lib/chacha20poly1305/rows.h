/* SPDX-License-Identifier: MIT */
/*
 * The ChaCha20-Poly1305 stitched rows: the one place a row is written. No
 * include guard: lib/chacha20poly1305/chacha20poly1305.h includes this list
 * several times, each time with ROW defined to make one thing from it (the
 * row ids, the prototypes, the choice, the direct-call dispatch), and
 * chacha20poly1305.c makes the table chacha20poly1305_impls[] from it. Each
 * line is
 *
 *   ROW(ID, "chacha20poly1305-<variant>", features, min_len, kernel, steps, open)
 *
 * ID makes CHACHA20POLY1305_ROW_<ID>, the row's index in the table; the
 * public encrypt functions use the row for messages of at least min_len
 * bytes on a CPU with all of features; kernel is KERNEL(fn), fn's signature
 * that of struct chacha20poly1305_impl.encrypt, and steps STEPS(fn), the
 * same kernel in place over a table of 512-byte steps (the scatter-gather
 * encrypt; struct chacha20poly1305_impl.encrypt_steps), and open OPEN(fn),
 * decryption's pass over a table of ciphertext steps into a buffer
 * (.decrypt_steps), or all three NO_KERNEL for the two-pass row (the chosen
 * ChaCha20 row, then the chosen Poly1305 row).
 * Rows are in order of preference, two-pass first: the last usable row wins.
 *
 * Adding a backend: its .S in sources.bzl (ASM_SRCS), one ROW line here,
 * and its expected policy in the dispatch-hit test of
 * lib/chacha20poly1305/chacha20poly1305_test.c.
 */
#ifndef KERNEL
#define KERNEL(fn) fn
#endif
#ifndef STEPS
#define STEPS(fn) fn
#endif
#ifndef OPEN
#define OPEN(fn) fn
#endif
#ifndef NO_KERNEL
#define NO_KERNEL NULL
#endif

ROW(TWO_PASS, "chacha20poly1305-two-pass", 0, 0, NO_KERNEL, NO_KERNEL, NO_KERNEL)
#ifdef ZINC_ASM_X86_64
/* From 577 bytes: at 576 the kernel gets exactly one step, nothing to
 * interleave, and loses to the two passes; at 577 it takes the rest too and
 * wins, as at every longer length measured
 * (bench/results/date-not-recorded-epyc-25-17.md#stitch-min-len). */
ROW(AVX2, "chacha20poly1305-avx2", ZINC_CPU_AVX2, 577, KERNEL(chacha20poly1305_avx2),
    STEPS(chacha20poly1305_avx2_steps), OPEN(chacha20poly1305_avx2_open))
/* From 1345 bytes: below, the kernel's first 1024-byte step (the powers
 * of r computed among its rounds) and a short last part lose to the two
 * passes; from a last part of 257 bytes after the first step, where
 * chacha20-avx512 turns to sixteen blocks for it, the kernel wins,
 * encrypting at every longer length measured and decrypting within a few
 * percent either way up to 4160 bytes. Measured on Zen 4
 * (bench/results/2026-12-05-zen4-chacha20poly1305-avx512.md#threshold);
 * on Zen 5 it loses to the two passes at every length (lib/start/prefs.h
 * avoids it there: bench/results/2026-12-05-zen5-native.md#chacha20poly1305);
 * Intel AVX-512 cores are not measured yet. */
ROW(AVX512IFMA, "chacha20poly1305-avx512ifma",
    ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL | ZINC_CPU_AVX512IFMA, 1345,
    KERNEL(chacha20poly1305_avx512ifma), STEPS(chacha20poly1305_avx512ifma_steps),
    OPEN(chacha20poly1305_avx512ifma_open))
#endif

#undef ROW
#undef KERNEL
#undef STEPS
#undef OPEN
#undef NO_KERNEL
