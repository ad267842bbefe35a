/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20-Poly1305 (RFC 8439 section 2.8) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha section 2.3) on a flat message, with the rows a
 * struct aead_rows names. The Poly1305 key is the first 32 bytes of
 * keystream block 0; the message is encrypted from block 1; the tag covers
 * ad || pad16 || ciphertext || pad16 || le64(ad_len) || le64(ct_len).
 * Encryption takes two passes, or a stitched row's kernel over its bulk;
 * decryption two passes, or the one pass below.
 *
 * Decryption's one pass with a stitched row, for STITCH_MIN to OPEN_MAX
 * bytes after the head (aead.h: messages of 577 to 4160 bytes, packets):
 * the row's kernel (OPEN in rows.h) MACs the ciphertext and decrypts it
 * into a buffer on the stack, which goes to dst only once the tag checks
 * (nothing is written to dst before, docs/DESIGN.md section 3), and is
 * wiped. Longer messages take two passes, which need no buffer. The buffer
 * sits at the ciphertext's address modulo OPEN_PAGE (open_buf): where the
 * kernel's stores to it fall against its loads of the ciphertext in the
 * low 12 address bits otherwise decides whether they falsely alias, which
 * made the pass markedly slower at 2 KiB
 * (bench/results/date-not-recorded-epyc-25-17.md#aead-open-buffer).
 */
#include "lib/chacha20poly1305/aead.h"

static void open_one_pass(enum chacha20poly1305_row aead, struct chacha20_ctx *cc,
			  struct poly1305_ctx *poly, uint8_t *pt, const uint8_t *ct, size_t len)
{
	const struct chacha20poly1305_bulk b = { cc->state, poly->state.u8 };
	struct chacha20poly1305_step steps[OPEN_STEPS];
	size_t maced = len & ~(size_t)15;

	/* The kernel only reads the steps. */
	for (size_t i = 0; i * STITCH_MIN < len; i++)
		steps[i] = (struct chacha20poly1305_step){ .at = (uint8_t *)ct + i * STITCH_MIN };
	chacha20poly1305_row_open(aead, &b, pt, steps, len);
	poly1305_update(poly, ct + maced, len - maced);
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
 * (above) that pass. The tag is checked before any plaintext is written
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
		open_one_pass(r->aead, &cc, &poly, pt, src + h.len, rest);
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

