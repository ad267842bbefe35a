/* SPDX-License-Identifier: MIT */
/*
 * Constant-time check of every backend row and the public functions, run
 * under valgrind memcheck by ci/ct.sh.
 *
 * The secrets (ChaCha20 keys, Poly1305 keys, BLAKE2s keys, Curve25519
 * scalars and points, plaintexts, and the ciphertext and tag a decryption
 * checks) are marked undefined with VALGRIND_MAKE_MEM_UNDEFINED. Memcheck
 * then reports every conditional branch and every memory address computed
 * from them, with the stack of the instruction. Outputs are declassified
 * (VALGRIND_MAKE_MEM_DEFINED) before they are compared with the generic
 * row's output on the same, defined, inputs. The library itself declassifies
 * only what it may reveal: the verdict of a tag check (ZINC_DECLASSIFY).
 *
 * Every row of every table (lib/<p>/<p>.h) is walked; a row the CPU (or
 * valgrind, which has no AVX-512) cannot run is printed as not checked;
 * --adx-direct calls the BMI2+ADX curve25519 row directly (valgrind hides
 * ADX in its CPUID but executes it).
 * Errors are attributed to a row by valgrind's error count before and after
 * it. --full adds length classes, key sizes and cases. Exit 0 when every
 * checked row is clean, 1 otherwise, 2 when not run under valgrind.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "lib/blake2s/blake2s.h"
#include "lib/blake2s/entries.h"
#include "lib/chacha20/chacha20.h"
#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/chacha20poly1305/entries.h"
#include "lib/common/cpu.h"
#include "lib/curve25519/curve25519.h"
#include "lib/poly1305/entries.h"
#include "lib/poly1305/poly1305.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

enum { MAX_LEN = 4096 + 64, AD_LEN = 13, TAG = CHACHA20POLY1305_AUTHTAG_SIZE };
_Static_assert(MAX_LEN == CHACHA20POLY1305_OPEN_MAX_LEN,
	       "the stitched rows' lengths end in decryption's one pass (lib/chacha20poly1305/sizes.h)");

static bool full;
/* --adx-direct (ci/ct.sh, when the host has BMI2 and ADX): valgrind
 * decodes adcx and adox but its CPUID reports no ADX, so the BMI2+ADX
 * curve25519 row is called directly instead of through usable(). */
static bool adx_direct;
static unsigned n_checked, n_failed, n_skipped;
static char skipped[2048];

static const size_t quick_lens[] = { 0, 1, 16, 17, 64, 65, 256, 513 };
static const size_t full_lens[] = { 0,   1,   15,  16,  17,   31,   32,   33,   63,   64,
				    65,  127, 128, 129, 255,  256,  257,  383,  384,  511,
				    512, 513, 575, 576, 577,  1023, 1024, 1025, 4095, 4096 };
static const size_t *lens;
static size_t nlens;

static uint8_t key[32], key2[32], nonce[24], ad[AD_LEN], msg[MAX_LEN];

/* Reproducible filler (xorshift32). */
static void fill(uint8_t *p, size_t n, uint32_t seed)
{
	uint32_t x = seed * 2654435761u + 1;

	for (size_t i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		p[i] = (uint8_t)x;
	}
}

/* One row (or pair, or API group) being checked. */
struct check {
	char name[96];
	unsigned long errors;
	unsigned calls;
	const char *wrong; /* first output that differed from the generic row */
};

static void begin(struct check *c, const char *fmt, const char *a, const char *b)
{
	snprintf(c->name, sizeof(c->name), fmt, a, b);
	c->errors = VALGRIND_COUNT_ERRORS;
	c->calls = 0;
	c->wrong = NULL;
}

/* Declassifies got and compares it with want. */
static void expect(struct check *c, const char *what, void *got, const void *want, size_t n)
{
	c->calls++;
	PUBLIC(got, n);
	if (n && memcmp(got, want, n) && !c->wrong)
		c->wrong = what;
}

static void end(struct check *c)
{
	unsigned long errors = VALGRIND_COUNT_ERRORS - c->errors;

	if (errors || c->wrong) {
		n_failed++;
		printf("FAIL         %-46s", c->name);
		if (errors)
			printf(" %lu secret-dependent branch(es) or address(es): valgrind's report above "
			       "gives each location", errors);
		if (c->wrong)
			printf("%s%s differs from the generic row", errors ? "; " : " ", c->wrong);
		printf("\n");
	} else {
		n_checked++;
		printf("ok           %-46s %u calls, no secret-dependent branch or address\n",
		       c->name, c->calls);
	}
	fflush(stdout);
}

/* True when the row can run; else prints and records why it is not checked.
 * Valgrind presents its own CPUID: no AVX-512 in any release, and no ADX
 * (which it decodes), whatever the host has; ci/ct.sh says what the host
 * has and checks those rows with its other method. */
static bool usable(const char *name, uint32_t features)
{
	char need[128];

	if (zinc_cpu_have(features))
		return true;
	const uint32_t avx512 = ZINC_CPU_AVX512F | ZINC_CPU_AVX512VL | ZINC_CPU_AVX512IFMA;
	bool present = (zinc_cpu_detected() & features) == features;

	zinc_cpu_format(features, need, sizeof(need));
	printf("not checked  %-46s needs %s: %s\n", name, need,
	       features & avx512 ? "valgrind has no AVX-512"
	       : present ? "disabled by ZINC_CPU_DISABLE"
			 : "valgrind's CPUID does not report it");
	n_skipped++;
	if (strlen(skipped) + strlen(name) + 2 < sizeof(skipped)) {
		strcat(skipped, " ");
		strcat(skipped, name);
	}
	return false;
}

static void check_chacha20(void)
{
	static uint8_t in[MAX_LEN], out[MAX_LEN], want[MAX_LEN];
	const struct chacha20_impl *gen = &chacha20_impls[0];

	for (size_t r = 0; r < chacha20_nimpls; r++) {
		const struct chacha20_impl *impl = &chacha20_impls[r];
		struct chacha20_ctx ref, ctx;
		struct check c;

		if (!usable(impl->name, impl->features))
			continue;
		begin(&c, "%s xor_stream%s", impl->name, impl->hchacha20 ? ", hchacha20" : "");
		for (size_t i = 0; i < nlens; i++) {
			size_t len = lens[i];

			chacha20_init(&ref, key, nonce, 1);
			gen->xor_stream(ref.state, want, msg, len);
			chacha20_init(&ctx, key, nonce, 1);
			memcpy(in, msg, len);
			SECRET(&ctx.state[4], 32);
			SECRET(in, len);
			impl->xor_stream(ctx.state, out, in, len);
			expect(&c, "output", out, want, len);
			expect(&c, "counter", &ctx.state[12], &ref.state[12], 4);
			/* In place, from a counter about to wrap. */
			chacha20_init(&ref, key, nonce, 0xffffffffu);
			memcpy(want, msg, len);
			gen->xor_stream(ref.state, want, want, len);
			chacha20_init(&ctx, key, nonce, 0xffffffffu);
			memcpy(out, msg, len);
			SECRET(&ctx.state[4], 32);
			SECRET(out, len);
			impl->xor_stream(ctx.state, out, out, len);
			expect(&c, "in-place output", out, want, len);
		}
		if (impl->hchacha20) {
			uint8_t k[32], h[32], hw[32];

			gen->hchacha20(hw, nonce, key);
			memcpy(k, key, 32);
			SECRET(k, 32);
			impl->hchacha20(h, nonce, k);
			expect(&c, "hchacha20", h, hw, 32);
		}
		end(&c);
	}
}

static void check_poly1305(void)
{
	static uint8_t in[MAX_LEN];

	for (uint32_t r = 0; r < poly1305_nimpls; r++) {
		const struct poly1305_impl *impl = &poly1305_impls[r];
		struct check c;

		if (!usable(impl->name, impl->features))
			continue;
		begin(&c, "%s%s", impl->name, "");
		for (size_t i = 0; i < nlens; i++) {
			uint8_t k[32], mac[16], want[16];

			poly1305_row_split(0, want, key, msg, lens[i], lens[i] / 3);
			memcpy(k, key, 32);
			memcpy(in, msg, lens[i]);
			SECRET(k, 32);
			SECRET(in, lens[i]);
			poly1305_row_split(r, mac, k, in, lens[i], lens[i] / 3);
			expect(&c, "mac", mac, want, 16);
			poly1305_row_mac(r, mac, in, lens[i], k);
			expect(&c, "one-shot mac", mac, want, 16);
		}
		end(&c);
	}
}

static void check_blake2s(void)
{
	static const size_t keylens_quick[] = { 0, 32 }, keylens_full[] = { 0, 1, 16, 32 };
	static uint8_t in[MAX_LEN];
	const size_t *keylens = full ? keylens_full : keylens_quick;
	size_t nkeylens = full ? 4 : 2;

	for (size_t r = 0; r < blake2s_nimpls; r++) {
		const struct blake2s_impl *impl = &blake2s_impls[r];
		struct check c;

		if (!usable(impl->name, impl->features))
			continue;
		begin(&c, "%s (keyed and not)%s", impl->name, "");
		for (size_t i = 0; i < nlens; i++) {
			for (size_t j = 0; j < nkeylens; j++) {
				uint8_t k[32], out[32], want[32];
				size_t outlen = j & 1 ? 16 : 32;

				blake2s_row_split(&blake2s_impls[0], want, outlen, key, keylens[j],
						  msg, lens[i], lens[i] / 3);
				memcpy(k, key, 32);
				memcpy(in, msg, lens[i]);
				SECRET(k, 32);
				SECRET(in, lens[i]);
				blake2s_row_split(impl, out, outlen, k, keylens[j], in, lens[i],
						  lens[i] / 3);
				expect(&c, "digest", out, want, outlen);
			}
		}
		end(&c);
	}
}

static void check_curve25519(void)
{
	uint8_t points[3][32];
	size_t ncases = full ? 3 : 1;

	fill(points[0], 32, 7);
	memset(points[1], 0xff, 32); /* u >= p and bit 255 set */
	memset(points[2], 0, 32);    /* low order: all-zero result */
	for (size_t r = 0; r < curve25519_nimpls; r++) {
		const struct curve25519_impl *impl = &curve25519_impls[r];
		struct check c;
		bool direct = adx_direct && impl->features == (ZINC_CPU_BMI2 | ZINC_CPU_ADX) &&
			      !zinc_cpu_have(impl->features);

		if (!direct && !usable(impl->name, impl->features))
			continue;
		begin(&c, "%s scalarmult%s", impl->name,
		      direct ? ", scalarmult_base (called directly: valgrind's CPUID hides ADX)"
		      : impl->scalarmult_base ? ", scalarmult_base" : "");
		for (size_t i = 0; i < ncases; i++) {
			uint8_t s[32], p[32], out[32], want[32];
			bool ok, ok_want;

			ok_want = curve25519_with(&curve25519_impls[0], want, key, points[i]);
			memcpy(s, key, 32);
			memcpy(p, points[i], 32);
			SECRET(s, 32);
			SECRET(p, 32);
			ok = curve25519_with(impl, out, s, p);
			expect(&c, "shared secret", out, want, 32);
			expect(&c, "return value", &ok, &ok_want, sizeof(ok));
		}
		{
			uint8_t s[32], pub[32], want[32];
			bool ok, ok_want;

			ok_want = curve25519_generate_public_with(&curve25519_impls[0], want, key);
			memcpy(s, key, 32);
			SECRET(s, 32);
			ok = curve25519_generate_public_with(impl, pub, s);
			expect(&c, "public key", pub, want, 32);
			expect(&c, "public key return value", &ok, &ok_want, sizeof(ok));
		}
		end(&c);
	}
}

static const struct aead_variant *const aeads[] = { &aead_chacha20poly1305,
						     &aead_xchacha20poly1305 };

/* Encrypt, decrypt, and decrypt with a flipped tag bit, one way of one
 * AEAD, against the generic pair. */
static void aead_pair(struct check *c, const struct aead_variant *a, const struct aead_way *w,
		      size_t len)
{
	static uint8_t in[MAX_LEN + TAG], ct[MAX_LEN + TAG], want[MAX_LEN + TAG],
		pt[MAX_LEN], zeros[MAX_LEN];
	struct aead_way gen;
	uint8_t k[32];
	bool ok, yes = true, no = false;

	aead_way_pair(&gen, CHACHA20_ROW_GENERIC, 0);
	aead_way_encrypt(a, &gen, want, msg, len, ad, AD_LEN, nonce, key);
	memcpy(k, key, 32);
	memcpy(in, msg, len);
	SECRET(k, 32);
	SECRET(in, len);
	aead_way_encrypt(a, w, ct, in, len, ad, AD_LEN, nonce, k);
	expect(c, "ciphertext and tag", ct, want, len + TAG);

	/* The received ciphertext and tag are secret too: the tag check must
	 * not reveal where the computed tag differs. */
	for (int flip = 0; flip < 2; flip++) {
		memcpy(in, want, len + TAG);
		in[len] ^= (uint8_t)flip;
		memcpy(k, key, 32);
		SECRET(k, 32);
		SECRET(in, len + TAG);
		ok = aead_way_decrypt(a, w, pt, in, len + TAG, ad, AD_LEN, nonce, k);
		expect(c, flip ? "verdict on a bad tag" : "verdict", &ok, flip ? &no : &yes,
		       sizeof(ok));
		if (flip) {
			expect(c, "zeroed plaintext after a bad tag", pt, zeros, len);
		} else {
			expect(c, "plaintext", pt, msg, len);
		}
	}
}

/* Every usable (ChaCha20 row, Poly1305 row) pair (a row it cannot run is
 * printed as not checked above). */
static void check_aead(void)
{
	for (size_t a = 0; a < 2; a++) {
		struct aead_way w;

		for (size_t at = 0; aead_way_next(&w, &at, AEAD_WAY_PAIRS);) {
			struct check c;

			begin(&c, "%s %s", aeads[a]->name, w.name);
			for (size_t i = 0; i < nlens; i++)
				aead_pair(&c, aeads[a], &w, lens[i]);
			end(&c);
		}
	}
}

/* The stitched rows (chacha20poly1305_impls) encrypting with the key and
 * message secret, at lengths that reach the kernel: one step and a rest,
 * two steps and a rest, many steps, and its decryption (one pass up to
 * 4160 bytes); for ChaCha20-Poly1305 also the row's sg encrypt and decrypt
 * in three pieces. */
static void check_aead_rows(void)
{
	static const size_t row_lens[] = { 577, 1088, 1420, MAX_LEN - 1 };
	static uint8_t in[MAX_LEN], ct[MAX_LEN + TAG], want[MAX_LEN + TAG];

	for (size_t r = 0; r < chacha20poly1305_nimpls; r++) {
		const struct chacha20poly1305_impl *row = &chacha20poly1305_impls[r];
		struct aead_way w, gen;

		if (!usable(row->name, row->features))
			continue;
		aead_way_row(&w, (enum chacha20poly1305_row)r);
		aead_way_pair(&gen, CHACHA20_ROW_GENERIC, 0);
		for (size_t a = 0; a < 2; a++) {
			struct check c;

			begin(&c, "%s %s", aeads[a]->name, row->name);
			for (size_t i = 0; i < sizeof(row_lens) / sizeof(row_lens[0]); i++) {
				size_t len = row_lens[i];
				uint8_t k[32];
				bool ok;

				aead_way_encrypt(aeads[a], &gen, want, msg, len, ad, AD_LEN, nonce, key);
				memcpy(k, key, 32);
				memcpy(in, msg, len);
				SECRET(k, 32);
				SECRET(in, len);
				aead_way_encrypt(aeads[a], &w, ct, in, len, ad, AD_LEN, nonce, k);
				expect(&c, "ciphertext and tag", ct, want, len + TAG);
				/* Decryption's one pass: the key secret, the
				 * verdict declassified inside. */
				memcpy(k, key, 32);
				SECRET(k, 32);
				ok = aead_way_decrypt(aeads[a], &w, in, want, len + TAG, ad, AD_LEN,
						      nonce, k);
				PUBLIC(&ok, sizeof(ok));
				expect(&c, "plaintext", in, msg, len);
				if (a == 0 && row->encrypt_steps) {
					/* In place in three pieces: the kernel
					 * steps the boundaries cut go to it as pieces. */
					struct iovec iov[3] = {
						{ ct, len / 3 },
						{ ct + len / 3, len - len / 3 + 7 },
						{ ct + len + 7, TAG - 7 },
					};

					memcpy(k, key, 32);
					memcpy(ct, msg, len);
					SECRET(k, 32);
					SECRET(ct, len);
					aead_way_sg_encrypt(&w, iov, 3, len, ad, AD_LEN, nonce, k);
					expect(&c, "sg ciphertext and tag", ct, want, len + TAG);
					memcpy(k, key, 32);
					SECRET(k, 32);
					ok = aead_way_sg_decrypt(&w, iov, 3, len + TAG, ad, AD_LEN, nonce,
								 k);
					PUBLIC(&ok, sizeof(ok));
					expect(&c, "sg plaintext", ct, msg, len);
				}
			}
			end(&c);
		}
	}
}

/* The public functions, each with its secrets marked, on every length
 * class; what they compute is compared with the rows above by the unit
 * tests and fuzz targets, so here only their branches and addresses are
 * checked, and their outputs declassified. */
static void check_public(void)
{
	static uint8_t in[MAX_LEN + TAG], out[MAX_LEN + TAG];
	uint8_t k[100], mac[32];
	struct check c;

	begin(&c, "public API: %s%s", "chacha20, hchacha20, poly1305, AEADs, ",
	      "blake2s, blake2s_hmac, curve25519");
	for (size_t i = 0; i < nlens; i++) {
		size_t len = lens[i];
		struct chacha20_ctx cc;
		struct poly1305_ctx pc;
		struct blake2s_state bs;
		bool ok;

#define FRESH(p, n, src) (memcpy((p), (src), (n)), SECRET((p), (n)))
		FRESH(k, 32, key);
		FRESH(in, len, msg);
		chacha20_init(&cc, k, nonce, 0);
		chacha20(&cc, out, in, len / 2);
		chacha20(&cc, out + len / 2, in + len / 2, len - len / 2);
		PUBLIC(out, len);

		FRESH(k, 32, key);
		FRESH(in, len, msg);
		poly1305(mac, in, len, k);
		PUBLIC(mac, 16);
		FRESH(k, 32, key);
		poly1305_init(&pc, k);
		poly1305_update(&pc, in, len);
		poly1305_final(&pc, mac);
		PUBLIC(mac, 16);

		FRESH(k, 32, key);
		FRESH(in, len, msg);
		chacha20poly1305_encrypt(out, in, len, ad, AD_LEN, nonce, k);
		PUBLIC(out, len + TAG);
		FRESH(in, len + TAG, out);
		FRESH(k, 32, key);
		ok = chacha20poly1305_decrypt(out, in, len + TAG, ad, AD_LEN, nonce, k);
		PUBLIC(&ok, sizeof(ok));
		PUBLIC(out, len);
		FRESH(k, 32, key);
		FRESH(in, len, msg);
		xchacha20poly1305_encrypt(out, in, len, ad, AD_LEN, nonce, k);
		PUBLIC(out, len + TAG);
		FRESH(in, len + TAG, out);
		in[len] ^= 1;
		FRESH(k, 32, key);
		ok = xchacha20poly1305_decrypt(out, in, len + TAG, ad, AD_LEN, nonce, k);
		PUBLIC(&ok, sizeof(ok));
		PUBLIC(out, len);

		/* Scatter-gather in place: message and tag in three pieces, the
		 * second ending inside the tag. */
		FRESH(k, 32, key);
		FRESH(in, len, msg);
		{
			struct iovec iov[3] = { { in, len / 3 },
						{ in + len / 3, len - len / 3 + 7 },
						{ in + len + 7, TAG - 7 } };

			chacha20poly1305_encrypt_sg_inplace(iov, 3, len, ad, AD_LEN, nonce, k);
			PUBLIC(in, len + TAG);
			SECRET(in, len + TAG);
			FRESH(k, 32, key);
			ok = chacha20poly1305_decrypt_sg_inplace(iov, 3, len + TAG, ad, AD_LEN, nonce, k);
			PUBLIC(&ok, sizeof(ok));
			PUBLIC(in, len + TAG);
		}

		FRESH(k, 32, key);
		FRESH(in, len, msg);
		blake2s(mac, in, k, 32, len, 32);
		PUBLIC(mac, 32);
		blake2s_init_key(&bs, 20, k, 16);
		blake2s_update(&bs, in, len);
		blake2s_final(&bs, mac);
		PUBLIC(mac, 20);
		FRESH(k, sizeof(k), msg);
		blake2s_hmac(mac, in, k, len, i & 1 ? sizeof(k) : 32);
		PUBLIC(mac, 32);
		c.calls += 11;
	}
	FRESH(k, 32, key);
	hchacha20(mac, nonce, k);
	PUBLIC(mac, 32);
	FRESH(k, 32, key);
	FRESH(in, 32, key2);
	curve25519_clamp_secret(k);
	PUBLIC(&(bool){ curve25519(mac, k, in) }, sizeof(bool));
	PUBLIC(mac, 32);
	FRESH(k, 32, key);
	PUBLIC(&(bool){ curve25519_generate_public(mac, k) }, sizeof(bool));
	PUBLIC(mac, 32);
	c.calls += 4;
	end(&c);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--full")) {
			full = true;
		} else if (!strcmp(argv[i], "--adx-direct")) {
			adx_direct = true;
		} else {
			fprintf(stderr, "usage: %s [--full] [--adx-direct]  (run by ci/ct.sh under valgrind)\n",
				argv[0]);
			return 2;
		}
	}
	if (!RUNNING_ON_VALGRIND) {
		fprintf(stderr, "%s: not running under valgrind, so nothing would be checked: "
				"use ci/ct.sh\n", argv[0]);
		return 2;
	}
	lens = full ? full_lens : quick_lens;
	nlens = full ? sizeof(full_lens) / sizeof(full_lens[0])
		     : sizeof(quick_lens) / sizeof(quick_lens[0]);
	fill(key, sizeof(key), 1);
	fill(key2, sizeof(key2), 2);
	fill(nonce, sizeof(nonce), 3);
	fill(ad, sizeof(ad), 4);
	fill(msg, sizeof(msg), 5);
	printf("constant-time check (%s: %zu length classes, up to %zu bytes)\n",
	       full ? "full" : "quick", nlens, lens[nlens - 1]);

	check_chacha20();
	check_poly1305();
	check_blake2s();
	check_curve25519();
	check_aead();
	check_aead_rows();
	check_public();

	printf("ct: %u checked (rows, AEAD row pairs, public API), %u failed, "
	       "%u rows not checked%s%s\n",
	       n_checked, n_failed, n_skipped, n_skipped ? ":" : "", skipped);
	return n_failed ? 1 : 0;
}
