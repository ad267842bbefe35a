/* SPDX-License-Identifier: MIT */
/*
 * libgcrypt's cases: each primitive it offers, through its public API. As
 * with OpenSSL's EVP contexts, the handles are opened once and every call
 * keys them again (setkey, setiv or reset), so the figures include what a
 * caller pays per message. libgcrypt has no HChaCha20 and no XChaCha20
 * (chacha20_setiv takes 8-, 12- or 16-byte nonces only), hence no rows in
 * those two tables.
 */
#include "bench/bench.h"

#include <string.h>

#include <gcrypt.h>

static gcry_cipher_hd_t chacha, aead;
static gcry_mac_hd_t poly;
static gcry_md_hd_t b2s;

bool libgcrypt_init(void)
{
	gcry_error_t err;

	if (!gcry_check_version(GCRYPT_VERSION)) {
		fprintf(stderr, "bench: libgcrypt %s is older than its headers (%s)\n",
			gcry_check_version(NULL), GCRYPT_VERSION);
		return false;
	}
	/* No secure-memory pool: none of these handles asks for one. */
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
	err = gcry_cipher_open(&chacha, GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_STREAM, 0);
	if (!err)
		err = gcry_cipher_open(&aead, GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305, 0);
	if (!err)
		err = gcry_mac_open(&poly, GCRY_MAC_POLY1305, 0, NULL);
	if (!err)
		err = gcry_md_open(&b2s, GCRY_MD_BLAKE2S_256, 0);
	if (err) {
		fprintf(stderr, "bench: libgcrypt: %s\n", gcry_strerror(err));
		return false;
	}
	return true;
}

const char *libgcrypt_version(void)
{
	return gcry_check_version(NULL);
}

/* A call that fails leaves bench_out as the cross-check filled it, which
 * then differs from zinc's output: failures need no checks here. */

void chacha20_gcrypt(const struct bench_case *c, size_t len)
{
	gcry_cipher_setkey(chacha, bench_key, 32);
	gcry_cipher_setiv(chacha, bench_nonce, 12);  /* 96-bit nonce: block counter 0 */
	gcry_cipher_encrypt(chacha, bench_out, len, bench_in, len);
}

void poly1305_gcrypt(const struct bench_case *c, size_t len)
{
	size_t outl = 16;

	gcry_mac_setkey(poly, bench_key, 32);
	gcry_mac_write(poly, bench_in, len);
	gcry_mac_read(poly, bench_out, &outl);
}

void aead_gcrypt(const struct bench_case *c, size_t len)
{
	gcry_cipher_setkey(aead, bench_key, 32);
	gcry_cipher_setiv(aead, bench_nonce, 12);
	gcry_cipher_encrypt(aead, bench_out, len, bench_in, len);
	gcry_cipher_gettag(aead, bench_out + len, 16);
}

void open_gcrypt(const struct bench_case *c, size_t len)
{
	const uint8_t *sealed = bench_sealed(len);

	gcry_cipher_setkey(aead, bench_key, 32);
	gcry_cipher_setiv(aead, bench_nonce, 12);
	gcry_cipher_decrypt(aead, bench_out, len, sealed, len);
	gcry_cipher_checktag(aead, sealed + len, 16);
}

void blake2s_gcrypt(const struct bench_case *c, size_t len)
{
	gcry_md_reset(b2s);
	gcry_md_write(b2s, bench_in, len);
	memcpy(bench_out, gcry_md_read(b2s, GCRY_MD_BLAKE2S_256), 32);
}

void x25519_gcrypt(const struct bench_case *c, size_t len)
{
	gcry_ecc_mul_point(GCRY_ECC_CURVE25519, bench_out, bench_key, bench_point);
}

/* A NULL point is the curve's base point. */
void x25519_base_gcrypt(const struct bench_case *c, size_t len)
{
	gcry_ecc_mul_point(GCRY_ECC_CURVE25519, bench_out, bench_key, NULL);
}
