/* SPDX-License-Identifier: MIT */
/* The AEADs with chosen ChaCha20 and Poly1305 rows, so that tests and
 * fuzzers can run every pair of backends. The public functions call these
 * with the rows chacha20_pick and poly1305_pick choose (by row id, with
 * direct calls: lib/chacha20/rows.h). */
#ifndef ZINC_LIB_CHACHA20POLY1305_H
#define ZINC_LIB_CHACHA20POLY1305_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <zinc/chacha20poly1305.h>

#include "lib/chacha20/chacha20.h"
#include "lib/poly1305/poly1305.h"

void chacha20poly1305_encrypt_with(const struct chacha20_impl *chacha, uint32_t poly,
				   uint8_t *dst, const uint8_t *src, size_t src_len,
				   const uint8_t *ad, size_t ad_len,
				   const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
				   const uint8_t key[CHACHA20POLY1305_KEY_SIZE]);
bool chacha20poly1305_decrypt_with(const struct chacha20_impl *chacha, uint32_t poly,
				   uint8_t *dst, const uint8_t *src, size_t src_len,
				   const uint8_t *ad, size_t ad_len,
				   const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
				   const uint8_t key[CHACHA20POLY1305_KEY_SIZE]);
void xchacha20poly1305_encrypt_with(const struct chacha20_impl *chacha, uint32_t poly,
				    uint8_t *dst, const uint8_t *src, size_t src_len,
				    const uint8_t *ad, size_t ad_len,
				    const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
				    const uint8_t key[CHACHA20POLY1305_KEY_SIZE]);
bool xchacha20poly1305_decrypt_with(const struct chacha20_impl *chacha, uint32_t poly,
				    uint8_t *dst, const uint8_t *src, size_t src_len,
				    const uint8_t *ad, size_t ad_len,
				    const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
				    const uint8_t key[CHACHA20POLY1305_KEY_SIZE]);
bool chacha20poly1305_encrypt_sg_inplace_with(const struct chacha20_impl *chacha, uint32_t poly,
					      const struct iovec *iov, size_t iovcnt,
					      size_t src_len, const uint8_t *ad, size_t ad_len,
					      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					      const uint8_t key[CHACHA20POLY1305_KEY_SIZE]);
bool chacha20poly1305_decrypt_sg_inplace_with(const struct chacha20_impl *chacha, uint32_t poly,
					      const struct iovec *iov, size_t iovcnt,
					      size_t src_len, const uint8_t *ad, size_t ad_len,
					      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					      const uint8_t key[CHACHA20POLY1305_KEY_SIZE]);

#endif
