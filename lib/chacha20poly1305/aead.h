/* SPDX-License-Identifier: MIT */
/*
 * What the files of lib/chacha20poly1305/ share (docs/DESIGN.md section 2).
 * Each file calls only files below it in this list (layers_test.py checks):
 *
 *   selftest.c          its part of zinc_selftest(): vectors and the long
 *                       message through every way entries.c walks
 *   entries.c           the harnesses' ways: a public function, or rows and
 *                       arguments handed to flat.c's or sg.c's construction
 *   chacha20poly1305.c  the public functions: the rows they pick, the table
 *   flat.c              the construction on a flat message: head and tag, two
 *                       passes or a stitched kernel, the one-pass open, XChaCha
 *   sg.c                the same over an iovec list (its kernels: sg_plan.c)
 *   sg_plan.c           a kernel call's table of steps and pieces over a list
 *
 * A call's arguments travel as a struct aead_args, the rows it runs as a
 * struct aead_rows (chacha20poly1305.h). Not for the harness.
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
 * (flat.c) into a buffer on the stack, which goes to dst only once the tag
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
 * (flat.c says why). */
static inline uint8_t *open_buf(uint8_t *area, const uint8_t *ct)
{
	return area + (((uintptr_t)ct - (uintptr_t)area) & (OPEN_PAGE - 1));
}

#endif
