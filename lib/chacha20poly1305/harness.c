/* SPDX-License-Identifier: MIT */
/*
 * The AEADs on chosen rows, for tests, fuzzers and benchmarks
 * (chacha20poly1305.h): _row runs a row of chacha20poly1305_impls on any
 * length (min_len not applied), its ChaCha20 and Poly1305 rows those the
 * public functions would take with it; _with runs two passes with a row of
 * chacha20_impls and an index into poly1305_impls. Both run the code the
 * public functions run, with the row ids the pointers stand for.
 */
#include "lib/chacha20poly1305/aead.h"
#include "lib/common/cpu.h"

/* For a call through the stitched row row on len message bytes. */
static struct aead_rows rows_of(const struct chacha20poly1305_impl *row, size_t ad_len,
				size_t len)
{
	uint32_t have = zinc_cpu_features();
	enum chacha20poly1305_row aead = (enum chacha20poly1305_row)(row - chacha20poly1305_impls);

	return (struct aead_rows){ aead, chacha20poly1305_chacha_row(have, len),
				   chacha20poly1305_poly_row(aead, have, ad_len, len),
				   hchacha20_row_for(have) };
}

/* For a call with the ChaCha20 row chacha and the Poly1305 row poly; XChaCha's
 * subkey by chacha's HChaCha20, or hchacha20()'s row when it has none. */
static struct aead_rows rows_with(const struct chacha20_impl *chacha, uint32_t poly)
{
	enum chacha20_row row = (enum chacha20_row)(chacha - chacha20_impls);

	return (struct aead_rows){ CHACHA20POLY1305_ROW_TWO_PASS, row, poly,
				   chacha->hchacha20 ? row :
						       hchacha20_row_for(zinc_cpu_features()) };
}

void chacha20poly1305_encrypt_row(const struct chacha20poly1305_impl *row, uint8_t *dst,
				  const uint8_t *src, size_t src_len, const uint8_t *ad,
				  size_t ad_len, const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
				  const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_rows r = rows_of(row, ad_len, src_len);
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);

	chacha20poly1305_run_encrypt(&r, &a);
}

void xchacha20poly1305_encrypt_row(const struct chacha20poly1305_impl *row, uint8_t *dst,
				   const uint8_t *src, size_t src_len, const uint8_t *ad,
				   size_t ad_len, const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
				   const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_rows r = rows_of(row, ad_len, src_len);
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);

	xchacha20poly1305_run_encrypt(&r, &a);
}

bool chacha20poly1305_decrypt_row(const struct chacha20poly1305_impl *row, uint8_t *dst,
				  const uint8_t *src, size_t src_len, const uint8_t *ad,
				  size_t ad_len, const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
				  const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	struct aead_rows r;
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);

	if (src_len < TAG)
		return false;
	r = rows_of(row, ad_len, src_len - TAG);
	return chacha20poly1305_run_decrypt(&r, &a);
}

bool xchacha20poly1305_decrypt_row(const struct chacha20poly1305_impl *row, uint8_t *dst,
				   const uint8_t *src, size_t src_len, const uint8_t *ad,
				   size_t ad_len, const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
				   const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	struct aead_rows r;
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);

	if (src_len < TAG)
		return false;
	r = rows_of(row, ad_len, src_len - TAG);
	return xchacha20poly1305_run_decrypt(&r, &a);
}

bool chacha20poly1305_encrypt_sg_inplace_row(const struct chacha20poly1305_impl *row,
					     const struct iovec *iov, size_t iovcnt, size_t src_len,
					     const uint8_t *ad, size_t ad_len,
					     const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					     const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_rows r = rows_of(row, ad_len, src_len);
	const struct aead_args a = aead_sg(iov, src_len, ad, ad_len, nonce, key);

	if (!chacha20poly1305_sg_encrypt_fits(iov, iovcnt, src_len))
		return false;
	chacha20poly1305_run_encrypt_sg(&r, &a);
	return true;
}

bool chacha20poly1305_decrypt_sg_inplace_row(const struct chacha20poly1305_impl *row,
					     const struct iovec *iov, size_t iovcnt, size_t src_len,
					     const uint8_t *ad, size_t ad_len,
					     const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					     const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	struct aead_rows r;
	const struct aead_args a = aead_sg(iov, src_len, ad, ad_len, nonce, key);

	if (!chacha20poly1305_sg_decrypt_fits(iov, iovcnt, src_len))
		return false;
	r = rows_of(row, ad_len, src_len - TAG);
	return chacha20poly1305_run_decrypt_sg(&r, &a);
}

void chacha20poly1305_encrypt_with(const struct chacha20_impl *chacha, uint32_t poly,
				   uint8_t *dst, const uint8_t *src, size_t src_len,
				   const uint8_t *ad, size_t ad_len,
				   const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
				   const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_rows r = rows_with(chacha, poly);
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);

	chacha20poly1305_run_encrypt(&r, &a);
}

bool chacha20poly1305_decrypt_with(const struct chacha20_impl *chacha, uint32_t poly,
				   uint8_t *dst, const uint8_t *src, size_t src_len,
				   const uint8_t *ad, size_t ad_len,
				   const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
				   const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_rows r = rows_with(chacha, poly);
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);

	return chacha20poly1305_run_decrypt(&r, &a);
}

void xchacha20poly1305_encrypt_with(const struct chacha20_impl *chacha, uint32_t poly,
				    uint8_t *dst, const uint8_t *src, size_t src_len,
				    const uint8_t *ad, size_t ad_len,
				    const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
				    const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_rows r = rows_with(chacha, poly);
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);

	xchacha20poly1305_run_encrypt(&r, &a);
}

bool xchacha20poly1305_decrypt_with(const struct chacha20_impl *chacha, uint32_t poly,
				    uint8_t *dst, const uint8_t *src, size_t src_len,
				    const uint8_t *ad, size_t ad_len,
				    const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
				    const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_rows r = rows_with(chacha, poly);
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);

	return xchacha20poly1305_run_decrypt(&r, &a);
}

bool chacha20poly1305_encrypt_sg_inplace_with(const struct chacha20_impl *chacha, uint32_t poly,
					      const struct iovec *iov, size_t iovcnt,
					      size_t src_len, const uint8_t *ad, size_t ad_len,
					      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					      const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_rows r = rows_with(chacha, poly);
	const struct aead_args a = aead_sg(iov, src_len, ad, ad_len, nonce, key);

	if (!chacha20poly1305_sg_encrypt_fits(iov, iovcnt, src_len))
		return false;
	chacha20poly1305_run_encrypt_sg(&r, &a);
	return true;
}

bool chacha20poly1305_decrypt_sg_inplace_with(const struct chacha20_impl *chacha, uint32_t poly,
					      const struct iovec *iov, size_t iovcnt,
					      size_t src_len, const uint8_t *ad, size_t ad_len,
					      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					      const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_rows r = rows_with(chacha, poly);
	const struct aead_args a = aead_sg(iov, src_len, ad, ad_len, nonce, key);

	return chacha20poly1305_sg_decrypt_fits(iov, iovcnt, src_len) &&
	       chacha20poly1305_run_decrypt_sg(&r, &a);
}
