/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20-Poly1305's and XChaCha20-Poly1305's known answers
 * (vectors/chacha20poly1305.txt, xchacha20poly1305.txt) on every way of
 * lib/chacha20poly1305/entries.h: every usable (ChaCha20 row, Poly1305 row)
 * pair, every usable stitched row, and the public API under every feature
 * subset (vectors/runner.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zinc/chacha20poly1305.h>

#include "lib/chacha20/chacha20.h"
#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/chacha20poly1305/entries.h"
#include "lib/poly1305/poly1305.h"
#include "vectors/runner.h"

static const char *const hex_fields[] = { "Key", "Nonce", "AD", "Input", "Output", "Tag", NULL };
static const char *const int_fields[] = { NULL };

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

	load(&sets[0], "chacha20poly1305.txt", hex_fields, int_fields);
	load(&sets[1], "xchacha20poly1305.txt", hex_fields, int_fields);
	for (size_t c = 0; c < chacha20_nimpls; c++) {
		const struct chacha20_impl *chacha = &chacha20_impls[c];

		if (!row_usable(chacha->name, chacha->features))
			continue;
		for (size_t p = 0; p < poly1305_nimpls; p++) {
			unsigned long ran = 0;

			aead_way_pair(&w, (enum chacha20_row)c, (enum poly1305_row)p);
			if (!row_usable(w.name, poly1305_impls[p].features))
				continue;
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
	 * chacha20poly1305_test (its dispatch part too) and the fuzz targets. */
	for (size_t r = 0; r < chacha20poly1305_nimpls; r++) {
		const struct chacha20poly1305_impl *row = &chacha20poly1305_impls[r];
		unsigned long ran = 0, kernel = 0;

		if (!row_usable(row->name, row->features))
			continue;
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
	for (size_t s = 0; next_subset(s); s++) {
		for (int x = 0; x < 2; x++)
			FOR_EACH_RECORD(&sets[x], rec)
				aead_run(rec, aeads[x], &w);
	}
	report_public(sets[0].n + sets[1].n);
	vec_free(&sets[0]);
	vec_free(&sets[1]);
}

VECTORS_RUNNER(chacha20poly1305, run_aeads)
