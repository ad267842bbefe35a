/* SPDX-License-Identifier: MIT */
/*
 * BoringSSL as Debian 12 builds it (android-libboringssl 13.0.0+r24-2,
 * BoringSSL 1530333b) as an X25519 oracle. Its X25519 runs fiat-crypto's
 * generated 64-bit field arithmetic (5 limbs of 51 bits, unsigned __int128
 * products) under a Montgomery ladder, and X25519_public_from_private a
 * different algorithm on the same field code: a fixed-base comb on the
 * Edwards curve (OPENSSL_SMALL's small table), mapped to u = (Z + Y) / (Z - Y).
 * fuzz/README.md, "BoringSSL and fiat-crypto", has the evidence.
 *
 * Loading. The library is /usr/lib/<triple>/android/libcrypto.so.0 (there is
 * no libcrypto.so on the default path for it: the -dev package puts the
 * symlink in android/ too). It exports the same names as OpenSSL's
 * libcrypto.so.3, which the harness links: X25519, CRYPTO_memcmp, the
 * ASN1_*_it tables, ... and calls its own exports through the PLT, so a
 * plain dlopen(RTLD_LOCAL) would bind 84 of its references to OpenSSL's
 * definitions (X25519 itself calls CRYPTO_memcmp for its return value:
 * LD_DEBUG=bindings shows it resolved in libcrypto.so.3). RTLD_DEEPBIND
 * would fix that but every sanitizer runtime refuses it ("RTLD_DEEPBIND flag
 * which is incompatible with sanitizer runtime", then exits). So the library
 * is loaded with dlmopen(LM_ID_NEWLM) into a link-map namespace of its own,
 * where its only dependency, libc.so.6, is a second copy and all its
 * symbols resolve within that namespace; dlsym on the handle gives the three
 * functions used. At load the adapter checks that OpenSSL_version() from
 * that handle says "BoringSSL", so the calls cannot reach OpenSSL 3. A
 * missing library aborts with a message naming the package (as a failed
 * NSS_NoDB_Init does): a build that compiled the adapter in promised it.
 *
 * What it answers:
 * - X25519(out, scalar, point): the RFC 7748 function (clamps the scalar,
 *   masks bit 255 of u, takes non-canonical u as they come), returns 0 for
 *   an all-zero result, which it still writes: the bytes are compared
 *   always, the verdict too.
 * - X25519_public_from_private(pub, scalar): the base point by the Edwards
 *   comb, compared with zinc's generate_public.
 * No point is refused and there is no length or key limit. BoringSSL
 * exports no field operation, so the curve25519_field target has no
 * BoringSSL oracle.
 *
 * -DZINC_PLANT_ORACLE_BORINGSSL makes it answer wrong (one byte of every
 * variable-base result flipped): //fuzz:planted_oracle_boringssl_curve25519_test
 * checks that the diagnosis blames boringssl, not zinc.
 *
 * With -DZINC_NO_BORINGSSL (or -DZINC_NO_ORACLES) oracle_boringssl has no
 * operation and off = ORACLES_OFF (oracles.h), which gives the build's
 * reason, and nothing is loaded. The MSan build, the static arm64 and
 * emulated builds and ci/oss-fuzz/build.sh compile it out, and so does every
 * build for an architecture Debian has no BoringSSL for (arch/<dir>/arch.h
 * names the library where it has one).
 */
#define _GNU_SOURCE
#include "fuzz/oracles/oracles.h"

#include "arch/arch.h"

/* Debian's library for this architecture (arch/<dir>/arch.h), unless the
 * build names another. Where Debian has none (s390x, big-endian MIPS, an
 * architecture arch/arch.h does not know) oracle_boringssl is compiled out. */
#if !defined(ZINC_BORINGSSL_LIB) && defined(ZINC_ARCH_BORINGSSL_LIB)
#define ZINC_BORINGSSL_LIB ZINC_ARCH_BORINGSSL_LIB
#endif
#if !defined(ZINC_NO_BORINGSSL) && !defined(ZINC_BORINGSSL_LIB)
#define ZINC_NO_BORINGSSL
#undef ORACLES_OFF
#define ORACLES_OFF "oracle compiled out (Debian has no BoringSSL for " ZINC_ARCH_NAME ")"
#endif

#ifndef ZINC_NO_BORINGSSL
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

static struct {
	int (*x25519)(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
	void (*public_from_private)(uint8_t out[32], const uint8_t scalar[32]);
	const char *version;
} bssl;

static void *sym(void *h, const char *name)
{
	void *f = dlsym(h, name);

	if (!f) {
		fprintf(stderr, "boringssl oracle: %s has no %s (%s)\n", ZINC_BORINGSSL_LIB, name,
			dlerror());
		abort();
	}
	return f;
}

static void init(void)
{
	const char *(*version)(int);
	void *h;

	if (bssl.x25519)
		return;
	h = dlmopen(LM_ID_NEWLM, ZINC_BORINGSSL_LIB, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fprintf(stderr, "boringssl oracle: cannot load %s (%s); it is Debian's "
			"android-libboringssl package\n", ZINC_BORINGSSL_LIB, dlerror());
		abort();
	}
	version = (const char *(*)(int))sym(h, "OpenSSL_version");
	bssl.version = version(0);	/* OPENSSL_VERSION */
	if (strncmp(bssl.version, "BoringSSL", 9)) {
		fprintf(stderr, "boringssl oracle: %s says it is \"%s\", not BoringSSL\n",
			ZINC_BORINGSSL_LIB, bssl.version);
		abort();
	}
	bssl.public_from_private = (void (*)(uint8_t *, const uint8_t *))
		sym(h, "X25519_public_from_private");
	bssl.x25519 = (int (*)(uint8_t *, const uint8_t *, const uint8_t *))sym(h, "X25519");
}

static void describe(FILE *out)
{
	init();
	fprintf(out, "BoringSSL, Debian's android-libboringssl (%s by dlmopen, OpenSSL_version "
		"\"%s\"), X25519 on fiat-crypto's field arithmetic", ZINC_BORINGSSL_LIB,
		bssl.version);
}

static bool boringssl_x25519(uint8_t out[32], bool *nonzero, const char **refused,
			     uint8_t pub[32], const uint8_t scalar[32], const uint8_t point[32],
			     const char **why)
{
	init();
	*nonzero = bssl.x25519(out, scalar, point) == 1;
#ifdef ZINC_PLANT_ORACLE_BORINGSSL	/* planted bug for the harness's self-test */
	out[9] ^= 0x20;
#endif
	bssl.public_from_private(pub, scalar);
	*refused = NULL;
	return true;
}

const struct zinc_oracle oracle_boringssl = {
	.name = "boringssl",
	.describe = describe,
	.x25519 = boringssl_x25519,
};

#else /* ZINC_NO_BORINGSSL */
const struct zinc_oracle oracle_boringssl = { .name = "boringssl", .off = ORACLES_OFF };
#endif
