/* SPDX-License-Identifier: MIT */
/*
 * The ways the harnesses run the AEADs, described once: the public
 * functions, a (ChaCha20 row, Poly1305 row) pair through the _with
 * functions, or a row of the stitched table through the _row functions
 * (its kernels one by one: lib/common/entry.h, entries.c). Every harness
 * that runs "every way" walks aead_way_next(), so a new stitched row or a
 * new row of either table is run with no edit to it.
 */
#ifndef ZINC_LIB_CHACHA20POLY1305_ENTRIES_H
#define ZINC_LIB_CHACHA20POLY1305_ENTRIES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>

#include "lib/chacha20poly1305/chacha20poly1305.h"

/* ChaCha20-Poly1305 (x false) or XChaCha20-Poly1305 (x true, no sg): its
 * functions, each way. */
typedef void aead_encrypt_fn(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t *ad,
			     size_t ad_len, const uint8_t *nonce, const uint8_t *key);
typedef bool aead_decrypt_fn(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t *ad,
			     size_t ad_len, const uint8_t *nonce, const uint8_t *key);
typedef void aead_encrypt_with_fn(const struct chacha20_impl *chacha, uint32_t poly, uint8_t *dst,
				  const uint8_t *src, size_t len, const uint8_t *ad,
				  size_t ad_len, const uint8_t *nonce, const uint8_t *key);
typedef bool aead_decrypt_with_fn(const struct chacha20_impl *chacha, uint32_t poly, uint8_t *dst,
				  const uint8_t *src, size_t len, const uint8_t *ad,
				  size_t ad_len, const uint8_t *nonce, const uint8_t *key);
typedef void aead_encrypt_row_fn(const struct chacha20poly1305_impl *row, uint8_t *dst,
				 const uint8_t *src, size_t len, const uint8_t *ad, size_t ad_len,
				 const uint8_t *nonce, const uint8_t *key);
typedef bool aead_decrypt_row_fn(const struct chacha20poly1305_impl *row, uint8_t *dst,
				 const uint8_t *src, size_t len, const uint8_t *ad, size_t ad_len,
				 const uint8_t *nonce, const uint8_t *key);

struct aead_variant {
	const char *name;
	size_t nonce_size;
	bool x;
	aead_encrypt_fn *encrypt;
	aead_decrypt_fn *decrypt;
	aead_encrypt_with_fn *encrypt_with;
	aead_decrypt_with_fn *decrypt_with;
	aead_encrypt_row_fn *encrypt_row;
	aead_decrypt_row_fn *decrypt_row;
};

extern const struct aead_variant aead_chacha20poly1305, aead_xchacha20poly1305;

/* chacha and row NULL: the public functions; chacha set: that pair; row
 * set: that stitched row (min_len not applied). name says which. */
struct aead_way {
	const struct chacha20_impl *chacha;
	uint32_t poly;
	const struct chacha20poly1305_impl *row;
	char name[96];
};

enum { AEAD_WAY_PUBLIC = 1, AEAD_WAY_PAIRS = 2, AEAD_WAY_ROWS = 4 };

/* The next way of the kinds in which (AEAD_WAY_*) whose rows the CPU can
 * run (zinc_cpu_have), from *at (0 to start): the pairs ChaCha20 row by
 * ChaCha20 row, the generic pair first, then the stitched rows, then the
 * public functions. False after the last. */
bool aead_way_next(struct aead_way *w, size_t *at, unsigned which);
/* The pair (chacha, poly) or the stitched row as a way. */
void aead_way_pair(struct aead_way *w, const struct chacha20_impl *chacha, uint32_t poly);
void aead_way_row(struct aead_way *w, const struct chacha20poly1305_impl *row);

void aead_way_encrypt(const struct aead_variant *v, const struct aead_way *w, uint8_t *dst,
		      const uint8_t *src, size_t len, const uint8_t *ad, size_t ad_len,
		      const uint8_t *nonce, const uint8_t *key);
/* len includes the tag. */
bool aead_way_decrypt(const struct aead_variant *v, const struct aead_way *w, uint8_t *dst,
		      const uint8_t *src, size_t len, const uint8_t *ad, size_t ad_len,
		      const uint8_t *nonce, const uint8_t *key);
/* In place over an iovec list (ChaCha20-Poly1305 only). */
bool aead_way_sg_encrypt(const struct aead_way *w, const struct iovec *iov, size_t cnt,
			 size_t len, const uint8_t *ad, size_t ad_len, const uint8_t *nonce,
			 const uint8_t *key);
bool aead_way_sg_decrypt(const struct aead_way *w, const struct iovec *iov, size_t cnt,
			 size_t len, const uint8_t *ad, size_t ad_len, const uint8_t *nonce,
			 const uint8_t *key);

#endif
