/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20's known answers (vectors/chacha20.txt, hchacha20.txt,
 * xchacha20.txt, poly1305_keygen.txt) on every usable row of chacha20_impls
 * and through the public API under every feature subset (vectors/runner.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zinc/chacha20.h>
#include <zinc/chacha20poly1305.h>
#include <zinc/poly1305.h>

#include "lib/chacha20/chacha20.h"
#include "vectors/runner.h"

static const char *const hex_fields[] = { "Key", "Nonce", "Input", "Output", "OneTimeKey", NULL };
static const char *const int_fields[] = { "Counter", NULL };

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

/* The row's xor_stream, or chacha20() when impl is NULL. */
static void chacha_xor(struct chacha20_ctx *ctx, const struct chacha20_impl *impl, uint8_t *out,
		       const uint8_t *in, size_t len)
{
	if (impl)
		impl->xor_stream(ctx->state, out, in, len);
	else
		chacha20(ctx, out, in, len);
}

/* Out of place and in place; a row also leaves the block counter past the
 * blocks it used. impl == NULL means the public functions. */
static void chacha_run(const struct vec_record *rec, const struct chacha20_impl *impl)
{
	struct chacha20_ctx ctx;
	struct chacha_vec v;
	uint8_t *out, *inplace;

	chacha_vec_get(rec, &v, CHACHA20_NONCE_SIZE);
	out = vec_alloc(v.len);
	inplace = vec_dup(v.in, v.len);
	chacha20_init(&ctx, v.key, v.nonce, v.counter);
	chacha_xor(&ctx, impl, out, v.in, v.len);
	CHECK_MEM(out, v.out, v.len, FAIL_FMT,
		  FAIL_ARGS(rec, impl ? "chacha20 xor_stream"
				 : picks("chacha20()", chacha20_pick(v.len)->name)));
	chacha20_init(&ctx, v.key, v.nonce, v.counter);
	chacha_xor(&ctx, impl, inplace, inplace, v.len);
	CHECK_MEM(inplace, v.out, v.len, FAIL_FMT,
		  FAIL_ARGS(rec, impl ? "chacha20 xor_stream in place"
				 : picks("chacha20() in place", chacha20_pick(v.len)->name)));
	if (impl)
		CHECK(ctx.state[12] == v.counter + (uint32_t)((v.len + 63) / 64), FAIL_FMT,
		      FAIL_ARGS(rec, "block counter after xor_stream"));
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

/* A row without hchacha20 takes the generic row's. */
static void xchacha_run(const struct vec_record *rec, const struct chacha20_impl *impl)
{
	struct chacha20_ctx ctx;
	struct chacha_vec v;
	uint8_t *out;

	chacha_vec_get(rec, &v, XCHACHA20POLY1305_NONCE_SIZE);
	out = vec_alloc(v.len);
	xchacha_setup(&ctx, &v, !impl ? hchacha20
				      : impl->hchacha20 ? impl->hchacha20 : chacha20_impls[0].hchacha20);
	chacha_xor(&ctx, impl, out, v.in, v.len);
	CHECK_MEM(out, v.out, v.len, FAIL_FMT,
		  FAIL_ARGS(rec, impl ? "xchacha20 (row hchacha20 + xor_stream)"
				 : picks("xchacha20 (hchacha20() + chacha20())",
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
	chacha_xor(&ctx, impl, block, zeros, sizeof(zeros));
	CHECK_MEM(block, vec_hex(rec, "OneTimeKey", POLY1305_KEY_SIZE, NULL), POLY1305_KEY_SIZE,
		  FAIL_FMT, FAIL_ARGS(rec, "poly1305 key = chacha20 block 0"));
	free(block);
}

static void run_chacha20(void)
{
	struct vec_set cs, hs, xs, ks;

	load(&cs, "chacha20.txt", hex_fields, int_fields);
	load(&hs, "hchacha20.txt", hex_fields, int_fields);
	load(&xs, "xchacha20.txt", hex_fields, int_fields);
	load(&ks, "poly1305_keygen.txt", hex_fields, int_fields);
	for (size_t i = 0; i < chacha20_nimpls; i++) {
		const struct chacha20_impl *impl = &chacha20_impls[i];
		unsigned long ran = 0;

		if (!row_usable(impl->name, impl->features))
			continue;
		FOR_EACH_RECORD(&cs, rec) {
			chacha_run(rec, impl);
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
			xchacha_run(rec, impl);
			ran++;
		}
		FOR_EACH_RECORD(&ks, rec) {
			keygen_run(rec, impl);
			ran++;
		}
		report_row(impl->name, ran);
	}
	for (size_t s = 0; next_subset(s); s++) {
		FOR_EACH_RECORD(&cs, rec)
			chacha_run(rec, NULL);
		FOR_EACH_RECORD(&hs, rec)
			hchacha_run(rec, hchacha20);
		FOR_EACH_RECORD(&xs, rec)
			xchacha_run(rec, NULL);
		FOR_EACH_RECORD(&ks, rec)
			keygen_run(rec, NULL);
	}
	report_public(cs.n + hs.n + xs.n + ks.n);
	vec_free(&cs);
	vec_free(&hs);
	vec_free(&xs);
	vec_free(&ks);
}

VECTORS_RUNNER(chacha20, run_chacha20)
