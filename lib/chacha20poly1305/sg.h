/* SPDX-License-Identifier: MIT */
/*
 * Scatter-gather, shared by sg.c (the walk, the keystream, encrypt and
 * decrypt, the kernel calls) and sg_plan.c (a kernel call's table over a
 * list). The message is the concatenation of the iovec entries.
 */
#ifndef ZINC_LIB_CHACHA20POLY1305_SG_H
#define ZINC_LIB_CHACHA20POLY1305_SG_H

#include "lib/chacha20poly1305/aead.h"

/* A walk hands out the list's bytes in order, at most one entry's worth at
 * a time. The list must hold every byte asked of it (the callers check
 * first, chacha20poly1305_sg_*_fits), so a walk never runs off its end. */
struct sg_walk {
	const struct iovec *iov;
	size_t off;   /* into *iov */
};

/* Skips the walk past exhausted (and empty) entries; a byte must follow. */
static inline void sg_skip(struct sg_walk *w)
{
	while (w->off == w->iov->iov_len) {
		w->iov++;
		w->off = 0;
	}
}

/* The next piece, of at most max bytes, or 0 when max is 0. */
static inline size_t sg_next(struct sg_walk *w, uint8_t **piece, size_t max)
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
static inline uint8_t *sg_span(struct sg_walk *w, size_t len)
{
	uint8_t *p;

	sg_skip(w);
	if (w->iov->iov_len - w->off < len)
		return NULL;
	p = (uint8_t *)w->iov->iov_base + w->off;
	w->off += len;
	return p;
}

/*
 * Two passes over pieces (sg.c): the keystream across pieces, in as few
 * ChaCha20 calls as the split allows, and in whole batches of SG_KS bytes
 * (the SIMD rows' widest; chacha20-avx2 takes a partial batch through a
 * stack copy, which costs more:
 * bench/results/date-not-recorded-epyc-25-17.md#sg-keystream-batch). A
 * piece's run of whole batches, or the end of the message when it lies in
 * one piece, is encrypted in place in one call; the rest comes a batch at a
 * time into ks, so that a piece boundary costs no ChaCha20 call of its own
 * (a one-block call costs about as much as an eight-block one). ks is wiped
 * when the message is done, if it was used.
 */
enum { SG_KS = 8 * CHACHA20_BLOCK_SIZE };
_Static_assert(SG_KS % CHACHA20_BLOCK_SIZE == 0 && (SG_KS & (SG_KS - 1)) == 0,
	       "a batch is whole ChaCha20 blocks (each call consumes its last block whole), and a "
	       "power of two (sg_xor rounds down with SG_KS - 1)");
_Static_assert((size_t)HEAD_LONG <= SG_KS, "sg decrypt puts a long head's keystream into ks");

struct sg_stream {
	enum chacha20_row chacha;
	struct chacha20_ctx cc;
	size_t todo;                     /* message bytes keystream is still due for */
	size_t ks_len, ks_off;           /* ks[ks_off..ks_len) is unused keystream */
	uint8_t ks[SG_KS];
};

/*
 * One pass with a stitched row (sg_plan.c). A kernel call takes the next
 * bytes of the walk (starting on a block boundary with the MAC's buffer
 * empty) as a table of steps, the last one shorter: a step is given by its
 * address when one entry holds it, else as the list of its pieces, which
 * the kernel reads and writes where they lie (1420 bytes in 20/1000/400:
 * the second step, in two pieces). Nothing is copied. A call takes up to
 * SG_STEPS steps and SG_PIECES pieces, and ends on a whole step unless it
 * ends the message, so the next call continues its MAC. A step in more
 * pieces than a call takes (a list of entries shorter than 16 bytes on
 * average) goes without the kernel, as do fewer than SG_STEP bytes left
 * after a call.
 */
enum {
	SG_STEP = CHACHA20POLY1305_STEP,
	SG_STEPS = CHACHA20POLY1305_SG_STEPS,
	SG_PIECES = CHACHA20POLY1305_SG_PIECES,
};

struct sg_steps {
	struct chacha20poly1305_step step[SG_STEPS];
	struct chacha20poly1305_piece piece[SG_PIECES];
	size_t n, len, np;              /* steps, their bytes, pieces */
};

/* sg_plan.c: plans a kernel call over the next bytes of the walk, at most
 * len (at least SG_STEP) of them; the walk moves past what p->len covers,
 * which is 0 when the first step is in more pieces than a call takes. */
void chacha20poly1305_sg_plan(struct sg_steps *p, struct sg_walk *w, size_t len);
/* The MAC of the planned call's last partial 16-byte block, which the
 * kernel leaves (only a call that ends the message has one). */
void chacha20poly1305_sg_mac_tail(const struct sg_steps *p, struct poly1305_ctx *poly);

#endif
