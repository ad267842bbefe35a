/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target "curve25519_field": the field arithmetic mod p = 2^255 - 19
 * of every X25519 row, one step at a time (docs/DESIGN.md section 5, state-level
 * targets). A carry that goes wrong for one limb state in 2^20 or rarer
 * is out of reach of whole-ladder fuzzing; here the input chooses the limb
 * state directly, biased to the edges of the bounds each row documents
 * (curve25519.h: "carried" and "loose", and a step's wider input bounds
 * where a row states them): limbs at their maximum, at zero,
 * at their negative maximum for signed rows, 2^k - 1, and whole values near
 * 0, p, 2p, 2^254, 2^255 and 2^256.
 *
 * For each input, one operation (add, sub, mul, sq, mul_a24, invert,
 * frombytes, tobytes, ladder_step, with or without its swap) runs on every
 * usable row with operands built in that row's limb form, and its result
 * is checked three ways:
 *   - the output limbs are within the row's stated output bounds;
 *   - tobytes of the output equals OpenSSL BIGNUM's result mod p;
 *   - it equals row 0 (curve25519-generic32) run on the same values.
 * Input format: fuzz/README.md.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "fuzz/input.h"
#include "fuzz/oracles/oracles.h"
#include "fuzz/report.h"
#include "lib/common/cpu.h"
#include "lib/curve25519/curve25519.h"

const char fuzz_target_name[] = "curve25519_field";
#define T fuzz_target_name

enum { MAX_LIMBS = 16, NOPERANDS = 5, LIMB_SELS = 10 };

enum field_op {
	OP_ADD, OP_SUB, OP_MUL, OP_SQ, OP_MUL_A24, OP_INVERT, OP_FROMBYTES, OP_TOBYTES,
	OP_LADDER_STEP, NOPS
};

/* Operands, their bound class, the output's bound class, the oracle op. */
static const struct {
	const char *name;
	int nin, nout;
	bool in_carried, out_carried;
	enum oracle_fe_op oracle;
} op_info[NOPS] = {
	[OP_ADD] = { "add", 2, 1, true, false, ORACLE_FE_ADD },
	[OP_SUB] = { "sub", 2, 1, true, false, ORACLE_FE_SUB },
	[OP_MUL] = { "mul", 2, 1, false, true, ORACLE_FE_MUL },
	[OP_SQ] = { "sq", 1, 1, false, true, ORACLE_FE_SQ },
	[OP_MUL_A24] = { "mul_a24", 1, 1, false, true, ORACLE_FE_MUL_A24 },
	[OP_INVERT] = { "invert", 1, 1, false, true, ORACLE_FE_INVERT },
	[OP_FROMBYTES] = { "frombytes", 0, 1, false, true, ORACLE_FE_REDUCE },
	[OP_TOBYTES] = { "tobytes", 1, 0, false, false, ORACLE_FE_REDUCE },
	[OP_LADDER_STEP] = { "ladder_step", 5, 4, true, true, ORACLE_FE_LADDER_STEP },
};

/* One operand's recipe: shape, PRNG seed, one selector per limb. */
struct operand {
	uint8_t shape;
	uint64_t seed;
	uint8_t sel[LIMB_SELS];
};

static struct {
	enum field_op op;
	struct operand opnd[NOPERANDS];
	uint8_t bytes[32];
	/* The row being checked and its operand limbs, for the diagnosis. */
	const char *row;
	unsigned int nlimbs;
	uint64_t limbs[NOPERANDS][MAX_LIMBS];
} P;

/* An element of any row: at most 64 bytes (curve25519.h). */
typedef union {
	uint64_t w[8];
	uint8_t b[64];
} elem;

static void format_params(char *buf, size_t cap)
{
	fuzz_fmt(buf, cap, " op=%s row=%s", op_info[P.op].name, P.row ? P.row : "-");
	if (P.op == OP_LADDER_STEP)
		fuzz_fmt(buf, cap, " swap=%u", P.bytes[0] & 1);
	if (P.op == OP_FROMBYTES)
		fuzz_fmt_hex(buf, cap, "bytes", P.bytes, 32);
	for (int k = 0; k < op_info[P.op].nin; k++) {
		fuzz_fmt(buf, cap, "\n  operand %d (shape 0x%02x) limbs:", k, P.opnd[k].shape);
		for (unsigned int i = 0; i < P.nlimbs; i++)
			fuzz_fmt(buf, cap, " %016llx", (unsigned long long)P.limbs[k][i]);
	}
}

static void decode(const uint8_t *data, size_t size)
{
	struct fuzz_input in;

	fuzz_input_init(&in, data, size);
	P.op = (enum field_op)(fuzz_byte(&in) % NOPS);
	for (int k = 0; k < NOPERANDS; k++) {
		uint8_t seed[8];

		P.opnd[k].shape = fuzz_byte(&in);
		fuzz_bytes(&in, seed, 8);
		memcpy(&P.opnd[k].seed, seed, 8);
		fuzz_bytes(&in, P.opnd[k].sel, LIMB_SELS);
	}
	fuzz_bytes(&in, P.bytes, 32);
}

/* splitmix64, for the random parts of an operand. */
static uint64_t next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* A random value in [0, max]. */
static uint64_t below(uint64_t *s, uint64_t max)
{
	uint64_t r = next(s);

	return max == UINT64_MAX ? r : r % (max + 1);
}

/*
 * One limb within [-max, max] (signed rows) or [0, max], from selector c
 * (k = c >> 3): 0 max; 1 max - k; 2 k; 3 2^(k+1) - 1 (at most max);
 * 4, 5 random; 6 -max (signed) or random low k bits; 7 -(random).
 */
static uint64_t limb(uint8_t c, uint64_t max, bool is_signed, uint64_t *s)
{
	uint64_t k = c >> 3, v;

	switch (c & 7) {
	case 0: return max;
	case 1: return k <= max ? max - k : 0;
	case 2: return k <= max ? k : max;
	case 3:
		v = k >= 63 ? UINT64_MAX : ((uint64_t)2 << k) - 1;
		return v <= max ? v : max;
	case 6:
		if (is_signed)
			return 0 - max;
		v = next(s) & (k >= 63 ? UINT64_MAX : ((uint64_t)1 << (k + 1)) - 1);
		return v <= max ? v : max;
	case 7:
		v = below(s, max);
		return is_signed ? 0 - v : v;
	default:
		return below(s, max);
	}
}

static bool in_bounds(const struct curve25519_field_ops *F, const uint64_t *bound,
		      const uint64_t *limbs)
{
	for (unsigned int i = 0; i < F->nlimbs; i++) {
		if (F->is_signed) {
			int64_t v = (int64_t)limbs[i];

			if (v > (int64_t)bound[i] || v < -(int64_t)bound[i])
				return false;
		} else if (limbs[i] > bound[i]) {
			return false;
		}
	}
	return true;
}

/* 2^255 - 19 as four 64-bit words. */
static const uint64_t P25519[4] = { 0xffffffffffffffedull, ~0ull, ~0ull, 0x7fffffffffffffffull };

/* a + b + *carry, the carry out (0 or 1, as *carry is) in *carry: 64-bit
 * words without __int128, which 32-bit targets lack. */
static uint64_t add_carry(uint64_t a, uint64_t b, uint64_t *carry)
{
	uint64_t s = a + b, t = s + *carry;

	*carry = (s < a) | (t < s);
	return t;
}

/* a - b - *borrow, the borrow out (0 or 1) in *borrow. */
static uint64_t sub_borrow(uint64_t a, uint64_t b, uint64_t *borrow)
{
	uint64_t d = a - b, t = d - *borrow;

	*borrow = (a < b) | (d < *borrow);
	return t;
}

/* v -= p while v >= p (v < 2^256: at most three times). */
static void reduce_p(uint64_t v[4])
{
	for (int n = 0; n < 3; n++) {
		uint64_t d[4], borrow = 0;

		for (int i = 0; i < 4; i++)
			d[i] = sub_borrow(v[i], P25519[i], &borrow);
		if (borrow)
			return;
		memcpy(v, d, sizeof(d));
	}
}

/* Bits [lo, lo + n) of the 256-bit v (n <= 64; bits past 255 are 0). */
static uint64_t bits(const uint64_t v[4], unsigned int lo, unsigned int n)
{
	unsigned int w = lo / 64, b = lo % 64;
	uint64_t r;

	if (w >= 4)
		return 0;
	r = v[w] >> b;
	if (b && w + 1 < 4)
		r |= v[w + 1] << (64 - b);
	return n >= 64 ? r : r & (((uint64_t)1 << n) - 1);
}

/* The 256-bit v in the row's limbs: limb i takes the bits up to limb i + 1
 * (the top limb all the rest); signed rows then balance each limb into
 * [-2^(n-1), 2^(n-1)). */
static void split(const struct curve25519_field_ops *F, const uint64_t v[4], uint64_t *limbs)
{
	unsigned int n = F->nlimbs;

	for (unsigned int i = 0; i < n; i++) {
		unsigned int width = i + 1 < n ? F->shift[i + 1] - F->shift[i] : 256 - F->shift[i];

		limbs[i] = bits(v, F->shift[i], width);
	}
	if (!F->is_signed)
		return;
	for (unsigned int i = 0; i + 1 < n; i++) {
		unsigned int width = F->shift[i + 1] - F->shift[i];

		if (limbs[i] >> (width - 1)) {
			limbs[i] -= (uint64_t)1 << width;
			limbs[i + 1]++;
		}
	}
}

/*
 * A whole value near a boundary: base + delta mod 2^256, base one of 0, p,
 * 2p, 2^254, 2^255, 2^128, delta a signed byte of the seed (so base 0 also
 * gives values just below 2^256). In the row's limbs within bound; if they
 * do not fit, the same value mod p, and for a signed row whose top limb is
 * still too large, that limb less 2^(255 - its shift) and 19 more in limb 0
 * (the same value mod p).
 */
static void whole_value(const struct curve25519_field_ops *F, const uint64_t *bound,
			const struct operand *o, uint64_t *limbs)
{
	uint64_t v[4] = { 0 }, s = o->seed, carry = 0;
	int64_t delta = (int8_t)(o->seed & 0xff);
	unsigned int top = F->nlimbs - 1;

	switch ((o->shape >> 2) % 7) {
	case 1: memcpy(v, P25519, sizeof(v)); break;
	case 2:
		memcpy(v, P25519, sizeof(v));
		for (int i = 3; i > 0; i--)
			v[i] = v[i] << 1 | v[i - 1] >> 63;
		v[0] <<= 1;
		break;
	case 3: v[3] = (uint64_t)1 << 62; break;
	case 4: v[3] = (uint64_t)1 << 63; break;
	case 5: v[2] = 1; break;
	case 6:		/* random, any 256 bits */
		for (int i = 0; i < 4; i++)
			v[i] = next(&s);
		delta = 0;
		break;
	default: break;
	}
	/* v + delta, delta sign-extended to 256 bits (mod 2^256) */
	v[0] = add_carry(v[0], (uint64_t)delta, &carry);
	for (int i = 1; i < 4; i++)
		v[i] = add_carry(v[i], delta < 0 ? UINT64_MAX : 0, &carry);
	split(F, v, limbs);
	if (in_bounds(F, bound, limbs))
		return;
	reduce_p(v);
	split(F, v, limbs);
	if (F->is_signed && !in_bounds(F, bound, limbs)) {
		limbs[top] -= (uint64_t)1 << (255 - F->shift[top]);
		limbs[0] += 19;
	}
}

static void build(const struct curve25519_field_ops *F, const uint64_t *bound,
		  const struct operand *o, uint64_t *limbs)
{
	uint64_t s = o->seed;

	if ((o->shape & 3) == 3) {
		whole_value(F, bound, o, limbs);
	} else {
		for (unsigned int i = 0; i < F->nlimbs; i++)
			limbs[i] = limb(o->sel[i % LIMB_SELS], bound[i], F->is_signed, &s);
	}
	if (!in_bounds(F, bound, limbs)) {
		/* A whole value whose folded form still does not fit (limb 0
		 * pushed over its bound by the fold): zero instead, counted. */
		memset(limbs, 0, F->nlimbs * sizeof(*limbs));
		fuzz_count_skipped(P.row, "whole value not representable within the bounds: 0 used");
	}
}

/* The signed integer sum limbs[i] * 2^shift[i], for the oracle. */
static void value(const struct curve25519_field_ops *F, const uint64_t *limbs,
		  uint64_t w[ORACLE_FE_WORDS])
{
	memset(w, 0, ORACLE_FE_WORDS * sizeof(w[0]));
	for (unsigned int i = 0; i < F->nlimbs; i++) {
		uint64_t term[ORACLE_FE_WORDS] = { 0 }, fill = 0, carry = 0;
		unsigned int at = F->shift[i] / 64, b = F->shift[i] % 64;

		if (F->is_signed && (int64_t)limbs[i] < 0)
			fill = UINT64_MAX;
		for (unsigned int j = at; j < ORACLE_FE_WORDS; j++)
			term[j] = fill;
		term[at] = limbs[i] << b;
		if (at + 1 < ORACLE_FE_WORDS)
			term[at + 1] = b ? (limbs[i] >> (64 - b)) | (fill << b) : fill;
		for (unsigned int j = 0; j < ORACLE_FE_WORDS; j++)
			w[j] = add_carry(w[j], term[j], &carry);
	}
}

static void run_op(const struct curve25519_field_ops *F, enum field_op op, elem out[4],
		   elem in[NOPERANDS], const uint8_t bytes[32])
{
	switch (op) {
	case OP_ADD: F->add(out[0].b, in[0].b, in[1].b); break;
	case OP_SUB: F->sub(out[0].b, in[0].b, in[1].b); break;
	case OP_MUL: F->mul(out[0].b, in[0].b, in[1].b); break;
	case OP_SQ: F->sq(out[0].b, in[0].b); break;
	case OP_MUL_A24: F->mul_a24(out[0].b, in[0].b); break;
	case OP_INVERT: F->invert(out[0].b, in[0].b); break;
	case OP_FROMBYTES: F->frombytes(out[0].b, bytes); break;
	case OP_TOBYTES: break;
	case OP_LADDER_STEP:
		for (int i = 0; i < 4; i++)
			out[i] = in[i];
		F->ladder_step(out[0].b, out[1].b, out[2].b, out[3].b, in[4].b, bytes[0] & 1);
		break;
	case NOPS: break;
	}
}

/* The operation on row 0 (generic), on the canonical values of the row
 * under test's operands. */
static void generic_result(enum field_op op, uint8_t res[4][32], uint8_t canon[NOPERANDS][32])
{
	const struct curve25519_field_ops *G = curve25519_impls[0].field;
	elem in[NOPERANDS], out[4];

	for (int k = 0; k < op_info[op].nin; k++)
		G->frombytes(in[k].b, canon[k]);
	run_op(G, op, out, in, P.bytes);
	for (int i = 0; i < op_info[op].nout; i++)
		G->tobytes(res[i], out[i].b);
}

/* Operand k's bounds for op: a step's x2, z2, x3, z3 at the row's step_in
 * where it has them. */
static const uint64_t *in_bound(const struct curve25519_field_ops *F, enum field_op op, int k)
{
	if (op == OP_LADDER_STEP && k < 4 && F->step_in)
		return F->step_in;
	return op_info[op].in_carried ? F->carried : F->loose;
}

static void check_row(const struct curve25519_impl *impl)
{
	const struct curve25519_field_ops *F = impl->field;
	enum field_op op = P.op;
	int nin = op_info[op].nin, nout = op_info[op].nout;
	elem in[NOPERANDS], out[4];
	uint64_t words[NOPERANDS][ORACLE_FE_WORDS], outl[MAX_LIMBS];
	uint8_t canon[NOPERANDS][32], res[4][32], want[4][32], gen[4][32];
	const char *why = NULL;
	char what[96];
	bool have;

	P.row = impl->name;
	P.nlimbs = F->nlimbs;
	for (int k = 0; k < nin; k++) {
		build(F, in_bound(F, op, k), &P.opnd[k], P.limbs[k]);
		F->load(in[k].b, P.limbs[k]);
		value(F, P.limbs[k], words[k]);
		F->tobytes(canon[k], in[k].b);
	}
	if (op == OP_FROMBYTES) {
		memcpy(words[0], P.bytes, 32);
		words[0][3] &= ~((uint64_t)1 << 63);
		words[0][4] = words[0][5] = 0;
	}
	run_op(F, op, out, in, P.bytes);

	if (op == OP_TOBYTES) {
		memcpy(res[0], canon[0], 32);
		nout = 1;
	}
	for (int i = 0; i < op_info[op].nout; i++) {
		F->store(outl, out[i].b);
		snprintf(what, sizeof(what), "%s output %d within the %s bounds", op_info[op].name,
			 i, op_info[op].out_carried ? "carried" : "loose");
		fuzz_check_bool(T, impl->name, "its stated bounds", what,
				in_bounds(F, op_info[op].out_carried ? F->carried : F->loose, outl),
				true);
		F->tobytes(res[i], out[i].b);
	}

	if (op == OP_LADDER_STEP && (P.bytes[0] & 1)) {
		/* swap = 1: the oracle steps the swapped points (x3, z3, x2, z2) */
		uint64_t t[2][ORACLE_FE_WORDS];

		memcpy(t, words[0], sizeof(t));
		memcpy(words[0], words[2], sizeof(t));
		memcpy(words[2], t, sizeof(t));
	}
	have = ORACLE_CALL(&oracle_openssl, fe, &why, op_info[op].oracle, want,
			   (const uint64_t(*)[ORACLE_FE_WORDS])words);
	if (have)
		fuzz_count_compared("openssl", "field ops (BIGNUM mod p)");
	else
		fuzz_count_skipped("openssl", why);
	/* The generic row on the same values votes too, unless this is the
	 * generic row (the same code) or tobytes (it takes canonical bytes). */
	if (op != OP_TOBYTES && impl != &curve25519_impls[0])
		generic_result(op, gen, canon);
	for (int i = 0; i < nout; i++) {
		static struct fuzz_ballot b;

		snprintf(what, sizeof(what), "%s, output %d (canonical bytes)", op_info[op].name, i);
		fuzz_ballot_open(&b, what, 32);
		fuzz_vote(&b, impl->name, res[i]);
		if (op != OP_TOBYTES && impl != &curve25519_impls[0])
			fuzz_vote(&b, "curve25519-generic on the same values", gen[i]);
		if (have)
			fuzz_vote_other(&b, "openssl BIGNUM", want[i]);
		if (b.n == 2)	/* no third to vote: the row is checked against the other */
			fuzz_check(T, impl->name, b.who[1], what, res[i], have ? want[i] : gen[i],
				   32);
		fuzz_judge(T, &b);
	}
	if (op == OP_TOBYTES)
		fuzz_count_skipped(impl->name, "tobytes vs generic (generic takes canonical bytes)");
	else if (impl != &curve25519_impls[0])
		fuzz_count_compared(impl->name, "field ops vs generic (canonical bytes) and bounds");
}

/* The generic row last: its ballots have no generic vote of their own, so
 * a bug there is named by the other rows' ballots first. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	decode(data, size);
	P.row = NULL;
	fuzz_set_params(format_params);
	for (size_t k = 1; k <= curve25519_nimpls; k++) {
		const struct curve25519_impl *impl = &curve25519_impls[k % curve25519_nimpls];

		if (fuzz_row_runs(impl->name, impl->features, impl->field, "no field ops table"))
			check_row(impl);
	}
	return 0;
}

void fuzz_list(FILE *o)
{
	fprintf(o, "target curve25519_field (add, sub, mul, sq, mul_a24, invert, frombytes, "
		   "tobytes, ladder_step on limb states at each row's bounds):\n");
	FUZZ_LIST_TABLE(o, curve25519_impls, curve25519_nimpls);
	oracles_list(o, "fe: OpenSSL's BIGNUM arithmetic mod 2^255 - 19");
}

void fuzz_dispatch(FILE *out)
{
	fprintf(out, "curve25519_field: no public functions (rows' field ops only)\n");
}
