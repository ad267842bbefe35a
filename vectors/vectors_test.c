/* SPDX-License-Identifier: MIT */
/*
 * Runs every known-answer vector in vectors/ (the directory is argv[1],
 * default "vectors") twice over: against every row of each backend table
 * this CPU can run, and through the public API under every subset of the
 * CPU features this machine has, as Zinc's selftests do. A failure names
 * the vector (file:line and source), the row or the feature subset. Output
 * buffers are heap blocks of the exact size, so ASan sees any overrun.
 *
 *   vectors_test [--full-set-only] [DIR]
 *
 * --full-set-only runs the public API under the full feature set alone
 * (every row still runs): ci/emu.sh's quick form, where each emulated CPU
 * is itself one subset and an interpreted run of all 2^n would take an
 * hour; the subsets run natively in every other build.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zinc/blake2s.h>
#include <zinc/chacha20.h>
#include <zinc/chacha20poly1305.h>
#include <zinc/curve25519.h>
#include <zinc/poly1305.h>

#include "lib/blake2s/blake2s.h"
#include "lib/blake2s/entries.h"
#include "lib/chacha20/chacha20.h"
#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/chacha20poly1305/entries.h"
#include "lib/common/cpu.h"
#include "lib/common/test.h"
#include "lib/curve25519/curve25519.h"
#include "lib/poly1305/entries.h"
#include "lib/poly1305/poly1305.h"
#include "vectors/vectors.h"

static const char *vec_dir = "vectors";

static const char *const hex_fields[] = {
	"Key", "Nonce", "AD", "Input", "Output", "Tag", "OneTimeKey", "Scalar", "Point", NULL
};
static const char *const int_fields[] = { "Counter", "Iterations", "Slow", NULL };

/* Every subset of the detected features, the full set first. */
static uint32_t subsets[1u << ZINC_CPU_NFEATURES];
static size_t nsubsets;

static void find_subsets(void)
{
	uint32_t all = zinc_cpu_detected(), s = all;

	for (;;) {
		subsets[nsubsets++] = s;
		if (!s)
			break;
		s = (s - 1) & all;
	}
}

/* Where a check happens, for failure messages: "row chacha20-generic" or
 * "cpu subset {avx2,bmi2}". */
static char where[256];

/* "op (dispatch picks row)", for failures through the public API. */
static const char *picks(const char *op, const char *row)
{
	static char text[160];

	snprintf(text, sizeof(text), "%s (dispatch picks %s)", op, row);
	return text;
}

static void at_row(const char *name)
{
	snprintf(where, sizeof(where), "row %s", name);
}

static void at_subset(uint32_t subset)
{
	char names[128];

	zinc_cpu_format(subset, names, sizeof(names));
	snprintf(where, sizeof(where), "public API, cpu subset {%s} (mask 0x%x)", names, subset);
}

/* A row runs when the CPU has its features (ZINC_CPU_DISABLE respected);
 * otherwise says why not. */
static bool row_usable(const char *name, uint32_t features)
{
	char need[128], have[128];

	if (zinc_cpu_have(features))
		return true;
	zinc_cpu_format(features, need, sizeof(need));
	zinc_cpu_format(zinc_cpu_features(), have, sizeof(have));
	printf("  %-36s skipped: needs {%s}, usable here {%s}\n", name, need, have);
	return false;
}

static void report_row(const char *name, unsigned long ran)
{
	printf("  %-36s %lu vectors ran\n", name, ran);
}

static void report_public(unsigned long per_subset)
{
	printf("  %-36s %lu vectors x %zu cpu-feature subsets = %lu ran\n", "public API",
	       per_subset, nsubsets, per_subset * nsubsets);
}

#define FAIL_FMT "%s:%u (%s): %s, %s"
#define FAIL_ARGS(rec, what) (rec)->path, (rec)->line, (rec)->source, (what), where

/* Loops rec over the records of a loaded file. */
#define FOR_EACH_RECORD(set, rec) \
	for (const struct vec_record *rec = (set)->recs; rec < (set)->recs + (set)->n; rec++)

static void load(struct vec_set *set, const char *name)
{
	vec_load(set, vec_dir, name, hex_fields, int_fields);
	printf("%s: %zu vectors\n", set->path, set->n);
}

/* ChaCha20: Output = Input XOR keystream; no Input means zeros. */

struct chacha_vec {
	const uint8_t *key, *nonce, *in, *out;
	size_t len;
	uint32_t counter;
	uint8_t *zeros;
};

static void chacha_vec_get(const struct vec_record *rec, struct chacha_vec *v, size_t nonce_len)
{
	const struct vec_field *in = vec_find(rec, "Input");

	v->key = vec_hex(rec, "Key", CHACHA20_KEY_SIZE, NULL);
	v->nonce = vec_hex(rec, "Nonce", nonce_len, NULL);
	v->out = vec_hex(rec, "Output", VEC_ANY, &v->len);
	if (vec_int(rec, "Counter") > UINT32_MAX)
		vec_die(rec, "Counter does not fit 32 bits");
	v->counter = (uint32_t)vec_int(rec, "Counter");
	v->zeros = NULL;
	if (in) {
		if (in->len != v->len)
			vec_die(rec, "Input and Output lengths differ");
		v->in = in->data;
	} else {
		v->zeros = memset(vec_alloc(v->len), 0, v->len);
		v->in = v->zeros;
	}
}

static void chacha_row(const struct vec_record *rec, const struct chacha20_impl *impl)
{
	struct chacha20_ctx ctx;
	struct chacha_vec v;
	uint8_t *out, *inplace;

	chacha_vec_get(rec, &v, CHACHA20_NONCE_SIZE);
	out = vec_alloc(v.len);
	inplace = vec_dup(v.in, v.len);
	chacha20_init(&ctx, v.key, v.nonce, v.counter);
	impl->xor_stream(ctx.state, out, v.in, v.len);
	CHECK_MEM(out, v.out, v.len, FAIL_FMT, FAIL_ARGS(rec, "chacha20 xor_stream"));
	chacha20_init(&ctx, v.key, v.nonce, v.counter);
	impl->xor_stream(ctx.state, inplace, inplace, v.len);
	CHECK_MEM(inplace, v.out, v.len, FAIL_FMT, FAIL_ARGS(rec, "chacha20 xor_stream in place"));
	CHECK(ctx.state[12] == v.counter + (uint32_t)((v.len + 63) / 64), FAIL_FMT,
	      FAIL_ARGS(rec, "block counter after xor_stream"));
	free(out);
	free(inplace);
	free(v.zeros);
}

static void chacha_public(const struct vec_record *rec)
{
	struct chacha20_ctx ctx;
	struct chacha_vec v;
	uint8_t *out, *inplace;

	chacha_vec_get(rec, &v, CHACHA20_NONCE_SIZE);
	out = vec_alloc(v.len);
	inplace = vec_dup(v.in, v.len);
	chacha20_init(&ctx, v.key, v.nonce, v.counter);
	chacha20(&ctx, out, v.in, v.len);
	CHECK_MEM(out, v.out, v.len, FAIL_FMT,
		  FAIL_ARGS(rec, picks("chacha20()", chacha20_pick(v.len)->name)));
	chacha20_init(&ctx, v.key, v.nonce, v.counter);
	chacha20(&ctx, inplace, inplace, v.len);
	CHECK_MEM(inplace, v.out, v.len, FAIL_FMT,
		  FAIL_ARGS(rec, picks("chacha20() in place", chacha20_pick(v.len)->name)));
	free(out);
	free(inplace);
	free(v.zeros);
}

/* XChaCha20: HChaCha20 on the first 16 nonce bytes, then ChaCha20 with
 * nonce 0^4 || the last 8 (draft-irtf-cfrg-xchacha-03 section 2.3). */
static void xchacha_setup(struct chacha20_ctx *ctx, const struct chacha_vec *v,
			  void (*hchacha)(uint8_t *, const uint8_t *, const uint8_t *))
{
	uint8_t subkey[HCHACHA20_OUT_SIZE], nonce12[CHACHA20_NONCE_SIZE] = { 0 };

	hchacha(subkey, v->nonce, v->key);
	memcpy(nonce12 + 4, v->nonce + 16, 8);
	chacha20_init(ctx, subkey, nonce12, v->counter);
}

static void xchacha_row(const struct vec_record *rec, const struct chacha20_impl *impl)
{
	const struct chacha20_impl *h = impl->hchacha20 ? impl : &chacha20_impls[0];
	struct chacha20_ctx ctx;
	struct chacha_vec v;
	uint8_t *out;

	chacha_vec_get(rec, &v, XCHACHA20POLY1305_NONCE_SIZE);
	out = vec_alloc(v.len);
	xchacha_setup(&ctx, &v, h->hchacha20);
	impl->xor_stream(ctx.state, out, v.in, v.len);
	CHECK_MEM(out, v.out, v.len, FAIL_FMT, FAIL_ARGS(rec, "xchacha20 (row hchacha20 + xor_stream)"));
	free(out);
	free(v.zeros);
}

static void xchacha_public(const struct vec_record *rec)
{
	struct chacha20_ctx ctx;
	struct chacha_vec v;
	uint8_t *out;

	chacha_vec_get(rec, &v, XCHACHA20POLY1305_NONCE_SIZE);
	out = vec_alloc(v.len);
	xchacha_setup(&ctx, &v, hchacha20);
	chacha20(&ctx, out, v.in, v.len);
	CHECK_MEM(out, v.out, v.len, FAIL_FMT,
		  FAIL_ARGS(rec, picks("xchacha20 (hchacha20() + chacha20())",
				       chacha20_pick(v.len)->name)));
	free(out);
	free(v.zeros);
}

static void hchacha_run(const struct vec_record *rec,
			void (*fn)(uint8_t *, const uint8_t *, const uint8_t *))
{
	uint8_t *out = vec_alloc(HCHACHA20_OUT_SIZE);

	fn(out, vec_hex(rec, "Nonce", HCHACHA20_NONCE_SIZE, NULL),
	   vec_hex(rec, "Key", HCHACHA20_KEY_SIZE, NULL));
	CHECK_MEM(out, vec_hex(rec, "Output", HCHACHA20_OUT_SIZE, NULL), HCHACHA20_OUT_SIZE,
		  FAIL_FMT, FAIL_ARGS(rec, "hchacha20"));
	free(out);
}

/* Poly1305 key generation: the first 32 bytes of ChaCha20 block 0. */
static void keygen_run(const struct vec_record *rec, const struct chacha20_impl *impl)
{
	uint8_t zeros[CHACHA20_BLOCK_SIZE] = { 0 }, *block = vec_alloc(CHACHA20_BLOCK_SIZE);
	struct chacha20_ctx ctx;

	chacha20_init(&ctx, vec_hex(rec, "Key", CHACHA20_KEY_SIZE, NULL),
		      vec_hex(rec, "Nonce", CHACHA20_NONCE_SIZE, NULL), 0);
	if (impl)
		impl->xor_stream(ctx.state, block, zeros, sizeof(zeros));
	else
		chacha20(&ctx, block, zeros, sizeof(zeros));
	CHECK_MEM(block, vec_hex(rec, "OneTimeKey", POLY1305_KEY_SIZE, NULL), POLY1305_KEY_SIZE,
		  FAIL_FMT, FAIL_ARGS(rec, "poly1305 key = chacha20 block 0"));
	free(block);
}

static void run_chacha20(void)
{
	struct vec_set cs, hs, xs, ks;

	load(&cs, "chacha20.txt");
	load(&hs, "hchacha20.txt");
	load(&xs, "xchacha20.txt");
	load(&ks, "poly1305_keygen.txt");
	for (size_t i = 0; i < chacha20_nimpls; i++) {
		const struct chacha20_impl *impl = &chacha20_impls[i];
		unsigned long ran = 0;

		if (!row_usable(impl->name, impl->features))
			continue;
		at_row(impl->name);
		FOR_EACH_RECORD(&cs, rec) {
			chacha_row(rec, impl);
			ran++;
		}
		if (impl->hchacha20) {
			FOR_EACH_RECORD(&hs, rec) {
				hchacha_run(rec, impl->hchacha20);
				ran++;
			}
		} else {
			printf("  %-36s has no hchacha20: hchacha20.txt not run on it\n",
			       impl->name);
		}
		FOR_EACH_RECORD(&xs, rec) {
			xchacha_row(rec, impl);
			ran++;
		}
		FOR_EACH_RECORD(&ks, rec) {
			keygen_run(rec, impl);
			ran++;
		}
		report_row(impl->name, ran);
	}
	for (size_t s = 0; s < nsubsets; s++) {
		zinc_cpu_set_mask(subsets[s]);
		at_subset(subsets[s]);
		FOR_EACH_RECORD(&cs, rec)
			chacha_public(rec);
		FOR_EACH_RECORD(&hs, rec)
			hchacha_run(rec, hchacha20);
		FOR_EACH_RECORD(&xs, rec)
			xchacha_public(rec);
		FOR_EACH_RECORD(&ks, rec)
			keygen_run(rec, NULL);
	}
	zinc_cpu_set_mask(~0u);
	report_public(cs.n + hs.n + xs.n + ks.n);
	vec_free(&cs);
	vec_free(&hs);
	vec_free(&xs);
	vec_free(&ks);
}

/* Poly1305: one row by index, or the public functions (impl < 0). */
static void poly_run(const struct vec_record *rec, long impl)
{
	const uint8_t *key = vec_hex(rec, "Key", POLY1305_KEY_SIZE, NULL);
	const uint8_t *want = vec_hex(rec, "Tag", POLY1305_MAC_SIZE, NULL);
	size_t len, half;
	const uint8_t *in = vec_hex(rec, "Input", VEC_ANY, &len);
	uint8_t *mac = vec_alloc(POLY1305_MAC_SIZE);
	struct poly1305_ctx ctx;

	half = len / 2;
	if (impl >= 0) {
		poly1305_row_split((uint32_t)impl, mac, key, in, len, half);
	} else {
		poly1305_init(&ctx, key);
		poly1305_update(&ctx, in, half);
		poly1305_update(&ctx, in + half, len - half);
		poly1305_final(&ctx, mac);
	}
	CHECK_MEM(mac, want, POLY1305_MAC_SIZE, FAIL_FMT,
		  FAIL_ARGS(rec, impl >= 0 ? "poly1305 init/update(2 parts)/final"
				: picks("poly1305 init/update(2 parts)/final",
					poly1305_impls[poly1305_pick(len)].name)));
	if (impl >= 0) {
		poly1305_row_mac((uint32_t)impl, mac, in, len, key);
		CHECK_MEM(mac, want, POLY1305_MAC_SIZE, FAIL_FMT,
			  FAIL_ARGS(rec, "poly1305_row_mac (the row's one-shot)"));
	} else {
		poly1305(mac, in, len, key);
		CHECK_MEM(mac, want, POLY1305_MAC_SIZE, FAIL_FMT,
			  FAIL_ARGS(rec, picks("poly1305()", poly1305_impls[poly1305_pick(len)].name)));
	}
	free(mac);
}

static void run_poly1305(void)
{
	struct vec_set ps;

	load(&ps, "poly1305.txt");
	for (size_t i = 0; i < poly1305_nimpls; i++) {
		unsigned long ran = 0;

		if (!row_usable(poly1305_impls[i].name, poly1305_impls[i].features))
			continue;
		at_row(poly1305_impls[i].name);
		FOR_EACH_RECORD(&ps, rec) {
			poly_run(rec, (long)i);
			ran++;
		}
		report_row(poly1305_impls[i].name, ran);
	}
	for (size_t s = 0; s < nsubsets; s++) {
		zinc_cpu_set_mask(subsets[s]);
		at_subset(subsets[s]);
		FOR_EACH_RECORD(&ps, rec)
			poly_run(rec, -1);
	}
	zinc_cpu_set_mask(~0u);
	report_public(ps.n);
	vec_free(&ps);
}

/* The AEADs: encrypt(Input) = Output || Tag, decrypt gives Input back, and a
 * changed tag is refused with the output zeroed; for ChaCha20-Poly1305 the
 * same through the sg functions over random splits. */
struct aead_vec {
	const uint8_t *key, *nonce, *ad, *in;
	size_t ad_len, len;
	uint8_t *sealed; /* Output || Tag */
};

static void aead_vec_get(const struct vec_record *rec, struct aead_vec *v, size_t nonce_len)
{
	v->key = vec_hex(rec, "Key", CHACHA20POLY1305_KEY_SIZE, NULL);
	v->nonce = vec_hex(rec, "Nonce", nonce_len, NULL);
	v->ad = vec_hex(rec, "AD", VEC_ANY, &v->ad_len);
	v->in = vec_hex(rec, "Input", VEC_ANY, &v->len);
	v->sealed = vec_alloc(v->len + CHACHA20POLY1305_AUTHTAG_SIZE);
	memcpy(v->sealed, vec_hex(rec, "Output", v->len, NULL), v->len);
	memcpy(v->sealed + v->len, vec_hex(rec, "Tag", CHACHA20POLY1305_AUTHTAG_SIZE, NULL),
	       CHACHA20POLY1305_AUTHTAG_SIZE);
}

static bool zero(const uint8_t *p, size_t n)
{
	uint8_t acc = 0;

	for (size_t i = 0; i < n; i++)
		acc |= p[i];
	return !acc;
}

/* ChaCha20-Poly1305 in place over an iovec list: the vector cut into
 * random entries (empty, 1 byte, up to two blocks, or anything up to the
 * whole), three lists per call from one xorshift32 stream, one way
 * (lib/chacha20poly1305/entries.h). */
static void aead_sg_run(const struct vec_record *rec, const struct aead_vec *v,
			const struct aead_way *w)
{
	static uint32_t x = 0x9e3779b9u;
	size_t sealed_len = v->len + CHACHA20POLY1305_AUTHTAG_SIZE;
	uint8_t *list = vec_alloc(sealed_len), *want = vec_alloc(sealed_len);
	struct iovec iov[12];

	for (int round = 0; round < 3; round++) {
		size_t cnt = 0, off = 0;
		bool ok;

		while (cnt < 11) {
			size_t k;

			x ^= x << 13;
			x ^= x >> 17;
			x ^= x << 5;
			k = (x & 3) == 0 ? 0 : (x & 3) == 1 ? 1 :
			    (x & 3) == 2 ? (x >> 8) % 129 : (x >> 8) % (sealed_len + 1);
			if (k > sealed_len - off)
				break;
			iov[cnt++] = (struct iovec){ .iov_base = list + off, .iov_len = k };
			off += k;
		}
		iov[cnt++] = (struct iovec){ .iov_base = list + off, .iov_len = sealed_len - off };

		memcpy(list, v->in, v->len);
		ok = aead_way_sg_encrypt(w, iov, cnt, v->len, v->ad, v->ad_len, v->nonce, v->key);
		CHECK(ok, FAIL_FMT, FAIL_ARGS(rec, "sg encrypt refused a list that holds it"));
		CHECK_MEM(list, v->sealed, sealed_len, FAIL_FMT, FAIL_ARGS(rec, "sg encrypt"));

		memcpy(want, v->sealed, sealed_len);
		for (int forged = 0; forged < 2; forged++) {
			memcpy(list, v->sealed, sealed_len);
			list[sealed_len - 1] ^= (uint8_t)forged;
			ok = aead_way_sg_decrypt(w, iov, cnt, sealed_len, v->ad, v->ad_len, v->nonce,
						 v->key);
			if (forged) {
				memset(want, 0, v->len);
				want[sealed_len - 1] ^= 1;
			} else {
				memcpy(want, v->in, v->len);
			}
			CHECK(ok == !forged, FAIL_FMT,
			      FAIL_ARGS(rec, forged ? "sg decrypt accepted a changed tag"
						    : "sg decrypt refused the vector's tag"));
			CHECK_MEM(list, want, sealed_len, FAIL_FMT,
				  FAIL_ARGS(rec, forged ? "sg decrypt, changed tag (plaintext "
							  "zero, tag kept)"
							: "sg decrypt (plaintext, tag kept)"));
		}
	}
	free(list);
	free(want);
}

/* One way of one AEAD (lib/chacha20poly1305/entries.h): a pair, a stitched
 * row or the public functions. */
static void aead_run(const struct vec_record *rec, const struct aead_variant *a,
		     const struct aead_way *w)
{
	size_t sealed_len;
	struct aead_vec v;
	uint8_t *out, *pt;
	bool ok;

	aead_vec_get(rec, &v, a->nonce_size);
	sealed_len = v.len + CHACHA20POLY1305_AUTHTAG_SIZE;
	out = vec_alloc(sealed_len);
	pt = vec_alloc(v.len);
	aead_way_encrypt(a, w, out, v.in, v.len, v.ad, v.ad_len, v.nonce, v.key);
	CHECK_MEM(out, v.sealed, sealed_len, FAIL_FMT,
		  FAIL_ARGS(rec, w->kind != AEAD_WAY_PUBLIC ? "encrypt"
							   : picks("encrypt", chacha20_pick(v.len)->name)));

	for (int forged = 0; forged < 2; forged++) {
		if (forged)
			v.sealed[sealed_len - 1] ^= 0x01;
		ok = aead_way_decrypt(a, w, pt, v.sealed, sealed_len, v.ad, v.ad_len, v.nonce, v.key);
		if (!forged) {
			CHECK(ok, FAIL_FMT, FAIL_ARGS(rec, "decrypt refused the vector's tag"));
			CHECK_MEM(pt, v.in, v.len, FAIL_FMT, FAIL_ARGS(rec, "decrypt"));
		} else {
			CHECK(!ok, FAIL_FMT, FAIL_ARGS(rec, "decrypt accepted a changed tag"));
			CHECK(zero(pt, v.len), FAIL_FMT,
			      FAIL_ARGS(rec, "failed decrypt left plaintext in its output"));
		}
	}
	v.sealed[sealed_len - 1] ^= 0x01;
	if (!a->x && w->kind != AEAD_WAY_ROWS)
		aead_sg_run(rec, &v, w);
	free(out);
	free(pt);
	free(v.sealed);
}

static void run_aeads(void)
{
	static const struct aead_variant *const aeads[] = { &aead_chacha20poly1305,
							     &aead_xchacha20poly1305 };
	struct vec_set sets[2];
	struct aead_way w;

	load(&sets[0], "chacha20poly1305.txt");
	load(&sets[1], "xchacha20poly1305.txt");
	for (size_t c = 0; c < chacha20_nimpls; c++) {
		const struct chacha20_impl *chacha = &chacha20_impls[c];

		if (!row_usable(chacha->name, chacha->features))
			continue;
		for (size_t p = 0; p < poly1305_nimpls; p++) {
			unsigned long ran = 0;

			aead_way_pair(&w, (enum chacha20_row)c, (enum poly1305_row)p);
			if (!row_usable(w.name, poly1305_impls[p].features))
				continue;
			at_row(w.name);
			for (int x = 0; x < 2; x++)
				FOR_EACH_RECORD(&sets[x], rec) {
					aead_run(rec, aeads[x], &w);
					ran++;
				}
			report_row(w.name, ran);
		}
	}
	/* The stitched rows: these vectors (265 bytes at most) reach only their
	 * two-pass head and rest; their kernel (from 577 bytes) is compared in
	 * chacha20poly1305_test, the dispatch test and the fuzz targets. */
	for (size_t r = 0; r < chacha20poly1305_nimpls; r++) {
		const struct chacha20poly1305_impl *row = &chacha20poly1305_impls[r];
		unsigned long ran = 0, kernel = 0;

		if (!row_usable(row->name, row->features))
			continue;
		at_row(row->name);
		aead_way_row(&w, (enum chacha20poly1305_row)r);
		for (int x = 0; x < 2; x++)
			FOR_EACH_RECORD(&sets[x], rec) {
				size_t len;

				vec_hex(rec, "Input", VEC_ANY, &len);
				kernel += row->encrypt && len >= 64 + 512;
				aead_run(rec, aeads[x], &w);
				ran++;
			}
		printf("  %-36s %lu vectors ran (encrypt, decrypt; %lu long enough for its "
		       "kernel)\n", row->name, ran, kernel);
	}
	aead_way_next(&w, &(size_t){ 0 }, AEAD_WAY_PUBLIC);
	for (size_t s = 0; s < nsubsets; s++) {
		zinc_cpu_set_mask(subsets[s]);
		at_subset(subsets[s]);
		for (int x = 0; x < 2; x++)
			FOR_EACH_RECORD(&sets[x], rec)
				aead_run(rec, aeads[x], &w);
	}
	zinc_cpu_set_mask(~0u);
	report_public(sets[0].n + sets[1].n);
	vec_free(&sets[0]);
	vec_free(&sets[1]);
}

/* BLAKE2s: state set up by blake2s_init_key (shared by all rows), then the
 * row's update and final; or the public one-shot and streaming functions. */
static void blake2s_run(const struct vec_record *rec, const struct blake2s_impl *impl)
{
	size_t keylen, inlen, outlen, half;
	const uint8_t *key = vec_hex(rec, "Key", VEC_ANY, &keylen);
	const uint8_t *in = vec_hex(rec, "Input", VEC_ANY, &inlen);
	const uint8_t *want = vec_hex(rec, "Output", VEC_ANY, &outlen);
	struct blake2s_state state;
	uint8_t *out;

	if (!outlen || outlen > BLAKE2S_HASH_SIZE || keylen > BLAKE2S_KEY_SIZE)
		vec_die(rec, "Output must be 1..32 bytes and Key 0..32");
	out = vec_alloc(outlen);
	half = inlen / 2;
	CHECK(impl ? blake2s_row_split(impl, out, outlen, key, keylen, in, inlen, half)
		   : blake2s_init_key(&state, outlen, key, keylen),
	      FAIL_FMT, FAIL_ARGS(rec, "blake2s_init_key refused valid sizes"));
	if (!impl) {
		blake2s_update(&state, in, half);
		blake2s_update(&state, in + half, inlen - half);
		blake2s_final(&state, out);
	}
	CHECK_MEM(out, want, outlen, FAIL_FMT,
		  FAIL_ARGS(rec, impl ? "blake2s init_key/update(2 parts)/final"
				 : picks("blake2s init_key/update(2 parts)/final",
					 blake2s_pick(half)->name)));
	if (!impl) {
		CHECK(blake2s(out, in, key, outlen, inlen, keylen), FAIL_FMT,
		      FAIL_ARGS(rec, "blake2s() refused valid sizes"));
		CHECK_MEM(out, want, outlen, FAIL_FMT,
			  FAIL_ARGS(rec, picks("blake2s()", blake2s_pick(inlen)->name)));
	}
	free(out);
}

static void run_blake2s(void)
{
	static const char *const files[] = { "blake2s.txt", "blake2s_keyed_kat.txt",
					      "blake2s_params_kat.txt" };
	struct vec_set sets[3];
	unsigned long total = 0;

	for (int f = 0; f < 3; f++) {
		load(&sets[f], files[f]);
		total += sets[f].n;
	}
	for (size_t i = 0; i < blake2s_nimpls; i++) {
		const struct blake2s_impl *impl = &blake2s_impls[i];
		unsigned long ran = 0;

		if (!row_usable(impl->name, impl->features))
			continue;
		at_row(impl->name);
		for (int f = 0; f < 3; f++)
			FOR_EACH_RECORD(&sets[f], rec) {
				blake2s_run(rec, impl);
				ran++;
			}
		report_row(impl->name, ran);
	}
	for (size_t s = 0; s < nsubsets; s++) {
		zinc_cpu_set_mask(subsets[s]);
		at_subset(subsets[s]);
		for (int f = 0; f < 3; f++)
			FOR_EACH_RECORD(&sets[f], rec)
				blake2s_run(rec, NULL);
	}
	zinc_cpu_set_mask(~0u);
	report_public(total);
	for (int f = 0; f < 3; f++)
		vec_free(&sets[f]);
}

/* X25519 = curve25519(); a record whose Point is 9 also checks
 * curve25519_generate_public. impl == NULL means the public functions. */
static const uint8_t basepoint[CURVE25519_KEY_SIZE] = { 9 };

static void x25519_run(const struct vec_record *rec, const struct curve25519_impl *impl)
{
	const uint8_t *scalar = vec_hex(rec, "Scalar", CURVE25519_KEY_SIZE, NULL);
	const uint8_t *point = vec_hex(rec, "Point", CURVE25519_KEY_SIZE, NULL);
	const uint8_t *want = vec_hex(rec, "Output", CURVE25519_KEY_SIZE, NULL);
	uint8_t *out = vec_alloc(CURVE25519_KEY_SIZE);
	bool ok;

	ok = impl ? curve25519_with(impl, out, scalar, point) : curve25519(out, scalar, point);
	CHECK(ok == !zero(want, CURVE25519_KEY_SIZE), FAIL_FMT,
	      FAIL_ARGS(rec, "curve25519 return value"));
	CHECK_MEM(out, want, CURVE25519_KEY_SIZE, FAIL_FMT,
		  FAIL_ARGS(rec, impl ? "curve25519" : picks("curve25519()", curve25519_pick()->name)));
	if (!memcmp(point, basepoint, sizeof(basepoint))) {
		ok = impl ? curve25519_generate_public_with(impl, out, scalar)
			  : curve25519_generate_public(out, scalar);
		CHECK(ok, FAIL_FMT, FAIL_ARGS(rec, "curve25519_generate_public return value"));
		CHECK_MEM(out, want, CURVE25519_KEY_SIZE, FAIL_FMT,
			  FAIL_ARGS(rec, "curve25519_generate_public"));
	}
	free(out);
}

/* RFC 7748 section 5.2: k = u = 9, then (k, u) = (X25519(k, u), k). */
static bool slow_tests(void)
{
	const char *s = getenv("ZINC_SLOW_TESTS");

	return s && !strcmp(s, "1");
}

static bool iterated_skip(const struct vec_record *rec)
{
	return vec_find(rec, "Slow") && vec_int(rec, "Slow") && !slow_tests();
}

static void x25519_iterated_run(const struct vec_record *rec,
				const struct curve25519_impl *impl)
{
	uint8_t k[CURVE25519_KEY_SIZE] = { 9 }, u[CURVE25519_KEY_SIZE] = { 9 };
	uint8_t r[CURVE25519_KEY_SIZE];
	uint64_t n = vec_int(rec, "Iterations");

	for (uint64_t i = 0; i < n; i++) {
		if (impl)
			curve25519_with(impl, r, k, u);
		else
			curve25519(r, k, u);
		memcpy(u, k, sizeof(k));
		memcpy(k, r, sizeof(r));
	}
	CHECK_MEM(k, vec_hex(rec, "Output", CURVE25519_KEY_SIZE, NULL), CURVE25519_KEY_SIZE,
		  FAIL_FMT, FAIL_ARGS(rec, "x25519 iterated"));
}

static void run_curve25519(void)
{
	struct vec_set xs, is;
	unsigned long per_subset;

	load(&xs, "x25519.txt");
	load(&is, "x25519_iterated.txt");
	FOR_EACH_RECORD(&is, rec)
		if (iterated_skip(rec))
			printf("  %s:%u (%s): skipped, set ZINC_SLOW_TESTS=1 to run it\n",
			       rec->path, rec->line, rec->source);
	for (size_t i = 0; i < curve25519_nimpls; i++) {
		const struct curve25519_impl *impl = &curve25519_impls[i];
		unsigned long ran = 0;

		if (!row_usable(impl->name, impl->features))
			continue;
		at_row(impl->name);
		FOR_EACH_RECORD(&xs, rec) {
			x25519_run(rec, impl);
			ran++;
		}
		FOR_EACH_RECORD(&is, rec) {
			if (iterated_skip(rec))
				continue;
			x25519_iterated_run(rec, impl);
			ran++;
		}
		report_row(impl->name, ran);
	}
	/*
	 * The long iterated vectors take a second or more each; through the
	 * public API they run under the first subset for which curve25519_pick
	 * names each row (so every row the dispatcher can choose runs them
	 * through curve25519()), the single iteration under every subset.
	 */
	per_subset = xs.n;
	for (size_t s = 0; s < nsubsets; s++) {
		const struct curve25519_impl *picked;
		bool first = true;

		zinc_cpu_set_mask(subsets[s]);
		at_subset(subsets[s]);
		picked = curve25519_pick();
		for (size_t t = 0; t < s && first; t++) {
			zinc_cpu_set_mask(subsets[t]);
			first = curve25519_pick() != picked;
		}
		zinc_cpu_set_mask(subsets[s]);
		FOR_EACH_RECORD(&xs, rec)
			x25519_run(rec, NULL);
		FOR_EACH_RECORD(&is, rec) {
			if (iterated_skip(rec) || (vec_int(rec, "Iterations") > 1 && !first))
				continue;
			x25519_iterated_run(rec, NULL);
			if (vec_int(rec, "Iterations") > 1) {
				char names[128];

				zinc_cpu_format(subsets[s], names, sizeof(names));
				printf("  %-36s %s:%u ran under {%s}, where curve25519() picks %s\n",
				       "public API", rec->path, rec->line, names, picked->name);
			}
		}
	}
	FOR_EACH_RECORD(&is, rec)
		per_subset += !iterated_skip(rec) && vec_int(rec, "Iterations") == 1;
	zinc_cpu_set_mask(~0u);
	report_public(per_subset);
	vec_free(&xs);
	vec_free(&is);
}

int main(int argc, char **argv)
{
	char names[128];

	bool full_set_only = argc > 1 && !strcmp(argv[1], "--full-set-only");

	if (full_set_only) {
		argc--;
		argv++;
	}
	if (argc > 1)
		vec_dir = argv[1];
	find_subsets();
	if (full_set_only) {
		nsubsets = 1;
		printf("--full-set-only: the public API runs under the full feature set only\n");
	}
	zinc_cpu_format(zinc_cpu_detected(), names, sizeof(names));
	printf("cpu features detected: {%s}: %zu subsets\n", names, nsubsets);
	run_chacha20();
	run_poly1305();
	run_aeads();
	run_blake2s();
	run_curve25519();
	return TEST_SUMMARY("vectors_test");
}
