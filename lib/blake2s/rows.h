/* SPDX-License-Identifier: MIT */
/*
 * The BLAKE2s backend rows: the one place a row is written. No include
 * guard: lib/blake2s/blake2s.h includes this list several times, each time
 * with ROW defined to make one thing from it (the row ids, the prototypes,
 * the pick), blake2s.c makes the table blake2s_impls[] and blake2s_choice from it,
 * and lib/start/gen_dispatch.py writes the
 * direct-call dispatch from it into lib/blake2s/dispatch.h. Each line is
 *
 *   ROW(ID, "blake2s-<variant>", features, min_len, compress)
 *
 * ID makes BLAKE2S_ROW_<ID>, the row's index in the table; features are the
 * ZINC_CPU_* bits it needs; blake2s_update() uses it for updates of at least
 * min_len bytes; compress names its function (signature in struct
 * blake2s_impl). Rows are in order of preference, least preferred first,
 * generic first: the last usable row wins.
 *
 * Adding a backend: its .S in sources.bzl (ASM_SRCS), one ROW line here,
 * its expected policy in the dispatch-hit test of
 * lib/blake2s/blake2s_test.c, and dispatch.h regenerated (its header has
 * the command).
 */
ROW(GENERIC, "blake2s-generic", 0, 0, blake2s_compress_generic)
#ifdef ZINC_ASM_X86_64
/* AVX is no slower than the generic C at one block and faster from two on,
 * so it takes every length
 * (bench/results/date-not-recorded-epyc-25-17.md#blake2s-avx). */
ROW(AVX, "blake2s-avx", ZINC_CPU_AVX, 0, blake2s_compress_avx)
/* AVX-512VL: vpternlogd and split rotations shorten G's dependency chain,
 * vpermi2d permutes the message in registers. Faster than AVX and the
 * generic C from one block on, so it takes every length
 * (bench/results/2026-12-04-zen4-blake2s-avx512vl.md). */
ROW(AVX512VL, "blake2s-avx512vl", ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL, 0,
    blake2s_compress_avx512vl)
#endif
#ifdef ZINC_ASM_ARM
/* 32-bit ARM, scalar (no feature, so it replaces the generic C on every
 * ARMv6+ core). Takes every length: with no 32-bit ARM machine here (only
 * qemu-user, whose timings mean nothing) no threshold has been measured. */
ROW(ARM, "blake2s-arm", 0, 0, blake2s_compress_arm)
#endif

#undef ROW
