/* SPDX-License-Identifier: MIT */
/*
 * Messages over 4 GiB through every usable row of ChaCha20, Poly1305, both
 * AEADs (their row pairs and stitched rows, lib/chacha20poly1305/entries.h)
 * and BLAKE2s: a length kept in 32 bits anywhere shows here and
 * nowhere in the fuzz targets (which stop at 8 KiB).
 *
 *   huge [--quick] [--lengths L,L,...] [--split S] [--primitive P] [--all-pairs]
 *
 * Default lengths 2^32 - 1, 2^32, 2^32 + 1, 2^32 + 4097; each row runs each
 * length in one call, and the streaming ones (ChaCha20, Poly1305, BLAKE2s)
 * also split in two calls at S (default 2^32 + 64; Poly1305 and BLAKE2s at
 * S + 3, off the block grid) for every length beyond it. --quick runs the
 * same at 2^20 - 1 .. 2^20 + 4097 (split 2^20 + 64): every code path of
 * this program in a second or two, but no length past 32 bits.
 *
 * Memory stays small. The message is an anonymous MAP_NORESERVE mapping
 * never written but in its first and last 64 KiB (a pattern): the rest
 * reads as the kernel's shared zero page. Outputs go to a mapping whose
 * first and last 64 KiB are private pages and whose middle is one 1 MiB
 * memfd mapped over and over: the rows write every byte, only the edges
 * (and the counter, digest or tag) are compared, and bytes past the end
 * are checked still untouched.
 *
 * Every row is compared with the table's first row (the generic C), and
 * with libsodium, OpenSSL and libb2 where they take such lengths (each
 * line says which, and why not where not). The AEADs are checked three
 * ways: (1) decrypting the message with a tag made here, with the length
 * block le64(ad_len) || le64(len) written by this program and MACed by
 * libsodium's Poly1305 with libsodium's one-time key, must succeed and give
 * the ChaCha20 reference's output; (2) encryption must give the tag and
 * ciphertext edges of the reference pair; (3) and of libsodium. (The
 * ciphertext middle is the ring, so a second pass's tag is over what it
 * reads back from the ring after the first pass went through all of it:
 * the same bytes for every two-pass implementation, since all write in
 * increasing order. A stitched row's kernel reads each step back right
 * after writing it, so its tag is the true ciphertext's, which this program
 * streams through chacha20() and poly1305_update() to check it:
 * true_encrypt_tag.)
 *
 * Prints one line per run: primitive, row, length, calls, seconds (wall,
 * and CPU of this thread), and what it agreed with. Exit status 1 on any
 * disagreement, 2 on a usage or mapping error.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "fuzz/oracles/oracles.h"
#include "lib/blake2s/blake2s.h"
#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/chacha20poly1305/entries.h"
#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/common/util.h"
#include "lib/poly1305/poly1305.h"

enum { EDGE = 64 * 1024, RING = 1 << 20, AD_LEN = 13, POISON = 0xa5 };
#define GIB ((size_t)1 << 30)

/* ---- memory ---- */

static size_t page;

static size_t round_up(size_t n)
{
	return (n + page - 1) & ~(page - 1);
}

static void *map_or_die(void *at, size_t len, int prot, int flags, int fd)
{
	void *p = mmap(at, len, prot, flags, fd, 0);

	if (p == MAP_FAILED) {
		perror("huge: mmap");
		exit(2);
	}
	return p;
}

/*
 * The AEAD's MAC input, laid out so that libsodium can MAC it in one call:
 * map = ad (AD_LEN bytes) || zeros to 16 || msg (len bytes) || zeros to a
 * multiple of 16 || le64(AD_LEN) || le64(len). Every primitive takes msg as
 * its input; the AEAD decryptions find their tag right after it.
 */
struct input {
	uint8_t *map, *msg;
	size_t len, maplen, pad;
};

static void input_map(struct input *in, size_t len)
{
	in->len = len;
	in->pad = (16 - len % 16) % 16;
	in->maplen = round_up(16 + len + in->pad + 16);
	in->map = map_or_die(NULL, in->maplen, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1);
	in->msg = in->map + 16;
	test_fill(in->map, AD_LEN, 1);
	test_fill(in->msg, EDGE, 2);
	test_fill(in->msg + len - EDGE, EDGE, 3);
}

static void input_set_lengths(struct input *in)
{
	memset(in->msg + in->len, 0, in->pad + 16);
	put_unaligned_le64(AD_LEN, in->msg + in->len + in->pad);
	put_unaligned_le64(in->len, in->msg + in->len + in->pad + 8);
}

/* Output: private edges, a ring in the middle, room for a tag after len. */
struct output {
	uint8_t *p;
	size_t len, maplen;
};

static void output_map(struct output *out, size_t len, int ring_fd)
{
	size_t tail = (len - EDGE) & ~(page - 1);

	out->len = len;
	out->maplen = round_up(len + 16 + 64);
	out->p = map_or_die(NULL, out->maplen, PROT_NONE,
			    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1);
	map_or_die(out->p, EDGE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1);
	for (size_t at = EDGE; at < tail; at += RING) {
		size_t n = tail - at < RING ? tail - at : RING;

		map_or_die(out->p + at, n, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED,
			   ring_fd);
	}
	map_or_die(out->p + tail, out->maplen - tail, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1);
}

static void unmap(void *p, size_t len)
{
	if (munmap(p, len)) {
		perror("huge: munmap");
		exit(2);
	}
}

/* ---- results ---- */

/* What a run leaves to compare: the output's edges (and 64 bytes past its
 * end, which must still be POISON unless a tag goes there), a digest or
 * tag, the ChaCha20 block counter, a verdict. */
struct result {
	uint8_t head[EDGE], tail[EDGE + 16 + 64];
	uint8_t digest[32];
	uint32_t counter;
	int verdict;
};

static void poison(struct output *out)
{
	memset(out->p, POISON, EDGE);
	memset(out->p + out->len - EDGE, POISON, EDGE + 16 + 64);
}

static void take(struct result *r, const struct output *out)
{
	memset(r, 0, sizeof(*r));
	memcpy(r->head, out->p, EDGE);
	memcpy(r->tail, out->p + out->len - EDGE, sizeof(r->tail));
}

static bool untouched_after(const struct result *r, size_t from)
{
	for (size_t i = EDGE + from; i < sizeof(r->tail); i++)
		if (r->tail[i] != POISON)
			return false;
	return true;
}

/* ---- reporting ---- */

static unsigned long runs, mismatches;

struct clock {
	struct timespec wall, cpu;
};

static void clock_start(struct clock *c)
{
	clock_gettime(CLOCK_MONOTONIC, &c->wall);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c->cpu);
}

static double since(const struct timespec *t0, clockid_t id)
{
	struct timespec t;

	clock_gettime(id, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (t.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* One line per run. agree: who it agreed with, or NULL for a mismatch
 * (then what says what differed). */
static void report(const char *prim, const char *row, size_t len, const char *calls,
		   const struct clock *c, const char *agree, const char *what)
{
	double wall = since(&c->wall, CLOCK_MONOTONIC), cpu = since(&c->cpu,
								    CLOCK_THREAD_CPUTIME_ID);

	runs++;
	if (!agree)
		mismatches++;
	printf("%-17s %-46s %10zu %-9s %7.2f s %7.2f s  %s%s\n", prim, row, len, calls, wall,
	       cpu, !agree ? "MISMATCH: " : agree[0] == '(' ? "" : "agrees with ",
	       agree ? agree : what);
	fflush(stdout);
}

static void not_compared(const char *prim, const char *who, size_t len, const char *why)
{
	printf("%-17s %-46s %10zu %-9s %7s   %7s    not compared: %s\n", prim, who, len, "-", "-",
	       "-", why);
	fflush(stdout);
}

/* Compares r with the reference; returns what differs, or NULL. */
static const char *differs(const struct result *r, const struct result *ref)
{
	if (memcmp(r->head, ref->head, sizeof(r->head)))
		return "first 64 KiB of the output";
	if (memcmp(r->tail, ref->tail, sizeof(r->tail)))
		return "last 64 KiB of the output, or the bytes after it";
	if (memcmp(r->digest, ref->digest, sizeof(r->digest)))
		return "digest / tag";
	if (r->counter != ref->counter)
		return "block counter after the call";
	if (r->verdict != ref->verdict)
		return "verdict";
	return NULL;
}

/* ---- the runs ---- */

static uint8_t key[32], nonce[24];
static bool all_pairs;
static struct result ref, got, plain_ref;

static const char *check(const char *prim, const char *row, size_t len, const char *calls,
			 const struct clock *c, const struct result *want, const char *want_name)
{
	const char *what = differs(&got, want);

	report(prim, row, len, calls, c, what ? NULL : want_name, what);
	return what;
}

static void run_chacha20(struct input *in, struct output *out, size_t split)
{
	const size_t len = in->len;
	const uint32_t end = 1 + (uint32_t)((len + 63) / 64);
	struct chacha20_ctx ctx;
	struct clock c;
	const char *why;

	for (size_t i = 0; i < chacha20_nimpls; i++) {
		const struct chacha20_impl *impl = &chacha20_impls[i];

		if (!zinc_cpu_have(impl->features))
			continue;
		poison(out);
		clock_start(&c);
		chacha20_init(&ctx, key, nonce, 1);
		impl->xor_stream(ctx.state, out->p, in->msg, len);
		take(&got, out);
		got.counter = ctx.state[12];
		if (!i) {
			ref = got;
			bool ok = untouched_after(&ref, len) && ref.counter == end;
			report("chacha20", impl->name, len, "1", &c,
			       ok ? "(the reference; its counter and end checked)" : NULL,
			       "counter or bytes after the end");
			/* chacha20poly1305's plaintext: the same keystream from
			 * block 1 (an AEAD has no counter to compare). */
			plain_ref = ref;
			plain_ref.counter = 0;
		} else {
			check("chacha20", impl->name, len, "1", &c, &ref, chacha20_impls[0].name);
		}
		if (len > split) {
			poison(out);
			clock_start(&c);
			chacha20_init(&ctx, key, nonce, 1);
			impl->xor_stream(ctx.state, out->p, in->msg, split);
			impl->xor_stream(ctx.state, out->p + split, in->msg + split, len - split);
			take(&got, out);
			got.counter = ctx.state[12];
			check("chacha20", impl->name, len, "2 (split)", &c, &ref,
			      chacha20_impls[0].name);
		}
	}

	poison(out);
	clock_start(&c);
	chacha20_init(&ctx, key, nonce, 1);
	chacha20(&ctx, out->p, in->msg, len);
	take(&got, out);
	got.counter = ctx.state[12];
	char row[64];
	snprintf(row, sizeof(row), "chacha20() (%s)", chacha20_pick(len)->name);
	check("chacha20", row, len, "1", &c, &ref, chacha20_impls[0].name);

	poison(out);
	clock_start(&c);
	if (ORACLE_CALL(&oracle_libsodium, chacha20, &why, out->p, in->msg, len, key, nonce, 1)) {
		take(&got, out);
		got.counter = end;
		check("chacha20", "libsodium", len, "1", &c, &ref, chacha20_impls[0].name);
	} else {
		not_compared("chacha20", "libsodium", len, why);
	}

	/* OpenSSL's EVP takes an int length: 1 GiB calls, the counter moved on. */
	poison(out);
	clock_start(&c);
	why = NULL;
	for (size_t at = 0; at < len && !why; at += GIB) {
		size_t n = len - at < GIB ? len - at : GIB;

		if (!ORACLE_CALL(&oracle_openssl, chacha20, &why, out->p + at, in->msg + at, n,
				key, nonce, 1 + (uint32_t)(at / 64)))
			break;
	}
	if (!why) {
		take(&got, out);
		got.counter = end;
		check("chacha20", "OpenSSL (1 GiB calls)", len, "5", &c, &ref,
		      chacha20_impls[0].name);
	} else {
		not_compared("chacha20", "OpenSSL", len, why);
	}
}

/* The digest-only primitives: results differ only in their digest. */
static void digest_result(const uint8_t *d, size_t n)
{
	memset(&got, 0, sizeof(got));
	memcpy(got.digest, d, n);
}

/* A library's digest d of n bytes, timed by c since just before the call,
 * against the reference; or, when it gave none (answered false), why not. */
static void oracle_digest(const char *prim, const char *lib, size_t len, bool answered,
			  const char *why, const uint8_t *d, size_t n, const struct clock *c,
			  const char *ref_name)
{
	if (!answered) {
		not_compared(prim, lib, len, why);
		return;
	}
	digest_result(d, n);
	check(prim, lib, len, "1", c, &ref, ref_name);
}

static void run_poly1305(struct input *in, size_t split)
{
	const size_t len = in->len;
	const char *ref_name = poly1305_impls[0].name, *why = NULL;
	uint8_t mac[16];
	struct poly1305_ctx ctx;
	struct clock c;
	char row[64];
	bool answered;

	split += 3;
	for (uint32_t i = 0; i < poly1305_nimpls; i++) {
		if (!zinc_cpu_have(poly1305_impls[i].features))
			continue;
		clock_start(&c);
		poly1305_row_split(i, mac, key, in->msg, len, len);
		digest_result(mac, 16);
		if (!i) {
			ref = got;
			report("poly1305", ref_name, len, "1", &c, "(the reference)", NULL);
		} else {
			check("poly1305", poly1305_impls[i].name, len, "1", &c, &ref, ref_name);
		}
		if (len > split) {
			clock_start(&c);
			poly1305_row_split(i, mac, key, in->msg, len, split);
			digest_result(mac, 16);
			check("poly1305", poly1305_impls[i].name, len, "2 (split)", &c, &ref,
			      ref_name);
		}
	}
	clock_start(&c);
	poly1305(mac, in->msg, len, key);
	digest_result(mac, 16);
	snprintf(row, sizeof(row), "poly1305() (%s)", poly1305_impls[poly1305_pick(len)].name);
	check("poly1305", row, len, "1", &c, &ref, ref_name);
	clock_start(&c);
	poly1305_init(&ctx, key);
	poly1305_update(&ctx, in->msg, len);
	poly1305_final(&ctx, mac);
	digest_result(mac, 16);
	snprintf(row, sizeof(row), "poly1305_init/update/final (%s)",
		 poly1305_impls[poly1305_pick(SIZE_MAX)].name);
	check("poly1305", row, len, "1", &c, &ref, ref_name);

	clock_start(&c);
	answered = ORACLE_CALL(&oracle_libsodium, poly1305, &why, mac, in->msg, len, key);
	oracle_digest("poly1305", "libsodium", len, answered, why, mac, 16, &c, ref_name);
	clock_start(&c);
	answered = ORACLE_CALL(&oracle_openssl, poly1305, &why, mac, in->msg, len, key);
	oracle_digest("poly1305", "OpenSSL", len, answered, why, mac, 16, &c, ref_name);
}

static void run_blake2s(struct input *in, size_t split)
{
	const size_t len = in->len;
	const char *ref_name = blake2s_impls[0].name, *why = NULL;
	uint8_t d[32];
	struct clock c;
	char row[64];
	bool answered;

	split += 3;
	for (size_t i = 0; i < blake2s_nimpls; i++) {
		const struct blake2s_impl *impl = &blake2s_impls[i];

		if (!zinc_cpu_have(impl->features))
			continue;
		for (int twice = 0; twice < 1 + (len > split); twice++) {
			size_t at = twice ? split : len;

			clock_start(&c);
			blake2s_row_split(impl, d, 32, NULL, 0, in->msg, len, at);
			digest_result(d, 32);
			if (!i && !twice) {
				ref = got;
				report("blake2s", ref_name, len, "1", &c, "(the reference)", NULL);
			} else {
				check("blake2s", impl->name, len, twice ? "2 (split)" : "1", &c, &ref,
				      ref_name);
			}
		}
	}
	clock_start(&c);
	blake2s(d, in->msg, NULL, 32, len, 0);
	digest_result(d, 32);
	snprintf(row, sizeof(row), "blake2s() (%s)", blake2s_pick(len)->name);
	check("blake2s", row, len, "1", &c, &ref, ref_name);

	clock_start(&c);
	answered = ORACLE_CALL(&oracle_libb2, blake2s, &why, d, 32, in->msg, len, NULL, 0);
	oracle_digest("blake2s", "libb2", len, answered, why, d, 32, &c, ref_name);
	clock_start(&c);
	answered = ORACLE_CALL(&oracle_openssl, blake2s, &why, d, 32, in->msg, len, NULL, 0);
	oracle_digest("blake2s", "OpenSSL", len, answered, why, d, 32, &c, ref_name);
}

/* ---- AEADs ---- */

static void aead_encrypt(const struct aead_variant *a, const struct aead_way *w, uint8_t *dst,
			 const uint8_t *src, size_t len)
{
	aead_way_encrypt(a, w, dst, src, len, src - 16, AD_LEN, nonce, key);
}

static bool aead_decrypt(const struct aead_variant *a, const struct aead_way *w, uint8_t *dst,
			 const uint8_t *src, size_t len)
{
	return aead_way_decrypt(a, w, dst, src, len + 16, src - 16, AD_LEN, nonce, key);
}

/* The tag of msg as ciphertext, made without zinc: libsodium's one-time
 * key and Poly1305 over the MAC input laid out in the input mapping, with
 * the length block written by input_set_lengths. */
static bool independent_tag(const struct aead_variant *a, struct input *in, uint8_t tag[16])
{
	uint8_t otk[32] = { 0 }, subkey[32], nonce12[12] = { 0 };
	const uint8_t *k = key, *n = nonce;
	const char *why;

	if (a->x) {
		if (!ORACLE_CALL(&oracle_libsodium, hchacha20, &why, subkey, nonce, key))
			return false;
		memcpy(nonce12 + 4, nonce + 16, 8);
		k = subkey;
		n = nonce12;
	}
	input_set_lengths(in);
	return ORACLE_CALL(&oracle_libsodium, chacha20, &why, otk, otk, sizeof(otk), k, n, 0) &&
	       ORACLE_CALL(&oracle_libsodium, poly1305, &why, tag, in->map,
			16 + in->len + in->pad + 16, otk);
}

/*
 * The tag of the true ciphertext of in->msg, for the stitched rows: their
 * MAC reads each step's ciphertext back right after writing it, before the
 * output ring wraps, so it MACs the true ciphertext, where a second pass
 * reads the ring after the whole message went through it. Streamed through
 * the public chacha20() (and hchacha20()) and poly1305_update() a ring's
 * worth at a time: the rows they pick are checked on their own above.
 */
static void true_encrypt_tag(const struct aead_variant *a, const struct input *in,
			     uint8_t tag[16])
{
	static uint8_t buf[RING];
	uint8_t block0[64] = { 0 }, subkey[32], nonce12[12] = { 0 }, tail[32] = { 0 };
	const uint8_t *k = key, *n = nonce;
	struct chacha20_ctx cc;
	struct poly1305_ctx p;

	if (a->x) {
		hchacha20(subkey, nonce, key);
		memcpy(nonce12 + 4, nonce + 16, 8);
		k = subkey;
		n = nonce12;
	}
	chacha20_init(&cc, k, n, 0);
	chacha20(&cc, block0, block0, sizeof(block0));
	poly1305_init(&p, block0);
	poly1305_update(&p, in->map, 16);	/* ad || zeros to 16 */
	for (size_t off = 0, m; off < in->len; off += m) {
		m = in->len - off < RING ? in->len - off : RING;
		chacha20(&cc, buf, in->msg + off, m);
		poly1305_update(&p, buf, m);
	}
	put_unaligned_le64(AD_LEN, tail + in->pad);
	put_unaligned_le64(in->len, tail + in->pad + 8);
	poly1305_update(&p, tail, in->pad + 16);
	poly1305_final(&p, tag);
}

/* One way (a pair, a stitched row, the public functions, named row):
 * decrypt of the message with the independent tag, then encrypt. */
static void aead_pair(const struct aead_variant *a, const struct aead_way *w, const char *row,
		      struct input *in, struct output *out, struct result *enc_ref,
		      bool *have_ref, char *ref_name)
{
	const size_t len = in->len;
	struct clock c;
	bool ok;

	poison(out);
	clock_start(&c);
	ok = aead_decrypt(a, w, out->p, in->msg, len);
	take(&got, out);
	if (!ok)
		report(a->name, row, len, "decrypt", &c, NULL,
		       "rejected the tag made with the 64-bit length block");
	else if (!a->x)
		check(a->name, row, len, "decrypt", &c, &plain_ref,
		      "the tag with le64 lengths; chacha20-generic's output");
	else if (!*have_ref)
		report(a->name, row, len, "decrypt", &c,
		       untouched_after(&got, len) ? "the tag with le64 lengths" : NULL,
		       "bytes after the end");
	else
		check(a->name, row, len, "decrypt", &c, &plain_ref,
		      "the tag with le64 lengths; the first pair's plaintext");
	if (a->x && !*have_ref)
		plain_ref = got;

	/* A stitched kernel's encryption: the reference's edges with the true
	 * ciphertext's tag (made before the clock starts). */
	static struct result want;
	const enum chacha20poly1305_row aead_row = w->kind == AEAD_WAY_PUBLIC ?
		chacha20poly1305_row_for(zinc_cpu_features(), len) : w->rows.aead;
	const bool stitched = *have_ref && aead_row != CHACHA20POLY1305_ROW_TWO_PASS;

	if (stitched) {
		want = *enc_ref;
		true_encrypt_tag(a, in, want.tail + EDGE);
	}
	poison(out);
	clock_start(&c);
	aead_encrypt(a, w, out->p, in->msg, len);
	take(&got, out);
	if (stitched) {
		char why[160];

		snprintf(why, sizeof(why), "%s, the true ciphertext's tag (streamed)", ref_name);
		check(a->name, row, len, "encrypt", &c, &want, why);
	} else if (!*have_ref) {
		*enc_ref = got;
		*have_ref = true;
		snprintf(ref_name, 96, "%s (encrypt)", row);
		report(a->name, row, len, "encrypt", &c, "(the encrypt reference)", NULL);
	} else {
		check(a->name, row, len, "encrypt", &c, enc_ref, ref_name);
	}
}

/* Library o (named lib) on the input: decryption of the message with the
 * independent tag (its verdict, then its plaintext against the first
 * pair's), then encryption against the reference. */
static void oracle_aead(const struct aead_variant *a, const struct zinc_oracle *o,
			const char *lib, struct input *in, struct output *out,
			const struct result *enc_ref, const char *ref_name)
{
	const size_t len = in->len;
	char who[64];
	const char *why;
	struct clock c;
	bool ok = false;

	poison(out);
	clock_start(&c);
	if (a->x ? ORACLE_CALL(o, xaead_decrypt, &why, out->p, &ok, in->msg, len + 16, in->map,
			       AD_LEN, nonce, key)
		 : ORACLE_CALL(o, aead_decrypt, &why, out->p, &ok, in->msg, len + 16, in->map,
			       AD_LEN, nonce, key)) {
		take(&got, out);
		if (ok)
			check(a->name, lib, len, "decrypt", &c, &plain_ref,
			      a->x ? "the first pair's plaintext" : "chacha20-generic's output");
		else
			report(a->name, lib, len, "decrypt", &c, NULL,
			       "rejected the tag made with the 64-bit length block");
	} else {
		snprintf(who, sizeof(who), "%s decrypt", lib);
		not_compared(a->name, who, len, why);
	}
	poison(out);
	clock_start(&c);
	if (a->x ? ORACLE_CALL(o, xaead_encrypt, &why, out->p, in->msg, len, in->map, AD_LEN,
			       nonce, key)
		 : ORACLE_CALL(o, aead_encrypt, &why, out->p, in->msg, len, in->map, AD_LEN,
			       nonce, key)) {
		take(&got, out);
		check(a->name, lib, len, "encrypt", &c, enc_ref, ref_name);
	} else {
		snprintf(who, sizeof(who), "%s encrypt", lib);
		not_compared(a->name, who, len, why);
	}
}

static void run_aead(const struct aead_variant *a, struct input *in, struct output *out)
{
	const size_t len = in->len;
	static struct result enc_ref;
	char ref_name[96];
	bool have_ref = false;
	/* The rows the public functions pick (chacha20poly1305.c). */
	enum poly1305_row pick_poly = poly1305_pick(16 + len + in->pad + 16);
	const struct chacha20_impl *pick_chacha = chacha20_pick(len);
	uint8_t tag[16];
	struct clock c;
	struct aead_way w;
	char row[96];

	clock_start(&c);
	if (!independent_tag(a, in, tag)) {
		not_compared(a->name, "everything (no libsodium tag)", len, "libsodium unavailable");
		return;
	}
	memcpy(in->msg + len, tag, 16);
	report(a->name, "tag: libsodium Poly1305, le64 lengths", len, "1", &c, "(made here)",
	       NULL);

	/* Every ChaCha20 row with the Poly1305 row the public functions use,
	 * every other Poly1305 row with their ChaCha20 row (--all-pairs:
	 * every pair), every stitched row, then the public functions. */
	for (size_t at = 0; aead_way_next(&w, &at, AEAD_WAY_PAIRS | AEAD_WAY_ROWS);)
		if (w.kind != AEAD_WAY_PAIRS || all_pairs || w.rows.poly == pick_poly ||
		    &chacha20_impls[w.rows.chacha] == pick_chacha)
			aead_pair(a, &w, w.name, in, out, &enc_ref, &have_ref, ref_name);
	snprintf(row, sizeof(row), "public (%s + %s)", pick_chacha->name,
		 poly1305_impls[pick_poly].name);
	for (size_t at = 0; aead_way_next(&w, &at, AEAD_WAY_PUBLIC);)
		aead_pair(a, &w, row, in, out, &enc_ref, &have_ref, ref_name);

	oracle_aead(a, &oracle_libsodium, "libsodium", in, out, &enc_ref, ref_name);
	if (a->x) {
		not_compared(a->name, "OpenSSL", len, "OpenSSL 3.0 has no XChaCha20-Poly1305");
		return;
	}
	oracle_aead(a, &oracle_openssl, "OpenSSL", in, out, &enc_ref, ref_name);
}

/* ---- main ---- */

static bool wanted(const char *only, const char *name)
{
	return !only || !strcmp(only, name);
}

static size_t parse_size(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 0);

	if (end == s || (*end && *end != ',')) {
		fprintf(stderr, "huge: not a length: %s\n", s);
		exit(2);
	}
	return (size_t)v;
}

int main(int argc, char **argv)
{
	const size_t G4 = (size_t)1 << 32, M1 = (size_t)1 << 20;
	size_t lengths[16] = { G4 - 1, G4, G4 + 1, G4 + 4097 }, nlengths = 4, split = G4 + 64;
	const char *only = NULL;
	const char *const prims[] = { "chacha20", "poly1305", "blake2s", "chacha20poly1305",
				      "xchacha20poly1305" };
	int ring_fd;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick")) {
			lengths[0] = M1 - 1, lengths[1] = M1, lengths[2] = M1 + 1;
			lengths[3] = M1 + 4097, nlengths = 4, split = M1 + 64;
		} else if (!strcmp(argv[i], "--lengths") && i + 1 < argc) {
			const char *p = argv[++i];

			for (nlengths = 0; *p && nlengths < ARRAY_SIZE(lengths); nlengths++) {
				lengths[nlengths] = parse_size(p);
				p += strcspn(p, ",");
				p += *p == ',';
			}
		} else if (!strcmp(argv[i], "--split") && i + 1 < argc) {
			split = parse_size(argv[++i]);
		} else if (!strcmp(argv[i], "--primitive") && i + 1 < argc) {
			only = argv[++i];
		} else if (!strcmp(argv[i], "--all-pairs")) {
			all_pairs = true;
		} else {
			fprintf(stderr, "usage: %s [--quick] [--lengths L,L,...] [--split S] "
					"[--primitive P] [--all-pairs]\n", argv[0]);
			return 2;
		}
	}
	if (split % 64) {
		fprintf(stderr, "huge: --split must be a multiple of 64 (ChaCha20 splits there)\n");
		return 2;
	}
	if (only) {
		size_t i = 0;

		while (i < ARRAY_SIZE(prims) && strcmp(only, prims[i]))
			i++;
		if (i == ARRAY_SIZE(prims)) {
			fprintf(stderr, "huge: unknown primitive %s\n", only);
			return 2;
		}
	}
	page = (size_t)sysconf(_SC_PAGESIZE);
	for (size_t i = 0; i < nlengths; i++)
		if (lengths[i] < 4 * (size_t)EDGE) {
			fprintf(stderr, "huge: length %zu is under %d\n", lengths[i], 4 * EDGE);
			return 2;
		}
	ring_fd = memfd_create("zinc-huge-ring", 0);
	if (ring_fd < 0 || ftruncate(ring_fd, RING)) {
		perror("huge: memfd");
		return 2;
	}
	test_fill(key, sizeof(key), 4);
	test_fill(nonce, sizeof(nonce), 5);

	char cpu[128];
	zinc_cpu_format(zinc_cpu_features(), cpu, sizeof(cpu));
	printf("huge: CPU features %s; split at %zu (ChaCha20), %zu (Poly1305, BLAKE2s)\n", cpu,
	       split, split + 3);
	printf("%-17s %-46s %10s %-9s %9s %9s  %s\n", "primitive", "row", "length", "calls",
	       "wall", "cpu", "result");
	for (size_t l = 0; l < nlengths; l++) {
		struct input in;
		struct output out;
		static const struct aead_variant *const aeads[] = { &aead_chacha20poly1305,
								    &aead_xchacha20poly1305 };

		input_map(&in, lengths[l]);
		output_map(&out, lengths[l], ring_fd);
		/* ChaCha20 first: its reference is chacha20poly1305's plaintext. */
		if (wanted(only, "chacha20") || wanted(only, "chacha20poly1305"))
			run_chacha20(&in, &out, split);
		if (wanted(only, "poly1305"))
			run_poly1305(&in, split);
		if (wanted(only, "blake2s"))
			run_blake2s(&in, split);
		for (size_t a = 0; a < ARRAY_SIZE(aeads); a++)
			if (wanted(only, aeads[a]->name))
				run_aead(aeads[a], &in, &out);
		unmap(out.p, out.maplen);
		unmap(in.map, in.maplen);
	}
	printf("huge: %lu runs, %lu mismatches\n", runs, mismatches);
	return mismatches ? 1 : 0;
}
