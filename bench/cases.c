/* SPDX-License-Identifier: MIT */
/*
 * What the benchmark runs: for each primitive, every backend row this CPU
 * can execute (walked from the tables, never listed here), the dispatched
 * public function, and the same operation in libsodium, OpenSSL 3, libb2,
 * libgcrypt and nettle (those two in bench/libgcrypt.c and bench/nettle.c).
 * Every case does the whole operation a caller would (key setup included,
 * AEADs with empty AD), so all rows of a table compare like for like.
 * libb2 is loaded with dlopen: its blake2s* symbols share zinc's names.
 */
#include "bench/bench.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <sodium.h>

#include <zinc/blake2s.h>
#include <zinc/chacha20.h>
#include <zinc/chacha20poly1305.h>
#include <zinc/curve25519.h>
#include <zinc/poly1305.h>

#include "lib/blake2s/blake2s.h"
#include "lib/chacha20/chacha20.h"
#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/chacha20poly1305/entries.h"
#include "lib/common/cpu.h"
#include "lib/curve25519/curve25519.h"
#include "lib/poly1305/poly1305.h"

uint8_t *bench_in, *bench_out;
uint8_t bench_key[32], bench_nonce[24], bench_point[32];

static EVP_CIPHER_CTX *ossl_chacha, *ossl_aead, *ossl_open;
static EVP_MAC_CTX *ossl_poly;
static EVP_MD_CTX *ossl_md_ctx;
static EVP_MD *ossl_blake2s;
static EVP_PKEY_CTX *ossl_x25519;
static int (*b2_blake2s)(uint8_t *out, const void *in, const void *key,
			 size_t outlen, size_t inlen, size_t keylen);
static int (*b2_blake2s_ref)(uint8_t *out, const void *in, const void *key,
			     size_t outlen, size_t inlen, size_t keylen);

static void add(struct bench_case *cases, unsigned *n, const char *name,
		enum bench_kind kind, void (*run)(const struct bench_case *, size_t),
		const void *row, uint32_t index)
{
	struct bench_case *c = &cases[(*n)++];

	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->kind = kind;
	c->run = run;
	c->row = row;
	c->index = index;
}

void bench_note_skipped(struct bench_primitive *p, const char *name, uint32_t features)
{
	char feat[128];
	size_t used = strlen(p->skipped);

	zinc_cpu_format(features & ~zinc_cpu_features(), feat, sizeof(feat));
	snprintf(p->skipped + used, sizeof(p->skipped) - used, "%s%s (needs %s)",
		 used ? ", " : "", name, feat);
}

/* A row's case when this CPU has the features it needs; otherwise the row
 * is named, with what it lacks, in p's list of rows not timed. */
static void add_row(struct bench_case *cases, unsigned *n, struct bench_primitive *p,
		    const char *name, uint32_t features,
		    void (*run)(const struct bench_case *, size_t), const void *row, uint32_t index)
{
	if (zinc_cpu_have(features))
		add(cases, n, name, KIND_BACKEND, run, row, index);
	else
		bench_note_skipped(p, name, features);
}

const char *bench_kind_name(enum bench_kind kind)
{
	return kind == KIND_BACKEND ? "backend" : kind == KIND_PUBLIC ? "public" : "oracle";
}

static struct bench_primitive *primitive(const char *name)
{
	for (unsigned i = 0; i < bench_nprimitives; i++)
		if (!strcmp(bench_primitives[i].name, name))
			return &bench_primitives[i];
	return NULL;
}

/* ChaCha20: key setup plus XOR of len bytes from block 0. */

static void chacha20_row(const struct bench_case *c, size_t len)
{
	const struct chacha20_impl *impl = c->row;
	struct chacha20_ctx ctx;

	chacha20_init(&ctx, bench_key, bench_nonce, 0);
	impl->xor_stream(ctx.state, bench_out, bench_in, len);
}

static void chacha20_public(const struct bench_case *c, size_t len)
{
	struct chacha20_ctx ctx;

	chacha20_init(&ctx, bench_key, bench_nonce, 0);
	chacha20(&ctx, bench_out, bench_in, len);
}

static void chacha20_sodium(const struct bench_case *c, size_t len)
{
	crypto_stream_chacha20_ietf_xor_ic(bench_out, bench_in, len, bench_nonce, 0, bench_key);
}

static void chacha20_openssl(const struct bench_case *c, size_t len)
{
	uint8_t iv[16] = { 0 };  /* 32-bit LE block counter, then the nonce */
	int outl;

	memcpy(iv + 4, bench_nonce, 12);
	EVP_EncryptInit_ex(ossl_chacha, NULL, NULL, bench_key, iv);
	EVP_EncryptUpdate(ossl_chacha, bench_out, &outl, bench_in, (int)len);
}

static unsigned chacha20_cases(struct bench_case *cases)
{
	struct bench_primitive *p = primitive("chacha20");
	unsigned n = 0;

	for (size_t i = 0; i < chacha20_nimpls; i++) {
		const struct chacha20_impl *impl = &chacha20_impls[i];

		add_row(cases, &n, p, impl->name, impl->features, chacha20_row, impl, 0);
	}
	add(cases, &n, "chacha20()", KIND_PUBLIC, chacha20_public, NULL, 0);
	add(cases, &n, "libsodium", KIND_ORACLE, chacha20_sodium, NULL, 0);
	add(cases, &n, "openssl", KIND_ORACLE, chacha20_openssl, NULL, 0);
	add(cases, &n, "libgcrypt", KIND_ORACLE, chacha20_gcrypt, NULL, 0);
	add(cases, &n, "nettle", KIND_ORACLE, chacha20_nettle, NULL, 0);
	return n;
}

/* HChaCha20: one subkey. */

static void hchacha20_row(const struct bench_case *c, size_t len)
{
	const struct chacha20_impl *impl = c->row;

	impl->hchacha20(bench_out, bench_nonce, bench_key);
}

static void hchacha20_public(const struct bench_case *c, size_t len)
{
	hchacha20(bench_out, bench_nonce, bench_key);
}

static void hchacha20_sodium(const struct bench_case *c, size_t len)
{
	crypto_core_hchacha20(bench_out, bench_nonce, bench_key, NULL);
}

static unsigned hchacha20_cases(struct bench_case *cases)
{
	struct bench_primitive *p = primitive("hchacha20");
	unsigned n = 0;

	for (size_t i = 0; i < chacha20_nimpls; i++) {
		const struct chacha20_impl *impl = &chacha20_impls[i];

		if (!impl->hchacha20)
			continue;
		add_row(cases, &n, p, impl->name, impl->features, hchacha20_row, impl, 0);
	}
	add(cases, &n, "hchacha20()", KIND_PUBLIC, hchacha20_public, NULL, 0);
	add(cases, &n, "libsodium", KIND_ORACLE, hchacha20_sodium, NULL, 0);
	return n;
}

/* Poly1305: key setup, the message, the tag; each row as the one-shot
 * poly1305() runs it (its mac entry where it has one). */

static void poly1305_row(const struct bench_case *c, size_t len)
{
	poly1305_row_mac(c->index, bench_out, bench_in, len, bench_key);
}

static void poly1305_public(const struct bench_case *c, size_t len)
{
	poly1305(bench_out, bench_in, len, bench_key);
}

static void poly1305_sodium(const struct bench_case *c, size_t len)
{
	crypto_onetimeauth_poly1305(bench_out, bench_in, len, bench_key);
}

static void poly1305_openssl(const struct bench_case *c, size_t len)
{
	size_t outl;

	EVP_MAC_init(ossl_poly, bench_key, 32, NULL);
	EVP_MAC_update(ossl_poly, bench_in, len);
	EVP_MAC_final(ossl_poly, bench_out, &outl, 16);
}

static unsigned poly1305_cases(struct bench_case *cases)
{
	struct bench_primitive *p = primitive("poly1305");
	unsigned n = 0;

	for (size_t i = 0; i < poly1305_nimpls; i++) {
		const struct poly1305_impl *impl = &poly1305_impls[i];

		add_row(cases, &n, p, impl->name, impl->features, poly1305_row, impl, (uint32_t)i);
	}
	add(cases, &n, "poly1305()", KIND_PUBLIC, poly1305_public, NULL, 0);
	add(cases, &n, "libsodium", KIND_ORACLE, poly1305_sodium, NULL, 0);
	add(cases, &n, "openssl", KIND_ORACLE, poly1305_openssl, NULL, 0);
	add(cases, &n, "libgcrypt", KIND_ORACLE, poly1305_gcrypt, NULL, 0);
	add(cases, &n, "nettle", KIND_ORACLE, poly1305_nettle, NULL, 0);
	return n;
}

/* ChaCha20-Poly1305 encrypt, empty AD: ciphertext then tag. Each ChaCha20
 * row is paired with the Poly1305 row the public function picks. */

/* A pair case's rows (ChaCha20 row c->index, the Poly1305 row poly1305()
 * picks, two passes) or a stitched row's (c->index), and the message's
 * arguments: the construction's call, made directly. */
static struct aead_rows pair_rows(const struct bench_case *c, size_t len)
{
	return aead_pair_rows((enum chacha20_row)c->index, (enum poly1305_row)poly1305_pick(len));
}

static struct aead_rows stitched_rows(const struct bench_case *c, size_t len)
{
	return chacha20poly1305_rows((enum chacha20poly1305_row)c->index, 0, len);
}

static struct aead_args encrypt_args(size_t len)
{
	return aead_flat(bench_out, bench_in, len, NULL, 0, bench_nonce, bench_key);
}

static void aead_row(const struct bench_case *c, size_t len)
{
	const struct aead_rows r = pair_rows(c, len);
	const struct aead_args a = encrypt_args(len);

	chacha20poly1305_run_encrypt(&r, &a);
}

static void aead_public(const struct bench_case *c, size_t len)
{
	chacha20poly1305_encrypt(bench_out, bench_in, len, NULL, 0, bench_nonce, bench_key);
}

static void aead_sodium(const struct bench_case *c, size_t len)
{
	unsigned long long clen;

	crypto_aead_chacha20poly1305_ietf_encrypt(bench_out, &clen, bench_in, len, NULL, 0,
						  NULL, bench_nonce, bench_key);
}

static void aead_openssl(const struct bench_case *c, size_t len)
{
	int outl, finl;

	EVP_EncryptInit_ex(ossl_aead, NULL, NULL, bench_key, bench_nonce);
	EVP_EncryptUpdate(ossl_aead, bench_out, &outl, bench_in, (int)len);
	EVP_EncryptFinal_ex(ossl_aead, bench_out + outl, &finl);
	EVP_CIPHER_CTX_ctrl(ossl_aead, EVP_CTRL_AEAD_GET_TAG, 16, bench_out + len);
}

/* In place on the same bytes: the message copied into bench_out, then
 * encrypted there flat, or as a packet in three iovec entries: 20 bytes (a
 * header's worth), 1000, and the rest with room for the tag (each clipped
 * to the length). Both rows pay the same copy. */
static void aead_flat_inplace(const struct bench_case *c, size_t len)
{
	memcpy(bench_out, bench_in, len);
	chacha20poly1305_encrypt(bench_out, bench_out, len, NULL, 0, bench_nonce, bench_key);
}

static void aead_sg_inplace(const struct bench_case *c, size_t len)
{
	size_t a = len < 20 ? len : 20, b = len - a < 1000 ? len - a : 1000;
	struct iovec iov[3] = {
		{ bench_out, a },
		{ bench_out + a, b },
		{ bench_out + a + b, len - a - b + CHACHA20POLY1305_AUTHTAG_SIZE },
	};

	memcpy(bench_out, bench_in, len);
	chacha20poly1305_encrypt_sg_inplace(iov, 3, len, NULL, 0, bench_nonce, bench_key);
}

static void xaead_row(const struct bench_case *c, size_t len)
{
	const struct aead_rows r = pair_rows(c, len);
	const struct aead_args a = encrypt_args(len);

	xchacha20poly1305_run_encrypt(&r, &a);
}

static void xaead_public(const struct bench_case *c, size_t len)
{
	xchacha20poly1305_encrypt(bench_out, bench_in, len, NULL, 0, bench_nonce, bench_key);
}

static void xaead_sodium(const struct bench_case *c, size_t len)
{
	unsigned long long clen;

	crypto_aead_xchacha20poly1305_ietf_encrypt(bench_out, &clen, bench_in, len, NULL, 0,
						   NULL, bench_nonce, bench_key);
}

/* A row of the stitched table (chacha20poly1305_impls), on every length. */
static void aead_stitched(const struct bench_case *c, size_t len)
{
	const struct aead_rows r = stitched_rows(c, len);
	const struct aead_args a = encrypt_args(len);

	chacha20poly1305_run_encrypt(&r, &a);
}

static void xaead_stitched(const struct bench_case *c, size_t len)
{
	const struct aead_rows r = stitched_rows(c, len);
	const struct aead_args a = encrypt_args(len);

	xchacha20poly1305_run_encrypt(&r, &a);
}

/* Each ChaCha20 row with the picked Poly1305 row (run), then each row of
 * the stitched table (stitched). */
static unsigned aead_rows(struct bench_case *cases, const char *pname,
			  void (*run)(const struct bench_case *, size_t),
			  void (*stitched)(const struct bench_case *, size_t))
{
	struct bench_primitive *p = primitive(pname);
	unsigned n = 0;
	char name[64];

	for (size_t i = 0; i < chacha20poly1305_nimpls; i++) {
		const struct chacha20poly1305_impl *impl = &chacha20poly1305_impls[i];

		add_row(cases, &n, p, impl->name, impl->features, stitched, impl, (uint32_t)i);
	}

	for (size_t i = 0; i < chacha20_nimpls; i++) {
		const struct chacha20_impl *impl = &chacha20_impls[i];

		snprintf(name, sizeof(name), "%s+picked poly", impl->name);
		add_row(cases, &n, p, name, impl->features, run, impl, (uint32_t)i);
	}
	return n;
}

static unsigned aead_cases(struct bench_case *cases)
{
	unsigned n = aead_rows(cases, "chacha20poly1305", aead_row, aead_stitched);

	add(cases, &n, "chacha20poly1305_encrypt()", KIND_PUBLIC, aead_public, NULL, 0);
	add(cases, &n, "flat, in place", KIND_BACKEND, aead_flat_inplace, NULL, 0);
	cases[n - 1].sg = SG_FLAT;
	add(cases, &n, "sg_inplace, 20/1000/rest", KIND_BACKEND, aead_sg_inplace, NULL, 0);
	cases[n - 1].sg = SG_SG;
	add(cases, &n, "libsodium", KIND_ORACLE, aead_sodium, NULL, 0);
	add(cases, &n, "openssl", KIND_ORACLE, aead_openssl, NULL, 0);
	add(cases, &n, "libgcrypt", KIND_ORACLE, aead_gcrypt, NULL, 0);
	add(cases, &n, "nettle", KIND_ORACLE, aead_nettle, NULL, 0);
	return n;
}

static unsigned xaead_cases(struct bench_case *cases)
{
	unsigned n = aead_rows(cases, "xchacha20poly1305", xaead_row, xaead_stitched);

	add(cases, &n, "xchacha20poly1305_encrypt()", KIND_PUBLIC, xaead_public, NULL, 0);
	add(cases, &n, "libsodium", KIND_ORACLE, xaead_sodium, NULL, 0);
	return n;
}

/*
 * ChaCha20-Poly1305 decrypt, empty AD: bench_sealed(len) opened into
 * bench_out (all accept it, so the outputs compare). The zinc cases as for
 * encryption: each ChaCha20 row with the picked Poly1305 row (two passes),
 * each stitched row, the public function, and in place flat and in three
 * pieces.
 */
static uint8_t *sealed_area, *sealed_buf;
static size_t sealed_len = SIZE_MAX;
static uint8_t sealed_in0, sealed_nonce0;

const uint8_t *bench_sealed(size_t len)
{
	if (len != sealed_len || bench_in[0] != sealed_in0 || bench_nonce[0] != sealed_nonce0) {
		const struct aead_rows r = aead_pair_rows(CHACHA20_ROW_GENERIC, 0);
		const struct aead_args a = aead_flat(sealed_buf, bench_in, len, NULL, 0,
						     bench_nonce, bench_key);

		chacha20poly1305_run_encrypt(&r, &a);
		sealed_len = len;
		sealed_in0 = bench_in[0];
		sealed_nonce0 = bench_nonce[0];
	}
	return sealed_buf;
}

static struct aead_args decrypt_args(size_t len)
{
	return aead_flat(bench_out, bench_sealed(len), len + 16, NULL, 0, bench_nonce, bench_key);
}

static void open_row(const struct bench_case *c, size_t len)
{
	const struct aead_rows r = pair_rows(c, len);
	const struct aead_args a = decrypt_args(len);

	chacha20poly1305_run_decrypt(&r, &a);
}

static void open_stitched(const struct bench_case *c, size_t len)
{
	const struct aead_rows r = stitched_rows(c, len);
	const struct aead_args a = decrypt_args(len);

	chacha20poly1305_run_decrypt(&r, &a);
}

static void open_public(const struct bench_case *c, size_t len)
{
	chacha20poly1305_decrypt(bench_out, bench_sealed(len), len + 16, NULL, 0, bench_nonce,
				 bench_key);
}

static void open_flat_inplace(const struct bench_case *c, size_t len)
{
	memcpy(bench_out, bench_sealed(len), len + 16);
	chacha20poly1305_decrypt(bench_out, bench_out, len + 16, NULL, 0, bench_nonce, bench_key);
}

static void open_sg_inplace(const struct bench_case *c, size_t len)
{
	size_t a = len < 20 ? len : 20, b = len - a < 1000 ? len - a : 1000;
	struct iovec iov[3] = {
		{ bench_out, a },
		{ bench_out + a, b },
		{ bench_out + a + b, len - a - b + CHACHA20POLY1305_AUTHTAG_SIZE },
	};

	memcpy(bench_out, bench_sealed(len), len + 16);
	chacha20poly1305_decrypt_sg_inplace(iov, 3, len + 16, NULL, 0, bench_nonce, bench_key);
}

static void open_sodium(const struct bench_case *c, size_t len)
{
	unsigned long long mlen;

	if (crypto_aead_chacha20poly1305_ietf_decrypt(bench_out, &mlen, NULL, bench_sealed(len),
						      len + 16, NULL, 0, bench_nonce, bench_key))
		memset(bench_out, 0, len);
}

static void open_openssl(const struct bench_case *c, size_t len)
{
	const uint8_t *sealed = bench_sealed(len);
	int outl, finl;

	EVP_DecryptInit_ex(ossl_open, NULL, NULL, bench_key, bench_nonce);
	EVP_CIPHER_CTX_ctrl(ossl_open, EVP_CTRL_AEAD_SET_TAG, 16, (void *)(sealed + len));
	EVP_DecryptUpdate(ossl_open, bench_out, &outl, sealed, (int)len);
	EVP_DecryptFinal_ex(ossl_open, bench_out + outl, &finl);
}

static unsigned open_cases(struct bench_case *cases)
{
	unsigned n = aead_rows(cases, "chacha20poly1305_decrypt", open_row, open_stitched);

	add(cases, &n, "chacha20poly1305_decrypt()", KIND_PUBLIC, open_public, NULL, 0);
	add(cases, &n, "flat, in place", KIND_BACKEND, open_flat_inplace, NULL, 0);
	cases[n - 1].sg = SG_FLAT;
	add(cases, &n, "sg_inplace, 20/1000/rest", KIND_BACKEND, open_sg_inplace, NULL, 0);
	cases[n - 1].sg = SG_SG;
	add(cases, &n, "libsodium", KIND_ORACLE, open_sodium, NULL, 0);
	add(cases, &n, "openssl", KIND_ORACLE, open_openssl, NULL, 0);
	add(cases, &n, "libgcrypt", KIND_ORACLE, open_gcrypt, NULL, 0);
	add(cases, &n, "nettle", KIND_ORACLE, open_nettle, NULL, 0);
	return n;
}

/* BLAKE2s-256, unkeyed: init, the message, the digest. */

static void blake2s_row(const struct bench_case *c, size_t len)
{
	struct blake2s_state state;

	blake2s_init(&state, BLAKE2S_HASH_SIZE);
	blake2s_update_with(c->row, &state, bench_in, len);
	blake2s_final_with(c->row, &state, bench_out);
}

static void blake2s_public(const struct bench_case *c, size_t len)
{
	blake2s(bench_out, bench_in, NULL, BLAKE2S_HASH_SIZE, len, 0);
}

static void blake2s_openssl(const struct bench_case *c, size_t len)
{
	unsigned outl;

	EVP_DigestInit_ex(ossl_md_ctx, ossl_blake2s, NULL);
	EVP_DigestUpdate(ossl_md_ctx, bench_in, len);
	EVP_DigestFinal_ex(ossl_md_ctx, bench_out, &outl);
}

static void blake2s_libb2(const struct bench_case *c, size_t len)
{
	b2_blake2s(bench_out, bench_in, NULL, 32, len, 0);
}

static void blake2s_libb2_ref(const struct bench_case *c, size_t len)
{
	b2_blake2s_ref(bench_out, bench_in, NULL, 32, len, 0);
}

static unsigned blake2s_cases(struct bench_case *cases)
{
	struct bench_primitive *p = primitive("blake2s");
	unsigned n = 0;

	for (size_t i = 0; i < blake2s_nimpls; i++) {
		const struct blake2s_impl *impl = &blake2s_impls[i];

		add_row(cases, &n, p, impl->name, impl->features, blake2s_row, impl, 0);
	}
	add(cases, &n, "blake2s()", KIND_PUBLIC, blake2s_public, NULL, 0);
	if (ossl_blake2s)
		add(cases, &n, "openssl", KIND_ORACLE, blake2s_openssl, NULL, 0);
	if (b2_blake2s)
		add(cases, &n, "libb2", KIND_ORACLE, blake2s_libb2, NULL, 0);
	if (b2_blake2s_ref)
		add(cases, &n, "libb2-ref", KIND_ORACLE, blake2s_libb2_ref, NULL, 0);
	add(cases, &n, "libgcrypt", KIND_ORACLE, blake2s_gcrypt, NULL, 0);
	return n;
}

/* HMAC-BLAKE2s-256 of a 64-byte message under a 32-byte key (WireGuard's
 * use), beside the two plain blake2s() calls it amounts to by RFC 2104:
 * H(K0 ^ ipad || msg) of 128 bytes, then H(K0 ^ opad || inner) of 96 bytes,
 * with the pads built once. Same MAC, so it passes the cross-check. */

enum { HMAC_MSG_LEN = 64, HMAC_KEY_LEN = 32 };

static void hmac_public(const struct bench_case *c, size_t len)
{
	blake2s_hmac(bench_out, bench_in, bench_key, HMAC_MSG_LEN, HMAC_KEY_LEN);
}

static void hmac_two_hashes(const struct bench_case *c, size_t len)
{
	static uint8_t inner_in[64 + HMAC_MSG_LEN], outer_in[64 + 32];
	static bool padded;

	if (!padded) {
		for (int i = 0; i < 64; i++) {
			uint8_t k = i < HMAC_KEY_LEN ? bench_key[i] : 0;

			inner_in[i] = k ^ 0x36;
			outer_in[i] = k ^ 0x5c;
		}
		padded = true;
	}
	memcpy(inner_in + 64, bench_in, HMAC_MSG_LEN);
	blake2s(outer_in + 64, inner_in, NULL, 32, sizeof(inner_in), 0);
	blake2s(bench_out, outer_in, NULL, 32, sizeof(outer_in), 0);
}

static unsigned hmac_cases(struct bench_case *cases)
{
	unsigned n = 0;

	add(cases, &n, "blake2s_hmac()", KIND_PUBLIC, hmac_public, NULL, 0);
	add(cases, &n, "blake2s() 128 B + 96 B", KIND_ORACLE, hmac_two_hashes, NULL, 0);
	return n;
}

/* X25519 with a variable point, and with the base point (public key from a
 * raw secret). */

static void x25519_row(const struct bench_case *c, size_t len)
{
	curve25519_with(c->row, bench_out, bench_key, bench_point);
}

static void x25519_public(const struct bench_case *c, size_t len)
{
	curve25519(bench_out, bench_key, bench_point);
}

static void x25519_sodium(const struct bench_case *c, size_t len)
{
	if (crypto_scalarmult(bench_out, bench_key, bench_point))
		return;  /* only for a low-order point, which this one is not */
}

static void x25519_openssl(const struct bench_case *c, size_t len)
{
	size_t outl = 32;

	EVP_PKEY_derive(ossl_x25519, bench_out, &outl);
}

static void x25519_base_row(const struct bench_case *c, size_t len)
{
	curve25519_generate_public_with(c->row, bench_out, bench_key);
}

static void x25519_base_public(const struct bench_case *c, size_t len)
{
	curve25519_generate_public(bench_out, bench_key);
}

static void x25519_base_sodium(const struct bench_case *c, size_t len)
{
	crypto_scalarmult_base(bench_out, bench_key);
}

/* EVP_PKEY_new_raw_private_key computes the public key. */
static void x25519_base_openssl(const struct bench_case *c, size_t len)
{
	EVP_PKEY *pkey = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, bench_key, 32);
	size_t outl = 32;

	EVP_PKEY_get_raw_public_key(pkey, bench_out, &outl);
	EVP_PKEY_free(pkey);
}

static unsigned x25519_rows(struct bench_case *cases, const char *pname,
			    void (*run)(const struct bench_case *, size_t))
{
	struct bench_primitive *p = primitive(pname);
	unsigned n = 0;

	for (size_t i = 0; i < curve25519_nimpls; i++) {
		const struct curve25519_impl *impl = &curve25519_impls[i];

		add_row(cases, &n, p, impl->name, impl->features, run, impl, 0);
	}
	return n;
}

static unsigned x25519_cases(struct bench_case *cases)
{
	unsigned n = x25519_rows(cases, "curve25519", x25519_row);

	add(cases, &n, "curve25519()", KIND_PUBLIC, x25519_public, NULL, 0);
	add(cases, &n, "libsodium", KIND_ORACLE, x25519_sodium, NULL, 0);
	if (ossl_x25519)
		add(cases, &n, "openssl", KIND_ORACLE, x25519_openssl, NULL, 0);
	add(cases, &n, "libgcrypt", KIND_ORACLE, x25519_gcrypt, NULL, 0);
	add(cases, &n, "nettle", KIND_ORACLE, x25519_nettle, NULL, 0);
	return n;
}

static unsigned x25519_base_cases(struct bench_case *cases)
{
	unsigned n = x25519_rows(cases, "curve25519_base", x25519_base_row);

	add(cases, &n, "curve25519_generate_public()", KIND_PUBLIC, x25519_base_public, NULL, 0);
	add(cases, &n, "libsodium", KIND_ORACLE, x25519_base_sodium, NULL, 0);
	add(cases, &n, "openssl", KIND_ORACLE, x25519_base_openssl, NULL, 0);
	add(cases, &n, "libgcrypt", KIND_ORACLE, x25519_base_gcrypt, NULL, 0);
	add(cases, &n, "nettle", KIND_ORACLE, x25519_base_nettle, NULL, 0);
	return n;
}

static size_t same_len(size_t len) { return len; }
static size_t tagged_len(size_t len) { return len + 16; }
static size_t len16(size_t len) { return 16; }
static size_t len32(size_t len) { return 32; }

struct bench_primitive bench_primitives[] = {
	{ .name = "chacha20", .title = "ChaCha20 (RFC 8439) XOR, key setup included",
	  .out_len = same_len, .add_cases = chacha20_cases },
	{ .name = "hchacha20", .title = "HChaCha20 subkey", .per_op = true,
	  .out_len = len32, .add_cases = hchacha20_cases },
	{ .name = "poly1305", .title = "Poly1305 one-shot (key setup + MAC)",
	  .out_len = len16, .add_cases = poly1305_cases },
	{ .name = "chacha20poly1305", .title = "ChaCha20-Poly1305 encrypt, empty AD",
	  .out_len = tagged_len, .add_cases = aead_cases },
	{ .name = "chacha20poly1305_decrypt", .title = "ChaCha20-Poly1305 decrypt, empty AD",
	  .out_len = same_len, .add_cases = open_cases },
	{ .name = "xchacha20poly1305", .title = "XChaCha20-Poly1305 encrypt, empty AD",
	  .out_len = tagged_len, .add_cases = xaead_cases },
	{ .name = "blake2s", .title = "BLAKE2s-256, unkeyed",
	  .out_len = len32, .add_cases = blake2s_cases },
	{ .name = "blake2s_hmac", .title = "HMAC-BLAKE2s-256, 32-byte key, 64-byte message",
	  .per_op = true, .out_len = len32, .add_cases = hmac_cases },
	{ .name = "curve25519", .title = "X25519, variable base point", .per_op = true,
	  .out_len = len32, .add_cases = x25519_cases },
	{ .name = "curve25519_base", .title = "X25519 public key from secret (base point)",
	  .per_op = true, .out_len = len32, .add_cases = x25519_base_cases },
};
const unsigned bench_nprimitives = sizeof(bench_primitives) / sizeof(bench_primitives[0]);

static bool openssl_init(void)
{
	EVP_PKEY *priv, *peer;
	EVP_MAC *mac;

	ossl_chacha = EVP_CIPHER_CTX_new();
	ossl_aead = EVP_CIPHER_CTX_new();
	ossl_open = EVP_CIPHER_CTX_new();
	if (!ossl_chacha || !ossl_aead || !ossl_open ||
	    !EVP_EncryptInit_ex(ossl_chacha, EVP_chacha20(), NULL, NULL, NULL) ||
	    !EVP_EncryptInit_ex(ossl_aead, EVP_chacha20_poly1305(), NULL, NULL, NULL) ||
	    !EVP_DecryptInit_ex(ossl_open, EVP_chacha20_poly1305(), NULL, NULL, NULL))
		return false;
	mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
	ossl_poly = mac ? EVP_MAC_CTX_new(mac) : NULL;
	if (!ossl_poly)
		return false;
	ossl_md_ctx = EVP_MD_CTX_new();
	ossl_blake2s = EVP_MD_fetch(NULL, "BLAKE2S-256", NULL);
	if (!ossl_blake2s)
		fprintf(stderr, "bench: OpenSSL has no BLAKE2S-256; its row is left out\n");
	priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, bench_key, 32);
	peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, bench_point, 32);
	ossl_x25519 = priv ? EVP_PKEY_CTX_new(priv, NULL) : NULL;
	if (!peer || !ossl_x25519 || EVP_PKEY_derive_init(ossl_x25519) <= 0 ||
	    EVP_PKEY_derive_set_peer(ossl_x25519, peer) <= 0) {
		fprintf(stderr, "bench: OpenSSL X25519 derive unavailable; its row is left out\n");
		ossl_x25519 = NULL;
	}
	return true;
}

static void libb2_init(void)
{
	/* RTLD_LOCAL: libb2's own calls stay inside libb2, ours inside zinc. */
	void *h = dlopen("libb2.so.1", RTLD_NOW | RTLD_LOCAL);

	if (!h) {
		fprintf(stderr, "bench: %s; libb2 rows left out\n", dlerror());
		return;
	}
	*(void **)&b2_blake2s = dlsym(h, "blake2s");
	*(void **)&b2_blake2s_ref = dlsym(h, "blake2s_ref");
}

bool bench_cases_init(size_t max_len)
{
	uint8_t other[32];

	/* A multiple of 64, as aligned_alloc wants: the message and the tag. */
	/* Half a page off bench_out modulo 4096, whatever the allocator does:
	 * where a decrypt's source lies against its destination decides
	 * whether their loads and stores falsely alias (4 KiB apart in the
	 * low address bits), which moved every decrypt row, libraries too, by
	 * up to 50% (AMD EPYC 25/17, 1420 bytes). */
	sealed_area = aligned_alloc(4096, (max_len + 16 + 4095 + 4096) & ~(size_t)4095);
	if (!sealed_area) {
		fprintf(stderr, "bench: out of memory\n");
		return false;
	}
	sealed_buf = sealed_area + (((uintptr_t)bench_out + 2048 - (uintptr_t)sealed_area) & 4095);
	if (sodium_init() < 0) {
		fprintf(stderr, "bench: sodium_init failed\n");
		return false;
	}
	for (unsigned i = 0; i < 32; i++) {
		bench_key[i] = (uint8_t)(0x80 + i);
		other[i] = (uint8_t)(0x41 * i + 7);
	}
	for (unsigned i = 0; i < 24; i++)
		bench_nonce[i] = (uint8_t)(0x10 + i);
	/* A real public key as the variable point, made by an oracle. */
	crypto_scalarmult_base(bench_point, other);
	if (!openssl_init()) {
		fprintf(stderr, "bench: OpenSSL setup failed\n");
		return false;
	}
	libb2_init();
	return libgcrypt_init();
}

void bench_describe_libraries(FILE *f)
{
	fprintf(f, "Oracles: libsodium %s, %s, libb2 %s, libgcrypt %s (no HChaCha20,"
		" XChaCha20), nettle %s (no HChaCha20, XChaCha20, BLAKE2s)\n",
		sodium_version_string(), OpenSSL_version(OPENSSL_VERSION),
		b2_blake2s ? "(dlopen libb2.so.1: blake2s dispatch and blake2s_ref)" : "not loaded",
		libgcrypt_version(), libnettle_version());
}
