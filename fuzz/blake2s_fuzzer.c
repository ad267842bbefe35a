/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target "blake2s": every usable BLAKE2s backend, the generic C among
 * them, and every oracle with a blake2s (libb2: every outlen and keylen;
 * OpenSSL: BLAKE2S-256, BLAKE2SMAC) vote on the digest (one update and the
 * decoded chunks) and the rows on the state after the updates; the state
 * wiped by final, streaming against one-shot, the public blake2s() and
 * blake2s_init_key/update/final against the verdict; blake2s_hmac against
 * the oracles' HMAC-BLAKE2s; the rejection of invalid sizes. Then the same
 * message from a state whose byte counter t starts where the input says
 * (near the t[0] -> t[1] carry at 2^32, near the wrap at 2^64, or
 * anywhere): the rows vote among themselves, as no oracle takes such a
 * state. Input format: fuzz/README.md.
 */
#include <string.h>

#include "fuzz/guard.h"
#include "fuzz/input.h"
#include "fuzz/oracles/oracles.h"
#include "fuzz/report.h"
#include "lib/blake2s/blake2s.h"
#include "lib/common/cpu.h"

const char fuzz_target_name[] = "blake2s";
#define T fuzz_target_name

enum { MAX_HMAC_KEY = 256 };

/* Where the chosen start counter lies (fuzz/README.md). */
enum { T_CARRY, T_WRAP, T_ANY };
static const char *const t_class_names[] = { "near 2^32", "near 2^64", "anywhere" };

static struct {
	struct fuzz_head head;
	size_t outlen, keylen, hmac_keylen;
	unsigned t_class;
	uint64_t t_start;
	struct fuzz_splits splits;
	uint8_t key[BLAKE2S_KEY_SIZE + 1];
	uint8_t hmac_key[MAX_HMAC_KEY];
} P;

static uint8_t msg[FUZZ_MAX_LEN];
static const struct fuzz_layout end_layout;

static void format_params(char *buf, size_t cap)
{
	fuzz_fmt(buf, cap, " len=%zu outlen=%zu keylen=%zu hmac_keylen=%zu pattern=0x%02x"
		 " key_pattern=0x%02x t_start=0x%016llx (%s)", P.head.len, P.outlen, P.keylen,
		 P.hmac_keylen, P.head.pattern, P.head.key_pattern, (unsigned long long)P.t_start,
		 t_class_names[P.t_class]);
	fuzz_fmt_layout(buf, cap, &P.head.layout);
	fuzz_fmt_splits(buf, cap, &P.splits);
	fuzz_fmt_hex(buf, cap, "key", P.key, P.keylen);
	fuzz_fmt_hex(buf, cap, "hmac_key", P.hmac_key, P.hmac_keylen);
	fuzz_fmt_hex(buf, cap, "msg", msg, P.head.len);
}

/*
 * The start counter comes after the data, so inputs written before it
 * existed keep their meaning; for them (zeros) it is 2^32 - 1. Near 2^32
 * and 2^64 it lies within the bytes the hash compresses (key block,
 * message, one more block) below the boundary, so the hash crosses it.
 */
static void decode_counter(struct fuzz_input *in)
{
	uint8_t sel = fuzz_byte(in);
	uint32_t lo = fuzz_u32(in), hi = fuzz_u32(in);
	uint64_t below = lo % (P.head.len + 2 * BLAKE2S_BLOCK_SIZE);

	P.t_class = sel % 3;
	if (P.t_class == T_CARRY)
		P.t_start = (1ull << 32) - 1 - below;
	else if (P.t_class == T_WRAP)
		P.t_start = ~0ull - below;
	else
		P.t_start = (uint64_t)hi << 32 | lo;
}

static void decode(const uint8_t *data, size_t size)
{
	struct fuzz_input in;

	fuzz_input_init(&in, data, size);
	fuzz_read_head(&in, &P.head);
	/* 0 and 33 are invalid: their rejection is checked. */
	P.outlen = (size_t)((fuzz_byte(&in) + 32) % 34);
	P.keylen = fuzz_byte(&in) % 34;
	P.hmac_keylen = fuzz_length(&in, MAX_HMAC_KEY);
	fuzz_read_splits(&in, &P.splits);
	fuzz_fill(&in, P.key, P.keylen, P.head.key_pattern);
	fuzz_fill(&in, P.hmac_key, P.hmac_keylen, P.head.key_pattern);
	fuzz_fill(&in, msg, P.head.len, P.head.pattern);
	decode_counter(&in);
}

/* Hashes msg with row impl (NULL: the public update / final), in one update
 * or in the decoded chunks, from byte counter t; leaves the state before
 * final in *mid. */
static void hash_with(const char *name, const struct blake2s_impl *impl, bool chunked,
		      uint64_t t, uint8_t *digest, struct blake2s_state *mid)
{
	static const struct blake2s_state zero;
	struct blake2s_state *s = (struct blake2s_state *)fuzz_guard_buf(2, sizeof(*s),
									   &end_layout);
	const uint8_t *in = fuzz_guard_copy(0, msg, P.head.len, &P.head.layout);
	const uint8_t *key = fuzz_guard_copy(3, P.key, P.keylen, &P.head.layout);
	uint8_t *out = fuzz_guard_buf(1, P.outlen, &P.head.layout);
	size_t off = 0;

	if (!blake2s_init_key(s, P.outlen, key, P.keylen))
		fuzz_check_bool(T, name, "spec", "blake2s_init_key accepts valid sizes", false,
				true);
	blake2s_set_counter(s, t);
	for (unsigned i = 0; chunked && i < P.splits.n; i++) {
		size_t left = P.head.len - off;
		size_t n = P.splits.chunk[i] < left ? P.splits.chunk[i] : left;

		if (impl)
			blake2s_update_with(impl, s, in + off, n);
		else
			blake2s_update(s, in + off, n);
		off += n;
	}
	if (impl)
		blake2s_update_with(impl, s, in + off, P.head.len - off);
	else
		blake2s_update(s, in + off, P.head.len - off);
	*mid = *s;
	if (impl)
		blake2s_final_with(impl, s, out);
	else
		blake2s_final(s, out);
	memcpy(digest, out, P.outlen);
	fuzz_check(T, name, "spec", "state wiped by final", s, &zero, sizeof(zero));
}

static void check_invalid(void)
{
	struct blake2s_state *s = (struct blake2s_state *)fuzz_guard_buf(2, sizeof(*s),
									   &end_layout);
	uint8_t out[34], before[34];

	memset(out, 0xa5, sizeof(out));
	memcpy(before, out, sizeof(out));
	fuzz_check_bool(T, "blake2s()", "spec", "invalid sizes rejected",
			blake2s(out, msg, P.key, P.outlen, P.head.len, P.keylen), false);
	fuzz_check(T, "blake2s()", "spec", "output untouched on invalid sizes", out, before,
		   sizeof(out));
	memset(s, 0x5a, sizeof(*s));
	memcpy(out, s, sizeof(out));
	fuzz_check_bool(T, "blake2s_init_key()", "spec", "invalid sizes rejected",
			blake2s_init_key(s, P.outlen, P.key, P.keylen), false);
	fuzz_check(T, "blake2s_init_key()", "spec", "state untouched on invalid sizes", s, out,
		   sizeof(out));
	fuzz_count_compared("public", "invalid sizes rejected, output untouched");
}

/* Every usable row's digest (one update, and the decoded chunks) and state
 * before final, from byte counter t, as votes; ref and ref_mid get the
 * generic row's. skips: count the rows this CPU cannot run. */
static void vote_rows(uint64_t t, struct fuzz_ballot *one, struct fuzz_ballot *chunked,
		      struct fuzz_ballot *state, uint8_t ref[32], struct blake2s_state *ref_mid,
		      bool skips)
{
	struct blake2s_state mid;
	uint8_t digest[32];

	for (size_t i = 0; i < blake2s_nimpls; i++) {
		const struct blake2s_impl *impl = &blake2s_impls[i];

		if (!fuzz_row_votes(skips ? one : NULL, impl->name, impl->features))
			continue;
		hash_with(impl->name, impl, false, t, i ? digest : ref, i ? &mid : ref_mid);
		fuzz_vote(one, impl->name, i ? digest : ref);
		fuzz_vote(state, impl->name, i ? &mid : ref_mid);
		hash_with(impl->name, impl, true, t, digest, &mid);
		fuzz_vote(chunked, impl->name, digest);
	}
}

/* Every oracle's digest in one call and in the decoded chunks, as votes.
 * The digest does not depend on the chunks: an oracle without a streamed
 * call votes on the streamed ballot with its one-shot digest. */
static void vote_oracles(struct fuzz_ballot *one, struct fuzz_ballot *chunked)
{
	uint8_t out[32];

	for (unsigned i = 0; i < ZINC_NORACLES; i++) {
		const struct zinc_oracle *o = zinc_oracles[i];
		const char *why = NULL;

		if (ORACLE_CALL(o, blake2s_chunked, &why, out, P.outlen, msg, P.head.len, P.key,
				P.keylen, P.splits.chunk, P.splits.n)) {
			fuzz_vote_other(chunked, o->name, out);
			fuzz_count_compared(o->name, "blake2s streamed");
		}
		if (ORACLE_CALL(o, blake2s, &why, out, P.outlen, msg, P.head.len, P.key,
				P.keylen)) {
			fuzz_vote_other(one, o->name, out);
			if (!o->blake2s_chunked)
				fuzz_vote_other(chunked, o->name, out);
			fuzz_count_compared(o->name, P.keylen ? "blake2s keyed" : "blake2s unkeyed");
		} else {
			fuzz_abstain(one, o->name, why);
		}
	}
}

/* The public blake2s_hmac and every oracle's HMAC-BLAKE2s. */
static void check_hmac(void)
{
	static struct fuzz_ballot b;
	const uint8_t *in = fuzz_guard_copy(0, msg, P.head.len, &P.head.layout);
	const uint8_t *key = fuzz_guard_copy(3, P.hmac_key, P.hmac_keylen, &P.head.layout);
	uint8_t *mac = fuzz_guard_buf(1, BLAKE2S_HASH_SIZE, &P.head.layout);
	uint8_t out[BLAKE2S_HASH_SIZE];

	fuzz_ballot_open(&b, "hmac", sizeof(out));
	blake2s_hmac(mac, in, key, P.head.len, P.hmac_keylen);
	fuzz_vote(&b, "blake2s_hmac()", mac);
	for (unsigned i = 0; i < ZINC_NORACLES; i++) {
		const struct zinc_oracle *o = zinc_oracles[i];
		const char *why = NULL;

		if (ORACLE_CALL(o, hmac_blake2s, &why, out, msg, P.head.len, P.hmac_key,
				P.hmac_keylen)) {
			fuzz_vote_other(&b, o->name, out);
			fuzz_count_compared(o->name, "hmac-blake2s");
		} else {
			fuzz_abstain(&b, o->name, why);
		}
	}
	fuzz_judge(T, &b);
}

/* Every row from the chosen start counter: no oracle takes such a state,
 * so the rows vote among themselves. */
static void check_counter(void)
{
	static const char *const crossed[] = {
		"rows only, across the t[0] -> t[1] carry",
		"rows only, across the 2^64 wrap",
		"rows only, no boundary crossed",
	};
	static struct fuzz_ballot one, chunked, state;
	struct blake2s_state ref_mid;
	uint8_t ref[32];
	uint64_t t_end;

	fuzz_ballot_open(&one, "digest from the start counter, one update", P.outlen);
	fuzz_ballot_open(&chunked, "digest from the start counter, streamed", P.outlen);
	fuzz_ballot_open(&state, "state before final, from the start counter", sizeof(ref_mid));
	vote_rows(P.t_start, &one, &chunked, &state, ref, &ref_mid, false);
	fuzz_judge(T, &one);
	fuzz_judge(T, &state);
	fuzz_judge(T, &chunked);
	fuzz_check(T, "every row, streamed", "every row, one update",
		   "digest from the start counter", chunked.value[0], ref, P.outlen);
	for (size_t i = 1; i < blake2s_nimpls; i++)
		if (zinc_cpu_have(blake2s_impls[i].features))
			fuzz_count_compared(blake2s_impls[i].name, "vs every row from a chosen counter t");
	/* What the last compression (in final) adds to t. */
	t_end = ((uint64_t)ref_mid.t[1] << 32 | ref_mid.t[0]) + ref_mid.buflen;
	fuzz_count_compared("counter", t_end < P.t_start ? crossed[1] :
				       t_end >> 32 != P.t_start >> 32 ? crossed[0] : crossed[2]);
	fuzz_count_skipped("oracles", "chosen counter t: no oracle takes such a state");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fuzz_ballot one, chunked, state;
	struct blake2s_state ref_mid, mid;
	uint8_t ref[32], digest[32], *out, *in, *key;

	decode(data, size);
	fuzz_set_params(format_params);
	check_hmac();
	if (P.outlen < 1 || P.outlen > 32 || P.keylen > 32) {
		check_invalid();
		return 0;
	}

	fuzz_ballot_open(&one, "digest, one update", P.outlen);
	fuzz_ballot_open(&chunked, "digest, streamed", P.outlen);
	fuzz_ballot_open(&state, "state before final", sizeof(ref_mid));
	vote_rows(0, &one, &chunked, &state, ref, &ref_mid, true);
	vote_oracles(&one, &chunked);
	fuzz_judge(T, &one);
	fuzz_judge(T, &state);
	fuzz_judge(T, &chunked);
	fuzz_check(T, "every row, streamed", "every row, one update", "digest", chunked.value[0],
		   ref, P.outlen);
	for (size_t i = 1; i < blake2s_nimpls; i++)
		if (zinc_cpu_have(blake2s_impls[i].features))
			fuzz_count_compared(blake2s_impls[i].name,
					    "vs every row (one update, streamed, state)");

	hash_with("blake2s_update/final", NULL, true, 0, digest, &mid);
	fuzz_check(T, "blake2s_update/final", "every row", "digest, streamed", digest, ref,
		   P.outlen);
	in = fuzz_guard_copy(0, msg, P.head.len, &P.head.layout);
	key = fuzz_guard_copy(3, P.key, P.keylen, &P.head.layout);
	out = fuzz_guard_buf(1, P.outlen, &P.head.layout);
	fuzz_check_bool(T, "blake2s()", "spec", "valid sizes accepted",
			blake2s(out, in, key, P.outlen, P.head.len, P.keylen), true);
	fuzz_check(T, "blake2s()", "every row", "digest", out, ref, P.outlen);
	fuzz_count_compared("public", "vs every row (one-shot, streamed)");

	check_counter();
	return 0;
}

void fuzz_list(FILE *o)
{
	fprintf(o, "target blake2s (one update and streamed, keyed, every outlen; HMAC):\n");
	FUZZ_LIST_TABLE(o, blake2s_impls, blake2s_nimpls);
	oracles_list(o, "blake2s (one-shot, and streamed where the library has it; each "
		     "refuses the sizes it cannot take), hmac_blake2s");
	fprintf(o, "  counter: the same hashes from a byte counter t chosen by the input (near the\n"
		   "    t[0] -> t[1] carry at 2^32, near the 2^64 wrap, or anywhere): the rows vote\n"
		   "    among themselves, no oracle takes a state with a chosen counter\n");
}

void fuzz_dispatch(FILE *out)
{
	FUZZ_PRINT_TABLE_HITS(out, "public blake2s calls", blake2s_impls, blake2s_nimpls, blake2s_hits);
}
