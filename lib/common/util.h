/* SPDX-License-Identifier: MIT */
/* Helpers every primitive shares: wiping, constant-time compare, LE access. */
#ifndef ZINC_COMMON_UTIL_H
#define ZINC_COMMON_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* memset that the compiler may not elide: the asm claims to read p, so the
 * stores cannot be dropped. Inline, so that a wipe of a known small size
 * is a few stores rather than two calls. The contract (for ci/prove.sh) says
 * only what it writes: WP cannot state \valid through the void pointer of
 * a caller's typed array, so callers' wipes are taken as given there. */
/*@ assigns ((char *)p)[0 .. len - 1]; */
static inline void memzero_explicit(void *p, size_t len)
{
	memset(p, 0, len);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}
/* 0 when equal, non-zero otherwise; time depends only on len. */
int crypto_memneq(const void *a, const void *b, size_t len);

static inline uint32_t rol32(uint32_t v, unsigned n)
{
	return (v << (n & 31)) | (v >> ((32 - n) & 31));
}

static inline uint32_t ror32(uint32_t v, unsigned n)
{
	return (v >> (n & 31)) | (v << ((32 - n) & 31));
}

/*@ requires \valid_read((const uint8_t *)p + (0 .. 3));
    assigns \nothing; */
static inline uint32_t get_unaligned_le32(const void *p)
{
	const uint8_t *b = p;
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
	       (uint32_t)b[3] << 24;
}

/* One 8-byte load (memcpy), not eight byte loads: the same code at -O2, but
 * sanitizer builds check one access instead of eight (X25519's fixed-base
 * table selection reads 6144 words per call). */
static inline uint64_t get_unaligned_le64(const void *p)
{
	uint64_t w;

	memcpy(&w, p, sizeof(w));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	return w;
}

/* The stores below copy with the compiler's builtin: under _FORTIFY_SOURCE
 * (Bazel's -c opt defines it) glibc's memcpy is an inline wrapper around
 * __builtin___memcpy_chk, and with it clang 19 kept hchacha20_generic's
 * state array in memory around the permutation, 0.94x libsodium against
 * 1.02x (bench/results/2026-12-06-zen5-small-packet.md#hchacha20). The same
 * copy; memcpy where the builtin is unknown (Frama-C, ci/prove.sh). */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__FRAMAC__)
#define put_unaligned_copy __builtin_memcpy
#else
#define put_unaligned_copy memcpy
#endif

/* One store each (memcpy), not byte stores: clang 19 merges the four byte
 * stores of a lone call into one, but not those of two calls in a row (an
 * output of several words), and a word load of bytes stored one at a time
 * cannot be store-forwarded. ci/prove.sh takes the contract as given: WP
 * would need the libc contract of memcpy through a cast. */
/*@ requires \valid((uint8_t *)p + (0 .. 3));
    assigns ((uint8_t *)p)[0 .. 3]; */
static inline void put_unaligned_le32(uint32_t v, void *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap32(v);
#endif
	put_unaligned_copy(p, &v, sizeof(v));
}

static inline void put_unaligned_le64(uint64_t v, void *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	put_unaligned_copy(p, &v, sizeof(v));
}

/* The constant-time check (ci/ct.sh builds with -DZINC_CT and runs under
 * valgrind memcheck, secrets marked undefined): a value computed from
 * secrets that may be revealed, such as a tag check's verdict, is
 * declassified before it is branched on. Nothing otherwise. */
#ifdef ZINC_CT
#include <valgrind/memcheck.h>
#define ZINC_DECLASSIFY(p, len) VALGRIND_MAKE_MEM_DEFINED((p), (len))
#else
#define ZINC_DECLASSIFY(p, len) ((void)0)
#endif

/* Test builds (-DZINC_TESTING) count which backend ran; see dispatch tests. */
#ifdef ZINC_TESTING
#define ZINC_COUNT_HIT(counter) __atomic_fetch_add(&(counter), 1, __ATOMIC_RELAXED)
#else
#define ZINC_COUNT_HIT(counter) ((void)0)
#endif

#endif
