/* SPDX-License-Identifier: MIT */
/* The AEADs' stitched rows and the construction on chosen rows (struct
 * aead_rows, row ids: the public functions pick them, tests and fuzzers run
 * every combination), for the library and the harnesses (aead.h lists the
 * files). */
#ifndef ZINC_LIB_CHACHA20POLY1305_H
#define ZINC_LIB_CHACHA20POLY1305_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>
#include <zinc/chacha20poly1305.h>

#include "lib/chacha20/chacha20.h"
#include "lib/chacha20poly1305/sizes.h"
#include "lib/poly1305/poly1305.h"

/*
 * Stitched rows: a kernel that runs ChaCha20 and Poly1305 over the bulk of
 * an encryption in one pass. Row 0, "chacha20poly1305-two-pass", has no
 * kernel: the chosen ChaCha20 row, then the chosen Poly1305 row. A kernel
 * works on the ChaCha20 state and a Poly1305 state in the layout of
 * poly1305-x86_64 (h0, h1, h2, r0, r1, s1), which the other Poly1305 rows
 * of that layout continue.
 */
struct chacha20poly1305_bulk {
	uint32_t *chacha;	/* state[16] */
	void *poly;		/* struct poly1305_ctx.state */
};

/*
 * A step of the table kernels (.encrypt_steps, .decrypt_steps): 512 bytes
 * of the message (the last step of a call may be shorter), at at when
 * pieces is 0, else in pieces pieces, piece[0..pieces), each of at least one
 * byte, in order (the scatter-gather functions' steps that an iovec entry
 * boundary cuts).
 */
struct chacha20poly1305_piece {
	uint8_t *at;
	size_t len;
};

struct chacha20poly1305_step {
	union {
		uint8_t *at;
		const struct chacha20poly1305_piece *piece;
	};
	size_t pieces;
};

/* The kernels read these structs at the offsets of sizes.h. The stitched
 * kernels are x86-64's; other targets have none (and other pointer sizes). */
#ifdef ZINC_ASM_X86_64
_Static_assert(offsetof(struct chacha20poly1305_bulk, chacha) == 0 &&
		       offsetof(struct chacha20poly1305_bulk, poly) == CHACHA20POLY1305_BULK_POLY,
	       "sizes.h: struct chacha20poly1305_bulk as the kernels read it");
_Static_assert(offsetof(struct chacha20poly1305_step, at) == 0 &&
		       offsetof(struct chacha20poly1305_step, piece) == 0 &&
		       offsetof(struct chacha20poly1305_step, pieces) == CHACHA20POLY1305_STEP_PIECES &&
		       sizeof(struct chacha20poly1305_step) == CHACHA20POLY1305_STEP_SIZE,
	       "sizes.h: struct chacha20poly1305_step as the kernels read it");
_Static_assert(offsetof(struct chacha20poly1305_piece, at) == 0 &&
		       offsetof(struct chacha20poly1305_piece, len) == CHACHA20POLY1305_PIECE_LEN &&
		       sizeof(struct chacha20poly1305_piece) == CHACHA20POLY1305_PIECE_SIZE,
	       "sizes.h: struct chacha20poly1305_piece as the kernels read it");
#endif
_Static_assert(CHACHA20POLY1305_STEP == 8 * CHACHA20_BLOCK_SIZE &&
		       CHACHA20POLY1305_STEP % POLY1305_BLOCK_SIZE == 0,
	       "sizes.h: a step is eight ChaCha20 blocks (the kernels' batch), whole Poly1305 blocks");

struct chacha20poly1305_impl {
	const char *name;	/* "chacha20poly1305-<variant>" */
	uint32_t features;
	size_t min_len;		/* the public encrypt uses it from this message length */
	/* len >= 512: dst = src XOR keystream from block state[12] (advanced
	 * by ceil(len / 64)), and each whole 16-byte block of dst absorbed in
	 * order with padbit 1 (a last partial one is not). NULL in row 0. */
	void (*encrypt)(const struct chacha20poly1305_bulk *b, uint8_t *dst, const uint8_t *src,
			size_t len);
	/* The same in place, step i (bytes 512 i .. min(512 (i + 1), len))
	 * where steps[i] says: the message may lie anywhere, in pieces. NULL
	 * in row 0. */
	void (*encrypt_steps)(const struct chacha20poly1305_bulk *b,
			      const struct chacha20poly1305_step *steps, size_t len);
	/* Decryption's pass, len >= 512: step i's ciphertext where steps[i] says;
	 * dst (len bytes, contiguous) = ciphertext XOR keystream from block
	 * state[12]; each whole 16-byte block of the ciphertext absorbed in
	 * order. NULL in row 0. */
	void (*decrypt_steps)(const struct chacha20poly1305_bulk *b, uint8_t *dst,
			      const struct chacha20poly1305_step *steps, size_t len);
};

/* The table: one row per line of lib/chacha20poly1305/rows.h, two-pass
 * first. The public functions do not call through it. */
extern const struct chacha20poly1305_impl chacha20poly1305_impls[];
extern const size_t chacha20poly1305_nimpls;

/* CHACHA20POLY1305_ROW_<ID>: a row's index in chacha20poly1305_impls. */
enum chacha20poly1305_row {
#define ROW(id, ...) CHACHA20POLY1305_ROW_##id,
#include "lib/chacha20poly1305/rows.h"
	CHACHA20POLY1305_NROWS
};

/* Every row's kernels. */
#define KERNEL(fn)                                                                   \
	void fn(const struct chacha20poly1305_bulk *b, uint8_t *dst, const uint8_t *src, \
		size_t len);
#define STEPS(fn)                                                                  \
	void fn(const struct chacha20poly1305_bulk *b, const struct chacha20poly1305_step *steps, \
		size_t len);
#define OPEN(fn)                                                              \
	void fn(const struct chacha20poly1305_bulk *b, uint8_t *dst,           \
		const struct chacha20poly1305_step *steps, size_t len);
#define NO_KERNEL
#define ROW(id, name, needs, min_len, kernel, steps, open) kernel steps open
#include "lib/chacha20poly1305/rows.h"

/* Its choice (defined beside its table, resolved by lib/start/start.c): the
 * thresholds in force and the short pick. */
extern struct zinc_choice chacha20poly1305_choice;
/* Its choices as lib/start/start.c walks them (lib/start/primitives.h). */
#define CHACHA20POLY1305_CHOICES &chacha20poly1305_choice

/* The row the public encrypt functions run for len bytes with the features
 * have. */
static inline unsigned chacha20poly1305_row_for(uint32_t have, size_t len)
{
	static const uint32_t needs[] = {
#define ROW(id, name, needs, ...) [CHACHA20POLY1305_ROW_##id] = (needs),
#include "lib/chacha20poly1305/rows.h"
	};

	return zinc_row_pick(have, needs, zinc_from_of(&chacha20poly1305_choice),
			     CHACHA20POLY1305_NROWS, len);
}

/* Each row's kernels called by name: lib/chacha20poly1305/dispatch.h,
 * written from rows.h by lib/start/gen_dispatch.py. */
#include "lib/chacha20poly1305/dispatch.h"

/* A call's message, AD, nonce and key: dst, src and len for the flat
 * construction, iov and len for the scatter-gather one (in place; the list
 * holds the bytes, the callers check it first). len is src_len as the
 * public function takes it: for decryption, the tag included. nonce is 12
 * bytes, or 24 for XChaCha. */
struct aead_args {
	uint8_t *dst;
	const uint8_t *src;
	const struct iovec *iov;
	size_t len;
	const uint8_t *ad;
	size_t ad_len;
	const uint8_t *nonce;
	const uint8_t *key;
};

static inline struct aead_args aead_flat(uint8_t *dst, const uint8_t *src, size_t len,
					 const uint8_t *ad, size_t ad_len, const uint8_t *nonce,
					 const uint8_t *key)
{
	return (struct aead_args){ .dst = dst, .src = src, .len = len, .ad = ad,
				   .ad_len = ad_len, .nonce = nonce, .key = key };
}

static inline struct aead_args aead_sg(const struct iovec *iov, size_t len, const uint8_t *ad,
				       size_t ad_len, const uint8_t *nonce, const uint8_t *key)
{
	return (struct aead_args){ .iov = iov, .len = len, .ad = ad, .ad_len = ad_len,
				   .nonce = nonce, .key = key };
}

/* The rows a call runs: the stitched row (CHACHA20POLY1305_ROW_TWO_PASS:
 * none), the ChaCha20 row, the Poly1305 row, and the row whose HChaCha20
 * makes XChaCha's subkey. */
struct aead_rows {
	enum chacha20poly1305_row aead;
	enum chacha20_row chacha;
	enum poly1305_row poly;
	enum chacha20_row hchacha;
};

/* The rows the public functions run with the stitched row aead (on any
 * length: min_len not applied) for ad_len bytes of AD and ct_len of
 * ciphertext, and hchacha20()'s row (chacha20poly1305.c; not counted). */
struct aead_rows chacha20poly1305_rows(enum chacha20poly1305_row aead, size_t ad_len,
				       size_t ct_len);

/* The construction on the rows r, for the public functions and the
 * harnesses (flat.c, sg.c). Decryption returns false for a message shorter
 * than the tag and checks the tag before it writes; the scatter-gather
 * pair wants a list its caller has checked (chacha20poly1305_sg_*_fits). */
void chacha20poly1305_run_encrypt(const struct aead_rows *r, const struct aead_args *a);
bool chacha20poly1305_run_decrypt(const struct aead_rows *r, const struct aead_args *a);
void xchacha20poly1305_run_encrypt(const struct aead_rows *r, const struct aead_args *a);
bool xchacha20poly1305_run_decrypt(const struct aead_rows *r, const struct aead_args *a);
void chacha20poly1305_run_encrypt_sg(const struct aead_rows *r, const struct aead_args *a);
bool chacha20poly1305_run_decrypt_sg(const struct aead_rows *r, const struct aead_args *a);

/* Whether an sg encrypt of src_len bytes fits the list (with the tag), or
 * an sg decrypt of src_len bytes (the tag included) is possible (sg.c). */
bool chacha20poly1305_sg_encrypt_fits(const struct iovec *iov, size_t iovcnt, size_t src_len);
bool chacha20poly1305_sg_decrypt_fits(const struct iovec *iov, size_t iovcnt, size_t src_len);

#ifdef ZINC_TESTING
extern unsigned long chacha20poly1305_hits[];
#endif

/* Its rows' entry points as the harness calls them (lib/chacha20poly1305/entries.c,
 * lib/common/entry.h; ZINC_TESTING builds). */
struct zinc_entries;
extern const struct zinc_entries chacha20poly1305_entries;
/* The descriptions of the two AEADs (lib/common/describe.h; ZINC_TESTING
 * builds). */
struct zinc_primitive;
extern const struct zinc_primitive chacha20poly1305_primitive, xchacha20poly1305_primitive;
/* Its descriptions as zinc_primitives[] lists them (lib/start/primitives.h). */
#define CHACHA20POLY1305_DESCRIPTIONS &chacha20poly1305_primitive, &xchacha20poly1305_primitive
/* Its parts of zinc_selftest() (lib/chacha20poly1305/selftest.c, lib/selftest/selftest.h)
 * as zinc_selftest_parts[] lists them (lib/start/primitives.h). */
bool chacha20poly1305_selftest(char *why, size_t size);
bool xchacha20poly1305_selftest(char *why, size_t size);
#define CHACHA20POLY1305_SELFTESTS                           \
	{ "chacha20poly1305", chacha20poly1305_selftest }, \
		{ "xchacha20poly1305", xchacha20poly1305_selftest }

#endif
