/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target "blake2s": every usable BLAKE2s backend against the generic
 * one (one update and the decoded chunks; the state after the updates, the
 * digest, the state wiped by final), streaming against one-shot, the public
 * blake2s(), blake2s_init_key/update/final and blake2s_hmac, the rejection
 * of invalid sizes, and libb2 (every outlen and keylen) and OpenSSL
 * (BLAKE2S-256, BLAKE2SMAC, HMAC-BLAKE2s) as oracles. Input format:
 * fuzz/README.md.
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

static struct {
	struct fuzz_layout layout;
	uint8_t pattern, key_pattern;
	size_t len, outlen, keylen, hmac_keylen;
	struct fuzz_splits splits;
	uint8_t key[BLAKE2S_KEY_SIZE + 1];
	uint8_t hmac_key[MAX_HMAC_KEY];
} P;

static uint8_t msg[FUZZ_MAX_LEN];
static const struct fuzz_layout end_layout;

static void format_params(char *buf, size_t cap)
{
	fuzz_fmt(buf, cap, " len=%zu outlen=%zu keylen=%zu hmac_keylen=%zu pattern=0x%02x"
		 " key_pattern=0x%02x", P.len, P.outlen, P.keylen, P.hmac_keylen, P.pattern,
		 P.key_pattern);
	fuzz_fmt_layout(buf, cap, &P.layout);
	fuzz_fmt_splits(buf, cap, &P.splits);
	fuzz_fmt_hex(buf, cap, "key", P.key, P.keylen);
	fuzz_fmt_hex(buf, cap, "hmac_key", P.hmac_key, P.hmac_keylen);
	fuzz_fmt_hex(buf, cap, "msg", msg, P.len);
}

static void decode(const uint8_t *data, size_t size)
{
	struct fuzz_input in;

	fuzz_input_init(&in, data, size);
	fuzz_read_layout(&in, &P.layout);
	P.pattern = fuzz_byte(&in);
	P.key_pattern = fuzz_byte(&in);
	P.len = fuzz_length(&in, FUZZ_MAX_LEN);
	/* 0 and 33 are invalid: their rejection is checked. */
	P.outlen = (size_t)((fuzz_byte(&in) + 32) % 34);
	P.keylen = fuzz_byte(&in) % 34;
	P.hmac_keylen = fuzz_length(&in, MAX_HMAC_KEY);
	fuzz_read_splits(&in, &P.splits);
	fuzz_fill(&in, P.key, P.keylen, P.key_pattern);
	fuzz_fill(&in, P.hmac_key, P.hmac_keylen, P.key_pattern);
	fuzz_fill(&in, msg, P.len, P.pattern);
}

/* Hashes msg with row impl (NULL: the public update / final), in one update
 * or in the decoded chunks; leaves the state before final in *mid. */
static void hash_with(const char *name, const struct blake2s_impl *impl, bool chunked,
		      uint8_t *digest, struct blake2s_state *mid)
{
	static const struct blake2s_state zero;
	struct blake2s_state *s = (struct blake2s_state *)fuzz_guard_buf(2, sizeof(*s),
									   &end_layout);
	const uint8_t *in = fuzz_guard_copy(0, msg, P.len, &P.layout);
	const uint8_t *key = fuzz_guard_copy(3, P.key, P.keylen, &P.layout);
	uint8_t *out = fuzz_guard_buf(1, P.outlen, &P.layout);
	size_t off = 0;

	if (!blake2s_init_key(s, P.outlen, key, P.keylen))
		fuzz_check_bool(T, name, "spec", "blake2s_init_key accepts valid sizes", false,
				true);
	for (unsigned i = 0; chunked && i < P.splits.n; i++) {
		size_t n = P.splits.chunk[i] < P.len - off ? P.splits.chunk[i] : P.len - off;

		if (impl)
			blake2s_update_with(impl, s, in + off, n);
		else
			blake2s_update(s, in + off, n);
		off += n;
	}
	if (impl)
		blake2s_update_with(impl, s, in + off, P.len - off);
	else
		blake2s_update(s, in + off, P.len - off);
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
			blake2s(out, msg, P.key, P.outlen, P.len, P.keylen), false);
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

static void check_oracles(const uint8_t *ref)
{
	uint8_t out[32];
	const char *why = NULL;

	if (libb2_blake2s(out, P.outlen, msg, P.len, P.key, P.keylen, &why)) {
		fuzz_check(T, blake2s_impls[0].name, "libb2", "digest", ref, out, P.outlen);
		libb2_blake2s_chunked(out, P.outlen, msg, P.len, P.key, P.keylen, P.splits.chunk,
				      P.splits.n, &why);
		fuzz_check(T, blake2s_impls[0].name, "libb2 streamed", "digest", ref, out,
			   P.outlen);
		fuzz_count_compared("libb2", "blake2s (one-shot and streamed)");
	} else {
		fuzz_count_skipped("libb2", why);
	}
	if (openssl_blake2s(out, P.outlen, msg, P.len, P.key, P.keylen, &why)) {
		fuzz_check(T, blake2s_impls[0].name, "openssl", "digest", ref, out, P.outlen);
		fuzz_count_compared("openssl", P.keylen ? "blake2s keyed (BLAKE2SMAC)"
							: "blake2s-256 unkeyed");
	} else {
		fuzz_count_skipped("openssl", why);
	}
}

static void check_hmac(void)
{
	const uint8_t *in = fuzz_guard_copy(0, msg, P.len, &P.layout);
	const uint8_t *key = fuzz_guard_copy(3, P.hmac_key, P.hmac_keylen, &P.layout);
	uint8_t *mac = fuzz_guard_buf(1, BLAKE2S_HASH_SIZE, &P.layout);
	uint8_t out[BLAKE2S_HASH_SIZE];
	const char *why = NULL;

	blake2s_hmac(mac, in, key, P.len, P.hmac_keylen);
	if (openssl_hmac_blake2s(out, msg, P.len, P.hmac_key, P.hmac_keylen, &why)) {
		fuzz_check(T, "blake2s_hmac()", "openssl", "hmac", mac, out, sizeof(out));
		fuzz_count_compared("openssl", "hmac-blake2s");
	} else {
		fuzz_count_skipped("openssl", why);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *gen = blake2s_impls[0].name;
	struct blake2s_state ref_mid, mid;
	uint8_t ref[32], digest[32], *out, *in, *key;

	decode(data, size);
	fuzz_set_params(format_params);
	check_hmac();
	if (P.outlen < 1 || P.outlen > 32 || P.keylen > 32) {
		check_invalid();
		return 0;
	}

	hash_with(gen, &blake2s_impls[0], false, ref, &ref_mid);
	hash_with(gen, &blake2s_impls[0], true, digest, &mid);
	fuzz_check(T, "generic streamed", "generic one-shot", "digest", digest, ref, P.outlen);
	for (size_t i = 1; i < blake2s_nimpls; i++) {
		const struct blake2s_impl *impl = &blake2s_impls[i];

		if (!zinc_cpu_have(impl->features)) {
			fuzz_count_skipped(impl->name, "not usable on this CPU");
			continue;
		}
		hash_with(impl->name, impl, false, digest, &mid);
		fuzz_check(T, impl->name, gen, "digest, one update", digest, ref, P.outlen);
		fuzz_check(T, impl->name, gen, "state before final", &mid, &ref_mid, sizeof(mid));
		hash_with(impl->name, impl, true, digest, &mid);
		fuzz_check(T, impl->name, gen, "digest, streamed", digest, ref, P.outlen);
		fuzz_count_compared(impl->name, "vs generic (one update, streamed, state)");
	}

	hash_with("blake2s_update/final", NULL, true, digest, &mid);
	fuzz_check(T, "blake2s_update/final", gen, "digest, streamed", digest, ref, P.outlen);
	in = fuzz_guard_copy(0, msg, P.len, &P.layout);
	key = fuzz_guard_copy(3, P.key, P.keylen, &P.layout);
	out = fuzz_guard_buf(1, P.outlen, &P.layout);
	fuzz_check_bool(T, "blake2s()", "spec", "valid sizes accepted",
			blake2s(out, in, key, P.outlen, P.len, P.keylen), true);
	fuzz_check(T, "blake2s()", gen, "digest", out, ref, P.outlen);
	fuzz_count_compared("public", "vs generic (one-shot, streamed)");

	check_oracles(ref);
	return 0;
}

void fuzz_list(FILE *o)
{
	fprintf(o, "target blake2s (one update and streamed, keyed, every outlen; HMAC):\n");
	FUZZ_LIST_TABLE(o, blake2s_impls, blake2s_nimpls);
	libb2_list(o, "blake2s, outlen 1..32, keylen 0..32, one-shot and streamed");
	openssl_list(o, "BLAKE2S-256 unkeyed outlen 32, BLAKE2SMAC keyed, HMAC-BLAKE2s-256");
	fprintf(o, "  (libsodium: not an oracle here, it has no BLAKE2s)\n");
}

void fuzz_dispatch(FILE *out)
{
	FUZZ_PRINT_TABLE_HITS(out, "public blake2s calls", blake2s_impls, blake2s_nimpls, blake2s_hits);
}
