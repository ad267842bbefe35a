/* SPDX-License-Identifier: MIT */
/*
 * The kernel calls over an iovec list (sg.h says how a call takes the
 * list): a plan is the table of steps and pieces of one call, built from
 * the walk, rolled back when a step has more pieces than the call has
 * room for (sg.c makes the calls).
 */
#include "lib/chacha20poly1305/aead.h"
#include "lib/chacha20poly1305/sg.h"

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

/* The walk is copied field by field and planned in locals: a copy of a
 * struct just stored field by field is not forwarded from the stores
 * (bench/results/date-not-recorded-epyc-25-17.md#sg-plan-locals). */
void chacha20poly1305_sg_plan(struct sg_steps *p, struct sg_walk *w, size_t len)
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

void chacha20poly1305_sg_mac_tail(const struct sg_steps *p, struct poly1305_ctx *poly)
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
