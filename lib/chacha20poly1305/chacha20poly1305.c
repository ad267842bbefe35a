/* SPDX-License-Identifier: MIT */
/*
 * The public functions of ChaCha20-Poly1305 and XChaCha20-Poly1305: the
 * rows each call runs, picked for its lengths, handed with its arguments
 * to the construction (flat.c, sg.c); and the table of stitched rows.
 * aead.h lists the other files.
 */
#include <zinc/chacha20poly1305.h>

#include "lib/chacha20poly1305/aead.h"
#include "lib/common/cpu.h"
#include "lib/common/util.h"

const struct chacha20poly1305_impl chacha20poly1305_impls[] = {
#define KERNEL(fn) fn
#define STEPS(fn) fn
#define OPEN(fn) fn
#define ROW(id, name, needs, min_len, kernel, steps, open) \
	[CHACHA20POLY1305_ROW_##id] = { name, needs, min_len, kernel, steps, open },
#include "lib/chacha20poly1305/rows.h"
};

const size_t chacha20poly1305_nimpls = ARRAY_SIZE(chacha20poly1305_impls);

/* Its choice (lib/common/cpu.h): the features and the min_len of each row,
 * from rows.h, and the full pick, which the short pick must agree with. */
struct zinc_choice chacha20poly1305_choice = {
	.name = "chacha20poly1305", ZINC_FULL_PICK(chacha20poly1305_row_for) .nrows = CHACHA20POLY1305_NROWS,
#define ROW(id, name, f, from, ...) ZINC_CHOICE_ROW(CHACHA20POLY1305_ROW_##id, f, from)
#include "lib/chacha20poly1305/rows.h"
};

#ifdef ZINC_TESTING
unsigned long chacha20poly1305_hits[ARRAY_SIZE(chacha20poly1305_impls)];
#endif

/* Row 0 is the two passes, the rows' default; a stitched row's min_len is
 * past a long message's head and one whole step, the shortest message its
 * kernel runs on (STITCH_MIN after a head of HEAD_LONG), which would give
 * the kernel one step with nothing to interleave (rows.h); shorter, the
 * row would be counted for messages the kernel never sees. */
_Static_assert(CHACHA20POLY1305_ROW_TWO_PASS == 0, "rows.h: the two-pass row first");
#define ROW(id, name, needs, min_len, ...)                                                 \
	_Static_assert(CHACHA20POLY1305_ROW_##id == CHACHA20POLY1305_ROW_TWO_PASS ?          \
			       (min_len) == 0 : (min_len) > HEAD_LONG + STITCH_MIN,            \
		       "rows.h: " name "'s min_len must be past a long head and one step");
#include "lib/chacha20poly1305/rows.h"

/* Length of the Poly1305 message for ad_len and ct_len bytes. */
static size_t mac_len(size_t ad_len, size_t ct_len)
{
	return ((ad_len + 15) & ~(size_t)15) + ((ct_len + 15) & ~(size_t)15) + 16;
}

/* The first ChaCha20 call makes block 0 and the head together
 * (aead_begin): a message of up to HEAD bytes is all head, so that call,
 * CHACHA20_BLOCK_SIZE bytes more than the message, is all its keystream,
 * and its row is chacha20()'s for that call's length, not the message's
 * (on Zen 5, where one block runs fastest on the generic C, a 1..64-byte
 * message makes two blocks: a vector row's). A longer message's head call
 * is two blocks and the rest's call the longer one: the message's row. */
static enum chacha20_row chacha_row(uint32_t have, size_t len)
{
	return chacha20_row_for(have, len <= HEAD ? CHACHA20_BLOCK_SIZE + len : len);
}

/* A stitched kernel continues the state of poly1305-x86_64 (its layout);
 * two passes take poly1305()'s row for the MAC input's length. */
static enum poly1305_row poly_row(enum chacha20poly1305_row aead, uint32_t have, size_t ad_len,
				  size_t ct_len)
{
#ifdef ZINC_ASM_X86_64
	if (aead != CHACHA20POLY1305_ROW_TWO_PASS)
		return POLY1305_ROW_X86_64;
#endif
	return poly1305_row_for(have, mac_len(ad_len, ct_len));
}

/* The rows the public functions run for a message of these sizes with the
 * AEAD row aead (the XChaCha functions add hchacha20()'s row). */
static inline struct aead_rows rows(uint32_t have, enum chacha20poly1305_row aead, size_t ad_len,
				    size_t ct_len)
{
	return (struct aead_rows){ .aead = aead, .chacha = chacha_row(have, ct_len),
				   .poly = poly_row(aead, have, ad_len, ct_len) };
}

struct aead_rows chacha20poly1305_rows(enum chacha20poly1305_row aead, size_t ad_len,
				       size_t ct_len)
{
	uint32_t have = zinc_cpu_features();
	struct aead_rows r = rows(have, aead, ad_len, ct_len);

	r.hchacha = hchacha20_row_for(have);
	return r;
}

/* The same, counted. */
static struct aead_rows pick(enum chacha20poly1305_row aead, size_t ad_len, size_t ct_len)
{
	struct aead_rows r = rows(zinc_cpu_features(), aead, ad_len, ct_len);

	ZINC_COUNT_HIT(chacha20poly1305_hits[r.aead]);
	ZINC_COUNT_HIT(chacha20_hits[r.chacha]);
	ZINC_COUNT_HIT(poly1305_hits[r.poly]);
	return r;
}

/* The public encrypt functions': the stitched row for len bytes. */
static struct aead_rows pick_encrypt(size_t ad_len, size_t len)
{
	return pick(chacha20poly1305_row_for(zinc_cpu_features(), len), ad_len, len);
}

/* The public decrypt functions', for ct_len bytes of ciphertext: the
 * encrypt functions' stitched row when its one pass takes the length,
 * else two passes. */
static struct aead_rows pick_decrypt(size_t ad_len, size_t ct_len)
{
	enum chacha20poly1305_row aead = chacha20poly1305_row_for(zinc_cpu_features(), ct_len);

	if (!open_fits(aead, ct_len))
		aead = CHACHA20POLY1305_ROW_TWO_PASS;
	return pick(aead, ad_len, ct_len);
}

void chacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			      const uint8_t *ad, size_t ad_len,
			      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
			      const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);
	const struct aead_rows r = pick_encrypt(ad_len, src_len);

	chacha20poly1305_run_encrypt(&r, &a);
}

bool chacha20poly1305_decrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			      const uint8_t *ad, size_t ad_len,
			      const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
			      const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);
	struct aead_rows r;

	if (src_len < TAG)
		return false;
	r = pick_decrypt(ad_len, src_len - TAG);
	return chacha20poly1305_run_decrypt(&r, &a);
}

void xchacha20poly1305_encrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			       const uint8_t *ad, size_t ad_len,
			       const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
			       const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);
	struct aead_rows r = pick_encrypt(ad_len, src_len);

	r.hchacha = hchacha20_row_for(zinc_cpu_features());
	xchacha20poly1305_run_encrypt(&r, &a);
}

bool xchacha20poly1305_decrypt(uint8_t *dst, const uint8_t *src, size_t src_len,
			       const uint8_t *ad, size_t ad_len,
			       const uint8_t nonce[XCHACHA20POLY1305_NONCE_SIZE],
			       const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_args a = aead_flat(dst, src, src_len, ad, ad_len, nonce, key);
	struct aead_rows r;

	if (src_len < TAG)
		return false;
	r = pick_decrypt(ad_len, src_len - TAG);
	r.hchacha = hchacha20_row_for(zinc_cpu_features());
	return xchacha20poly1305_run_decrypt(&r, &a);
}

bool chacha20poly1305_encrypt_sg_inplace(const struct iovec *iov, size_t iovcnt, size_t src_len,
					 const uint8_t *ad, size_t ad_len,
					 const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					 const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_args a = aead_sg(iov, src_len, ad, ad_len, nonce, key);
	struct aead_rows r;

	if (!chacha20poly1305_sg_encrypt_fits(iov, iovcnt, src_len))
		return false;
	r = pick_encrypt(ad_len, src_len);
	/* One entry that holds message and tag: the flat construction in place. */
	if (iov->iov_len >= src_len + TAG) {
		const struct aead_args flat = aead_flat(iov->iov_base, iov->iov_base, src_len, ad,
							ad_len, nonce, key);

		chacha20poly1305_run_encrypt(&r, &flat);
	} else {
		chacha20poly1305_run_encrypt_sg(&r, &a);
	}
	return true;
}

bool chacha20poly1305_decrypt_sg_inplace(const struct iovec *iov, size_t iovcnt, size_t src_len,
					 const uint8_t *ad, size_t ad_len,
					 const uint8_t nonce[CHACHA20POLY1305_NONCE_SIZE],
					 const uint8_t key[CHACHA20POLY1305_KEY_SIZE])
{
	const struct aead_args a = aead_sg(iov, src_len, ad, ad_len, nonce, key);
	struct aead_rows r;

	if (!chacha20poly1305_sg_decrypt_fits(iov, iovcnt, src_len))
		return false;
	r = pick_decrypt(ad_len, src_len - TAG);
	return chacha20poly1305_run_decrypt_sg(&r, &a);
}
