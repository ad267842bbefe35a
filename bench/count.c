/* SPDX-License-Identifier: MIT */
/*
 * bench/count.c — the program `ci/bench.sh --arch A` runs under qemu-user
 * with the plugin ci/qemu-plugin/insn_count.so, to count the guest
 * instructions each backend row and each public function executes (no
 * timing: bench/README.md, "Instruction counts under qemu").
 *
 * For every primitive it walks the backend tables (chacha20_impls,
 * poly1305_impls, chacha20poly1305_impls, blake2s_impls, curve25519_impls),
 * as bench/cases.c does, so a new assembly row is counted with no change
 * here, and adds the public function. Each case is one call of a function F
 * (named in the F column of its line below) on a message of each size
 * (per operation for HChaCha20, HMAC and X25519). F is the row's own entry
 * where the table has one (xor_stream, hchacha20), else the library
 * function that runs the whole operation through that row (the same ones
 * bench/cases.c times), and for BLAKE2s a three-call helper here.
 *
 * Each case: one call unmarked (it warms nothing qemu counts, but runs any
 * one-time set-up, such as the CPU feature detection, outside the windows,
 * and its output is checked against the public function's: a count of a
 * wrong answer means nothing), then two marked calls. A marked call is
 * count_arm(id, F) right before calling F: a getpid system call with magic
 * arguments that tells the plugin F's address; the plugin counts from F's
 * first instruction to its return (ci/qemu-plugin/insn_count.c) and writes
 * "count ID N". ci/bench.sh joins those with the lines this prints:
 *
 *   case ID1 ID2 PRIMITIVE KIND LEN NAME        (LEN 0: per operation)
 *   empty ID1 ID2                               (an empty function, below)
 *   skip PRIMITIVE NAME needs FEATURES          (a row this CPU model lacks)
 *   fail PRIMITIVE NAME LEN                     (output differs: exit 1)
 *
 * KIND is "row", "public" or "ref" (the generic C reference: row 0 of the
 * table, or for the AEADs ChaCha20 row 0 with Poly1305 row 0).
 * The first two windows are an empty function's: its return instruction
 * alone (and on MIPS its delay slot), so 1 or 2; bench/count_table.py
 * fails on anything else, which would mean the window is not exactly
 * one call.
 * Run natively it counts nothing (no plugin sees the marks) but still
 * checks every row's output.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <zinc/blake2s.h>
#include <zinc/chacha20.h>
#include <zinc/chacha20poly1305.h>
#include <zinc/curve25519.h>
#include <zinc/poly1305.h>

#include "lib/blake2s/blake2s.h"
#include "lib/chacha20/chacha20.h"
#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/chacha20poly1305/entries.h"
#include "lib/common/cpu.h"
#include "lib/curve25519/curve25519.h"
#include "lib/poly1305/poly1305.h"

/* ci/qemu-plugin/insn_count.c has the same number ("ZINC"). */
#define COUNT_MAGIC 0x5a494e43L

static const size_t sizes[] = { 64, 1420, 16384 };
enum { MAX_LEN = 16384, NSIZES = sizeof(sizes) / sizeof(sizes[0]) };

static uint8_t in[MAX_LEN + 16], out[MAX_LEN + 16], want[MAX_LEN + 16], sealed[MAX_LEN + 16];
static uint8_t key[32], nonce[24], point[32];
static long next_id;
static int failures;

/* Tells the plugin that the next call of fn is to be counted as window id.
 * The address goes in halves: a 32-bit guest's registers reach the plugin
 * sign-extended. */
static void count_arm(long id, const void *fn)
{
	uintptr_t a = (uintptr_t)fn;

	syscall(SYS_getpid, COUNT_MAGIC, id, (long)(a >> 16), (long)(a & 0xffff));
}

/* After a counted call: keeps the call from being a tail call. */
#define AFTER() __asm__ volatile("" ::: "memory")

/* A case: run(row, index, len, id) calls its F once; with id >= 0 it arms
 * window id right before. */
typedef void run_fn(const void *row, uint32_t index, size_t len, long id);

#define MARK(id, fn)                               \
	do {                                       \
		if ((id) >= 0)                     \
			count_arm((id), (const void *)(fn)); \
	} while (0)

/* A counted call of fn whose result is not needed: MARK(id, fn), fn(...),
 * AFTER(), so that the function armed is the one called. */
#define COUNT_CALL(id, fn, ...)            \
	do {                               \
		MARK(id, fn);              \
		fn(__VA_ARGS__);           \
		AFTER();                   \
	} while (0)

/* ChaCha20: xor_stream of len bytes from block 0 (chacha20_init before,
 * not counted); the public chacha20() on the same context. */
static void chacha20_row(const void *row, uint32_t index, size_t len, long id)
{
	const struct chacha20_impl *impl = row;
	void (*volatile f)(uint32_t *, uint8_t *, const uint8_t *, size_t) = impl->xor_stream;
	struct chacha20_ctx ctx;

	chacha20_init(&ctx, key, nonce, 0);
	COUNT_CALL(id, f, ctx.state, out, in, len);
}

static void chacha20_public(const void *row, uint32_t index, size_t len, long id)
{
	struct chacha20_ctx ctx;

	chacha20_init(&ctx, key, nonce, 0);
	COUNT_CALL(id, chacha20, &ctx, out, in, len);
}

static void hchacha20_row(const void *row, uint32_t index, size_t len, long id)
{
	const struct chacha20_impl *impl = row;
	void (*volatile f)(uint8_t *, const uint8_t *, const uint8_t *) = impl->hchacha20;

	COUNT_CALL(id, f, out, nonce, key);
}

static void hchacha20_public(const void *row, uint32_t index, size_t len, long id)
{
	COUNT_CALL(id, hchacha20, out, nonce, key);
}

/* Poly1305 one-shot (key set-up, blocks, emit): poly1305_row_mac, what
 * poly1305() runs for a row. */
static void poly1305_row(const void *row, uint32_t index, size_t len, long id)
{
	COUNT_CALL(id, poly1305_row_mac, index, out, in, len, key);
}

static void poly1305_public(const void *row, uint32_t index, size_t len, long id)
{
	COUNT_CALL(id, poly1305, out, in, len, key);
}

/* ChaCha20-Poly1305, empty AD. Stitched row index (index | STITCHED), or
 * ChaCha20 row index with Poly1305 row poly1305_pick(len) (index | PAIR),
 * or with Poly1305 row 0 (the reference, index | PAIR | POLY0), through
 * the construction; else the public function. */
enum { PAIR = 1u << 16, POLY0 = 1u << 17, STITCHED = 1u << 18 };

static struct aead_rows case_rows(uint32_t index, size_t len)
{
	if (index & PAIR)
		return aead_pair_rows((enum chacha20_row)(index & 0xffff),
				      (index & POLY0) ? 0 : (enum poly1305_row)poly1305_pick(len));
	return chacha20poly1305_rows((enum chacha20poly1305_row)(index & 0xffff), 0, len);
}

/* Encryption by ChaCha20-Poly1305 or XChaCha20-Poly1305 (v->x): the
 * construction's call on the case's rows, or v's public function. */
static void encrypt_with(const struct aead_variant *v, uint32_t index, size_t len, long id)
{
	const struct aead_rows r = case_rows(index, len);
	const struct aead_args a = aead_flat(out, in, len, NULL, 0, nonce, key);

	if (!(index & (PAIR | STITCHED)))
		COUNT_CALL(id, v->encrypt, out, in, len, NULL, 0, nonce, key);
	else if (v->x)
		COUNT_CALL(id, xchacha20poly1305_run_encrypt, &r, &a);
	else
		COUNT_CALL(id, chacha20poly1305_run_encrypt, &r, &a);
}

static void aead_enc(const void *row, uint32_t index, size_t len, long id)
{
	encrypt_with(&aead_chacha20poly1305, index, len, id);
}

static void aead_dec(const void *row, uint32_t index, size_t len, long id)
{
	const struct aead_rows r = case_rows(index, len);
	const struct aead_rows ref = case_rows(PAIR | POLY0, len);
	const struct aead_args seal = aead_flat(sealed, in, len, NULL, 0, nonce, key);
	const struct aead_args a = aead_flat(out, sealed, len + 16, NULL, 0, nonce, key);
	bool ok;

	chacha20poly1305_run_encrypt(&ref, &seal);
	if (index & (PAIR | STITCHED)) {
		MARK(id, chacha20poly1305_run_decrypt);
		ok = chacha20poly1305_run_decrypt(&r, &a);
	} else {
		MARK(id, chacha20poly1305_decrypt);
		ok = chacha20poly1305_decrypt(out, sealed, len + 16, NULL, 0, nonce, key);
	}
	AFTER();
	if (!ok)
		memset(out, 0, len);
}

static void xaead_enc(const void *row, uint32_t index, size_t len, long id)
{
	encrypt_with(&aead_xchacha20poly1305, index, len, id);
}

__attribute__((noinline)) static void blake2s_with(const struct blake2s_impl *impl, size_t len)
{
	struct blake2s_state state;

	blake2s_init(&state, BLAKE2S_HASH_SIZE);
	blake2s_update_with(impl, &state, in, len);
	blake2s_final_with(impl, &state, out);
}

static void blake2s_row(const void *row, uint32_t index, size_t len, long id)
{
	void (*volatile f)(const struct blake2s_impl *, size_t) = blake2s_with;

	COUNT_CALL(id, f, row, len);
}

static void blake2s_public(const void *row, uint32_t index, size_t len, long id)
{
	COUNT_CALL(id, blake2s, out, in, NULL, BLAKE2S_HASH_SIZE, len, 0);
}

/* HMAC-BLAKE2s-256: 64-byte message, 32-byte key (WireGuard's). */
static void hmac_public(const void *row, uint32_t index, size_t len, long id)
{
	COUNT_CALL(id, blake2s_hmac, out, in, key, 64, 32);
}

/* X25519, variable point and base point: curve25519_with and
 * curve25519_generate_public_with (clamping and checks included, as the
 * public functions). */
static void x25519_row(const void *row, uint32_t index, size_t len, long id)
{
	COUNT_CALL(id, curve25519_with, row, out, key, point);
}

static void x25519_public(const void *row, uint32_t index, size_t len, long id)
{
	COUNT_CALL(id, curve25519, out, key, point);
}

static void x25519_base_row(const void *row, uint32_t index, size_t len, long id)
{
	COUNT_CALL(id, curve25519_generate_public_with, row, out, key);
}

static void x25519_base_public(const void *row, uint32_t index, size_t len, long id)
{
	COUNT_CALL(id, curve25519_generate_public, out, key);
}

/* An empty function: `ret`, `bx lr`, `br %r14`, or `jr $ra` and its delay
 * slot. */
__attribute__((noinline)) static void count_empty(void)
{
	__asm__ volatile("");
}

static void empty_case(void)
{
	void (*volatile f)(void) = count_empty;
	long id = next_id;

	next_id += 2;
	printf("empty %ld %ld\n", id, id + 1);
	fflush(stdout);
	f();
	COUNT_CALL(id, f);
	COUNT_CALL(id + 1, f);
}

struct primitive {
	const char *name;
	bool per_op;
	size_t (*out_len)(size_t len);
	run_fn *public_fn;
	const char *public_name;
	void (*rows)(const struct primitive *p);
};

static size_t same_len(size_t len) { return len; }
static size_t tagged_len(size_t len) { return len + 16; }
static size_t len16(size_t len) { return 16; }
static size_t len32(size_t len) { return 32; }

/* Counts one case: the public function's output for each size is in
 * want (compute_want ran it first). */
static void one_case(const struct primitive *p, const char *kind, const char *name, run_fn *run,
		     const void *row, uint32_t index)
{
	for (unsigned s = 0; s < (p->per_op ? 1u : NSIZES); s++) {
		size_t len = p->per_op ? 0 : sizes[s], olen = p->out_len(len);
		long id = next_id;

		/* The reference output: the public function's, unmarked. */
		memset(out, 0, sizeof(out));
		p->public_fn(NULL, 0, len, -1);
		memcpy(want, out, olen);
		/* Unmarked, checked. */
		memset(out, 0, sizeof(out));
		run(row, index, len, -1);
		if (memcmp(out, want, olen)) {
			printf("fail %s %s %zu\n", p->name, name, len);
			failures++;
			continue;
		}
		next_id += 2;
		printf("case %ld %ld %s %s %zu %s\n", id, id + 1, p->name, kind, len, name);
		fflush(stdout);
		run(row, index, len, id);
		run(row, index, len, id + 1);
	}
}

static bool usable(const struct primitive *p, const char *name, uint32_t features)
{
	char feat[128];

	if (zinc_cpu_have(features))
		return true;
	zinc_cpu_format(features & ~zinc_cpu_features(), feat, sizeof(feat));
	printf("skip %s %s needs %s\n", p->name, name, feat);
	return false;
}

static void chacha20_rows(const struct primitive *p)
{
	for (size_t i = 0; i < chacha20_nimpls; i++)
		if (usable(p, chacha20_impls[i].name, chacha20_impls[i].features))
			one_case(p, i ? "row" : "ref", chacha20_impls[i].name, chacha20_row,
				 &chacha20_impls[i], 0);
}

static void hchacha20_rows(const struct primitive *p)
{
	bool first = true;

	for (size_t i = 0; i < chacha20_nimpls; i++) {
		if (!chacha20_impls[i].hchacha20)
			continue;
		if (usable(p, chacha20_impls[i].name, chacha20_impls[i].features))
			one_case(p, first ? "ref" : "row", chacha20_impls[i].name, hchacha20_row,
				 &chacha20_impls[i], 0);
		first = false;
	}
}

static void poly1305_rows(const struct primitive *p)
{
	for (size_t i = 0; i < poly1305_nimpls; i++)
		if (usable(p, poly1305_impls[i].name, poly1305_impls[i].features))
			one_case(p, i ? "row" : "ref", poly1305_impls[i].name, poly1305_row,
				 &poly1305_impls[i], (uint32_t)i);
}

/* The AEADs: the generic pair, each stitched row, each ChaCha20 row with
 * the Poly1305 row poly1305_pick chooses (as bench/cases.c). */
static void aead_rows_of(const struct primitive *p, run_fn *run)
{
	char name[96];

	snprintf(name, sizeof(name), "%s+%s", chacha20_impls[0].name, poly1305_impls[0].name);
	one_case(p, "ref", name, run, NULL, PAIR | POLY0);
	for (size_t i = 0; i < chacha20poly1305_nimpls; i++)
		if (usable(p, chacha20poly1305_impls[i].name, chacha20poly1305_impls[i].features))
			one_case(p, "row", chacha20poly1305_impls[i].name, run, NULL,
				 STITCHED | (uint32_t)i);
	for (size_t i = 0; i < chacha20_nimpls; i++) {
		snprintf(name, sizeof(name), "%s+picked-poly", chacha20_impls[i].name);
		if (usable(p, name, chacha20_impls[i].features))
			one_case(p, "row", name, run, NULL, PAIR | (uint32_t)i);
	}
}

static void aead_rows(const struct primitive *p) { aead_rows_of(p, aead_enc); }
static void open_rows(const struct primitive *p) { aead_rows_of(p, aead_dec); }
static void xaead_rows(const struct primitive *p) { aead_rows_of(p, xaead_enc); }

static void blake2s_rows(const struct primitive *p)
{
	for (size_t i = 0; i < blake2s_nimpls; i++)
		if (usable(p, blake2s_impls[i].name, blake2s_impls[i].features))
			one_case(p, i ? "row" : "ref", blake2s_impls[i].name, blake2s_row,
				 &blake2s_impls[i], 0);
}

static void no_rows(const struct primitive *p) {}

static void x25519_rows_of(const struct primitive *p, run_fn *run)
{
	for (size_t i = 0; i < curve25519_nimpls; i++)
		if (usable(p, curve25519_impls[i].name, curve25519_impls[i].features))
			one_case(p, i ? "row" : "ref", curve25519_impls[i].name, run,
				 &curve25519_impls[i], 0);
}

static void x25519_rows(const struct primitive *p) { x25519_rows_of(p, x25519_row); }
static void x25519_base_rows(const struct primitive *p) { x25519_rows_of(p, x25519_base_row); }

static const struct primitive primitives[] = {
	{ "chacha20", false, same_len, chacha20_public, "chacha20()", chacha20_rows },
	{ "hchacha20", true, len32, hchacha20_public, "hchacha20()", hchacha20_rows },
	{ "poly1305", false, len16, poly1305_public, "poly1305()", poly1305_rows },
	{ "chacha20poly1305", false, tagged_len, aead_enc, "chacha20poly1305_encrypt()", aead_rows },
	{ "chacha20poly1305_decrypt", false, same_len, aead_dec, "chacha20poly1305_decrypt()",
	  open_rows },
	{ "xchacha20poly1305", false, tagged_len, xaead_enc, "xchacha20poly1305_encrypt()",
	  xaead_rows },
	{ "blake2s", false, len32, blake2s_public, "blake2s()", blake2s_rows },
	{ "blake2s_hmac", true, len32, hmac_public, "blake2s_hmac()", no_rows },
	{ "curve25519", true, len32, x25519_public, "curve25519()", x25519_rows },
	{ "curve25519_base", true, len32, x25519_base_public, "curve25519_generate_public()",
	  x25519_base_rows },
};

int main(int argc, char **argv)
{
	uint8_t other[32];
	char feat[256];

	if (argc > 1) {
		fprintf(stderr, "count: no arguments (ci/bench.sh --arch A runs it)\n");
		return 2;
	}
	for (unsigned i = 0; i < sizeof(in); i++)
		in[i] = (uint8_t)(i * 7 + 3);
	for (unsigned i = 0; i < 32; i++) {
		key[i] = (uint8_t)(0x80 + i);
		other[i] = (uint8_t)(0x41 * i + 7);
	}
	for (unsigned i = 0; i < 24; i++)
		nonce[i] = (uint8_t)(0x10 + i);
	curve25519_clamp_secret(other);
	curve25519_generate_public(point, other);
	zinc_cpu_format(zinc_cpu_features(), feat, sizeof(feat));
	printf("features %s\n", feat[0] ? feat : "(none)");
	empty_case();
	for (unsigned i = 0; i < sizeof(primitives) / sizeof(primitives[0]); i++) {
		const struct primitive *p = &primitives[i];

		p->rows(p);
		one_case(p, "public", p->public_name, p->public_fn, NULL, 0);
	}
	printf("done %ld windows, %d failures\n", next_id, failures);
	return failures ? 1 : 0;
}
