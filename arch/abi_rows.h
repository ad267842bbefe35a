/* SPDX-License-Identifier: MIT */
/*
 * The architecture-independent half of the ABI check (arch/<arch>/abi_test.c):
 * walks every row of every backend table whose CPU features this machine
 * has, across the length classes, calling each entry point through the
 * architecture's trampoline, and checks that the output equals a direct
 * call's (so the trampoline passed the arguments through). Rows are found
 * by walking the tables: a new backend is checked as soon as it has a row.
 * Generic C rows go through it too.
 *
 * The including file includes its arch/<arch>/abi_check.h first (the
 * trampoline, abi_check_fill and abi_check_violations), and defines, after
 * including this header,
 *	static void test_trampoline_sees_violations(void);
 * the trampoline's self-test. This header holds main().
 */
#ifndef ZINC_ARCH_ABI_ROWS_H
#define ZINC_ARCH_ABI_ROWS_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lib/blake2s/blake2s.h"
#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/chacha20/chacha20.h"
#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/common/util.h"
#include "lib/curve25519/curve25519.h"
#include "lib/poly1305/poly1305.h"

static const size_t length_classes[] = {
	0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257,
	511, 512, 513, 1023, 1024, 1025, 4095, 4096, 4097,
};
#define MAX_LEN 4097

static uint64_t rng = 0x9e3779b97f4a7c15;

static uint64_t random64(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void random_bytes(void *p, size_t len)
{
	uint8_t *b = p;

	for (size_t i = 0; i < len; i++)
		b[i] = (uint8_t)random64();
}

static unsigned long calls;

static void test_trampoline_sees_violations(void);

/* More than any architecture's preserved registers. */
#define ABI_MAX_VIOLATIONS 32

/* fn(a0, ..., a5) (every integer argument register, so any entry point
 * fits) through the trampoline with fresh inputs (random64()), then the
 * checks; counted in calls. */
static void call_checked(const char *row, const char *entry, size_t len, const void *fn,
			 uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
			 uint64_t a5)
{
	struct abi_check_regs r;
	struct abi_violation v[ABI_MAX_VIOLATIONS];
	int n;

	memset(&r, 0, sizeof(r));
	abi_check_fill(&r, random64);
	abi_check_call(&r, fn, a0, a1, a2, a3, a4, a5);
	calls++;
	n = abi_check_violations(&r, v, ABI_MAX_VIOLATIONS);
	CHECK(n == 0, "%s %s len %zu: %d ABI violations", row, entry, len, n);
	for (int i = 0; i < n && i < ABI_MAX_VIOLATIONS; i++)
		fprintf(stderr, "  %s %s len %zu: %s was %016llx, came back %016llx\n", row, entry,
			len, v[i].reg, (unsigned long long)v[i].before,
			(unsigned long long)v[i].after);
}

/* fn() through the trampoline; true when its only violation is reg (reg
 * NULL: when it has none). For the self-tests. */
static bool only_violation(const void *fn, const char *reg)
{
	struct abi_check_regs r;
	struct abi_violation v[ABI_MAX_VIOLATIONS];
	int n;

	memset(&r, 0, sizeof(r));
	abi_check_fill(&r, random64);
	abi_check_call(&r, fn, 0, 0, 0, 0, 0, 0);
	n = abi_check_violations(&r, v, ABI_MAX_VIOLATIONS);
	return reg ? n == 1 && !strcmp(v[0].reg, reg) : n == 0;
}

#define ARG(x) ((uint64_t)(uintptr_t)(x))
#define FN(f) ((const void *)(uintptr_t)(f))

static bool usable(uint32_t features)
{
	return (zinc_cpu_detected() & features) == features;
}

/* Room for MAX_LEN rounded up to whole 64-byte blocks. */
static uint8_t src[MAX_LEN + 63], dst[MAX_LEN + 63], want[MAX_LEN + 63];

static void check_chacha20_rows(void)
{
	for (size_t i = 0; i < chacha20_nimpls; i++) {
		const struct chacha20_impl *impl = &chacha20_impls[i];
		uint32_t st[16], st_want[16];

		if (!usable(impl->features)) {
			printf("abi_test: %s skipped (CPU lacks its features)\n", impl->name);
			continue;
		}
		for (size_t c = 0; c < ARRAY_SIZE(length_classes); c++) {
			size_t len = length_classes[c];

			random_bytes(st, sizeof(st));
			random_bytes(src, len);
			memcpy(st_want, st, sizeof(st));
			impl->xor_stream(st_want, want, src, len);
			call_checked(impl->name, "xor_stream", len, FN(impl->xor_stream), ARG(st),
				     ARG(dst), ARG(src), len, 0, 0);
			CHECK_MEM(dst, want, len, "%s xor_stream len %zu via trampoline", impl->name,
				  len);
			CHECK(!memcmp(st, st_want, sizeof(st)), "%s xor_stream len %zu: state",
			      impl->name, len);
		}
		if (impl->hchacha20) {
			uint8_t nonce[16], key[32], out[32], out_want[32];

			random_bytes(nonce, sizeof(nonce));
			random_bytes(key, sizeof(key));
			impl->hchacha20(out_want, nonce, key);
			call_checked(impl->name, "hchacha20", 0, FN(impl->hchacha20), ARG(out),
				     ARG(nonce), ARG(key), 0, 0, 0);
			CHECK_MEM(out, out_want, 32, "%s hchacha20 via trampoline", impl->name);
		}
	}
}

static void check_poly1305_rows(void)
{
	for (size_t i = 0; i < poly1305_nimpls; i++) {
		const struct poly1305_impl *impl = &poly1305_impls[i];

		if (!usable(impl->features)) {
			printf("abi_test: %s skipped (CPU lacks its features)\n", impl->name);
			continue;
		}
		for (size_t c = 0; c < ARRAY_SIZE(length_classes); c++) {
			/* blocks takes whole 16-byte blocks only. */
			size_t len = length_classes[c] & ~(size_t)15;
			struct poly1305_ctx a, b;
			uint8_t r[16], r32[32], mac[16], mac_want[16];
			uint32_t s[4];

			random_bytes(r, sizeof(r));
			random_bytes(r32, sizeof(r32));
			random_bytes(s, sizeof(s));
			random_bytes(src, len);
			impl->init(&b.state, r);
			if (len)
				impl->blocks(&b.state, src, len, 1);
			impl->emit(&b.state, mac_want, s);

			call_checked(impl->name, "init", len, FN(impl->init), ARG(&a.state), ARG(r),
				     0, 0, 0, 0);
			if (len)
				call_checked(impl->name, "blocks", len, FN(impl->blocks),
					     ARG(&a.state), ARG(src), len, 1, 0, 0);
			call_checked(impl->name, "emit", len, FN(impl->emit), ARG(&a.state),
				     ARG(mac), ARG(s), 0, 0, 0);
			CHECK_MEM(mac, mac_want, 16, "%s len %zu via trampoline", impl->name, len);
			if (!impl->mac)
				continue;
			/* The one-shot, at the class's own length (tails too). */
			len = length_classes[c];
			random_bytes(src, len);
			impl->mac(mac_want, src, len, r32);
			call_checked(impl->name, "mac", len, FN(impl->mac), ARG(mac), ARG(src), len,
				     ARG(r32), 0, 0);
			CHECK_MEM(mac, mac_want, 16, "%s mac len %zu via trampoline", impl->name, len);
		}
	}
}

/* A stitched kernel's Poly1305 state (the poly1305-x86_64 layout): random
 * h with h2 <= 7 and a random clamped r. */
static void random_poly_state(uint64_t st[6])
{
	random_bytes(st, 6 * sizeof(uint64_t));
	st[2] &= 7;
	st[3] &= 0x0ffffffc0fffffffull;
	st[4] &= 0x0ffffffc0ffffffcull;
	st[5] = st[4] + (st[4] >> 2);
}

/*
 * The steps kernels' table for a len-byte message laid out backwards with
 * odd gaps: the even steps whole, the odd ones (and the last, if odd in
 * number) in pieces of 1, 31, 32, 33, 100, 2, 64, 17, ... bytes (the
 * byte-at-a-time and the 32-byte paths of a piece, and a piece's last 32
 * bytes overlapping its chunk before), each piece after a gap of its own.
 * parts[i] lists where step i's bytes lie either way (a whole step: one
 * part), for checking; src is copied there.
 */
enum { STEP = 512, GAP = 37, NSTEPS = (MAX_LEN + STEP - 1) / STEP, MAXPIECES = 40 };
static uint8_t scatter[NSTEPS * (STEP + GAP * MAXPIECES)];
static struct chacha20poly1305_step steps[NSTEPS];
static struct chacha20poly1305_piece parts[NSTEPS][MAXPIECES];
static size_t nparts[NSTEPS];

static void lay_out_steps(size_t len)
{
	static const size_t sizes[] = { 1, 31, 32, 33, 100, 2, 64, 17 };
	size_t n = (len + STEP - 1) / STEP;
	uint8_t *at = scatter;

	for (size_t i = n; i-- > 0;) {
		size_t k = len - i * STEP < STEP ? len - i * STEP : STEP, np = 0;

		for (size_t done = 0; done < k; np++) {
			size_t m = i % 2 ? sizes[np % ARRAY_SIZE(sizes)] : k;

			m = m < k - done ? m : k - done;
			parts[i][np] = (struct chacha20poly1305_piece){ at, m };
			at += m + GAP + np % 3;
			done += m;
		}
		nparts[i] = np;
		steps[i] = i % 2 ? (struct chacha20poly1305_step){ .piece = parts[i], .pieces = np }
				 : (struct chacha20poly1305_step){ .at = parts[i][0].at };
		for (size_t j = 0, off = i * STEP; j < np; off += parts[i][j++].len)
			memcpy(parts[i][j].at, src + off, parts[i][j].len);
	}
}

/* Whether the laid-out steps of len bytes hold bytes[0..len). */
static bool steps_hold(size_t len, const uint8_t *bytes)
{
	for (size_t i = 0; i * STEP < len; i++)
		for (size_t j = 0, off = i * STEP; j < nparts[i]; off += parts[i][j++].len)
			if (memcmp(parts[i][j].at, bytes + off, parts[i][j].len))
				return false;
	return true;
}

/*
 * The steps kernel on the same message, in place over 512-byte steps laid
 * out by lay_out_steps: the same output as encrypt into want, and the same
 * states from the same start (st0, poly0) as encrypt's (st_want,
 * poly_want); then the decryption kernel on them.
 */
static void check_steps(const struct chacha20poly1305_impl *impl, size_t len,
			const uint32_t st0[16], const uint64_t poly0[6],
			const uint32_t st_want[16], const uint64_t poly_want[6])
{
	uint32_t st[16];
	uint64_t poly[6];
	struct chacha20poly1305_bulk b = { st, poly };

	memcpy(st, st0, sizeof(st));
	memcpy(poly, poly0, sizeof(poly));
	lay_out_steps(len);
	call_checked(impl->name, "encrypt_steps", len, FN(impl->encrypt_steps), ARG(&b),
		     ARG(steps), len, 0, 0, 0);
	CHECK(steps_hold(len, want), "%s encrypt_steps len %zu: the ciphertext, whole steps and pieces",
	      impl->name, len);
	CHECK(!memcmp(st, st_want, sizeof(st)), "%s encrypt_steps len %zu: ChaCha20 state",
	      impl->name, len);
	CHECK(!memcmp(poly, poly_want, sizeof(poly)), "%s encrypt_steps len %zu: Poly1305 state",
	      impl->name, len);

	/* Decryption of those steps (want's ciphertext, in place now) into
	 * dst: the message back, and the same states, as its MAC absorbs the
	 * same ciphertext. */
	memcpy(st, st0, sizeof(st));
	memcpy(poly, poly0, sizeof(poly));
	call_checked(impl->name, "decrypt_steps", len, FN(impl->decrypt_steps), ARG(&b), ARG(dst),
		     ARG(steps), len, 0, 0);
	CHECK_MEM(dst, src, len, "%s decrypt_steps len %zu", impl->name, len);
	CHECK(!memcmp(st, st_want, sizeof(st)), "%s decrypt_steps len %zu: ChaCha20 state",
	      impl->name, len);
	CHECK(!memcmp(poly, poly_want, sizeof(poly)), "%s decrypt_steps len %zu: Poly1305 state",
	      impl->name, len);
}

static void check_chacha20poly1305_rows(void)
{
	for (size_t i = 0; i < chacha20poly1305_nimpls; i++) {
		const struct chacha20poly1305_impl *impl = &chacha20poly1305_impls[i];

		if (!impl->encrypt)
			continue;
		if (!usable(impl->features)) {
			printf("abi_test: %s skipped (CPU lacks its features)\n", impl->name);
			continue;
		}
		for (size_t c = 0; c < ARRAY_SIZE(length_classes); c++) {
			/* The kernel takes 512 bytes or more. */
			size_t len = length_classes[c];
			uint32_t st[16], st_want[16], st0[16];
			uint64_t poly[6], poly_want[6], poly0[6];
			struct chacha20poly1305_bulk b = { st, poly }, b_want = { st_want, poly_want };

			if (len < 512)
				continue;
			random_bytes(st, sizeof(st));
			random_poly_state(poly);
			random_bytes(src, len);
			memcpy(st_want, st, sizeof(st));
			memcpy(poly_want, poly, sizeof(poly));
			memcpy(st0, st, sizeof(st));
			memcpy(poly0, poly, sizeof(poly));
			impl->encrypt(&b_want, want, src, len);
			call_checked(impl->name, "encrypt", len, FN(impl->encrypt), ARG(&b), ARG(dst),
				     ARG(src), len, 0, 0);
			CHECK_MEM(dst, want, len, "%s encrypt len %zu via trampoline", impl->name,
				  len);
			CHECK(!memcmp(st, st_want, sizeof(st)), "%s encrypt len %zu: ChaCha20 state",
			      impl->name, len);
			CHECK(!memcmp(poly, poly_want, sizeof(poly)),
			      "%s encrypt len %zu: Poly1305 state", impl->name, len);
			check_steps(impl, len, st0, poly0, st_want, poly_want);
		}
	}
}

static void check_blake2s_rows(void)
{
	for (size_t i = 0; i < blake2s_nimpls; i++) {
		const struct blake2s_impl *impl = &blake2s_impls[i];

		if (!usable(impl->features)) {
			printf("abi_test: %s skipped (CPU lacks its features)\n", impl->name);
			continue;
		}
		for (size_t c = 0; c < ARRAY_SIZE(length_classes); c++) {
			/* compress takes whole 64-byte blocks, at least one. */
			size_t nblocks = (length_classes[c] + 63) / 64;
			struct blake2s_state a, b;

			if (!nblocks)
				continue;
			random_bytes(src, nblocks * 64);
			blake2s_init(&a, BLAKE2S_HASH_SIZE);
			blake2s_init(&b, BLAKE2S_HASH_SIZE);
			impl->compress(&b, src, nblocks, BLAKE2S_BLOCK_SIZE);
			call_checked(impl->name, "compress", nblocks * 64, FN(impl->compress),
				     ARG(&a), ARG(src), nblocks, BLAKE2S_BLOCK_SIZE, 0, 0);
			CHECK(!memcmp(&a, &b, sizeof(a)), "%s compress %zu blocks via trampoline",
			      impl->name, nblocks);
		}
	}
}

/* The row's field steps (ZINC_TESTING table): each through the trampoline,
 * output equal to a direct call's. */
static void check_curve25519_field(const struct curve25519_impl *impl)
{
	const struct curve25519_field_ops *F = impl->field;
	uint64_t f[8], g[8], h[8], want[8];
	uint8_t bytes[32];

	random_bytes(bytes, sizeof(bytes));
	F->frombytes(f, bytes);
	random_bytes(bytes, sizeof(bytes));
	F->frombytes(g, bytes);
#define FIELD_CALL(op, a1, a2)								\
	do {										\
		memset(want, 0, sizeof(want));						\
		memset(h, 0, sizeof(h));						\
		F->op(want, a1, a2);							\
		call_checked(impl->name, #op, 0, FN(F->op), ARG(h), ARG(a1), ARG(a2), 0, 0, 0); \
		CHECK(!memcmp(h, want, sizeof(h)), "%s field %s via trampoline",	\
		      impl->name, #op);							\
	} while (0)
	FIELD_CALL(mul, f, g);
	FIELD_CALL(add, f, g);
	FIELD_CALL(sub, f, g);
#undef FIELD_CALL
#define FIELD_CALL1(op, a1)								\
	do {										\
		memset(want, 0, sizeof(want));						\
		memset(h, 0, sizeof(h));						\
		F->op(want, a1);							\
		call_checked(impl->name, #op, 0, FN(F->op), ARG(h), ARG(a1), 0, 0, 0, 0);	\
		CHECK(!memcmp(h, want, sizeof(h)), "%s field %s via trampoline",	\
		      impl->name, #op);							\
	} while (0)
	FIELD_CALL1(sq, f);
	FIELD_CALL1(mul_a24, f);
	FIELD_CALL1(invert, f);
#undef FIELD_CALL1
	for (unsigned swap = 0; F->ladder_step && swap < 2; swap++) {
		/* Five pointers: x2, z2, x3, z3 updated in place, x1; the swap bit. */
		uint64_t st[4][8], st_want[4][8];

		for (int k = 0; k < 4; k++) {
			random_bytes(bytes, sizeof(bytes));
			F->frombytes(st[k], bytes);
		}
		memcpy(st_want, st, sizeof(st));
		F->ladder_step(st_want[0], st_want[1], st_want[2], st_want[3], f, swap);
		call_checked(impl->name, "ladder_step", 0, FN(F->ladder_step), ARG(st[0]),
			     ARG(st[1]), ARG(st[2]), ARG(st[3]), ARG(f), swap);
		CHECK(!memcmp(st, st_want, sizeof(st)),
		      "%s field ladder_step swap %u via trampoline", impl->name, swap);
	}
}

static void check_curve25519_rows(void)
{
	for (size_t i = 0; i < curve25519_nimpls; i++) {
		const struct curve25519_impl *impl = &curve25519_impls[i];
		uint8_t scalar[32], point[32], out[32], out_want[32];

		if (!usable(impl->features)) {
			printf("abi_test: %s skipped (CPU lacks its features)\n", impl->name);
			continue;
		}
		/* No length here; a few calls with different register values. */
		for (int n = 0; n < 3; n++) {
			random_bytes(scalar, sizeof(scalar));
			random_bytes(point, sizeof(point));
			curve25519_clamp_secret(scalar);
			impl->scalarmult(out_want, scalar, point);
			call_checked(impl->name, "scalarmult", 0, FN(impl->scalarmult), ARG(out),
				     ARG(scalar), ARG(point), 0, 0, 0);
			CHECK_MEM(out, out_want, 32, "%s scalarmult via trampoline", impl->name);
			if (impl->field)
				check_curve25519_field(impl);
			if (impl->scalarmult_base) {
				impl->scalarmult_base(out_want, scalar);
				call_checked(impl->name, "scalarmult_base", 0,
					     FN(impl->scalarmult_base), ARG(out), ARG(scalar), 0,
					     0, 0, 0);
				CHECK_MEM(out, out_want, 32, "%s scalarmult_base via trampoline",
					  impl->name);
			}
		}
	}
}

/* The trampoline's self-test, then every row of every table. */
int main(void)
{
	char buf[128];

	test_trampoline_sees_violations();
	zinc_cpu_format(zinc_cpu_detected(), buf, sizeof(buf));
	printf("abi_test: CPU features %s\n", buf);
	check_chacha20_rows();
	check_poly1305_rows();
	check_chacha20poly1305_rows();
	check_blake2s_rows();
	check_curve25519_rows();
	printf("abi_test: %lu entry-point calls checked\n", calls);
	return TEST_SUMMARY("abi_test");
}

#endif
