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
 * long dependency chain, and the SIMD rows run two blocks side by side for
 * about the price of one, four for less than the price of two
 * (bench/results/date-not-recorded-epyc-25-17.md#aead-head).
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

/* The head's length for a len-byte message. A longer message takes one
 * block: a two-block call costs no more than block 0 alone, a four-block
 * one does. */
static size_t head_len(size_t len)
{
	return len <= HEAD ? len : CHACHA20_BLOCK_SIZE;
}

/* Sets up the Poly1305 key from block 0 and XORs the first bytes of src
 * (h->len of them, src may be h->text) into h->text; the counter is left
 * after them. */
static inline __attribute__((always_inline)) void aead_begin(enum chacha20_row chacha, uint32_t poly_impl,
		       struct chacha20_ctx *cc, struct poly1305_ctx *poly, struct aead_head *h,
		       const uint8_t *src, size_t src_len,
		       const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
		       const uint8_t key[CHACHA20POLY1305_KEY_SIZE],
		       const uint8_t *ad, size_t ad_len)
{
	h->len = head_len(src_len);
	memset(h->block0, 0, sizeof(h->block0));
	if (h->len && src != h->text)
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

/*
 * Decryption with a stitched row, for STITCH_MIN to OPEN_MAX bytes after
 * the head (messages of 577 to 4160 bytes: packets): one pass of the
 * kernel MACs the ciphertext and decrypts it into a buffer on the stack,
 * which goes to dst only once the tag checks (nothing is written to dst
 * before, docs/DESIGN.md section 3), and is wiped. Longer messages take two passes,
 * which need no buffer. The buffer sits at the ciphertext's address modulo
 * 4096 (open_buf): where the kernel's stores to it fall against its loads of
 * the ciphertext in the low 12 address bits otherwise decides whether they
 * falsely alias, which made the pass markedly slower at 2 KiB
 * (bench/results/date-not-recorded-epyc-25-17.md#aead-open-buffer).
 * So the stack holds OPEN_MAX + 4 KiB.
 */
enum { OPEN_MAX = 64 * CHACHA20_BLOCK_SIZE, OPEN_AREA = OPEN_MAX + 4096 };

/* Where in area (OPEN_AREA bytes) the plaintext of ciphertext at ct goes. */
static uint8_t *open_buf(uint8_t *area, const uint8_t *ct)
{
	return area + (((uintptr_t)ct - (uintptr_t)area) & 4095);
}

/* Whether decryption of ct_len bytes takes the AEAD row aead's one pass. */
static bool open_fits(enum chacha20poly1305_row aead, size_t ct_len)
{
	size_t rest = ct_len - head_len(ct_len);

	return aead != CHACHA20POLY1305_ROW_TWO_PASS && rest >= STITCH_MIN && rest <= OPEN_MAX;
}

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

static bool decrypt_rows(enum chacha20poly1305_row aead, enum chacha20_row chacha,
			 uint32_t poly_impl, uint8_t *dst, const uint8_t *src, size_t src_len,
			 const uint8_t *ad, size_t ad_len,
			 const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
			 const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	struct chacha20_ctx cc;
	struct poly1305_ctx poly;
	struct aead_head h;
	uint8_t tag[CHACHA20POLY1305_AUTHTAG_SIZE], area[OPEN_AREA], *pt = NULL;
	size_t ct_len, rest;
	bool ok, opened;

	if (src_len < CHACHA20POLY1305_AUTHTAG_SIZE)
		return false;
	ct_len = src_len - CHACHA20POLY1305_AUTHTAG_SIZE;

	/* The tag is checked before any plaintext is written (the head's is
	 * in h.text on the stack until then, the rest's in pt or not made). */
	aead_begin(chacha, poly_impl, &cc, &poly, &h, src, ct_len, nonce, key, ad, ad_len);
	rest = ct_len - h.len;
	opened = open_fits(aead, ct_len);
	if (opened) {
		const struct chacha20poly1305_bulk b = { cc.state, poly.state.u8 };
		struct chacha20poly1305_step steps[OPEN_MAX / STITCH_MIN];
		size_t maced = rest & ~(size_t)15;

		pt = open_buf(area, src + h.len);
		poly1305_update(&poly, src, h.len);
		/* The kernel only reads the steps. */
		for (size_t i = 0; i * STITCH_MIN < rest; i++)
			steps[i] = (struct chacha20poly1305_step){
				.at = (uint8_t *)src + h.len + i * STITCH_MIN };
		chacha20poly1305_row_open(aead, &b, pt, steps, rest);
		poly1305_update(&poly, src + h.len + maced, rest - maced);
	} else {
		poly1305_update(&poly, src, ct_len);
	}
	aead_end(&poly, ad_len, ct_len, tag);
	ok = !crypto_memneq(tag, src + ct_len, sizeof(tag));
	ZINC_DECLASSIFY(&ok, sizeof(ok));
	if (ok) {
		if (opened)
			memcpy(dst + h.len, pt, rest);
		else if (rest)
			chacha20_row_xor(chacha, cc.state, dst + h.len, src + h.len, rest);
		if (h.len)
			memcpy(dst, h.text, h.len);
	} else if (ct_len) {
		memset(dst, 0, ct_len);
	}
	if (opened)
		memzero_explicit(pt, rest);
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

static bool xdecrypt_rows(enum chacha20poly1305_row aead, enum chacha20_row chacha,
			  uint32_t poly_impl, uint8_t *dst, const uint8_t *src, size_t src_len,
			  const uint8_t *ad, size_t ad_len,
			  const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
			  const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint8_t subkey[CHACHA20POLY1305_KEY_SIZE], nonce12[CHACHA20POLY1305_NONCE_SIZE];
	bool ok;

	if (src_len < CHACHA20POLY1305_AUTHTAG_SIZE)
		return false;
	xchacha_derive(chacha, subkey, nonce12, nonce, key);
	ok = decrypt_rows(aead, chacha, poly_impl, dst, src, src_len, ad, ad_len, nonce12, subkey);
	memzero_explicit(subkey, sizeof(subkey));
	return ok;
}

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

/* For a call through the stitched row row on len message bytes: its id,
 * with the ChaCha20 and Poly1305 rows (those the public functions would
 * take with it) in *chacha and *poly. */
static enum chacha20poly1305_row rows_of(const struct chacha20poly1305_impl *row, size_t ad_len,
					 size_t len, enum chacha20_row *chacha, uint32_t *poly)
{
	uint32_t have = zinc_cpu_features();
	enum chacha20poly1305_row aead = (enum chacha20poly1305_row)(row - chacha20poly1305_impls);

	*chacha = chacha20_row_for(have, len);
	*poly = poly_row_for(aead, have, ad_len, len);
	return aead;
}

void chacha20poly1305_encrypt_row(const struct chacha20poly1305_impl *row, uint8_t *dst,
				  const uint8_t *src, size_t src_len, const uint8_t *ad,
				  size_t ad_len, const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
				  const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	enum chacha20_row chacha;
	uint32_t poly;
	enum chacha20poly1305_row aead = rows_of(row, ad_len, src_len, &chacha, &poly);

	encrypt_rows(aead, chacha, poly, dst, src, src_len, ad, ad_len, nonce, key);
}

void xchacha20poly1305_encrypt_row(const struct chacha20poly1305_impl *row, uint8_t *dst,
				   const uint8_t *src, size_t src_len, const uint8_t *ad,
				   size_t ad_len, const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
				   const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	enum chacha20_row chacha;
	uint32_t poly;
	enum chacha20poly1305_row aead = rows_of(row, ad_len, src_len, &chacha, &poly);

	xencrypt_rows(aead, chacha, poly, dst, src, src_len, ad, ad_len, nonce, key);
}

/*
 * Scatter-gather: the message is the concatenation of the iovec entries. A
 * walk hands out the list's bytes in order, at most one entry's worth at a
 * time. The list must hold every byte asked of it (sg_holds is checked
 * first), so a walk never runs off its end.
 */
struct sg_walk {
	const struct iovec *iov;
	size_t off;   /* into *iov */
};

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

/* Whether an sg encrypt of src_len bytes fits the list (with the tag). */
static bool sg_encrypt_fits(const struct iovec *iov, size_t iovcnt, size_t src_len)
{
	return src_len <= SIZE_MAX - CHACHA20POLY1305_AUTHTAG_SIZE &&
	       sg_holds(iov, iovcnt, src_len + CHACHA20POLY1305_AUTHTAG_SIZE);
}

/* Whether an sg decrypt of src_len bytes (the tag included) is possible. */
static bool sg_decrypt_fits(const struct iovec *iov, size_t iovcnt, size_t src_len)
{
	return src_len >= CHACHA20POLY1305_AUTHTAG_SIZE && sg_holds(iov, iovcnt, src_len);
}

/* Skips the walk past exhausted (and empty) entries; a byte must follow. */
static void sg_skip(struct sg_walk *w)
{
	while (w->off == w->iov->iov_len) {
		w->iov++;
		w->off = 0;
	}
}

/* The next piece, of at most max bytes, or 0 when max is 0. */
static size_t sg_next(struct sg_walk *w, uint8_t **piece, size_t max)
{
	size_t n;

	if (!max)
		return 0;
	sg_skip(w);
	n = w->iov->iov_len - w->off;
	if (n > max)
		n = max;
	*piece = (uint8_t *)w->iov->iov_base + w->off;
	w->off += n;
	return n;
}

/* The next len (> 0) bytes when one entry holds them all, else NULL (and
 * the walk stays). */
static uint8_t *sg_span(struct sg_walk *w, size_t len)
{
	uint8_t *p;

	sg_skip(w);
	if (w->iov->iov_len - w->off < len)
		return NULL;
	p = (uint8_t *)w->iov->iov_base + w->off;
	w->off += len;
	return p;
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

/*
 * Two passes over pieces: the keystream across pieces, in as few ChaCha20
 * calls as the split allows, and in whole 8-block batches (the SIMD rows'
 * widest; chacha20-avx2 takes a partial batch through a stack copy, which
 * costs more: bench/results/date-not-recorded-epyc-25-17.md#sg-keystream-batch).
 * A piece's run of whole
 * batches, or the end of the message when it lies in one piece, is
 * encrypted in place in one call; the rest comes a batch at a time into
 * ks, so that a piece boundary costs no ChaCha20 call of its own (a
 * one-block call costs about as much as an eight-block one). ks is wiped
 * when the message is done, if it was used.
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
}

/* Encrypts and MACs the next len bytes of the walk in two passes, piece by
 * piece: the keystream continues from s->cc. */
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

/*
 * One pass with a stitched row. A kernel call takes the next bytes of the
 * walk (starting on a block boundary with the MAC's buffer empty) as a
 * table of 512-byte steps, the last one shorter: a step is given by its
 * address when one entry holds it, else as the list of its pieces, which
 * the kernel reads and writes where they lie (1420 bytes in 20/1000/400:
 * the second step, in two pieces). Nothing is copied. A call takes up to
 * SG_STEPS steps and SG_PIECES pieces, and ends on a whole step unless it
 * ends the message, so the next call continues its MAC. A step in more
 * pieces than a call takes (a list of entries shorter than 16 bytes on
 * average) goes without the kernel, as do fewer than 512 bytes left after
 * a call.
 */
enum { SG_STEP = STITCH_MIN, SG_STEPS = 32, SG_PIECES = 32 };

struct sg_steps {
	struct chacha20poly1305_step step[SG_STEPS];
	struct chacha20poly1305_piece piece[SG_PIECES];
	size_t n, len, np;              /* steps, their bytes, pieces */
};

/* Adds the pieces of a step of k bytes, the next of the walk, to the
 * plan's (*np of them so far); false (and the walk stays) when there are
 * more than the plan has room for. */
static bool sg_add_pieces(struct sg_steps *p, struct sg_walk *w, size_t k, size_t *np)
{
	struct sg_walk start = *w;
	size_t i = *np, n;

	for (; k; k -= n, i++) {
		if (i == SG_PIECES) {
			*w = start;
			return false;
		}
		n = sg_next(w, &p->piece[i].at, k);
		p->piece[i].len = n;
	}
	*np = i;
	return true;
}

/* Plans a kernel call over the next bytes of the walk, at most len (at
 * least SG_STEP) of them; the walk moves past what p->len covers, which
 * is 0 when the first step is in more pieces than a call takes. The walk
 * is copied field by field and planned in locals: a copy of a struct
 * just stored field by field is not forwarded from the stores
 * (bench/results/date-not-recorded-epyc-25-17.md#sg-plan-locals). */
static void sg_plan(struct sg_steps *p, struct sg_walk *w, size_t len)
{
	struct sg_walk at = { .iov = w->iov, .off = w->off };
	size_t n, np = 0, done = 0, k;

	for (n = 0; n < SG_STEPS && done < len; n++, done += k) {
		struct chacha20poly1305_step *st = &p->step[n];
		size_t first = np;

		k = len - done < SG_STEP ? len - done : SG_STEP;
		if ((st->at = sg_span(&at, k))) {
			st->pieces = 0;
			continue;
		}
		if (!sg_add_pieces(p, &at, k, &np))
			break;
		st->piece = &p->piece[first];
		st->pieces = np - first;
	}
	p->n = n;
	p->np = np;
	p->len = done;
	w->iov = at.iov;
	w->off = at.off;
}

/* The MAC of the planned call's last partial 16-byte block, which the
 * kernel leaves (only a call that ends the message has one). */
static void sg_mac_tail(const struct sg_steps *p, struct poly1305_ctx *poly)
{
	const struct chacha20poly1305_step *st = &p->step[p->n - 1];
	size_t k = p->len - (p->n - 1) * SG_STEP, skip = k & ~(size_t)15;

	if (!(k & 15))
		return;
	if (!st->pieces) {
		poly1305_update(poly, st->at + skip, k & 15);
		return;
	}
	for (size_t i = 0; i < st->pieces; i++) {
		if (skip < st->piece[i].len)
			poly1305_update(poly, st->piece[i].at + skip, st->piece[i].len - skip);
		skip -= skip < st->piece[i].len ? skip : st->piece[i].len;
	}
}

/* Encrypts and MACs the next len (>= STITCH_MIN) bytes of the walk. */
static void sg_stitched(enum chacha20poly1305_row aead, struct sg_stream *s,
			struct poly1305_ctx *poly, struct sg_walk *w, size_t len)
{
	const struct chacha20poly1305_bulk b = { s->cc.state, poly->state.u8 };
	struct sg_steps p;

	while (len >= SG_STEP) {
		sg_plan(&p, w, len);
		if (!p.len) {
			sg_two_pass(s, poly, w, SG_STEP);
			len -= SG_STEP;
			continue;
		}
		chacha20poly1305_row_steps(aead, &b, p.step, p.len);
		sg_mac_tail(&p, poly);
		len -= p.len;
	}
	if (len)
		sg_two_pass(s, poly, w, len);
}

/* Decrypts len bytes of the walk's ciphertext into pt as the two-pass row
 * does, MACing them (the part of sg_open that goes without the kernel). */
static void sg_open_two_pass(struct sg_stream *s, struct poly1305_ctx *poly, struct sg_walk *w,
			     uint8_t *pt, size_t len)
{
	sg_copy(w, pt, len, false);
	poly1305_update(poly, pt, len);
	chacha20_row_xor(s->chacha, s->cc.state, pt, pt, len);
}

/* MACs the next len (STITCH_MIN to OPEN_MAX) bytes of ciphertext of the
 * walk and decrypts them into pt. */
static void sg_open(enum chacha20poly1305_row aead, struct sg_stream *s,
		    struct poly1305_ctx *poly, struct sg_walk *w, uint8_t *pt, size_t len)
{
	const struct chacha20poly1305_bulk b = { s->cc.state, poly->state.u8 };
	struct sg_steps p;

	while (len >= SG_STEP) {
		sg_plan(&p, w, len);
		if (!p.len) {
			sg_open_two_pass(s, poly, w, pt, SG_STEP);
			p.len = SG_STEP;
		} else {
			chacha20poly1305_row_open(aead, &b, pt, p.step, p.len);
			sg_mac_tail(&p, poly);
		}
		pt += p.len;
		len -= p.len;
	}
	if (len)
		sg_open_two_pass(s, poly, w, pt, len);
}

/* The sg functions on rows; the callers have checked that the list fits
 * (sg_encrypt_fits, sg_decrypt_fits). */
static bool encrypt_sg_rows(enum chacha20poly1305_row aead, enum chacha20_row chacha,
			    uint32_t poly_impl, const struct iovec *iov, size_t iovcnt,
			    size_t src_len, const uint8_t *ad, size_t ad_len,
			    const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
			    const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	struct sg_stream s;
	struct sg_walk w = { .iov = iov }, head = w;
	struct poly1305_ctx poly;
	struct aead_head h;
	uint8_t tag[CHACHA20POLY1305_AUTHTAG_SIZE], *p = NULL;
	size_t hl = head_len(src_len);

	/* One entry that holds message and tag: the flat function in place. */
	if (iov->iov_len >= src_len + sizeof(tag)) {
		encrypt_rows(aead, chacha, poly_impl, iov->iov_base, iov->iov_base, src_len, ad,
			     ad_len, nonce, key);
		return true;
	}
	/* The head as in the flat function, encrypted by the Poly1305 key's
	 * ChaCha20 call; gathered into h.text first when it is in pieces. */
	s.chacha = chacha;
	s.ks_len = s.ks_off = 0;
	if (hl && !(p = sg_span(&w, hl)))
		sg_copy(&w, h.text, hl, false);
	aead_begin(chacha, poly_impl, &s.cc, &poly, &h, p ? p : h.text, src_len, nonce, key, ad,
		   ad_len);
	if (p) {
		memcpy(p, h.text, h.len);
		poly1305_update(&poly, p, h.len);
	} else {
		poly1305_update(&poly, h.text, h.len);
		sg_copy(&head, h.text, h.len, true);
	}
	if (aead != CHACHA20POLY1305_ROW_TWO_PASS && src_len - h.len >= STITCH_MIN)
		sg_stitched(aead, &s, &poly, &w, src_len - h.len);
	else
		sg_two_pass(&s, &poly, &w, src_len - h.len);
	p = sg_span(&w, sizeof(tag));
	aead_end(&poly, ad_len, src_len, p ? p : tag);
	if (!p)
		sg_copy(&w, tag, sizeof(tag), true);
	sg_wipe(&s);
	memzero_explicit(&h, sizeof(h));
	return true;
}

static bool decrypt_sg_rows(enum chacha20poly1305_row aead, enum chacha20_row chacha,
			    uint32_t poly_impl, const struct iovec *iov, size_t iovcnt,
			    size_t src_len, const uint8_t *ad, size_t ad_len,
			    const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
			    const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	struct sg_stream s;
	struct sg_walk w = { .iov = iov };
	struct poly1305_ctx poly;
	struct aead_head h;
	uint8_t tag[CHACHA20POLY1305_AUTHTAG_SIZE], got[CHACHA20POLY1305_AUTHTAG_SIZE];
	uint8_t area[OPEN_AREA], head[HEAD], *pt = NULL, *piece, *p;
	size_t n, left, ct_len = src_len - sizeof(tag), hl = head_len(ct_len);
	bool ok, opened = open_fits(aead, ct_len), gathered = opened || ct_len <= HEAD;

	s.chacha = chacha;
	s.ks_len = s.ks_off = 0;
	if (gathered) {
		/* The head's ciphertext (all of a short message; gathered when
		 * it is in pieces) gives its plaintext in h.text with the
		 * Poly1305 key; then, in one pass, the kernel the rest's into
		 * pt. */
		if (!(p = hl ? sg_span(&w, hl) : h.text))
			sg_copy(&w, p = head, hl, false);
		aead_begin(chacha, poly_impl, &s.cc, &poly, &h, p, ct_len, nonce, key, ad, ad_len);
		poly1305_update(&poly, p, h.len);
		if (opened) {
			sg_skip(&w);
			pt = open_buf(area, (uint8_t *)w.iov->iov_base + w.off);
			sg_open(aead, &s, &poly, &w, pt, ct_len - h.len);
		}
	} else {
		/* First pass: the MAC. The head's keystream comes with the
		 * Poly1305 key, into ks. */
		aead_begin(chacha, poly_impl, &s.cc, &poly, &h, sg_zeros, ct_len, nonce, key, ad,
			   ad_len);
		memcpy(s.ks, h.text, h.len);
		s.ks_len = h.len;
		s.todo = ct_len - h.len;
		for (left = ct_len; (n = sg_next(&w, &piece, left)); left -= n)
			poly1305_update(&poly, piece, n);
	}
	aead_end(&poly, ad_len, ct_len, tag);
	sg_copy(&w, got, sizeof(got), false);
	ok = !crypto_memneq(tag, got, sizeof(tag));
	ZINC_DECLASSIFY(&ok, sizeof(ok)); /* the verdict is public, as in the flat decrypt */

	/* Then the plaintext, or zeros, into the list. */
	w = (struct sg_walk){ .iov = iov };
	if (!ok) {
		for (left = ct_len; (n = sg_next(&w, &piece, left)); left -= n)
			memset(piece, 0, n);
	} else if (gathered) {
		sg_copy(&w, h.text, h.len, true);
		if (opened)
			sg_copy(&w, pt, ct_len - h.len, true);
	} else {
		for (left = ct_len; (n = sg_next(&w, &piece, left)); left -= n)
			sg_xor(&s, piece, n);
	}
	if (opened)
		memzero_explicit(pt, ct_len - h.len);
	sg_wipe(&s);
	memzero_explicit(&h, sizeof(h));
	memzero_explicit(tag, sizeof(tag));
	return ok;
}

bool chacha20poly1305_encrypt_sg_inplace_row(const struct chacha20poly1305_impl *row,
					     const struct iovec *iov, size_t iovcnt, size_t src_len,
					     const uint8_t *ad, size_t ad_len,
					     const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					     const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	enum chacha20_row chacha;
	uint32_t poly;
	enum chacha20poly1305_row aead = rows_of(row, ad_len, src_len, &chacha, &poly);

	return sg_encrypt_fits(iov, iovcnt, src_len) &&
	       encrypt_sg_rows(aead, chacha, poly, iov, iovcnt, src_len, ad, ad_len, nonce, key);
}

bool chacha20poly1305_decrypt_row(const struct chacha20poly1305_impl *row, uint8_t *dst,
				  const uint8_t *src, size_t src_len, const uint8_t *ad,
				  size_t ad_len, const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
				  const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	enum chacha20_row chacha;
	uint32_t poly;
	enum chacha20poly1305_row aead;

	if (src_len < CHACHA20POLY1305_AUTHTAG_SIZE)
		return false;
	aead = rows_of(row, ad_len, src_len - CHACHA20POLY1305_AUTHTAG_SIZE, &chacha, &poly);
	return decrypt_rows(aead, chacha, poly, dst, src, src_len, ad, ad_len, nonce, key);
}

bool xchacha20poly1305_decrypt_row(const struct chacha20poly1305_impl *row, uint8_t *dst,
				   const uint8_t *src, size_t src_len, const uint8_t *ad,
				   size_t ad_len, const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
				   const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	enum chacha20_row chacha;
	uint32_t poly;
	enum chacha20poly1305_row aead;

	if (src_len < CHACHA20POLY1305_AUTHTAG_SIZE)
		return false;
	aead = rows_of(row, ad_len, src_len - CHACHA20POLY1305_AUTHTAG_SIZE, &chacha, &poly);
	return xdecrypt_rows(aead, chacha, poly, dst, src, src_len, ad, ad_len, nonce, key);
}

bool chacha20poly1305_decrypt_sg_inplace_row(const struct chacha20poly1305_impl *row,
					     const struct iovec *iov, size_t iovcnt, size_t src_len,
					     const uint8_t *ad, size_t ad_len,
					     const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					     const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	enum chacha20_row chacha;
	uint32_t poly;
	enum chacha20poly1305_row aead;

	if (!sg_decrypt_fits(iov, iovcnt, src_len))
		return false;
	aead = rows_of(row, ad_len, src_len - CHACHA20POLY1305_AUTHTAG_SIZE, &chacha, &poly);
	return decrypt_sg_rows(aead, chacha, poly, iov, iovcnt, src_len, ad, ad_len, nonce, key);
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

/* The AEAD row the public decrypt functions run for ct_len bytes of
 * ciphertext, counted: the encrypt functions' when its one pass takes the
 * length, else two passes. */
static enum chacha20poly1305_row pick_open(size_t ct_len)
{
	enum chacha20poly1305_row aead = chacha20poly1305_row_for(zinc_cpu_features(), ct_len);

	if (!open_fits(aead, ct_len))
		aead = CHACHA20POLY1305_ROW_TWO_PASS;
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
	enum chacha20poly1305_row aead;
	enum chacha20_row chacha;

	if (src_len < CHACHA20POLY1305_AUTHTAG_SIZE)
		return false;
	aead = pick_open(src_len - CHACHA20POLY1305_AUTHTAG_SIZE);
	chacha = pick(aead, &poly, ad_len, src_len - CHACHA20POLY1305_AUTHTAG_SIZE);
	return decrypt_rows(aead, chacha, poly, dst, src, src_len, ad, ad_len, nonce, key);
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
	enum chacha20poly1305_row aead;
	enum chacha20_row chacha;

	if (src_len < CHACHA20POLY1305_AUTHTAG_SIZE)
		return false;
	aead = pick_open(src_len - CHACHA20POLY1305_AUTHTAG_SIZE);
	chacha = pick(aead, &poly, ad_len, src_len - CHACHA20POLY1305_AUTHTAG_SIZE);
	return xdecrypt_rows(aead, chacha, poly, dst, src, src_len, ad, ad_len, nonce, key);
}

bool chacha20poly1305_encrypt_sg_inplace(const struct iovec *iov, size_t iovcnt, size_t src_len,
					 const uint8_t *ad, size_t ad_len,
					 const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					 const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	uint32_t poly;
	enum chacha20poly1305_row aead;
	enum chacha20_row chacha;

	if (!sg_encrypt_fits(iov, iovcnt, src_len))
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
	enum chacha20poly1305_row aead;
	enum chacha20_row chacha;

	if (!sg_decrypt_fits(iov, iovcnt, src_len))
		return false;
	aead = pick_open(src_len - CHACHA20POLY1305_AUTHTAG_SIZE);
	chacha = pick(aead, &poly, ad_len, src_len - CHACHA20POLY1305_AUTHTAG_SIZE);
	return decrypt_sg_rows(aead, chacha, poly, iov, iovcnt, src_len, ad, ad_len, nonce, key);
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
	return decrypt_rows(CHACHA20POLY1305_ROW_TWO_PASS, ROW_ID(chacha), poly, dst, src, src_len,
			    ad, ad_len, nonce, key);
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
	return xdecrypt_rows(CHACHA20POLY1305_ROW_TWO_PASS, ROW_ID(chacha), poly, dst, src,
			     src_len, ad, ad_len, nonce, key);
}

bool chacha20poly1305_encrypt_sg_inplace_with(const struct chacha20_impl *chacha, uint32_t poly,
					      const struct iovec *iov, size_t iovcnt,
					      size_t src_len, const uint8_t *ad, size_t ad_len,
					      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					      const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	return sg_encrypt_fits(iov, iovcnt, src_len) &&
	       encrypt_sg_rows(CHACHA20POLY1305_ROW_TWO_PASS, ROW_ID(chacha), poly, iov, iovcnt,
			       src_len, ad, ad_len, nonce, key);
}

bool chacha20poly1305_decrypt_sg_inplace_with(const struct chacha20_impl *chacha, uint32_t poly,
					      const struct iovec *iov, size_t iovcnt,
					      size_t src_len, const uint8_t *ad, size_t ad_len,
					      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					      const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	return sg_decrypt_fits(iov, iovcnt, src_len) &&
	       decrypt_sg_rows(CHACHA20POLY1305_ROW_TWO_PASS, ROW_ID(chacha), poly, iov, iovcnt,
			       src_len, ad, ad_len, nonce, key);
}
