/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target "curve25519": every usable X25519 backend, the generic C
 * among them, and libsodium, OpenSSL, NSS and BoringSSL vote on variable
 * base and base point (output and return value); the public curve25519()
 * and curve25519_generate_public() are checked against the verdict, which
 * must equal curve25519(s, 9); bit 255 of the point ignored; low-order,
 * non-canonical and twist points.
 * Input format: fuzz/README.md.
 */
#include <stddef.h>
#include <string.h>

#include "fuzz/guard.h"
#include "fuzz/input.h"
#include "fuzz/oracles/oracles.h"
#include "fuzz/report.h"
#include "lib/curve25519/curve25519.h"

const char fuzz_target_name[] = "curve25519";
#define T fuzz_target_name
#define N CURVE25519_KEY_SIZE

/* u-coordinates of small order (RFC 7748 section 7 discusses them): 0, 1,
 * the two points of order 8, p - 1 (order 2), and p, p + 1 (non-canonical
 * encodings of 0 and 1), little-endian. */
static const uint8_t low_order[][N] = {
	{ 0 },
	{ 1 },
	{ 0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3, 0xfa, 0xf1, 0x9f, 0xc4, 0x6a,
	  0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32, 0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49, 0xb8, 0x00 },
	{ 0x5f, 0x9c, 0x95, 0xbc, 0xa3, 0x50, 0x8c, 0x24, 0xb1, 0xd0, 0xb1, 0x55, 0x9c, 0x83, 0xef, 0x5b,
	  0x04, 0x44, 0x5c, 0xc4, 0x58, 0x1c, 0x8e, 0x86, 0xd8, 0x22, 0x4e, 0xdd, 0xd0, 0x9f, 0x11, 0x57 },
	{ 0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f },
	{ 0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f },
	{ 0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f },
};

static const uint8_t base_point[N] = { 9 };

static struct {
	struct fuzz_layout layout;
	uint8_t scalar_pattern, point_sel;
	uint8_t scalar[N], point[N];
} P;

static void format_params(char *buf, size_t cap)
{
	fuzz_fmt(buf, cap, " scalar_pattern=0x%02x point_sel=0x%02x (mode %u)", P.scalar_pattern,
		 P.point_sel, P.point_sel & 7);
	fuzz_fmt_layout(buf, cap, &P.layout);
	fuzz_fmt_hex(buf, cap, "scalar", P.scalar, N);
	fuzz_fmt_hex(buf, cap, "point", P.point, N);
}

/* The point: raw, or forced into a class the ladder must handle. */
static void shape_point(void)
{
	unsigned k = P.point_sel >> 3;
	uint16_t carry = k % 19;

	switch (P.point_sel & 7) {
	case 1:
		memcpy(P.point, low_order[k % 7], N);
		break;
	case 2: /* p + k, k < 19: non-canonical, below 2^255 */
		memcpy(P.point, low_order[5], N);
		for (int i = 0; i < N && carry; i++) {
			carry += P.point[i];
			P.point[i] = (uint8_t)carry;
			carry >>= 8;
		}
		break;
	case 3: {
		uint8_t raw[N];
		struct fuzz_input in;

		memcpy(raw, P.point, N);
		fuzz_input_init(&in, raw, N);
		fuzz_fill(&in, P.point, N, (uint8_t)k);
		break;
	}
	case 4:
		memcpy(P.point, base_point, N);
		break;
	case 5:
		P.point[31] |= 0x80;
		break;
	case 6:
		memset(P.point, 0xff, N);
		break;
	default:
		break;
	}
}

static void decode(const uint8_t *data, size_t size)
{
	struct fuzz_input in;

	fuzz_input_init(&in, data, size);
	fuzz_read_layout(&in, &P.layout);
	P.scalar_pattern = fuzz_byte(&in);
	P.point_sel = fuzz_byte(&in);
	fuzz_fill(&in, P.scalar, N, P.scalar_pattern);
	fuzz_bytes(&in, P.point, N);
	shape_point();
}

static bool all_zero(const uint8_t *p)
{
	uint8_t acc = 0;

	for (int i = 0; i < N; i++)
		acc |= p[i];
	return !acc;
}

/* Runs impl (NULL: the public functions) on guard-page buffers. */
static bool mult(const struct curve25519_impl *impl, uint8_t res[N], const uint8_t point[N])
{
	const uint8_t *s = fuzz_guard_copy(0, P.scalar, N, &P.layout);
	uint8_t *o = fuzz_guard_buf(1, N, &P.layout);
	bool ok;

	if (point) {
		const uint8_t *p = fuzz_guard_copy(2, point, N, &P.layout);

		ok = impl ? curve25519_with(impl, o, s, p) : curve25519(o, s, p);
	} else {
		ok = impl ? curve25519_generate_public_with(impl, o, s)
			  : curve25519_generate_public(o, s);
	}
	memcpy(res, o, N);
	return ok;
}

/* Every oracle's votes: its bytes (when it gives them: a failed derive
 * leaves them unspecified, but BoringSSL writes its all-zero result), its
 * verdict, and its public key for the scalar. */
static void vote_oracles(struct fuzz_ballot *x, struct fuzz_ballot *verdict,
			 struct fuzz_ballot *base)
{
	uint8_t out[N], pub[N];

	for (unsigned i = 0; i < ZINC_NORACLES; i++) {
		const struct zinc_oracle *o = zinc_oracles[i];
		/* false, not an indeterminate bool, when nothing sets it (UBSan's
		 * bool check traps on a stale byte, as big-endian MIPS showed) */
		bool nz = false;
		const char *why = NULL, *refused = NULL;

		if (!ORACLE_CALL(o, x25519, &why, out, &nz, &refused, pub, P.scalar, P.point)) {
			fuzz_abstain(verdict, o->name, why);
			continue;
		}
		fuzz_vote_other(base, o->name, pub);
		fuzz_count_compared(o->name, "x25519 base point");
		if (refused) {
			fuzz_abstain(verdict, o->name, refused);
			continue;
		}
		fuzz_vote_other_bool(verdict, o->name, nz);
		if (nz || o == &oracle_boringssl)
			fuzz_vote_other(x, o->name, out);
		fuzz_count_compared(o->name, nz || o == &oracle_boringssl
					     ? "x25519 (bytes and verdict)" : "x25519 (verdict)");
	}
}

static void check_clamp(void)
{
	uint8_t s[N], want[N];

	memcpy(s, P.scalar, N);
	memcpy(want, P.scalar, N);
	want[0] &= 248;
	want[31] = (uint8_t)((want[31] & 127) | 64);
	curve25519_clamp_secret(s);
	fuzz_check(T, "curve25519_clamp_secret()", "spec", "clamped secret", s, want, N);
}

/* Every usable row (the generic C among them) and every oracle vote on
 * the result and the verdict of X25519 on the point, and on the public key;
 * the rows also on the point with bit 255 flipped, which must give the
 * same. Then the public functions against the verdict. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fuzz_ballot x, verdict, flip, flip_verdict, base, base_verdict;
	const struct curve25519_impl *gen = &curve25519_impls[0];
	uint8_t ref[N], pub[N], out[N], flipped[N];
	bool ref_ok = false, pub_ok = false, ok;

	decode(data, size);
	fuzz_set_params(format_params);
	memcpy(flipped, P.point, N);
	flipped[31] ^= 0x80;

	fuzz_ballot_open(&x, "x25519", N);
	fuzz_ballot_open(&verdict, "x25519 return value (non-zero result)", 1);
	fuzz_ballot_open(&flip, "x25519, bit 255 flipped", N);
	fuzz_ballot_open(&flip_verdict, "x25519 return value, bit 255 flipped", 1);
	fuzz_ballot_open(&base, "generate_public", N);
	fuzz_ballot_open(&base_verdict, "generate_public return value", 1);
	for (size_t i = 0; i < curve25519_nimpls; i++) {
		const struct curve25519_impl *impl = &curve25519_impls[i];

		if (!fuzz_row_votes(&x, impl->name, impl->features))
			continue;
		ok = mult(impl, i ? out : ref, P.point);
		fuzz_vote(&x, impl->name, i ? out : ref);
		fuzz_vote_bool(&verdict, impl->name, ok);
		ref_ok = i ? ref_ok : ok;
		ok = mult(impl, out, flipped);
		fuzz_vote(&flip, impl->name, out);
		fuzz_vote_bool(&flip_verdict, impl->name, ok);
		ok = mult(impl, i ? out : pub, NULL);
		fuzz_vote(&base, impl->name, i ? out : pub);
		fuzz_vote_bool(&base_verdict, impl->name, ok);
		pub_ok = i ? pub_ok : ok;
		if (i)
			fuzz_count_compared(impl->name, "vs every row (variable base, bit 255, base point)");
	}
	vote_oracles(&x, &verdict, &base);
	fuzz_judge(T, &verdict);
	fuzz_judge(T, &x);
	fuzz_judge(T, &base_verdict);
	fuzz_judge(T, &base);
	fuzz_judge(T, &flip_verdict);
	fuzz_judge(T, &flip);

	fuzz_check_bool(T, "every row", "spec", "returns false exactly on an all-zero result",
			ref_ok, !all_zero(ref));
	fuzz_check(T, "every row, bit 255 flipped", "every row", "x25519", flip.value[0], ref, N);
	ok = mult(gen, out, base_point);
	fuzz_check(T, "curve25519(s, 9) by every row", "generate_public", "generate_public", out,
		   pub, N);
	fuzz_check_bool(T, "curve25519(s, 9) by every row", "generate_public",
			"generate_public return value", ok, pub_ok);

	ok = mult(NULL, out, P.point);
	fuzz_check(T, "curve25519()", "every row", "x25519", out, ref, N);
	fuzz_check_bool(T, "curve25519()", "every row", "x25519 return value", ok, ref_ok);
	ok = mult(NULL, out, NULL);
	fuzz_check(T, "curve25519_generate_public()", "every row", "generate_public", out, pub, N);
	fuzz_check_bool(T, "curve25519_generate_public()", "every row", "return value", ok, pub_ok);
	check_clamp();
	fuzz_count_compared("public", "vs every row (curve25519, generate_public, clamp)");
	return 0;
}

void fuzz_list(FILE *o)
{
	fprintf(o, "target curve25519 (variable base, base point, bit 255, low-order points):\n");
	FUZZ_LIST_TABLE(o, curve25519_impls, curve25519_nimpls);
	oracles_list(o, "x25519: bytes when the library gives them (a failed derive, an all-zero "
		     "result, leaves them unspecified; BoringSSL writes them), verdict unless the "
		     "library refuses the point (NSS: small-order encodings), and the public key");
}

void fuzz_dispatch(FILE *out)
{
	FUZZ_PRINT_TABLE_HITS(out, "public curve25519 calls", curve25519_impls, curve25519_nimpls, curve25519_hits);
}
