/* SPDX-License-Identifier: MIT */
/*
 * The ways the harnesses run the AEADs, described once: the public
 * functions, a (ChaCha20 row, Poly1305 row) pair, or a row of the stitched
 * table (its kernels one by one: lib/common/entry.h, entries.c), the last
 * two by rows handed to the construction. Every harness
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
 * public functions (the other ways call the construction by x). */
struct aead_variant {
	const char *name;
	size_t nonce_size;
	bool x;
	void (*encrypt)(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t *ad,
			size_t ad_len, const uint8_t *nonce, const uint8_t *key);
	bool (*decrypt)(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t *ad,
			size_t ad_len, const uint8_t *nonce, const uint8_t *key);
};

extern const struct aead_variant aead_chacha20poly1305, aead_xchacha20poly1305;

enum aead_way_kind { AEAD_WAY_PUBLIC = 1, AEAD_WAY_PAIRS = 2, AEAD_WAY_ROWS = 4 };

/* The public functions; a pair: rows (two passes, XChaCha's subkey by the
 * ChaCha20 row's HChaCha20, or by hchacha20()'s row when it has none); a
 * stitched row: rows.aead, the other rows those the public functions take
 * with it for each call's lengths (min_len not applied). name says which. */
struct aead_way {
	enum aead_way_kind kind;
	struct aead_rows rows;
	char name[96];
};

/* The next way of the kinds in which (AEAD_WAY_*) whose rows the CPU can
 * run (zinc_cpu_have), from *at (0 to start): the pairs ChaCha20 row by
 * ChaCha20 row, the generic pair first, then the stitched rows, then the
 * public functions. False after the last. */
bool aead_way_next(struct aead_way *w, size_t *at, unsigned which);
/* The pair (chacha, poly) or the stitched row as a way. */
void aead_way_pair(struct aead_way *w, enum chacha20_row chacha, enum poly1305_row poly);
void aead_way_row(struct aead_way *w, enum chacha20poly1305_row row);
/* The rows a call of the way w (not the public functions) runs for ad_len
 * bytes of AD and ct_len of ciphertext; a pair's without the way (what the
 * bench times, with chacha20poly1305_rows for a stitched row). */
struct aead_rows aead_way_rows(const struct aead_way *w, size_t ad_len, size_t ct_len);
struct aead_rows aead_pair_rows(enum chacha20_row chacha, enum poly1305_row poly);

/* The way's call: the public function, or struct aead_args and the way's
 * rows handed to the construction (chacha20poly1305_run_encrypt and its
 * kin). len includes the tag for decryption. */
void aead_way_encrypt(const struct aead_variant *v, const struct aead_way *w, uint8_t *dst,
		      const uint8_t *src, size_t len, const uint8_t *ad, size_t ad_len,
		      const uint8_t *nonce, const uint8_t *key);
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
