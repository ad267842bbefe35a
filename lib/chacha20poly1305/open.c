/* SPDX-License-Identifier: MIT */
/*
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
 * The callers own the buffer and check the tag: chacha20poly1305.c for a
 * flat message, sg.c for an iovec list.
 */
#include "lib/chacha20poly1305/aead.h"
#include "lib/chacha20poly1305/sg.h"

void chacha20poly1305_open(enum chacha20poly1305_row aead, struct chacha20_ctx *cc,
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

/* Over a list, the kernel calls as sg_plan.c plans them; a step in more
 * pieces than a call takes, and a last part shorter than a step, go as
 * the two-pass row decrypts. */
void chacha20poly1305_sg_open(enum chacha20poly1305_row aead, struct sg_stream *s,
			      struct poly1305_ctx *poly, struct sg_walk *w, uint8_t *pt, size_t len)
{
	const struct chacha20poly1305_bulk b = { s->cc.state, poly->state.u8 };
	struct sg_steps p;

	while (len >= SG_STEP) {
		chacha20poly1305_sg_plan(&p, w, len);
		if (!p.len) {
			chacha20poly1305_sg_open_two_pass(s, poly, w, pt, SG_STEP);
			p.len = SG_STEP;
		} else {
			chacha20poly1305_row_open(aead, &b, pt, p.step, p.len);
			chacha20poly1305_sg_mac_tail(&p, poly);
		}
		pt += p.len;
		len -= p.len;
	}
	if (len)
		chacha20poly1305_sg_open_two_pass(s, poly, w, pt, len);
}
