/* SPDX-License-Identifier: MIT */
/*
 * Dispatch preferences per microarchitecture: the one place they are
 * written. Data only; lib/start/start.c makes each choice's table of them
 * and resolves it against the choice's rows (zinc_choice_resolve). Each
 * line is
 *
 *   PREF(MODEL, CHOICE, ROW, VALUE, RECORD)
 *
 * MODEL a ZINC_CPU_MODEL_<MODEL> (lib/common/cpu.h), CHOICE the choice it
 * refines, its name (struct zinc_choice's) in capitals (CHACHA20 is
 * chacha20() and the two-pass AEADs' ChaCha20, HCHACHA20 hchacha20() and
 * XChaCha's subkey, ...; lib/start/start_test.c checks that each names
 * one), ROW that primitive's row id, VALUE AVOID (never picked) or FROM(n)
 * (picked from n bytes on, in place of the min_len in rows.h), RECORD the dated
 * measurement in bench/results/ that justifies it. A row still needs its
 * features: a preference can only narrow where a row is used. A model with
 * no line keeps the feature-only policy of the rows.h files; so does any CPU
 * zinc_cpu_model_of() does not recognise.
 *
 * `ci/bench.sh --tune` prints the lines this CPU would need, in this format.
 * lib/common/test_prefs.h restates every line for the dispatch tests.
 */

/* ZEN3 (AMD family 25, Milan class) and INTEL_AVX512 (Ice Lake / Tiger
 * Lake / Sapphire Rapids class) have no lines, and ZEN4 (family 25, Genoa
 * class; taken as DEFAULT when AVX-512 is hidden, lib/common/cpu.c) only
 * the AEAD's: the thresholds in rows.h were measured on an Intel family 6
 * model 167 with AVX-512 and on AMD family 25 model 17 machines with AVX-512
 * hidden (bench/results/2026-12-04-zen5.md, "Where the defaults come
 * from"; bench/results/date-not-recorded-*.md); Zen 4 with AVX-512 exposed
 * was first measured in bench/results/2026-12-04-zen4.md. */

#ifdef ZINC_ASM_X86_64
/* Zen 5 (measured natively): one block of ChaCha20 runs faster in scalar
 * registers than in any vector row; from two blocks the vector rows win,
 * SSSE3 (four blocks a step) only from four. */
PREF(ZEN5, CHACHA20, CHACHA20_ROW_SSSE3, FROM(256),
     "bench/results/2026-12-05-zen5-native.md#chacha20")
PREF(ZEN5, CHACHA20, CHACHA20_ROW_AVX2, FROM(65),
     "bench/results/2026-12-05-zen5-native.md#chacha20")
PREF(ZEN5, CHACHA20, CHACHA20_ROW_AVX512VL, FROM(65),
     "bench/results/2026-12-05-zen5-native.md#chacha20")
/* Zen 5: the 16-block AVX-512 row only from three blocks: at two (65..128
 * bytes) it ties chacha20-avx512vl alone, and it is about 3% slower as
 * the AEADs' first call (block 0 and a 1..64-byte message). */
PREF(ZEN5, CHACHA20, CHACHA20_ROW_AVX512, FROM(129),
     "bench/results/2026-12-07-zen5-aead-small.md#chacha20")
/* Zen 5: HChaCha20 is one block: the generic C is faster than the vector
 * rows. */
PREF(ZEN5, HCHACHA20, CHACHA20_ROW_SSSE3, AVOID,
     "bench/results/2026-12-05-zen5-native.md#hchacha20")
PREF(ZEN5, HCHACHA20, CHACHA20_ROW_AVX512VL, AVOID,
     "bench/results/2026-12-05-zen5-native.md#hchacha20")
/* Zen 5: the two passes (chacha20-avx512, then the Poly1305 row) beat both
 * stitched kernels, AVX2 and AVX-512, at every length each would take,
 * encrypt and decrypt. */
PREF(ZEN5, CHACHA20POLY1305, CHACHA20POLY1305_ROW_AVX2, AVOID,
     "bench/results/2026-12-05-zen5-native.md#chacha20poly1305")
PREF(ZEN5, CHACHA20POLY1305, CHACHA20POLY1305_ROW_AVX512IFMA, AVOID,
     "bench/results/2026-12-05-zen5-native.md#chacha20poly1305")
/* Zen 4 with AVX-512 exposed: the two passes (chacha20-avx512, then
 * poly1305-avx512ifma) beat the stitched AVX2 kernel from 577 bytes on. */
PREF(ZEN4, CHACHA20POLY1305, CHACHA20POLY1305_ROW_AVX2, AVOID,
     "bench/results/2026-12-04-zen4.md#chacha20poly1305")
/* Zen 4: since chacha20-avx512 runs two sixteen-block groups, the two passes
 * are as fast as the stitched AVX-512 kernel or faster at every length,
 * encrypt and decrypt. */
PREF(ZEN4, CHACHA20POLY1305, CHACHA20POLY1305_ROW_AVX512IFMA, AVOID,
     "bench/results/2026-12-05-zen4-chacha20poly1305-avx512.md#after-the-two-group-chacha20")
/* Zen 5: one BLAKE2s message is a single dependency chain, and the scalar
 * generic C (one-cycle rotates) beats both vector rows, AVX and AVX-512VL,
 * at every length. */
PREF(ZEN5, BLAKE2S, BLAKE2S_ROW_AVX, AVOID, "bench/results/2026-12-05-zen5-native.md#blake2s")
PREF(ZEN5, BLAKE2S, BLAKE2S_ROW_AVX512VL, AVOID, "bench/results/2026-12-05-zen5-native.md#blake2s")
#endif
