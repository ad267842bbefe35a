/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target "curve25519": every usable X25519 backend against the
 * generic one, variable base and base point (output and return value),
 * the public curve25519() and curve25519_generate_public(), which must equal
 * curve25519(s, 9); bit 255 of the point ignored; low-order, non-canonical
 * and twist points; and libsodium, OpenSSL, NSS and BoringSSL as oracles.
 * Input format: fuzz/README.md.
 */
#include <stddef.h>
#include <string.h>

#include "fuzz/guard.h"
#include "fuzz/input.h"
#include "fuzz/oracles/oracles.h"
#include "fuzz/report.h"
#include "lib/common/cpu.h"
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

/* Every oracle first, then each answer compared across all of them
 * (fuzz_check_oracles names every library that disagrees). */
static void check_oracles(const uint8_t ref[N], bool ref_ok, const uint8_t pub[N])
{
	enum { SODIUM, OPENSSL, NSS, BORINGSSL, NORACLES };
	static const char *const names[NORACLES] = {
		"libsodium", "openssl", "nss", "boringssl (fiat-crypto field arithmetic)",
	};
	static const char *const what[NORACLES] = {
		"x25519 (bytes when non-zero, verdict)", "x25519 (bytes when non-zero, verdict)",
		"x25519 (bytes when non-zero, verdict)", "x25519 (bytes always, verdict)",
	};
	uint8_t out[NORACLES][N], base[NORACLES][N], nonzero[NORACLES];
	struct fuzz_answer verdict[NORACLES], x[NORACLES], b[NORACLES];
	/* nz stays as it is when an oracle is compiled out (its stub sets
	 * nothing): false, not an indeterminate bool (UBSan's bool check traps
	 * on the stale byte, as big-endian MIPS showed). */
	bool ran[NORACLES], ran_base[NORACLES], nz = false;
	const char *why[NORACLES] = { NULL }, *why_base = NULL, *refused = NULL;
	const uint8_t ref_nonzero = ref_ok;

	ran[SODIUM] = sodium_x25519(out[SODIUM], &nz, P.scalar, P.point, &why[SODIUM]);
	nonzero[SODIUM] = nz;
	ran_base[SODIUM] = sodium_x25519_base(base[SODIUM], &nz, P.scalar, &why_base);
	ran[OPENSSL] = ran_base[OPENSSL] =
		openssl_x25519(out[OPENSSL], &nz, base[OPENSSL], P.scalar, P.point, &why[OPENSSL]);
	nonzero[OPENSSL] = nz;
	ran[NSS] = ran_base[NSS] = nss_x25519(out[NSS], &nz, &refused, base[NSS], P.scalar,
					      P.point, &why[NSS]);
	nonzero[NSS] = nz;
	if (ran[NSS] && refused) {	/* the base point is still compared */
		ran[NSS] = false;
		why[NSS] = refused;
	}
	ran[BORINGSSL] = ran_base[BORINGSSL] = boringssl_x25519(
		out[BORINGSSL], &nz, base[BORINGSSL], P.scalar, P.point, &why[BORINGSSL]);
	nonzero[BORINGSSL] = nz;
	for (int i = 0; i < NORACLES; i++) {
		verdict[i] = (struct fuzz_answer){ names[i], ran[i] ? &nonzero[i] : NULL };
		/* BoringSSL writes its all-zero result too: its bytes always */
		x[i] = (struct fuzz_answer){ names[i], ran[i] && (nonzero[i] || i == BORINGSSL)
							       ? out[i] : NULL };
		b[i] = (struct fuzz_answer){ names[i], ran_base[i] ? base[i] : NULL };
		if (ran[i])
			fuzz_count_compared(names[i], what[i]);
		else
			fuzz_count_skipped(names[i], why[i]);
		if (ran_base[i])
			fuzz_count_compared(names[i], "x25519 base point");
		else if (i == SODIUM)
			fuzz_count_skipped(names[i], why_base);
	}
	fuzz_check_oracles(T, "curve25519-generic", "non-zero result (libsodium 0, openssl and "
			   "nss derive ok, boringssl 1)", &ref_nonzero, 1, verdict, NORACLES);
	fuzz_check_oracles(T, "curve25519-generic", "x25519", ref, N, x, NORACLES);
	fuzz_check_oracles(T, "curve25519-generic", "x25519 base point", pub, N, b, NORACLES);
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct curve25519_impl *gen = &curve25519_impls[0];
	uint8_t ref[N], pub[N], out[N], flipped[N];
	bool ref_ok, pub_ok, ok;

	decode(data, size);
	fuzz_set_params(format_params);
	memcpy(flipped, P.point, N);
	flipped[31] ^= 0x80;

	ref_ok = mult(gen, ref, P.point);
	fuzz_check_bool(T, gen->name, "spec", "returns false exactly on an all-zero result",
			ref_ok, !all_zero(ref));
	pub_ok = mult(gen, pub, NULL);
	ok = mult(gen, out, base_point);
	fuzz_check(T, "generate_public", "curve25519(s, 9)", gen->name, pub, out, N);
	fuzz_check_bool(T, "generate_public", "curve25519(s, 9)", gen->name, pub_ok, ok);
	ok = mult(gen, out, flipped);
	fuzz_check(T, "point with bit 255 flipped", "point", gen->name, out, ref, N);
	fuzz_check_bool(T, "point with bit 255 flipped", "point", gen->name, ok, ref_ok);

	for (size_t i = 1; i < curve25519_nimpls; i++) {
		const struct curve25519_impl *impl = &curve25519_impls[i];

		if (!zinc_cpu_have(impl->features)) {
			fuzz_count_skipped(impl->name, "not usable on this CPU");
			continue;
		}
		ok = mult(impl, out, P.point);
		fuzz_check(T, impl->name, gen->name, "x25519", out, ref, N);
		fuzz_check_bool(T, impl->name, gen->name, "x25519 return value", ok, ref_ok);
		ok = mult(impl, out, flipped);
		fuzz_check(T, impl->name, gen->name, "x25519, bit 255 flipped", out, ref, N);
		fuzz_check_bool(T, impl->name, gen->name, "x25519 return value, bit 255 flipped",
				ok, ref_ok);
		ok = mult(impl, out, NULL);
		fuzz_check(T, impl->name, gen->name, "generate_public", out, pub, N);
		fuzz_check_bool(T, impl->name, gen->name, "generate_public return value", ok,
				pub_ok);
		fuzz_count_compared(impl->name, "vs generic (variable base, bit 255, base point)");
	}

	ok = mult(NULL, out, P.point);
	fuzz_check(T, "curve25519()", gen->name, "x25519", out, ref, N);
	fuzz_check_bool(T, "curve25519()", gen->name, "x25519 return value", ok, ref_ok);
	ok = mult(NULL, out, NULL);
	fuzz_check(T, "curve25519_generate_public()", gen->name, "generate_public", out, pub, N);
	fuzz_check_bool(T, "curve25519_generate_public()", gen->name, "return value", ok, pub_ok);
	check_clamp();
	fuzz_count_compared("public", "vs generic (curve25519, generate_public, clamp)");

	check_oracles(ref, ref_ok, pub);
	return 0;
}

void fuzz_list(FILE *o)
{
	fprintf(o, "target curve25519 (variable base, base point, bit 255, low-order points):\n");
	FUZZ_LIST_TABLE(o, curve25519_impls, curve25519_nimpls);
	sodium_list(o, "crypto_scalarmult_curve25519 (-1 = all-zero), _base");
	openssl_list(o, "X25519 EVP_PKEY_derive (error = all-zero), raw public key");
	nss_list(o, "ECDH PK11_PubDeriveWithKDF with a PKCS #8 scalar (error = all-zero, "
		 "refused small-order encodings not compared), and with u = 9");
	boringssl_list(o, "X25519 (all-zero = 0), X25519_public_from_private");
}

void fuzz_dispatch(FILE *out)
{
	FUZZ_PRINT_TABLE_HITS(out, "public curve25519 calls", curve25519_impls, curve25519_nimpls, curve25519_hits);
}
