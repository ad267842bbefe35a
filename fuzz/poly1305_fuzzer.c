/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target "poly1305": every usable Poly1305 backend, the generic C
 * among them, votes on the MAC (a single update, updates in the decoded
 * chunk sizes, and the row's one-shot poly1305_row_mac() between guard
 * pages), with every oracle that has a poly1305 (libsodium, OpenSSL) voting
 * on each; then streaming against one-shot, the public poly1305() and
 * poly1305_init/update/final against the verdict, and the context wiped by
 * final. Input format: fuzz/README.md.
 */
#include <string.h>

#include "fuzz/guard.h"
#include "fuzz/input.h"
#include "fuzz/oracles/oracles.h"
#include "fuzz/report.h"
#include "lib/poly1305/poly1305.h"

const char fuzz_target_name[] = "poly1305";
#define T fuzz_target_name

static struct {
	struct fuzz_head head;
	struct fuzz_splits splits;
	uint8_t key[POLY1305_KEY_SIZE];
} P;

static uint8_t msg[FUZZ_MAX_LEN];
static const struct fuzz_layout end_layout; /* ends at a guard page */

static void format_params(char *buf, size_t cap)
{
	fuzz_fmt(buf, cap, " len=%zu pattern=0x%02x key_pattern=0x%02x", P.head.len, P.head.pattern,
		 P.head.key_pattern);
	fuzz_fmt_layout(buf, cap, &P.head.layout);
	fuzz_fmt_splits(buf, cap, &P.splits);
	fuzz_fmt_hex(buf, cap, "key", P.key, sizeof(P.key));
	fuzz_fmt_hex(buf, cap, "msg", msg, P.head.len);
}

/* r = 1 makes h the plain sum of the padded blocks, so the message steers
 * h onto the carry edges of the limbs and of the final reduction; r with
 * every bit the clamp allows gives the largest products. */
static void shape_r(void)
{
	switch (P.head.key_pattern >> 5) {
	case 7:
		memset(P.key, 0, 16);
		P.key[0] = 1;
		break;
	case 6:
		memset(P.key, 0xff, 16);
		break;
	default:
		break;
	}
}

static void decode(const uint8_t *data, size_t size)
{
	struct fuzz_input in;

	fuzz_input_init(&in, data, size);
	fuzz_read_head(&in, &P.head);
	fuzz_read_splits(&in, &P.splits);
	fuzz_fill(&in, P.key, sizeof(P.key), P.head.key_pattern);
	shape_r();
	fuzz_fill(&in, msg, P.head.len, P.head.pattern);
}

/* Before init the context is filled with UNUSED; after poly1305_final the
 * row's state_size bytes and the fields after the state are zero and the
 * rest of the state still UNUSED (the row wrote nothing beyond its size). */
enum { UNUSED = 0xa5 };

static void check_wiped(const char *name, const struct poly1305_ctx *ctx, size_t used)
{
	static struct poly1305_ctx want;

	memset(&want, 0, sizeof(want));
	memset(want.state.u8 + used, UNUSED, sizeof(want.state) - used);
	fuzz_check(T, name, "spec", "context after poly1305_final: state_size bytes and "
		   "the fields zero, the rest of the state untouched", ctx, &want, sizeof(want));
}

/* MAC with row impl (or the public init when impl < 0); whole message in
 * one update, or in the decoded chunks. */
static void mac_with(const char *name, int impl, bool chunked, uint8_t mac[16])
{
	struct poly1305_ctx *ctx =
		(struct poly1305_ctx *)fuzz_guard_buf(2, sizeof(*ctx), &end_layout);
	const uint8_t *in = fuzz_guard_copy(0, msg, P.head.len, &P.head.layout);
	uint8_t *m = fuzz_guard_buf(1, 16, &end_layout);
	const uint8_t *key = fuzz_guard_copy(3, P.key, sizeof(P.key), &P.head.layout);
	size_t off = 0, used;

	memset(ctx, UNUSED, sizeof(*ctx));
	if (impl < 0)
		poly1305_init(ctx, key);
	else
		poly1305_init_impl(ctx, key, (uint32_t)impl);
	for (unsigned i = 0; chunked && i < P.splits.n; i++) {
		size_t left = P.head.len - off;
		size_t n = P.splits.chunk[i] < left ? P.splits.chunk[i] : left;

		poly1305_update(ctx, in + off, n);
		off += n;
	}
	poly1305_update(ctx, in + off, P.head.len - off);
	used = poly1305_impls[ctx->impl].state_size;
	poly1305_final(ctx, m);
	memcpy(mac, m, 16);
	check_wiped(name, ctx, used);
}

/* Every usable row's MAC (one update, streamed, the row's one-shot call)
 * and every oracle's MAC, a vote on each; then the public calls against
 * the verdict. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fuzz_ballot one, streamed, oneshot;
	uint8_t ref[16], mac[16];
	uint8_t *m, *in, *key;

	decode(data, size);
	fuzz_set_params(format_params);

	fuzz_ballot_open(&one, "mac, one update", 16);
	fuzz_ballot_open(&streamed, "mac, streamed", 16);
	fuzz_ballot_open(&oneshot, "mac, one-shot", 16);
	for (size_t i = 0; i < poly1305_nimpls; i++) {
		const struct poly1305_impl *impl = &poly1305_impls[i];

		if (!fuzz_row_votes(&one, impl->name, impl->features))
			continue;
		mac_with(impl->name, (int)i, false, i ? mac : ref);
		fuzz_vote(&one, impl->name, i ? mac : ref);
		mac_with(impl->name, (int)i, true, mac);
		fuzz_vote(&streamed, impl->name, mac);
		in = fuzz_guard_copy(0, msg, P.head.len, &P.head.layout);
		key = fuzz_guard_copy(3, P.key, sizeof(P.key), &P.head.layout);
		m = fuzz_guard_buf(1, 16, &end_layout);
		poly1305_row_mac((uint32_t)i, m, in, P.head.len, key);
		fuzz_vote(&oneshot, impl->name, m);
		if (i)
			fuzz_count_compared(impl->name, "vs every row (one update, streamed, one-shot)");
	}
	for (unsigned i = 0; i < ZINC_NORACLES; i++) {
		const struct zinc_oracle *o = zinc_oracles[i];
		const char *why = NULL;

		/* However zinc is called, the MAC is the oracle's. */
		if (ORACLE_CALL(o, poly1305, &why, mac, msg, P.head.len, P.key)) {
			fuzz_vote_other(&one, o->name, mac);
			fuzz_vote_other(&streamed, o->name, mac);
			fuzz_vote_other(&oneshot, o->name, mac);
			fuzz_count_compared(o->name, "poly1305");
		} else {
			fuzz_abstain(&one, o->name, why);
		}
	}
	fuzz_judge(T, &one);
	fuzz_judge(T, &streamed);
	fuzz_judge(T, &oneshot);
	fuzz_check(T, "every row, streamed", "every row, one update", "mac", streamed.value[0],
		   ref, 16);
	fuzz_check(T, "every row, one-shot", "every row, one update", "mac", oneshot.value[0],
		   ref, 16);

	mac_with("poly1305_init/update/final", -1, true, mac);
	fuzz_check(T, "poly1305_init/update/final", "every row", "mac, streamed", mac, ref, 16);
	in = fuzz_guard_copy(0, msg, P.head.len, &P.head.layout);
	key = fuzz_guard_copy(3, P.key, sizeof(P.key), &P.head.layout);
	m = fuzz_guard_buf(1, 16, &end_layout);
	poly1305(m, in, P.head.len, key);
	fuzz_check(T, "poly1305()", "every row", "mac", m, ref, 16);
	fuzz_count_compared("poly1305()", "vs every row (one-shot, streamed)");
	return 0;
}

void fuzz_list(FILE *o)
{
	fprintf(o, "target poly1305 (one update and streamed, public API):\n");
	FUZZ_LIST_TABLE(o, poly1305_impls, poly1305_nimpls);
	oracles_list(o, "poly1305 (one-shot MAC of the message)");
}

void fuzz_dispatch(FILE *out)
{
	FUZZ_PRINT_TABLE_HITS(out, "public poly1305 calls", poly1305_impls, poly1305_nimpls, poly1305_hits);
}
