/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target "poly1305_state": every Poly1305 row started from accumulator
 * states that whole messages cannot reach (docs/DESIGN.md section 5). Each row's
 * form and limb bounds come from its struct poly1305_test
 * (lib/poly1305/poly1305.h); limbs are read from the input biased to those
 * bounds (the bound itself, just under it, all-ones bit runs, 0). For every
 * usable row:
 *   step:  set h, run blocks() over 1..40 blocks (a vector row takes its
 *          vector path from 24 blocks for poly1305-avx2 and
 *          poly1305-avx512ifma, 32 for poly1305-avx512, 16 for
 *          poly1305-neon (24 for 32-bit ARM's), or from 8 (16:
 *          poly1305-avx512, 4: 32-bit ARM's poly1305-neon) when a first
 *          call of the same key
 *          computed its powers of r ("warm"), converting h into lanes and
 *          back), read h:
 *          its limbs within the row's bounds, its value = the same steps
 *          computed with OpenSSL BN_* mod 2^130 - 5; then emit() from it;
 *   emit:  set h, emit() = ((h mod p) + s) mod 2^128 by BN;
 *   lanes: (rows with vector lanes) set the lanes, run 0..3 more groups of
 *          blocks and the fold back to h: bounds and value by BN.
 * Without OpenSSL (the MSan build) the values are not compared, only the
 * bounds, and --stats says so. Input format: fuzz/README.md.
 */
#include <string.h>

#include "fuzz/input.h"
#include "fuzz/oracles/oracles.h"
#include "fuzz/report.h"
#include "lib/common/cpu.h"
#include "lib/poly1305/poly1305.h"

const char fuzz_target_name[] = "poly1305_state";
#define T fuzz_target_name

/* Lane limbs: up to 40 (8 lanes of 5 for poly1305-avx512); the bytes of the
 * first 20 come before the message and those of the rest after it, so
 * inputs written for 20 limbs decode as they did. */
enum {
	MAX_BLOCKS = 40, WARM_LEN = 512, H_BYTES = 5 * 9, MAX_LANE_LIMBS = 40,
	LANE_BYTES = MAX_LANE_LIMBS * 9, LANE_BYTES_FIRST = 20 * 9, MAX_LANES = 8, NUM = 17
};

static struct {
	uint8_t flags, key_pattern, msg_pattern;
	unsigned nblocks, ngroups;
	uint32_t padbit;
	uint8_t key[POLY1305_KEY_SIZE];
	uint8_t h_bytes[H_BYTES], lane_bytes[LANE_BYTES];
	uint8_t msg[MAX_BLOCKS * 16];
} P;

/* The row under test and its limbs, for the diagnosis. */
static const char *cur_row = "";
static uint64_t cur_limbs[MAX_LANE_LIMBS];
static unsigned cur_nlimbs;

static void format_params(char *buf, size_t cap)
{
	fuzz_fmt(buf, cap, " row=%s blocks=%u groups=%u padbit=%u limbs=", cur_row, P.nblocks,
		 P.ngroups, P.padbit);
	for (unsigned i = 0; i < cur_nlimbs; i++)
		fuzz_fmt(buf, cap, "%s%#llx", i ? "," : "", (unsigned long long)cur_limbs[i]);
	fuzz_fmt_hex(buf, cap, "key", P.key, sizeof(P.key));
	fuzz_fmt_hex(buf, cap, "msg", P.msg, 16 * P.nblocks);
}

static void decode(const uint8_t *data, size_t size)
{
	struct fuzz_input in;

	fuzz_input_init(&in, data, size);
	P.flags = fuzz_byte(&in);
	P.padbit = P.flags & 1;
	P.nblocks = 1 + fuzz_byte(&in) % MAX_BLOCKS;
	P.ngroups = fuzz_byte(&in) % 4;
	P.key_pattern = fuzz_byte(&in);
	P.msg_pattern = fuzz_byte(&in);
	fuzz_fill(&in, P.key, sizeof(P.key), P.key_pattern);
	/* r with every bit the clamp allows: the largest products. */
	if (P.flags & 2)
		memset(P.key, 0xff, 16);
	fuzz_bytes(&in, P.h_bytes, sizeof(P.h_bytes));
	fuzz_bytes(&in, P.lane_bytes, LANE_BYTES_FIRST);
	fuzz_fill(&in, P.msg, sizeof(P.msg), P.msg_pattern);
	fuzz_bytes(&in, P.lane_bytes + LANE_BYTES_FIRST, LANE_BYTES - LANE_BYTES_FIRST);
}

/*
 * One limb <= max from the input: 9 bytes, a selector and 8 bytes of value.
 * Every row reads its limbs from the same bytes, so the decoding does not
 * depend on which rows the CPU has.
 */
static uint64_t read_limb(struct fuzz_input *in, uint64_t max)
{
	uint8_t sel = fuzz_byte(in);
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v |= (uint64_t)fuzz_byte(in) << (8 * i);
	switch (sel % 8) {
	case 0:
	case 1:
		return max;
	case 2:
		return max - (v & 0xff) * (max >= 0xff); /* just under the bound */
	case 3:
		return 0;
	case 4: /* a run of ones */
		v = (v & 63) == 0 ? UINT64_MAX : (1ull << (v & 63)) - 1;
		return v <= max ? v : max;
	default:
		return max == UINT64_MAX ? v : v % (max + 1);
	}
}

static void read_limbs(const uint8_t *bytes, size_t nbytes, const struct poly1305_form *f,
		       unsigned count, uint64_t *limbs)
{
	struct fuzz_input in;

	fuzz_input_init(&in, bytes, nbytes);
	for (unsigned k = 0; k < count; k++)
		limbs[k] = read_limb(&in, f->max[k / (count / f->n)]);
}

/* ---- integers below 2^136 as 17 little-endian bytes ---- */

static void num_zero(uint8_t x[NUM])
{
	memset(x, 0, NUM);
}

/* x += v 2^shift (the sum stays below 2^136). */
static void num_add_shifted(uint8_t x[NUM], uint64_t v, unsigned shift)
{
	unsigned carry = 0;

	for (int i = 0; i < NUM; i++) {
		int lo = 8 * i - (int)shift; /* the bit of v at bit 0 of byte i */
		unsigned byte = lo <= -8 || lo >= 64 ? 0
				: lo < 0	     ? (unsigned)(v << -lo) & 0xff
						     : (unsigned)(v >> lo) & 0xff;

		carry += x[i] + byte;
		x[i] = (uint8_t)carry;
		carry >>= 8;
	}
}

/* The value of limbs in form f (weights 2^(bits * i)). */
static void num_of(uint8_t x[NUM], const uint64_t *limbs, unsigned n, unsigned bits)
{
	num_zero(x);
	for (unsigned i = 0; i < n; i++)
		num_add_shifted(x, limbs[i], bits * i);
}

static void num_of_le(uint8_t x[NUM], const uint8_t *bytes, size_t n)
{
	num_zero(x);
	memcpy(x, bytes, n);
}

/* out = (a b + c) mod p by BN (OpenSSL's, the one oracle with a
 * poly1305_muladd); false when it is not built in. */
static bool bn_muladd(uint8_t out[NUM], const uint8_t a[NUM], const uint8_t b[NUM],
		      const uint8_t c[NUM])
{
	const char *why = NULL;

	if (ORACLE_CALL(&oracle_openssl, poly1305_muladd, &why, out, a, b, c))
		return true;
	fuzz_count_skipped("BN", why);
	return false;
}

/* The clamped r (RFC 8439 section 2.5). */
static void clamped_r(uint8_t r[NUM])
{
	static const uint8_t clamp[16] = { 0xff, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f,
					   0xfc, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f };

	num_zero(r);
	for (int i = 0; i < 16; i++)
		r[i] = P.key[i] & clamp[i];
}

/* e = (e + block k + pad 2^128) r for the first n blocks of msg. */
static bool bn_blocks(uint8_t e[NUM], const uint8_t *msg, unsigned n, uint32_t padbit)
{
	uint8_t r[NUM], m[NUM], zero[NUM] = { 0 };

	clamped_r(r);
	for (unsigned k = 0; k < n; k++) {
		num_of_le(m, msg + 16 * k, 16);
		m[16] = (uint8_t)padbit;
		if (!bn_muladd(e, e, r, zero) || !bn_muladd(m, m, r, zero) ||
		    !bn_muladd(e, e, (const uint8_t[NUM]){ 1 }, m))
			return false;
	}
	return true;
}

static void check_bounds(const struct poly1305_impl *impl, const struct poly1305_form *f,
			 const uint64_t *limbs, const char *what)
{
	for (unsigned i = 0; i < f->n; i++)
		if (limbs[i] > f->max[i])
			fuzz_check(T, impl->name, "its documented bound", what, &limbs[i],
				   &f->max[i], sizeof(limbs[i]));
}

/* The row's h, checked against its bounds; its value into x. */
static void read_h(const struct poly1305_impl *impl, void *state, uint8_t x[NUM],
		   const char *what)
{
	const struct poly1305_test *t = impl->test;
	uint64_t limbs[5];

	t->get_h(state, limbs);
	check_bounds(impl, &t->h, limbs, what);
	num_of(x, limbs, t->h.n, t->h.bits);
}

static void check_value(const struct poly1305_impl *impl, const uint8_t got[NUM],
			const uint8_t want[NUM], const char *what)
{
	uint8_t g[NUM], zero[NUM] = { 0 };

	if (!bn_muladd(g, got, (const uint8_t[NUM]){ 1 }, zero))
		return;
	fuzz_check(T, impl->name, "BN", what, g, want, NUM);
	fuzz_count_compared(impl->name, "state-level vs BN");
}

/* emit() from the row's current state must give (want + s) mod 2^128. */
static void check_emit(const struct poly1305_impl *impl, void *state, const uint8_t want[NUM],
		       bool have_want, const char *what)
{
	uint32_t s[4];
	uint8_t mac[16], expect[16];
	unsigned carry = 0;

	memcpy(s, P.key + 16, 16);
	impl->emit(state, mac, s);
	if (!have_want)
		return;
	for (int i = 0; i < 16; i++) {
		carry += want[i] + P.key[16 + i];
		expect[i] = (uint8_t)carry;
		carry >>= 8;
	}
	fuzz_check(T, impl->name, "BN", what, mac, expect, 16);
}

static void start(const struct poly1305_impl *impl, struct poly1305_ctx *ctx,
		  const uint64_t *limbs, unsigned n)
{
	cur_row = impl->name;
	memcpy(cur_limbs, limbs, n * sizeof(*limbs));
	cur_nlimbs = n;
	impl->init(ctx->state.u8, P.key);
}

static void run_step_and_emit(const struct poly1305_impl *impl)
{
	const struct poly1305_test *t = impl->test;
	struct poly1305_ctx ctx;
	uint64_t limbs[5];
	uint8_t h[NUM], e[NUM], got[NUM], zero[NUM] = { 0 };
	bool have;

	read_limbs(P.h_bytes, sizeof(P.h_bytes), &t->h, t->h.n, limbs);
	num_of(h, limbs, t->h.n, t->h.bits);

	/* emit straight from the state set */
	start(impl, &ctx, limbs, t->h.n);
	t->set_h(ctx.state.u8, limbs);
	have = bn_muladd(e, h, (const uint8_t[NUM]){ 1 }, zero);
	check_emit(impl, ctx.state.u8, e, have, "emit from a set state");

	/* blocks, then emit */
	start(impl, &ctx, limbs, t->h.n);
	if (P.flags & 4) {
		static const uint8_t zeros[WARM_LEN];

		impl->blocks(ctx.state.u8, zeros, sizeof(zeros), 1);
	}
	t->set_h(ctx.state.u8, limbs);
	impl->blocks(ctx.state.u8, P.msg, 16 * P.nblocks, P.padbit);
	read_h(impl, ctx.state.u8, got, "h limb after blocks() within the row's bound");
	memcpy(e, h, NUM);
	have = bn_blocks(e, P.msg, P.nblocks, P.padbit);
	if (have)
		check_value(impl, got, e, "h after blocks() from a set state, mod p");
	check_emit(impl, ctx.state.u8, e, have, "emit after blocks() from a set state");
}

/* x = the value of limbs in form (n, bits) mod p, by BN: a lane of
 * radix-2^44 limbs under 2^52 reaches 2^140, past what num_of holds. */
static bool bn_of_limbs(uint8_t x[NUM], const uint64_t *limbs, unsigned n, unsigned bits)
{
	uint8_t w[NUM], l[NUM];

	num_of(x, &limbs[n - 1], 1, 64);
	num_zero(w);
	num_add_shifted(w, 1, bits);
	for (unsigned i = n - 1; i-- > 0;) {
		num_of(l, &limbs[i], 1, 64);
		if (!bn_muladd(x, x, w, l))
			return false;
	}
	return true;
}

/* lanes A_j (j < L), then g groups: A_j = A_j r^L + m_{Lk+j} (pad 1); then
 * h = sum A_j r^(L-j). */
static void run_lanes(const struct poly1305_impl *impl)
{
	const struct poly1305_test *t = impl->test;
	const unsigned L = t->nlanes, count = t->lane.n * L;
	struct poly1305_ctx ctx;
	uint64_t limbs[MAX_LANE_LIMBS], lane_limbs[5];
	uint8_t a[MAX_LANES][NUM], rp[MAX_LANES + 1][NUM], e[NUM], got[NUM], m[NUM],
		zero[NUM] = { 0 };
	bool have = true;

	if (L > MAX_LANES || count > MAX_LANE_LIMBS)
		__builtin_trap(); /* a row wider than this target knows */
	read_limbs(P.lane_bytes, sizeof(P.lane_bytes), &t->lane, count, limbs);
	start(impl, &ctx, limbs, count);
	t->run_lanes(ctx.state.u8, limbs, P.msg, (size_t)16 * L * P.ngroups);
	read_h(impl, ctx.state.u8, got, "h limb after the lanes fold within the row's bound");

	clamped_r(rp[1]);
	num_of(rp[0], (const uint64_t[]){ 1 }, 1, 64);
	for (unsigned k = 2; k <= L && have; k++)
		have = bn_muladd(rp[k], rp[k - 1], rp[1], zero);
	for (unsigned j = 0; j < L && have; j++) {
		for (unsigned i = 0; i < t->lane.n; i++)
			lane_limbs[i] = limbs[L * i + j];
		have = bn_of_limbs(a[j], lane_limbs, t->lane.n, t->lane.bits);
	}
	for (unsigned g = 0; g < P.ngroups && have; g++)
		for (unsigned j = 0; j < L && have; j++) {
			num_of_le(m, P.msg + 16 * (L * g + j), 16);
			m[16] = 1;
			have = bn_muladd(a[j], a[j], rp[L], m);
		}
	num_zero(e);
	for (unsigned j = 0; j < L && have; j++)
		have = bn_muladd(e, a[j], rp[L - j], e);
	if (have)
		check_value(impl, got, e, "h after the lanes fold, mod p");
	check_emit(impl, ctx.state.u8, e, have, "emit after the lanes fold");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	decode(data, size);
	fuzz_set_params(format_params);
	for (size_t i = 0; i < poly1305_nimpls; i++) {
		const struct poly1305_impl *impl = &poly1305_impls[i];

		if (!fuzz_row_runs(impl->name, impl->features, impl->test,
				   "no state-level access (not a ZINC_TESTING build)"))
			continue;
		run_step_and_emit(impl);
		if (impl->test->run_lanes)
			run_lanes(impl);
	}
	return 0;
}

void fuzz_list(FILE *o)
{
	fprintf(o, "target poly1305_state (set h / lanes, blocks, fold, emit; vs BN):\n");
	for (size_t i = 0; i < poly1305_nimpls; i++) {
		const struct poly1305_test *t = poly1305_impls[i].test;

		fuzz_list_row(o, poly1305_impls[i].name, poly1305_impls[i].features);
		if (t)
			fprintf(o, "    h: %u limbs of 2^%u%s\n", t->h.n, t->h.bits,
				t->run_lanes ? ", plus vector lanes" : "");
	}
	fprintf(o, "  BN (OpenSSL): values mod 2^130 - 5; no library oracle takes a state\n");
}

void fuzz_dispatch(FILE *out)
{
	fprintf(out, "poly1305_state: no public functions are called\n");
}
