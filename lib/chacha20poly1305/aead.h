/* SPDX-License-Identifier: MIT */
/*
 * What the files of lib/chacha20poly1305/ share (docs/DESIGN.md section 2):
 *
 *   chacha20poly1305.c  the RFC 8439 construction on a flat message: the
 *                       head and the tag, two passes or a stitched row's
 *                       kernel, XChaCha; the public functions and the table
 *   open.c              decryption's one pass through a stitched row
 *   sg.c                scatter-gather: the walk over an iovec list, the
 *                       keystream across its pieces, encrypt and decrypt
 *   sg_plan.c           the kernel calls over a list: tables of steps and
 *                       pieces
 *   harness.c           the _row and _with entry points of the harness
 *
 * A call's arguments travel as a struct aead_args, the rows it runs as a
 * struct aead_rows. Not for the harness: it uses chacha20poly1305.h.
 */
#ifndef ZINC_LIB_CHACHA20POLY1305_AEAD_H
#define ZINC_LIB_CHACHA20POLY1305_AEAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>
#include <zinc/chacha20poly1305.h>

#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/common/util.h"

enum { TAG = CHACHA20POLY1305_AUTHTAG_SIZE };

/*
 * Keystream block 0 (the Poly1305 key) and the message's first bytes, the
 * head, come from one ChaCha20 call on [64 zero bytes | head]: one block is
 * a long dependency chain, and the SIMD rows run two blocks side by side
 * for about the price of one, four for less than the price of two
 * (bench/results/date-not-recorded-epyc-25-17.md#aead-head). A message of
 * up to HEAD bytes is all head; a longer one has a head of HEAD_LONG bytes,
 * a two-block call costing no more than block 0 alone where a four-block
 * one does.
 */
enum { HEAD = 3 * CHACHA20_BLOCK_SIZE, HEAD_LONG = CHACHA20_BLOCK_SIZE };
_Static_assert(HEAD_LONG % CHACHA20_BLOCK_SIZE == 0 && HEAD_LONG % POLY1305_BLOCK_SIZE == 0,
	       "a long message's head is whole ChaCha20 blocks, so that the rest's keystream "
	       "continues exactly, and whole Poly1305 blocks, so that the kernel's MAC starts "
	       "on an empty buffer");
_Static_assert(HEAD_LONG <= HEAD, "a message longer than HEAD has the shorter head");

/*
 * With a stitched row and at least STITCH_MIN bytes after the head (a long
 * head then), the kernel encrypts all of them and absorbs their whole
 * 16-byte blocks (poly has the poly1305-x86_64 layout); the last partial
 * block is absorbed in C. A kernel takes no less than a step.
 */
enum { STITCH_MIN = CHACHA20POLY1305_STEP };

/*
 * Decryption with a stitched row, for STITCH_MIN to OPEN_MAX bytes after
 * the head (messages of 577 to 4160 bytes: packets), takes one pass
 * (open.c) into a buffer on the stack, which goes to dst only once the tag
 * checks. The buffer lies at the ciphertext's address modulo OPEN_PAGE
 * (open_buf): so the stack holds OPEN_MAX + OPEN_PAGE bytes.
 */
enum {
	OPEN_MAX = CHACHA20POLY1305_OPEN_MAX,
	OPEN_STEPS = OPEN_MAX / STITCH_MIN,
	OPEN_PAGE = 4096,
	OPEN_AREA = OPEN_MAX + OPEN_PAGE,
};
_Static_assert(OPEN_MAX % STITCH_MIN == 0 && OPEN_STEPS >= 1,
	       "the one pass's table of steps has OPEN_STEPS entries, each a whole step but the "
	       "last of a call");
_Static_assert(HEAD_LONG + OPEN_MAX == CHACHA20POLY1305_OPEN_MAX_LEN,
	       "sizes.h: the longest ciphertext of one pass is a long head and OPEN_MAX");
_Static_assert((OPEN_PAGE & (OPEN_PAGE - 1)) == 0, "open_buf masks the address with OPEN_PAGE - 1");

/* A call's message, AD, nonce and key: dst, src and len for the flat
 * functions, iov and len for the scatter-gather ones (in place; the list
 * holds the bytes, the callers check it first). len is src_len as the
 * public function takes it: for decryption, the tag included. nonce is 12
 * bytes, or 24 for the XChaCha functions. */
struct aead_args {
	uint8_t *dst;
	const uint8_t *src;
	const struct iovec *iov;
	size_t len;
	const uint8_t *ad;
	size_t ad_len;
	const uint8_t *nonce;
	const uint8_t *key;
};

/* The rows a call runs: the stitched row (CHACHA20POLY1305_ROW_TWO_PASS:
 * none), the ChaCha20 row, the Poly1305 row, and the row whose HChaCha20
 * makes XChaCha's subkey. */
struct aead_rows {
	enum chacha20poly1305_row aead;
	enum chacha20_row chacha;
	uint32_t poly;
	enum chacha20_row hchacha;
};

static inline struct aead_args aead_flat(uint8_t *dst, const uint8_t *src, size_t len,
					 const uint8_t *ad, size_t ad_len, const uint8_t *nonce,
					 const uint8_t *key)
{
	return (struct aead_args){ .dst = dst, .src = src, .len = len, .ad = ad,
				   .ad_len = ad_len, .nonce = nonce, .key = key };
}

static inline struct aead_args aead_sg(const struct iovec *iov, size_t len, const uint8_t *ad,
				       size_t ad_len, const uint8_t *nonce, const uint8_t *key)
{
	return (struct aead_args){ .iov = iov, .len = len, .ad = ad, .ad_len = ad_len,
				   .nonce = nonce, .key = key };
}

struct aead_head {
	uint8_t block0[CHACHA20_BLOCK_SIZE];	/* then the Poly1305 key */
	uint8_t text[HEAD];			/* head of src, XORed */
	size_t len;
};

/* The head's length for a len-byte message. */
static inline size_t head_len(size_t len)
{
	return len <= HEAD ? len : HEAD_LONG;
}

static inline void mac_pad16(struct poly1305_ctx *poly, size_t len)
{
	static const uint8_t pad0[16];

	if (len & 15)
		poly1305_update(poly, pad0, 16 - (len & 15));
}

/* Sets up the Poly1305 key from block 0, absorbs the AD, and XORs the
 * first bytes of src (h->len of them, those of a len-byte message; src
 * may be h->text) into h->text; the counter is left after them. */
static inline __attribute__((always_inline)) void
aead_begin(const struct aead_rows *r, const struct aead_args *a, struct chacha20_ctx *cc,
	   struct poly1305_ctx *poly, struct aead_head *h, const uint8_t *src, size_t len)
{
	h->len = head_len(len);
	memset(h->block0, 0, sizeof(h->block0));
	if (h->len && src != h->text)
		memcpy(h->text, src, h->len);
	chacha20_init(cc, a->key, a->nonce, 0);
	chacha20_row_xor(r->chacha, cc->state, h->block0, h->block0, sizeof(h->block0) + h->len);
	poly1305_init_impl(poly, h->block0, r->poly);
	poly1305_update(poly, a->ad, a->ad_len);
	mac_pad16(poly, a->ad_len);
}

/* The tag, once the ciphertext's ct_len bytes are absorbed. */
static inline void aead_end(struct poly1305_ctx *poly, size_t ad_len, size_t ct_len,
			    uint8_t tag[TAG])
{
	uint8_t lengths[16];

	mac_pad16(poly, ct_len);
	put_unaligned_le64((uint64_t)ad_len, lengths);
	put_unaligned_le64((uint64_t)ct_len, lengths + 8);
	poly1305_update(poly, lengths, sizeof(lengths));
	poly1305_final(poly, tag);
}

/* Whether decryption of ct_len bytes takes the AEAD row aead's one pass. */
static inline bool open_fits(enum chacha20poly1305_row aead, size_t ct_len)
{
	size_t rest = ct_len - head_len(ct_len);

	return aead != CHACHA20POLY1305_ROW_TWO_PASS && rest >= STITCH_MIN && rest <= OPEN_MAX;
}

/* Where in area (OPEN_AREA bytes) the plaintext of ciphertext at ct goes
 * (open.c says why). */
static inline uint8_t *open_buf(uint8_t *area, const uint8_t *ct)
{
	return area + (((uintptr_t)ct - (uintptr_t)area) & (OPEN_PAGE - 1));
}

/* The construction on chosen rows (chacha20poly1305.c). Decryption
 * returns false for a message shorter than the tag; the scatter-gather
 * pair wants a list its caller has checked (sg_*_fits). */
void chacha20poly1305_run_encrypt(const struct aead_rows *r, const struct aead_args *a);
bool chacha20poly1305_run_decrypt(const struct aead_rows *r, const struct aead_args *a);
void xchacha20poly1305_run_encrypt(const struct aead_rows *r, const struct aead_args *a);
bool xchacha20poly1305_run_decrypt(const struct aead_rows *r, const struct aead_args *a);
void chacha20poly1305_run_encrypt_sg(const struct aead_rows *r, const struct aead_args *a);
bool chacha20poly1305_run_decrypt_sg(const struct aead_rows *r, const struct aead_args *a);

/* Whether an sg encrypt of src_len bytes fits the list (with the tag), or
 * an sg decrypt of src_len bytes (the tag included) is possible (sg.c). */
bool chacha20poly1305_sg_encrypt_fits(const struct iovec *iov, size_t iovcnt, size_t src_len);
bool chacha20poly1305_sg_decrypt_fits(const struct iovec *iov, size_t iovcnt, size_t src_len);

/* The ChaCha20 row for a len-byte message (chacha20poly1305.c). */
enum chacha20_row chacha20poly1305_chacha_row(uint32_t have, size_t len);

/* The Poly1305 row for the AEAD row aead (chacha20poly1305.c). */
uint32_t chacha20poly1305_poly_row(enum chacha20poly1305_row aead, uint32_t have, size_t ad_len,
				   size_t ct_len);

/* Decryption's one pass over the len bytes of ciphertext at ct that
 * follow the head, into pt (open.c). */
void chacha20poly1305_open(enum chacha20poly1305_row aead, struct chacha20_ctx *cc,
			   struct poly1305_ctx *poly, uint8_t *pt, const uint8_t *ct, size_t len);

#endif
