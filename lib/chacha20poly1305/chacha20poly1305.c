/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20-Poly1305 (RFC 8439 section 2.8) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha section 2.3), built from a chosen ChaCha20 row
 * and Poly1305 row. The Poly1305 key is the first 32 bytes of keystream
 * block 0; the message is encrypted from block 1; the tag covers
 * ad || pad16 || ciphertext || pad16 || le64(ad_len) || le64(ct_len).
 * The _sg_inplace functions run the same over an iovec list.
 */
#include <zinc/chacha20poly1305.h>

#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/common/cpu.h"
#include "lib/common/util.h"

static const uint8_t pad0[16];

/*
 * Keystream block 0 (the Poly1305 key) and the message's first HEAD bytes
 * come from one ChaCha20 call on [64 zero bytes | head]: one block is a
 * dependency chain of about 300 cycles, and the SIMD rows run two or four
 * blocks side by side for about the price of one (AMD EPYC family 25 model
 * 17, AVX2 row: 299 TSC cycles for one block, 292 for two, 526 for four).
 * The head is whole blocks when more follows, so the rest continues
 * exactly.
 */
enum { HEAD = 3 * CHACHA20_BLOCK_SIZE };

struct aead_head {
	uint8_t block0[CHACHA20_BLOCK_SIZE];	/* then the Poly1305 key */
	uint8_t text[HEAD];			/* head of src, XORed */
	size_t len;
};

static void mac_pad16(struct poly1305_ctx *poly, size_t len)
{
	if (len & 15)
		poly1305_update(poly, pad0, 16 - (len & 15));
}

/* Sets up the Poly1305 key from block 0 and XORs the first bytes of src
 * (h->len of them) into h->text; the counter is left after them. */
static inline __attribute__((always_inline)) void aead_begin(enum chacha20_row chacha, uint32_t poly_impl,
		       struct chacha20_ctx *cc, struct poly1305_ctx *poly, struct aead_head *h,
		       const uint8_t *src, size_t src_len,
		       const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
		       const uint8_t key[CHACHA20POLY1305_KEY_SIZE],
		       const uint8_t *ad, size_t ad_len)
{
	/* A longer message takes one block here: a two-block call costs no
	 * more than block 0 alone, a four-block one does. */
	h->len = src_len <= HEAD ? src_len : CHACHA20_BLOCK_SIZE;
	memset(h->block0, 0, sizeof(h->block0));
	if (h->len)
		memcpy(h->text, src, h->len);
	chacha20_init(cc, key, nonce, 0);
	chacha20_row_xor(chacha, cc->state, h->block0, h->block0, sizeof(h->block0) + h->len);
	poly1305_init_impl(poly, h->block0, poly_impl);
	poly1305_update(poly, ad, ad_len);
	mac_pad16(poly, ad_len);
}

static void aead_end(struct poly1305_ctx *poly, size_t ad_len, size_t ct_len,
		     uint8_t tag[CHACHA20POLY1305_AUTHTAG_SIZE])
{
	uint8_t lengths[16];

	mac_pad16(poly, ct_len);
	put_unaligned_le64((uint64_t)ad_len, lengths);
	put_unaligned_le64((uint64_t)ct_len, lengths + 8);
#ifdef ZINC_PLANT_AEAD_LENGTHS
	/* planted bug for the harness's self-test; see fuzz/planted/README.md */
	if (0) /* the length block is left out of the MAC */
#endif
	poly1305_update(poly, lengths, sizeof(lengths));
	poly1305_final(poly, tag);
}

/*
 * With a stitched row and at least STITCH_MIN bytes after the head (64
 * bytes then, which leave no partial Poly1305 block), the kernel encrypts
 * all of them and absorbs their whole 16-byte blocks (poly has the
 * poly1305-x86_64 layout); the last partial block is absorbed here.
 */
enum { STITCH_MIN = 8 * CHACHA20_BLOCK_SIZE };

static void encrypt_rows(enum chacha20poly1305_row aead, enum chacha20_row chacha,
			 uint32_t poly_impl, uint8_t *dst, const uint8_t *src, size_t src_len,
			 const uint8_t *ad, size_t ad_len,
			 const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
			 const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	struct chacha20_ctx cc;
	struct poly1305_ctx poly;
	struct aead_head h;
	size_t done, maced = 0;

	aead_begin(chacha, poly_impl, &cc, &poly, &h, src, src_len, nonce, key, ad, ad_len);
	if (h.len)
		memcpy(dst, h.text, h.len);
	done = h.len;
	if (aead != CHACHA20POLY1305_ROW_TWO_PASS && src_len - done >= STITCH_MIN) {
		const struct chacha20poly1305_bulk b = { cc.state, poly.state.u8 };

		poly1305_update(&poly, dst, done);
		chacha20poly1305_row_kernel(aead, &b, dst + done, src + done, src_len - done);
		maced = done + ((src_len - done) & ~(size_t)15);
		done = src_len;
	}
	if (src_len > done)
		chacha20_row_xor(chacha, cc.state, dst + done, src + done, src_len - done);
	poly1305_update(&poly, dst + maced, src_len - maced);
	aead_end(&poly, ad_len, src_len, dst + src_len);
	memzero_explicit(&cc, sizeof(cc));
	memzero_explicit(&h, sizeof(h));
}

static bool decrypt_rows(enum chacha20_row chacha, uint32_t poly_impl, uint8_t *dst,
			 const uint8_t *src, size_t src_len, const uint8_t *ad, size_t ad_len,
			 const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
			 const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	struct chacha20_ctx cc;
	struct poly1305_ctx poly;
	struct aead_head h;
	uint8_t tag[CHACHA20POLY1305_AUTHTAG_SIZE];
	size_t ct_len;
	bool ok;

	if (src_len < CHACHA20POLY1305_AUTHTAG_SIZE)
		return false;
	ct_len = src_len - CHACHA20POLY1305_AUTHTAG_SIZE;

	/* The tag is checked before any plaintext is written (the head's is
	 * in h.text on the stack until then). */
	aead_begin(chacha, poly_impl, &cc, &poly, &h, src, ct_len, nonce, key, ad, ad_len);
	poly1305_update(&poly, src, ct_len);
	aead_end(&poly, ad_len, ct_len, tag);
	ok = !crypto_memneq(tag, src + ct_len, sizeof(tag));
	ZINC_DECLASSIFY(&ok, sizeof(ok));
	if (ok) {
		if (ct_len > h.len)
			chacha20_row_xor(chacha, cc.state, dst + h.len, src + h.len, ct_len - h.len);
		if (h.len)
			memcpy(dst, h.text, h.len);
	} else if (ct_len) {
		memset(dst, 0, ct_len);
	}
	memzero_explicit(&cc, sizeof(cc));
	memzero_explicit(&h, sizeof(h));
	memzero_explicit(tag, sizeof(tag));
	return ok;
}

/* subkey = HChaCha20(key, nonce[0..16)), nonce12 = 0^4 || nonce[16..24). */
static void xchacha_derive(enum chacha20_row chacha, uint8_t subkey[CHACHA20POLY1305_KEY_SIZE],
			   uint8_t nonce12[CHACHA20POLY1305_NONCE_SIZE],
			   const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
			   const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	if (!chacha20_impls[chacha].hchacha20)
		chacha = hchacha20_row_for(zinc_cpu_features());
	chacha20_row_hchacha20(chacha, subkey, nonce, key);
	memset(nonce12, 0, 4);
	memcpy(nonce12 + 4, nonce + 16, 8);
}

static void xencrypt_rows(enum chacha20poly1305_row aead, enum chacha20_row chacha,
			  uint32_t poly_impl, uint8_t *dst, const uint8_t *src, size_t src_len,
			  const uint8_t *ad, size_t ad_len,
			  const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
			  const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint8_t subkey[CHACHA20POLY1305_KEY_SIZE], nonce12[CHACHA20POLY1305_NONCE_SIZE];

	xchacha_derive(chacha, subkey, nonce12, nonce, key);
	encrypt_rows(aead, chacha, poly_impl, dst, src, src_len, ad, ad_len, nonce12, subkey);
	memzero_explicit(subkey, sizeof(subkey));
}

static bool xdecrypt_rows(enum chacha20_row chacha, uint32_t poly_impl, uint8_t *dst,
			  const uint8_t *src, size_t src_len, const uint8_t *ad, size_t ad_len,
			  const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
			  const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint8_t subkey[CHACHA20POLY1305_KEY_SIZE], nonce12[CHACHA20POLY1305_NONCE_SIZE];
	bool ok;

	if (src_len < CHACHA20POLY1305_AUTHTAG_SIZE)
		return false;
	xchacha_derive(chacha, subkey, nonce12, nonce, key);
	ok = decrypt_rows(chacha, poly_impl, dst, src, src_len, ad, ad_len, nonce12, subkey);
	memzero_explicit(subkey, sizeof(subkey));
	return ok;
}

const struct chacha20poly1305_impl chacha20poly1305_impls[] = {
#define KERNEL(fn) fn
#define ROW(id, name, needs, min_len, kernel) \
	[CHACHA20POLY1305_ROW_##id] = { name, needs, min_len, kernel },
#include "lib/chacha20poly1305/rows.h"
};

const size_t chacha20poly1305_nimpls = ARRAY_SIZE(chacha20poly1305_impls);

#ifdef ZINC_TESTING
unsigned long chacha20poly1305_hits[ARRAY_SIZE(chacha20poly1305_impls)];
#endif

const struct chacha20poly1305_impl *chacha20poly1305_pick(size_t len)
{
	return &chacha20poly1305_impls[chacha20poly1305_row_for(zinc_cpu_features(), len)];
}

/* Length of the Poly1305 message for ad_len and ct_len bytes. */
static size_t mac_len(size_t ad_len, size_t ct_len)
{
	return ((ad_len + 15) & ~(size_t)15) + ((ct_len + 15) & ~(size_t)15) + 16;
}

/* The Poly1305 row for the AEAD row aead: a stitched kernel continues the
 * state of poly1305-x86_64 (its layout); two passes take poly1305()'s row
 * for the MAC input's length. */
static uint32_t poly_row_for(enum chacha20poly1305_row aead, uint32_t have, size_t ad_len,
			     size_t ct_len)
{
#ifdef ZINC_ASM_X86_64
	if (aead != CHACHA20POLY1305_ROW_TWO_PASS)
		return POLY1305_ROW_X86_64;
#endif
	return poly1305_row_for(have, mac_len(ad_len, ct_len));
}

void chacha20poly1305_encrypt_row(const struct chacha20poly1305_impl *row, uint8_t *dst,
				  const uint8_t *src, size_t src_len, const uint8_t *ad,
				  size_t ad_len, const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
				  const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint32_t have = zinc_cpu_features();
	enum chacha20poly1305_row aead = (enum chacha20poly1305_row)(row - chacha20poly1305_impls);

	encrypt_rows(aead, chacha20_row_for(have, src_len), poly_row_for(aead, have, ad_len, src_len),
		     dst, src, src_len, ad, ad_len, nonce, key);
}

void xchacha20poly1305_encrypt_row(const struct chacha20poly1305_impl *row, uint8_t *dst,
				   const uint8_t *src, size_t src_len, const uint8_t *ad,
				   size_t ad_len, const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
				   const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint32_t have = zinc_cpu_features();
	enum chacha20poly1305_row aead = (enum chacha20poly1305_row)(row - chacha20poly1305_impls);

	xencrypt_rows(aead, chacha20_row_for(have, src_len), poly_row_for(aead, have, ad_len, src_len),
		      dst, src, src_len, ad, ad_len, nonce, key);
}

/*
 * Scatter-gather: the message is the concatenation of the iovec entries. A
 * walk hands out the pieces of a byte range one entry at a time.
 */
struct sg_walk {
	const struct iovec *iov;
	size_t off;   /* into *iov */
	size_t left;  /* bytes of the range still to hand out */
};

/* Whether the list holds need bytes (need is at most SIZE_MAX). */
static bool sg_holds(const struct iovec *iov, size_t iovcnt, size_t need)
{
	if (!iov && iovcnt)
		return false;
	for (size_t i = 0; i < iovcnt && need; i++)
		need -= iov[i].iov_len < need ? iov[i].iov_len : need;
	return !need;
}

/* The next piece of the range (skipping empty entries), or 0 at its end.
 * The list must hold the whole range. */
static size_t sg_next(struct sg_walk *w, uint8_t **piece)
{
	size_t n;

	if (!w->left)
		return 0;
	while (w->off == w->iov->iov_len) {
		w->iov++;
		w->off = 0;
	}
	n = w->iov->iov_len - w->off;
	if (n > w->left)
		n = w->left;
	*piece = (uint8_t *)w->iov->iov_base + w->off;
	w->off += n;
	w->left -= n;
	return n;
}

/* Copies between buf and the next len bytes of the walk. */
static void sg_copy(struct sg_walk *w, uint8_t *buf, size_t len, bool to_list)
{
	uint8_t *piece;
	size_t n;

	w->left = len;
	while ((n = sg_next(w, &piece))) {
		if (to_list)
			memcpy(piece, buf, n);
		else
			memcpy(buf, piece, n);
		buf += n;
	}
}

/*
 * The keystream across pieces, in as few ChaCha20 calls as the split allows,
 * and in whole 8-block batches (the SIMD rows' widest; chacha20-avx2 takes a
 * partial batch through a stack copy, about 50 TSC cycles more on the AMD
 * EPYC 25/17): the message's first bytes (up to HEAD) come with the
 * Poly1305 key, from aead_begin, as in the flat functions. After that, a
 * piece's run of whole batches, or the end of the message when it lies in
 * one piece, is encrypted in place in one call; the rest comes a batch at a
 * time into ks, so that a piece boundary costs no ChaCha20 call of its own
 * (a one-block call costs about as much as an eight-block one). ks is wiped
 * when the message is done.
 */
enum { SG_KS = 8 * CHACHA20_BLOCK_SIZE };
static const uint8_t sg_zeros[SG_KS];

struct sg_stream {
	enum chacha20_row chacha;
	struct chacha20_ctx cc;
	size_t todo;                     /* message bytes keystream is still due for */
	size_t ks_len, ks_off;           /* ks[ks_off..ks_len) is unused keystream */
	uint8_t ks[SG_KS];
};

/* Sets up the Poly1305 key, as aead_begin, and the keystream of the first
 * bytes of a len-byte message, which come from the same ChaCha20 call. */
static void sg_begin(struct sg_stream *s, enum chacha20_row chacha, uint32_t poly_impl,
		     struct poly1305_ctx *poly, struct aead_head *h, size_t len,
		     const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
		     const uint8_t key[CHACHA20POLY1305_KEY_SIZE], const uint8_t *ad, size_t ad_len)
{
	aead_begin(chacha, poly_impl, &s->cc, poly, h, sg_zeros, len, nonce, key, ad, ad_len);
	s->chacha = chacha;
	memcpy(s->ks, h->text, h->len);
	s->ks_len = h->len;
	s->ks_off = 0;
	s->todo = len - h->len;
}

/* p ^= ks for n bytes; a function of its own so that the compiler sees
 * that the stores cannot change the loop's bounds, and vectorizes it. */
static void xor_bytes(uint8_t *restrict p, const uint8_t *restrict ks, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] ^= ks[i];
}

/* p ^= the next n bytes of keystream. */
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
#ifdef ZINC_PLANT_AEAD_SG_KEYSTREAM
	/* planted bug for the harness's self-test; see fuzz/planted/README.md */
	s->ks_off = s->ks_len; /* the next piece starts on fresh keystream */
#endif
}

/*
 * With a stitched row, as much of the piece p[0..n) as can go through the
 * kernel: first what is left of the buffered keystream (two passes), then,
 * when the rest of the piece starts on a block boundary of the message, its
 * whole blocks (or all that is left of the message) in one kernel call if
 * there are at least STITCH_MIN of them. At a block boundary the MAC's
 * buffer is empty (the AD is padded, the head is a whole block), as the
 * kernel needs. Returns the bytes of the piece done, encrypted and MACed.
 */
static size_t sg_stitch(enum chacha20poly1305_row aead, struct sg_stream *s,
			struct poly1305_ctx *poly, uint8_t *p, size_t n)
{
	const struct chacha20poly1305_bulk b = { s->cc.state, poly->state.u8 };
	size_t done, k, maced;

	if (aead == CHACHA20POLY1305_ROW_TWO_PASS)
		return 0;
	done = s->ks_len - s->ks_off < n ? s->ks_len - s->ks_off : n;
	if (done) {
		sg_xor(s, p, done);
		poly1305_update(poly, p, done);
	}
	k = n - done;
	if (k != s->todo)
		k &= ~(size_t)(CHACHA20_BLOCK_SIZE - 1);
	if (s->ks_off != s->ks_len || k < STITCH_MIN)
		return done;
	chacha20poly1305_row_kernel(aead, &b, p + done, p + done, k);
	maced = k & ~(size_t)15;
	poly1305_update(poly, p + done + maced, k - maced);
	s->todo -= k;
	return done + k;
}

static bool encrypt_sg_rows(enum chacha20poly1305_row aead, enum chacha20_row chacha,
			    uint32_t poly_impl, const struct iovec *iov, size_t iovcnt,
			    size_t src_len, const uint8_t *ad, size_t ad_len,
			    const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
			    const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	struct sg_stream s;
	struct sg_walk w = { .iov = iov, .left = src_len };
	struct poly1305_ctx poly;
	struct aead_head h;
	uint8_t tag[CHACHA20POLY1305_AUTHTAG_SIZE], *piece;
	size_t n, k;

	if (src_len > SIZE_MAX - sizeof(tag) || !sg_holds(iov, iovcnt, src_len + sizeof(tag)))
		return false;
	sg_begin(&s, chacha, poly_impl, &poly, &h, src_len, nonce, key, ad, ad_len);
	while ((n = sg_next(&w, &piece))) {
		k = sg_stitch(aead, &s, &poly, piece, n);
		if (n > k) {
			sg_xor(&s, piece + k, n - k);
			poly1305_update(&poly, piece + k, n - k);
		}
	}
	aead_end(&poly, ad_len, src_len, tag);
	sg_copy(&w, tag, sizeof(tag), true);
	memzero_explicit(&s, sizeof(s));
	memzero_explicit(&h, sizeof(h));
	return true;
}

static bool decrypt_sg_rows(enum chacha20_row chacha, uint32_t poly_impl,
			    const struct iovec *iov, size_t iovcnt, size_t src_len,
			    const uint8_t *ad, size_t ad_len,
			    const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
			    const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	struct sg_stream s;
	struct sg_walk w = { .iov = iov };
	struct poly1305_ctx poly;
	struct aead_head h;
	uint8_t tag[CHACHA20POLY1305_AUTHTAG_SIZE], got[CHACHA20POLY1305_AUTHTAG_SIZE];
	uint8_t *piece;
	size_t n, ct_len;
	bool ok;

	if (src_len < sizeof(tag) || !sg_holds(iov, iovcnt, src_len))
		return false;
	ct_len = src_len - sizeof(tag);

	/* First pass: the tag, checked before any plaintext is written. */
	sg_begin(&s, chacha, poly_impl, &poly, &h, ct_len, nonce, key, ad, ad_len);
	w.left = ct_len;
	while ((n = sg_next(&w, &piece)))
		poly1305_update(&poly, piece, n);
	aead_end(&poly, ad_len, ct_len, tag);
	sg_copy(&w, got, sizeof(got), false);
	ok = !crypto_memneq(tag, got, sizeof(tag));
	ZINC_DECLASSIFY(&ok, sizeof(ok)); /* the verdict is public, as in the flat decrypt */

	/* Second pass: decrypt, or zero the plaintext bytes. */
	w = (struct sg_walk){ .iov = iov, .left = ct_len };
	while ((n = sg_next(&w, &piece))) {
		if (ok)
			sg_xor(&s, piece, n);
		else
			memset(piece, 0, n);
	}
	memzero_explicit(&s, sizeof(s));
	memzero_explicit(&h, sizeof(h));
	memzero_explicit(tag, sizeof(tag));
	return ok;
}

/* The rows the public functions run for a message of these sizes, with
 * the AEAD row aead (two passes for all but encryption), counted. */
static enum chacha20_row pick(enum chacha20poly1305_row aead, uint32_t *poly_impl, size_t ad_len,
			      size_t ct_len)
{
	uint32_t have = zinc_cpu_features();
	enum chacha20_row chacha = chacha20_row_for(have, ct_len);

	*poly_impl = poly_row_for(aead, have, ad_len, ct_len);
	ZINC_COUNT_HIT(chacha20_hits[chacha]);
	ZINC_COUNT_HIT(poly1305_hits[*poly_impl]);
	return chacha;
}

/* The AEAD row the public encrypt functions run for len bytes, counted. */
static enum chacha20poly1305_row pick_aead(size_t len)
{
	enum chacha20poly1305_row aead = chacha20poly1305_row_for(zinc_cpu_features(), len);

	ZINC_COUNT_HIT(chacha20poly1305_hits[aead]);
	return aead;
}

void chacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			      const uint8_t *ad, size_t ad_len,
			      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
			      const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	enum chacha20poly1305_row aead = pick_aead(src_len);
	uint32_t poly;
	enum chacha20_row chacha = pick(aead, &poly, ad_len, src_len);

	encrypt_rows(aead, chacha, poly, dst, src, src_len, ad, ad_len, nonce, key);
}

bool chacha20poly1305_decrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			      const uint8_t *ad, size_t ad_len,
			      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
			      const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint32_t poly;
	enum chacha20_row chacha;

	if (src_len < CHACHA20POLY1305_AUTHTAG_SIZE)
		return false;
	chacha = pick(CHACHA20POLY1305_ROW_TWO_PASS, &poly, ad_len, src_len - CHACHA20POLY1305_AUTHTAG_SIZE);
	return decrypt_rows(chacha, poly, dst, src, src_len, ad, ad_len, nonce, key);
}

void xchacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			       const uint8_t *ad, size_t ad_len,
			       const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
			       const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	enum chacha20poly1305_row aead = pick_aead(src_len);
	uint32_t poly;
	enum chacha20_row chacha = pick(aead, &poly, ad_len, src_len);

	xencrypt_rows(aead, chacha, poly, dst, src, src_len, ad, ad_len, nonce, key);
}

bool xchacha20poly1305_decrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			       const uint8_t *ad, size_t ad_len,
			       const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
			       const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint32_t poly;
	enum chacha20_row chacha;

	if (src_len < CHACHA20POLY1305_AUTHTAG_SIZE)
		return false;
	chacha = pick(CHACHA20POLY1305_ROW_TWO_PASS, &poly, ad_len, src_len - CHACHA20POLY1305_AUTHTAG_SIZE);
	return xdecrypt_rows(chacha, poly, dst, src, src_len, ad, ad_len, nonce, key);
}

bool chacha20poly1305_encrypt_sg_inplace(const struct iovec *iov, size_t iovcnt, size_t src_len,
					 const uint8_t *ad, size_t ad_len,
					 const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					 const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint32_t poly;
	enum chacha20poly1305_row aead;
	enum chacha20_row chacha;

	if (src_len > SIZE_MAX - CHACHA20POLY1305_AUTHTAG_SIZE ||
	    !sg_holds(iov, iovcnt, src_len + CHACHA20POLY1305_AUTHTAG_SIZE))
		return false;
	aead = pick_aead(src_len);
	chacha = pick(aead, &poly, ad_len, src_len);
	return encrypt_sg_rows(aead, chacha, poly, iov, iovcnt, src_len, ad, ad_len, nonce, key);
}

bool chacha20poly1305_decrypt_sg_inplace(const struct iovec *iov, size_t iovcnt, size_t src_len,
					 const uint8_t *ad, size_t ad_len,
					 const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					 const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint32_t poly;
	enum chacha20_row chacha;

	if (src_len < CHACHA20POLY1305_AUTHTAG_SIZE || !sg_holds(iov, iovcnt, src_len))
		return false;
	chacha = pick(CHACHA20POLY1305_ROW_TWO_PASS, &poly, ad_len, src_len - CHACHA20POLY1305_AUTHTAG_SIZE);
	return decrypt_sg_rows(chacha, poly, iov, iovcnt, src_len, ad, ad_len, nonce, key);
}

/*
 * The same with chosen rows, for tests, fuzzers and benchmarks: a row of
 * chacha20_impls and an index into poly1305_impls. They run the code above
 * with the row ids the pointers stand for.
 */
#define ROW_ID(impl) ((enum chacha20_row)((impl) - chacha20_impls))

void chacha20poly1305_encrypt_with(const struct chacha20_impl *chacha, uint32_t poly,
				   uint8_t *dst, const uint8_t *src, size_t src_len,
				   const uint8_t *ad, size_t ad_len,
				   const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
				   const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	encrypt_rows(CHACHA20POLY1305_ROW_TWO_PASS, ROW_ID(chacha), poly, dst, src, src_len, ad, ad_len, nonce, key);
}

bool chacha20poly1305_decrypt_with(const struct chacha20_impl *chacha, uint32_t poly,
				   uint8_t *dst, const uint8_t *src, size_t src_len,
				   const uint8_t *ad, size_t ad_len,
				   const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
				   const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	return decrypt_rows(ROW_ID(chacha), poly, dst, src, src_len, ad, ad_len, nonce, key);
}

void xchacha20poly1305_encrypt_with(const struct chacha20_impl *chacha, uint32_t poly,
				    uint8_t *dst, const uint8_t *src, size_t src_len,
				    const uint8_t *ad, size_t ad_len,
				    const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
				    const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	xencrypt_rows(CHACHA20POLY1305_ROW_TWO_PASS, ROW_ID(chacha), poly, dst, src, src_len, ad, ad_len, nonce, key);
}

bool xchacha20poly1305_decrypt_with(const struct chacha20_impl *chacha, uint32_t poly,
				    uint8_t *dst, const uint8_t *src, size_t src_len,
				    const uint8_t *ad, size_t ad_len,
				    const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
				    const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	return xdecrypt_rows(ROW_ID(chacha), poly, dst, src, src_len, ad, ad_len, nonce, key);
}

bool chacha20poly1305_encrypt_sg_inplace_with(const struct chacha20_impl *chacha, uint32_t poly,
					      const struct iovec *iov, size_t iovcnt,
					      size_t src_len, const uint8_t *ad, size_t ad_len,
					      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					      const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	return encrypt_sg_rows(CHACHA20POLY1305_ROW_TWO_PASS, ROW_ID(chacha), poly, iov, iovcnt, src_len, ad, ad_len, nonce,
			       key);
}

bool chacha20poly1305_decrypt_sg_inplace_with(const struct chacha20_impl *chacha, uint32_t poly,
					      const struct iovec *iov, size_t iovcnt,
					      size_t src_len, const uint8_t *ad, size_t ad_len,
					      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					      const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	return decrypt_sg_rows(ROW_ID(chacha), poly, iov, iovcnt, src_len, ad, ad_len, nonce,
			       key);
}
