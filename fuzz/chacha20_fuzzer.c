/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target "chacha20": every usable ChaCha20 backend, the generic C
 * among them, and every oracle with a chacha20 (libsodium, OpenSSL, NSS)
 * vote on the output and the state left behind, one-shot and streamed with
 * the decoded split points; HChaCha20 the same on every backend and oracle
 * that has it; the public chacha20() (one-shot, streamed, in place and not)
 * and hchacha20() are checked against the verdict. Input format:
 * fuzz/README.md.
 */
#include <stdio.h>
#include <string.h>

#include "fuzz/guard.h"
#include "fuzz/input.h"
#include "fuzz/oracles/oracles.h"
#include "fuzz/report.h"
#include "lib/chacha20/chacha20.h"
#include "lib/common/cpu.h"

const char fuzz_target_name[] = "chacha20";
#define T fuzz_target_name

static struct {
	struct fuzz_head head;
	uint32_t counter;
	struct fuzz_splits splits;
	uint8_t key[CHACHA20_KEY_SIZE];
	uint8_t nonce[CHACHA20_NONCE_SIZE];
} P;

static uint8_t msg[FUZZ_MAX_LEN];
static uint8_t ref[FUZZ_MAX_LEN], ref_stream[FUZZ_MAX_LEN], out[FUZZ_MAX_LEN];
static uint32_t ref_state[16];
static const struct fuzz_layout state_layout; /* ends at a guard page, aligned */

static void format_params(char *buf, size_t cap)
{
	fuzz_fmt(buf, cap, " len=%zu counter=0x%08x pattern=0x%02x key_pattern=0x%02x",
		 P.head.len, P.counter, P.head.pattern, P.head.key_pattern);
	fuzz_fmt_layout(buf, cap, &P.head.layout);
	fuzz_fmt_splits(buf, cap, &P.splits);
	fuzz_fmt_hex(buf, cap, "key", P.key, sizeof(P.key));
	fuzz_fmt_hex(buf, cap, "nonce", P.nonce, sizeof(P.nonce));
	fuzz_fmt_hex(buf, cap, "msg", msg, P.head.len);
}

static void decode(const uint8_t *data, size_t size)
{
	struct fuzz_input in;

	fuzz_input_init(&in, data, size);
	fuzz_read_head(&in, &P.head);
	P.counter = fuzz_counter(&in);
	fuzz_read_splits(&in, &P.splits);
	fuzz_fill(&in, P.key, sizeof(P.key), P.head.key_pattern);
	fuzz_bytes(&in, P.nonce, sizeof(P.nonce));
	fuzz_fill(&in, msg, P.head.len, P.head.pattern);
}

static uint32_t blocks(size_t len)
{
	return (uint32_t)((len + 63) / 64);
}

static uint32_t *fresh_state(void)
{
	struct chacha20_ctx ctx;
	uint32_t *state = (uint32_t *)fuzz_guard_buf(2, sizeof(ctx.state), &state_layout);

	chacha20_init(&ctx, P.key, P.nonce, P.counter);
	memcpy(state, ctx.state, sizeof(ctx.state));
	return state;
}

/* src and dst on guard pages, dst == src when in_place. */
static void buffers(uint8_t **src, uint8_t **dst, bool in_place)
{
	*src = fuzz_guard_copy(0, msg, P.head.len, &P.head.layout);
	*dst = in_place ? *src : fuzz_guard_buf(1, P.head.len, &P.head.layout);
}

/* One call of a row over the whole message. */
static void one_shot(const struct chacha20_impl *impl, uint8_t *res, uint32_t st[16])
{
	uint32_t *state = fresh_state();
	uint8_t *src, *dst;

	buffers(&src, &dst, P.head.layout.in_place);
	impl->xor_stream(state, dst, src, P.head.len);
	memcpy(res, dst, P.head.len);
	memcpy(st, state, 64);
}

/* Calls per the split points; checks the counter after each call. The
 * output of each call is its own stream from the counter at its start. */
static void streamed(const char *name, void (*xor)(uint32_t *, uint8_t *, const uint8_t *,
						    size_t, void *),
		     void *arg, uint8_t *res)
{
	uint32_t *state = fresh_state();
	uint32_t expect = P.counter;
	uint8_t *src, *dst;
	size_t off = 0;

	buffers(&src, &dst, P.head.layout.in_place);
	for (unsigned i = 0; i <= P.splits.n; i++) {
		size_t n = i < P.splits.n ? P.splits.chunk[i] : P.head.len - off;

		if (n > P.head.len - off)
			n = P.head.len - off;
		xor(state, dst + off, src + off, n, arg);
		expect += blocks(n);
		fuzz_check(T, name, "spec", "state[12] after a streamed call", &state[12],
			   &expect, 4);
		off += n;
	}
	memcpy(res, dst, P.head.len);
}

static void xor_row(uint32_t *state, uint8_t *dst, const uint8_t *src, size_t n, void *arg)
{
	((const struct chacha20_impl *)arg)->xor_stream(state, dst, src, n);
}

static void xor_public(uint32_t *state, uint8_t *dst, const uint8_t *src, size_t n, void *arg)
{
	struct chacha20_ctx ctx;

	memcpy(ctx.state, state, sizeof(ctx.state));
	chacha20(&ctx, dst, src, n);
	memcpy(state, ctx.state, sizeof(ctx.state));
}

/* Streamed output equals the one-shot keystream at the block each call
 * started from (keystream = output XOR input), where the one-shot covers it. */
static void check_stream_vs_one_shot(void)
{
	static uint8_t a[FUZZ_MAX_LEN], b[FUZZ_MAX_LEN];
	size_t off = 0, ks = 0;

	for (unsigned i = 0; i <= P.splits.n && off < P.head.len; i++) {
		size_t n = i < P.splits.n ? P.splits.chunk[i] : P.head.len - off;
		size_t m;
		char what[96];

		if (n > P.head.len - off)
			n = P.head.len - off;
		m = ks < P.head.len ? (n < P.head.len - ks ? n : P.head.len - ks) : 0;
		for (size_t j = 0; j < m; j++) {
			a[j] = ref_stream[off + j] ^ msg[off + j];
			b[j] = ref[ks + j] ^ msg[ks + j];
		}
		if (m && memcmp(a, b, m)) {
			snprintf(what, sizeof(what), "keystream of streamed call %u (bytes %zu..%zu)",
				 i, off, off + m - 1);
			fuzz_check(T, "chacha20-generic streamed", "chacha20-generic one-shot", what,
				   a, b, m);
		}
		off += n;
		ks += (size_t)blocks(n) * 64;
	}
}

/* The oracle's ChaCha20 of the message into dst, in two calls when the
 * counter wraps inside the message and the oracle refuses that (libsodium
 * aborts, OpenSSL carries into the nonce): up to the wrap, then from counter
 * 0 (zinc's semantics: no carry). NSS wraps as zinc does: one call. */
static bool run_oracle(uint8_t *dst, const struct zinc_oracle *o, const char **why)
{
	uint64_t before_wrap = ((1ull << 32) - P.counter) * 64;
	size_t first = P.head.len;
	bool ok = ORACLE_CALL(o, chacha20, why, dst, msg, P.head.len, P.key, P.nonce, P.counter);

	if (!ok && o->chacha20 && before_wrap < P.head.len) {
		first = (size_t)before_wrap;
		ok = o->chacha20(dst, msg, first, P.key, P.nonce, P.counter, why) &&
		     o->chacha20(dst + first, msg + first, P.head.len - first, P.key, P.nonce, 0,
				 why);
	}
	if (ok)
		fuzz_count_compared(o->name,
				    first < P.head.len ? "chacha20 (two calls around the 2^32 wrap)"
				    : before_wrap < P.head.len
				    ? "chacha20 (one call across the 2^32 wrap)"
				    : "chacha20");
	return ok;
}

/* Every usable row, one-shot and streamed, and every oracle's ChaCha20 of
 * the message, then the verdicts: the one-shot output (rows and oracles),
 * the state left behind (rows; then against the specification: the counter
 * advanced by the blocks used), the streamed output (rows). The generic C
 * votes like any row, so a bug there is outvoted and named. ref, ref_state
 * and ref_stream keep the generic's answers, which then are everyone's. */
static void check_rows(void)
{
	static struct fuzz_ballot one, state, stream;
	static uint8_t o_out[FUZZ_MAX_LEN];
	uint32_t st[16], expect[16];
	struct chacha20_ctx ctx;

	fuzz_ballot_open(&one, "one-shot output", P.head.len);
	fuzz_ballot_open(&state, "state after one call", sizeof(st));
	fuzz_ballot_open(&stream, "streamed output", P.head.len);
	for (size_t i = 0; i < chacha20_nimpls; i++) {
		const struct chacha20_impl *impl = &chacha20_impls[i];

		if (!fuzz_row_votes(&one, impl->name, impl->features))
			continue;
		one_shot(impl, i ? out : ref, i ? st : ref_state);
		fuzz_vote(&one, impl->name, i ? out : ref);
		fuzz_vote(&state, impl->name, i ? st : ref_state);
		streamed(impl->name, xor_row, (void *)impl, i ? out : ref_stream);
		fuzz_vote(&stream, impl->name, i ? out : ref_stream);
		if (i)
			fuzz_count_compared(impl->name, "vs every row (one-shot, streamed, state)");
	}
	for (unsigned i = 0; i < ZINC_NORACLES; i++) {
		const struct zinc_oracle *o = zinc_oracles[i];
		const char *why = NULL;

		if (run_oracle(o_out, o, &why))
			fuzz_vote_other(&one, o->name, o_out);
		else
			fuzz_abstain(&one, o->name, why);
	}
	fuzz_judge(T, &one);
	fuzz_judge(T, &state);
	fuzz_judge(T, &stream);
	chacha20_init(&ctx, P.key, P.nonce, P.counter);
	memcpy(expect, ctx.state, sizeof(expect));
	expect[12] = P.counter + blocks(P.head.len);
	fuzz_check(T, "every row", "spec", "state after one call (counter + blocks used)",
		   ref_state, expect, sizeof(expect));
}

/* The public calls against what every row agreed on. */
static void check_public(void)
{
	struct chacha20_ctx ctx;
	uint8_t *src, *dst;

	for (int in_place = 0; in_place < 2; in_place++) {
		chacha20_init(&ctx, P.key, P.nonce, P.counter);
		buffers(&src, &dst, in_place);
		chacha20(&ctx, dst, src, P.head.len);
		fuzz_check(T, "chacha20()", "every row",
			   in_place ? "one-shot output, in place" : "one-shot output, out of place",
			   dst, ref, P.head.len);
		fuzz_check(T, "chacha20()", "every row", "state after one call", ctx.state,
			   ref_state, sizeof(ctx.state));
	}
	streamed("chacha20()", xor_public, NULL, out);
	fuzz_check(T, "chacha20()", "every row", "streamed output", out, ref_stream, P.head.len);
	fuzz_count_compared("chacha20()", "vs every row (one-shot in/out of place, streamed)");
}

/* HChaCha20 on every row that has it and every oracle that has it, then the
 * public hchacha20() against their verdict. */
static void check_hchacha20(void)
{
	static const struct fuzz_layout end = { 0 };
	static struct fuzz_ballot b;
	uint8_t hnonce[HCHACHA20_NONCE_SIZE], href[HCHACHA20_OUT_SIZE];
	uint8_t *o, *n, *k;

	hnonce[0] = (uint8_t)P.counter;
	hnonce[1] = (uint8_t)(P.counter >> 8);
	hnonce[2] = (uint8_t)(P.counter >> 16);
	hnonce[3] = (uint8_t)(P.counter >> 24);
	memcpy(hnonce + 4, P.nonce, sizeof(P.nonce));
	n = fuzz_guard_copy(4, hnonce, sizeof(hnonce), &P.head.layout);
	k = fuzz_guard_copy(5, P.key, sizeof(P.key), &P.head.layout);
	o = fuzz_guard_buf(6, HCHACHA20_OUT_SIZE, &end);
	fuzz_ballot_open(&b, "hchacha20", HCHACHA20_OUT_SIZE);
	for (size_t i = 0; i < chacha20_nimpls; i++) {
		const struct chacha20_impl *impl = &chacha20_impls[i];

		if (!impl->hchacha20)
			continue;
		if (!fuzz_row_votes(&b, impl->name, impl->features))
			continue;
		impl->hchacha20(o, n, k);
		fuzz_vote(&b, impl->name, o);
		if (!i)
			memcpy(href, o, sizeof(href));
		else
			fuzz_count_compared(impl->name, "hchacha20 vs every row");
	}
	for (unsigned i = 0; i < ZINC_NORACLES; i++) {
		const struct zinc_oracle *or = zinc_oracles[i];
		const char *why = NULL;

		if (ORACLE_CALL(or, hchacha20, &why, out, hnonce, P.key)) {
			fuzz_vote_other(&b, or->name, out);
			fuzz_count_compared(or->name, "hchacha20");
		} else {
			fuzz_abstain(&b, or->name, why);
		}
	}
	fuzz_judge(T, &b);
	hchacha20(o, n, k);
	fuzz_check(T, "hchacha20()", "every row", "hchacha20", o, href, sizeof(href));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	decode(data, size);
	fuzz_set_params(format_params);
	check_rows();
	check_hchacha20();
	check_stream_vs_one_shot();
	check_public();
	return 0;
}

void fuzz_list(FILE *o)
{
	fprintf(o, "target chacha20 (ChaCha20 one-shot and streamed, HChaCha20):\n");
	FUZZ_LIST_TABLE(o, chacha20_impls, chacha20_nimpls);
	oracles_list(o, "chacha20 (split at a 2^32 wrap where the library refuses it), hchacha20");
}

void fuzz_dispatch(FILE *out)
{
	FUZZ_PRINT_TABLE_HITS(out, "public chacha20 calls", chacha20_impls, chacha20_nimpls, chacha20_hits);
}
