/* SPDX-License-Identifier: MIT */
/*
 * The AEADs in place over an iovec list (chacha20poly1305_*_sg_inplace):
 * the construction of flat.c, with the head gathered from the list when it
 * lies in pieces, the keystream carried across pieces (two passes), or the
 * kernel calls sg_plan.c plans (a stitched row), and for decryption with a
 * stitched row flat.c's one pass.
 */
#include "lib/chacha20poly1305/aead.h"
#include "lib/chacha20poly1305/sg.h"

static const uint8_t sg_zeros[SG_KS];

/* Whether the list holds need bytes (need is at most SIZE_MAX). */
static bool sg_holds(const struct iovec *iov, size_t iovcnt, size_t need)
{
	if (!iov && iovcnt)
		return false;
	for (size_t i = 0; i < iovcnt; i++) {
		if (iov[i].iov_len >= need)
			return true;
		need -= iov[i].iov_len;
	}
	return !need;
}

bool chacha20poly1305_sg_encrypt_fits(const struct iovec *iov, size_t iovcnt, size_t src_len)
{
	return src_len <= SIZE_MAX - TAG && sg_holds(iov, iovcnt, src_len + TAG);
}

bool chacha20poly1305_sg_decrypt_fits(const struct iovec *iov, size_t iovcnt, size_t src_len)
{
	return src_len >= TAG && sg_holds(iov, iovcnt, src_len);
}

/* Copies between buf and the next len bytes of the walk. */
static void sg_copy(struct sg_walk *w, uint8_t *buf, size_t len, bool to_list)
{
	uint8_t *piece;
	size_t n;

	while ((n = sg_next(w, &piece, len))) {
		if (to_list)
			memcpy(piece, buf, n);
		else
			memcpy(buf, piece, n);
		buf += n;
		len -= n;
	}
}

/* Wipes the stream's key material: ks only when a batch went there. */
static void sg_wipe(struct sg_stream *s)
{
	memzero_explicit(&s->cc, sizeof(s->cc));
	if (s->ks_len)
		memzero_explicit(s->ks, sizeof(s->ks));
}

/* p ^= ks for n bytes; a function of its own so that the compiler sees
 * that the stores cannot change the loop's bounds, and vectorizes it. */
static void xor_bytes(uint8_t *restrict p, const uint8_t *restrict ks, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] ^= ks[i];
}

/* p ^= the next n bytes of keystream (sg.h: batches of SG_KS bytes). */
static void sg_xor(struct sg_stream *s, uint8_t *p, size_t n)
{
	while (n) {
		size_t k;

		if (s->ks_off == s->ks_len) {
			/* All that is left of the message, or whole batches. */
			k = n == s->todo ? n : n & ~(size_t)(SG_KS - 1);
			if (k) {
				chacha20_row_xor(s->chacha, s->cc.state, p, p, k);
				p += k;
				n -= k;
				s->todo -= k;
				continue;
			}
			s->ks_len = s->todo < SG_KS ? s->todo : SG_KS;
			s->ks_off = 0;
			chacha20_row_xor(s->chacha, s->cc.state, s->ks, sg_zeros, s->ks_len);
			s->todo -= s->ks_len;
		}
		k = s->ks_len - s->ks_off < n ? s->ks_len - s->ks_off : n;
		xor_bytes(p, s->ks + s->ks_off, k);
		s->ks_off += k;
		p += k;
		n -= k;
	}
}

/* Piece by piece. */
static void sg_two_pass(struct sg_stream *s, struct poly1305_ctx *poly, struct sg_walk *w,
			size_t len)
{
	uint8_t *piece;
	size_t n;

	s->todo = len;
	while ((n = sg_next(w, &piece, len))) {
		sg_xor(s, piece, n);
		poly1305_update(poly, piece, n);
		len -= n;
	}
}

/* As the two-pass row does: the part of sg_open that goes without the
 * kernel. */
static void sg_open_two_pass(struct sg_stream *s, struct poly1305_ctx *poly, struct sg_walk *w,
			     uint8_t *pt, size_t len)
{
	sg_copy(w, pt, len, false);
	poly1305_update(poly, pt, len);
	chacha20_row_xor(s->chacha, s->cc.state, pt, pt, len);
}

/* Encrypts and MACs the next len (>= STITCH_MIN) bytes of the walk with
 * the kernel calls sg_plan.c plans. */
static void sg_stitched(enum chacha20poly1305_row aead, struct sg_stream *s,
			struct poly1305_ctx *poly, struct sg_walk *w, size_t len)
{
	const struct chacha20poly1305_bulk b = { s->cc.state, poly->state.u8 };
	struct sg_steps p;

	while (len >= SG_STEP) {
		chacha20poly1305_sg_plan(&p, w, len);
		if (!p.len) {
			sg_two_pass(s, poly, w, SG_STEP);
			len -= SG_STEP;
			continue;
		}
		chacha20poly1305_row_steps(aead, &b, p.step, p.len);
		chacha20poly1305_sg_mac_tail(&p, poly);
		len -= p.len;
	}
	if (len)
		sg_two_pass(s, poly, w, len);
}

/* Decryption's one pass, as flat.c's, over a list: MACs the next len
 * (STITCH_MIN to OPEN_MAX) bytes of ciphertext and decrypts them into pt,
 * with the kernel calls as sg_plan.c plans them; a step in more
 * pieces than a call takes, and a last part shorter than a step, go as
 * the two-pass row decrypts. */
static void sg_open(enum chacha20poly1305_row aead, struct sg_stream *s, struct poly1305_ctx *poly,
		    struct sg_walk *w, uint8_t *pt, size_t len)
{
	const struct chacha20poly1305_bulk b = { s->cc.state, poly->state.u8 };
	struct sg_steps p;

	while (len >= SG_STEP) {
		chacha20poly1305_sg_plan(&p, w, len);
		if (!p.len) {
			sg_open_two_pass(s, poly, w, pt, SG_STEP);
			p.len = SG_STEP;
		} else {
			chacha20poly1305_row_open(aead, &b, pt, p.step, p.len);
			chacha20poly1305_sg_mac_tail(&p, poly);
		}
		pt += p.len;
		len -= p.len;
	}
	if (len)
		sg_open_two_pass(s, poly, w, pt, len);
}

/* One call's state: the keystream, where it is in the list, the MAC, the
 * head. */
struct sg_call {
	struct sg_stream s;
	struct sg_walk w;
	struct poly1305_ctx poly;
	struct aead_head h;
};

/* The rows' keystream, nothing of it in ks yet; the walk at the start. */
static void sg_start(struct sg_call *c, const struct aead_rows *r, const struct aead_args *a)
{
	c->s.chacha = r->chacha;
	c->s.ks_len = c->s.ks_off = 0;
	c->w = (struct sg_walk){ .iov = a->iov };
}

void chacha20poly1305_run_encrypt_sg(const struct aead_rows *r, const struct aead_args *a)
{
	struct sg_call c;
	struct sg_walk head;
	uint8_t tag[TAG], *p = NULL;
	size_t len = a->len, hl = head_len(len);

	/* The head as in the flat function, encrypted by the Poly1305 key's
	 * ChaCha20 call; gathered into h.text first when it is in pieces. */
	sg_start(&c, r, a);
	head = c.w;
	if (hl && !(p = sg_span(&c.w, hl)))
		sg_copy(&c.w, c.h.text, hl, false);
	aead_begin(r, a, &c.s.cc, &c.poly, &c.h, p ? p : c.h.text, len);
	if (p) {
		memcpy(p, c.h.text, c.h.len);
		poly1305_update(&c.poly, p, c.h.len);
	} else {
		poly1305_update(&c.poly, c.h.text, c.h.len);
		sg_copy(&head, c.h.text, c.h.len, true);
	}
	if (r->aead != CHACHA20POLY1305_ROW_TWO_PASS && len - c.h.len >= STITCH_MIN)
		sg_stitched(r->aead, &c.s, &c.poly, &c.w, len - c.h.len);
	else
		sg_two_pass(&c.s, &c.poly, &c.w, len - c.h.len);
	p = sg_span(&c.w, sizeof(tag));
	aead_end(&c.poly, a->ad_len, len, p ? p : tag);
	if (!p)
		sg_copy(&c.w, tag, sizeof(tag), true);
	sg_wipe(&c.s);
	memzero_explicit(&c.h, sizeof(c.h));
}

/* Decryption's first pass when the head is gathered (all of a short
 * message, or before the one pass): the head's ciphertext (copied out
 * when it is in pieces) gives its plaintext in c->h.text with the Poly1305
 * key; then, with the one pass, the kernel the rest's into the buffer in
 * area, which is returned (else NULL). */
static uint8_t *sg_mac_gathered(struct sg_call *c, const struct aead_rows *r,
				const struct aead_args *a, size_t ct_len, uint8_t *area)
{
	uint8_t head[HEAD], *p, *pt = NULL;
	size_t hl = head_len(ct_len);

	if (!(p = hl ? sg_span(&c->w, hl) : c->h.text))
		sg_copy(&c->w, p = head, hl, false);
	aead_begin(r, a, &c->s.cc, &c->poly, &c->h, p, ct_len);
	poly1305_update(&c->poly, p, c->h.len);
	if (open_fits(r->aead, ct_len)) {
		sg_skip(&c->w);
		pt = open_buf(area, (uint8_t *)c->w.iov->iov_base + c->w.off);
		sg_open(r->aead, &c->s, &c->poly, &c->w, pt, ct_len - c->h.len);
	}
	return pt;
}

/* Decryption's first pass otherwise: the MAC. The head's keystream comes
 * with the Poly1305 key, into ks, for the second. */
static void sg_mac_scattered(struct sg_call *c, const struct aead_rows *r,
			     const struct aead_args *a, size_t ct_len)
{
	uint8_t *piece;
	size_t n, left;

	aead_begin(r, a, &c->s.cc, &c->poly, &c->h, sg_zeros, ct_len);
	memcpy(c->s.ks, c->h.text, c->h.len);
	c->s.ks_len = c->h.len;
	c->s.todo = ct_len - c->h.len;
	for (left = ct_len; (n = sg_next(&c->w, &piece, left)); left -= n)
		poly1305_update(&c->poly, piece, n);
}

/* Decryption's second pass, once the tag is checked: the plaintext (the
 * head's from c->h.text, the rest's from pt or the keystream), or zeros,
 * into the list. */
static void sg_write_back(struct sg_call *c, const struct aead_args *a, bool ok, bool gathered,
			  uint8_t *pt)
{
	size_t n, left, ct_len = a->len - TAG;
	uint8_t *piece;

	c->w = (struct sg_walk){ .iov = a->iov };
	if (!ok) {
		for (left = ct_len; (n = sg_next(&c->w, &piece, left)); left -= n)
			memset(piece, 0, n);
	} else if (gathered) {
		sg_copy(&c->w, c->h.text, c->h.len, true);
		if (pt)
			sg_copy(&c->w, pt, ct_len - c->h.len, true);
	} else {
		for (left = ct_len; (n = sg_next(&c->w, &piece, left)); left -= n)
			sg_xor(&c->s, piece, n);
	}
}

bool chacha20poly1305_run_decrypt_sg(const struct aead_rows *r, const struct aead_args *a)
{
	struct sg_call c;
	uint8_t tag[TAG], got[TAG], area[OPEN_AREA], *pt = NULL;
	size_t ct_len = a->len - TAG;
	bool ok, gathered = open_fits(r->aead, ct_len) || ct_len <= HEAD;

	sg_start(&c, r, a);
	if (gathered)
		pt = sg_mac_gathered(&c, r, a, ct_len, area);
	else
		sg_mac_scattered(&c, r, a, ct_len);
	aead_end(&c.poly, a->ad_len, ct_len, tag);
	sg_copy(&c.w, got, sizeof(got), false);
	ok = !crypto_memneq(tag, got, sizeof(tag));
	ZINC_DECLASSIFY(&ok, sizeof(ok)); /* the verdict is public, as in the flat decrypt */
	sg_write_back(&c, a, ok, gathered, pt);
	if (pt)
		memzero_explicit(pt, ct_len - c.h.len);
	sg_wipe(&c.s);
	memzero_explicit(&c.h, sizeof(c.h));
	memzero_explicit(tag, sizeof(tag));
	return ok;
}
