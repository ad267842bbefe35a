/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20-Poly1305 (RFC 8439 section 2.8) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha section 2.3), built from a chosen ChaCha20 row
 * and Poly1305 row. The Poly1305 key is the first 32 bytes of keystream
 * block 0; the message is encrypted from block 1; the tag covers
 * ad || pad16 || ciphertext || pad16 || le64(ad_len) || le64(ct_len).
 * This file: that construction on a flat message (two passes, or a stitched
 * row's kernel over the bulk of an encryption), XChaCha, the public
 * functions and the table. aead.h lists the other files.
 */
#include <zinc/chacha20poly1305.h>

#include "lib/chacha20poly1305/aead.h"
#include "lib/common/cpu.h"
#include "lib/common/util.h"

const struct chacha20poly1305_impl chacha20poly1305_impls[] = {
#define KERNEL(fn) fn
#define STEPS(fn) fn
#define OPEN(fn) fn
#define ROW(id, name, needs, min_len, kernel, steps, open) \
	[CHACHA20POLY1305_ROW_##id] = { name, needs, min_len, kernel, steps, open },
#include "lib/chacha20poly1305/rows.h"
};

const size_t chacha20poly1305_nimpls = ARRAY_SIZE(chacha20poly1305_impls);

#ifdef ZINC_TESTING
unsigned long chacha20poly1305_hits[ARRAY_SIZE(chacha20poly1305_impls)];
#endif

/* Row 0 is the two passes, the rows' default; a stitched row's min_len is
 * past a long message's head and one whole step, the shortest message its
 * kernel runs on (STITCH_MIN after a head of HEAD_LONG), which would give
 * the kernel one step with nothing to interleave (rows.h); shorter, the
 * row would be counted for messages the kernel never sees. */
_Static_assert(CHACHA20POLY1305_ROW_TWO_PASS == 0, "rows.h: the two-pass row first");
#define ROW(id, name, needs, min_len, ...)                                                 \
	_Static_assert(CHACHA20POLY1305_ROW_##id == CHACHA20POLY1305_ROW_TWO_PASS ?          \
			       (min_len) == 0 : (min_len) > HEAD_LONG + STITCH_MIN,            \
		       "rows.h: " name "'s min_len must be past a long head and one step");
#include "lib/chacha20poly1305/rows.h"

const struct chacha20poly1305_impl *chacha20poly1305_pick(size_t len)
{
	return &chacha20poly1305_impls[chacha20poly1305_row_for(zinc_cpu_features(), len)];
}

/* Length of the Poly1305 message for ad_len and ct_len bytes. */
static size_t mac_len(size_t ad_len, size_t ct_len)
{
	return ((ad_len + 15) & ~(size_t)15) + ((ct_len + 15) & ~(size_t)15) + 16;
}

/* The first ChaCha20 call makes block 0 and the head together
 * (aead_begin): a message of up to HEAD bytes is all head, so that call,
 * CHACHA20_BLOCK_SIZE bytes more than the message, is all its keystream,
 * and its row is chacha20()'s for that call's length, not the message's
 * (on Zen 5, where one block runs fastest on the generic C, a 1..64-byte
 * message makes two blocks: a vector row's). A longer message's head call
 * is two blocks and the rest's call the longer one: the message's row. */
enum chacha20_row chacha20poly1305_chacha_row(uint32_t have, size_t len)
{
	return chacha20_row_for(have, len <= HEAD ? CHACHA20_BLOCK_SIZE + len : len);
}

/* A stitched kernel continues the state of poly1305-x86_64 (its layout);
 * two passes take poly1305()'s row for the MAC input's length. */
uint32_t chacha20poly1305_poly_row(enum chacha20poly1305_row aead, uint32_t have, size_t ad_len,
				   size_t ct_len)
{
#ifdef ZINC_ASM_X86_64
	if (aead != CHACHA20POLY1305_ROW_TWO_PASS)
		return POLY1305_ROW_X86_64;
#endif
	return poly1305_row_for(have, mac_len(ad_len, ct_len));
}

void chacha20poly1305_run_encrypt(const struct aead_rows *r, const struct aead_args *a)
{
	struct chacha20_ctx cc;
	struct poly1305_ctx poly;
	struct aead_head h;
	uint8_t *dst = a->dst;
	const uint8_t *src = a->src;
	size_t len = a->len, done, maced = 0;

	aead_begin(r, a, &cc, &poly, &h, src, len);
	if (h.len)
		memcpy(dst, h.text, h.len);
	done = h.len;
	if (r->aead != CHACHA20POLY1305_ROW_TWO_PASS && len - done >= STITCH_MIN) {
		const struct chacha20poly1305_bulk b = { cc.state, poly.state.u8 };

		poly1305_update(&poly, dst, done);
		chacha20poly1305_row_kernel(r->aead, &b, dst + done, src + done, len - done);
		maced = done + ((len - done) & ~(size_t)15);
		done = len;
	}
	if (len > done)
		chacha20_row_xor(r->chacha, cc.state, dst + done, src + done, len - done);
	poly1305_update(&poly, dst + maced, len - maced);
	aead_end(&poly, a->ad_len, len, dst + len);
	memzero_explicit(&cc, sizeof(cc));
	memzero_explicit(&h, sizeof(h));
}

/* Two passes, or with a stitched row whose one pass takes the length
 * (open.c) that pass. The tag is checked before any plaintext is written
 * (the head's is in h.text on the stack until then, the rest's in pt or
 * not made). */
bool chacha20poly1305_run_decrypt(const struct aead_rows *r, const struct aead_args *a)
{
	struct chacha20_ctx cc;
	struct poly1305_ctx poly;
	struct aead_head h;
	uint8_t tag[TAG], area[OPEN_AREA], *pt = NULL;
	const uint8_t *src = a->src;
	size_t ct_len, rest;
	bool ok;

	if (a->len < TAG)
		return false;
	ct_len = a->len - TAG;
	aead_begin(r, a, &cc, &poly, &h, src, ct_len);
	rest = ct_len - h.len;
	if (open_fits(r->aead, ct_len)) {
		pt = open_buf(area, src + h.len);
		poly1305_update(&poly, src, h.len);
		chacha20poly1305_open(r->aead, &cc, &poly, pt, src + h.len, rest);
	} else {
		poly1305_update(&poly, src, ct_len);
	}
	aead_end(&poly, a->ad_len, ct_len, tag);
	ok = !crypto_memneq(tag, src + ct_len, sizeof(tag));
	ZINC_DECLASSIFY(&ok, sizeof(ok));
	if (ok) {
		if (pt)
			memcpy(a->dst + h.len, pt, rest);
		else if (rest)
			chacha20_row_xor(r->chacha, cc.state, a->dst + h.len, src + h.len, rest);
		if (h.len)
			memcpy(a->dst, h.text, h.len);
	} else if (ct_len) {
		memset(a->dst, 0, ct_len);
	}
	if (pt)
		memzero_explicit(pt, rest);
	memzero_explicit(&cc, sizeof(cc));
	memzero_explicit(&h, sizeof(h));
	memzero_explicit(tag, sizeof(tag));
	return ok;
}

/* The XChaCha call's arguments in x: subkey = HChaCha20(key,
 * nonce[0..16)), nonce12 = 0^4 || nonce[16..24). */
static void xchacha_derive(enum chacha20_row hchacha, const struct aead_args *a,
			   struct aead_args *x, uint8_t subkey[CHACHA20POLY1305_KEY_SIZE],
			   uint8_t nonce12[CHACHA20POLY1305_NONCE_SIZE])
{
	chacha20_row_hchacha20(hchacha, subkey, a->nonce, a->key);
	memset(nonce12, 0, 4);
	memcpy(nonce12 + 4, a->nonce + 16, 8);
	*x = *a;
	x->nonce = nonce12;
	x->key = subkey;
}

void xchacha20poly1305_run_encrypt(const struct aead_rows *r, const struct aead_args *a)
{
	uint8_t subkey[CHACHA20POLY1305_KEY_SIZE], nonce12[CHACHA20POLY1305_NONCE_SIZE];
	struct aead_args x;

	xchacha_derive(r->hchacha, a, &x, subkey, nonce12);
	chacha20poly1305_run_encrypt(r, &x);
	memzero_explicit(subkey, sizeof(subkey));
}

bool xchacha20poly1305_run_decrypt(const struct aead_rows *r, const struct aead_args *a)
{
	uint8_t subkey[CHACHA20POLY1305_KEY_SIZE], nonce12[CHACHA20POLY1305_NONCE_SIZE];
	struct aead_args x;
	bool ok;

	if (a->len < TAG)
		return false;
	xchacha_derive(r->hchacha, a, &x, subkey, nonce12);
	ok = chacha20poly1305_run_decrypt(r, &x);
	memzero_explicit(subkey, sizeof(subkey));
	return ok;
}

/* The rows the public functions run for a message of these sizes with the
 * AEAD row aead, counted (the XChaCha functions add hchacha20()'s row). */
static struct aead_rows pick(enum chacha20poly1305_row aead, size_t ad_len, size_t ct_len)
{
	uint32_t have = zinc_cpu_features();
	struct aead_rows r = { aead, chacha20poly1305_chacha_row(have, ct_len),
			       chacha20poly1305_poly_row(aead, have, ad_len, ct_len) };

	ZINC_COUNT_HIT(chacha20poly1305_hits[r.aead]);
	ZINC_COUNT_HIT(chacha20_hits[r.chacha]);
	ZINC_COUNT_HIT(poly1305_hits[r.poly]);
	return r;
}

/* The public encrypt functions': the stitched row for len bytes. */
static struct aead_rows pick_encrypt(size_t ad_len, size_t len)
{
	return pick(chacha20poly1305_row_for(zinc_cpu_features(), len), ad_len, len);
}

/* The public decrypt functions', for ct_len bytes of ciphertext: the
 * encrypt functions' stitched row when its one pass takes the length,
 * else two passes. */
static struct aead_rows pick_decrypt(size_t ad_len, size_t ct_len)
{
	enum chacha20poly1305_row aead = chacha20poly1305_row_for(zinc_cpu_features(), ct_len);

	if (!open_fits(aead, ct_len))
		aead = CHACHA20POLY1305_ROW_TWO_PASS;
	return pick(aead, ad_len, ct_len);
}

void chacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			      const uint8_t *ad, size_t ad_len,
			      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
			      const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);
	const struct aead_rows r = pick_encrypt(ad_len, src_len);

	chacha20poly1305_run_encrypt(&r, &a);
}

bool chacha20poly1305_decrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			      const uint8_t *ad, size_t ad_len,
			      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
			      const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);
	struct aead_rows r;

	if (src_len < TAG)
		return false;
	r = pick_decrypt(ad_len, src_len - TAG);
	return chacha20poly1305_run_decrypt(&r, &a);
}

void xchacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			       const uint8_t *ad, size_t ad_len,
			       const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
			       const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);
	struct aead_rows r = pick_encrypt(ad_len, src_len);

	r.hchacha = hchacha20_row_for(zinc_cpu_features());
	xchacha20poly1305_run_encrypt(&r, &a);
}

bool xchacha20poly1305_decrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			       const uint8_t *ad, size_t ad_len,
			       const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
			       const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);
	struct aead_rows r;

	if (src_len < TAG)
		return false;
	r = pick_decrypt(ad_len, src_len - TAG);
	r.hchacha = hchacha20_row_for(zinc_cpu_features());
	return xchacha20poly1305_run_decrypt(&r, &a);
}

bool chacha20poly1305_encrypt_sg_inplace(const struct iovec *iov, size_t iovcnt, size_t src_len,
					 const uint8_t *ad, size_t ad_len,
					 const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					 const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_args a = aead_sg(iov, src_len, ad, ad_len, nonce, key);
	struct aead_rows r;

	if (!chacha20poly1305_sg_encrypt_fits(iov, iovcnt, src_len))
		return false;
	r = pick_encrypt(ad_len, src_len);
	chacha20poly1305_run_encrypt_sg(&r, &a);
	return true;
}

bool chacha20poly1305_decrypt_sg_inplace(const struct iovec *iov, size_t iovcnt, size_t src_len,
					 const uint8_t *ad, size_t ad_len,
					 const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					 const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_args a = aead_sg(iov, src_len, ad, ad_len, nonce, key);
	struct aead_rows r;

	if (!chacha20poly1305_sg_decrypt_fits(iov, iovcnt, src_len))
		return false;
	r = pick_decrypt(ad_len, src_len - TAG);
	return chacha20poly1305_run_decrypt_sg(&r, &a);
}
