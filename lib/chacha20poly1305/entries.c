/* SPDX-License-Identifier: MIT */
/*
 * The stitched rows' entry descriptions (lib/common/entry.h), one per row
 * and kernel of lib/chacha20poly1305/rows.h, each from 512 bytes on. Each
 * takes a random ChaCha20 state and a random Poly1305 state in the
 * poly1305-x86_64 layout (h2 <= 7, r clamped) and gives both back with its
 * output:
 *   encrypt        dst = the message encrypted, its ciphertext MACed;
 *   encrypt_steps  the same in place over the message laid out in steps
 *                  (lay_out below), gathered back; must equal encrypt's;
 *   decrypt_steps  encrypt's ciphertext (made by the row's own encrypt)
 *                  in steps, into dst: must give the message and encrypt's
 *                  states back.
 *
 * And, in every build, the ways the harnesses run the AEADs
 * (lib/chacha20poly1305/entries.h).
 */
#include <stdio.h>
#include <string.h>

#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/common/util.h"
#include "lib/chacha20poly1305/entries.h"

const struct aead_variant aead_chacha20poly1305 = {
	"chacha20poly1305", CHACHA20POLY1305_NONCE_SIZE, false,
	chacha20poly1305_encrypt, chacha20poly1305_decrypt,
};
const struct aead_variant aead_xchacha20poly1305 = {
	"xchacha20poly1305", XCHACHA20POLY1305_NONCE_SIZE, true,
	xchacha20poly1305_encrypt, xchacha20poly1305_decrypt,
};

struct aead_rows aead_pair_rows(enum chacha20_row chacha, enum poly1305_row poly)
{
	return (struct aead_rows){ CHACHA20POLY1305_ROW_TWO_PASS, chacha, poly,
				   chacha20_impls[chacha].hchacha20 ?
					   chacha : hchacha20_row_for(zinc_cpu_features()) };
}

void aead_way_pair(struct aead_way *w, enum chacha20_row chacha, enum poly1305_row poly)
{
	*w = (struct aead_way){ .kind = AEAD_WAY_PAIRS, .rows = aead_pair_rows(chacha, poly) };
	snprintf(w->name, sizeof(w->name), "%s + %s", chacha20_impls[chacha].name,
		 poly1305_impls[poly].name);
}

void aead_way_row(struct aead_way *w, enum chacha20poly1305_row row)
{
	*w = (struct aead_way){ .kind = AEAD_WAY_ROWS, .rows.aead = row };
	snprintf(w->name, sizeof(w->name), "%s", chacha20poly1305_impls[row].name);
}

/* *at counts pairs, then rows, then the public functions. */
bool aead_way_next(struct aead_way *w, size_t *at, unsigned which)
{
	const size_t npairs = chacha20_nimpls * poly1305_nimpls;

	for (; *at < npairs + chacha20poly1305_nimpls + 1; ++*at) {
		size_t i = *at;

		if (i < npairs) {
			size_t c = i / poly1305_nimpls, p = i % poly1305_nimpls;

			if (!(which & AEAD_WAY_PAIRS) || !zinc_cpu_have(chacha20_impls[c].features) ||
			    !zinc_cpu_have(poly1305_impls[p].features))
				continue;
			aead_way_pair(w, (enum chacha20_row)c, (enum poly1305_row)p);
		} else if (i < npairs + chacha20poly1305_nimpls) {
			if (!(which & AEAD_WAY_ROWS) ||
			    !zinc_cpu_have(chacha20poly1305_impls[i - npairs].features))
				continue;
			aead_way_row(w, (enum chacha20poly1305_row)(i - npairs));
		} else {
			if (!(which & AEAD_WAY_PUBLIC))
				continue;
			*w = (struct aead_way){ .kind = AEAD_WAY_PUBLIC, .name = "public" };
		}
		++*at;
		return true;
	}
	return false;
}

struct aead_rows aead_way_rows(const struct aead_way *w, size_t ad_len, size_t ct_len)
{
	return w->kind == AEAD_WAY_ROWS ? chacha20poly1305_rows(w->rows.aead, ad_len, ct_len) :
					  w->rows;
}

/* A decryption's ciphertext bytes (0 for an input shorter than the tag,
 * which the construction rejects). */
static size_t ct_of(size_t len)
{
	return len < CHACHA20POLY1305_AUTHTAG_SIZE ? 0 : len - CHACHA20POLY1305_AUTHTAG_SIZE;
}

void aead_way_encrypt(const struct aead_variant *v, const struct aead_way *w, uint8_t *dst,
		      const uint8_t *src, size_t len, const uint8_t *ad, size_t ad_len,
		      const uint8_t *nonce, const uint8_t *key)
{
	const struct aead_args a = aead_flat(dst, src, len, ad, ad_len, nonce, key);
	const struct aead_rows r = aead_way_rows(w, ad_len, len);

	if (w->kind == AEAD_WAY_PUBLIC)
		v->encrypt(dst, src, len, ad, ad_len, nonce, key);
	else if (v->x)
		xchacha20poly1305_run_encrypt(&r, &a);
	else
		chacha20poly1305_run_encrypt(&r, &a);
}

bool aead_way_decrypt(const struct aead_variant *v, const struct aead_way *w, uint8_t *dst,
		      const uint8_t *src, size_t len, const uint8_t *ad, size_t ad_len,
		      const uint8_t *nonce, const uint8_t *key)
{
	const struct aead_args a = aead_flat(dst, src, len, ad, ad_len, nonce, key);
	const struct aead_rows r = aead_way_rows(w, ad_len, ct_of(len));

	if (w->kind == AEAD_WAY_PUBLIC)
		return v->decrypt(dst, src, len, ad, ad_len, nonce, key);
	return v->x ? xchacha20poly1305_run_decrypt(&r, &a) : chacha20poly1305_run_decrypt(&r, &a);
}

bool aead_way_sg_encrypt(const struct aead_way *w, const struct iovec *iov, size_t cnt,
			 size_t len, const uint8_t *ad, size_t ad_len, const uint8_t *nonce,
			 const uint8_t *key)
{
	const struct aead_args a = aead_sg(iov, len, ad, ad_len, nonce, key);
	const struct aead_rows r = aead_way_rows(w, ad_len, len);

	if (w->kind == AEAD_WAY_PUBLIC)
		return chacha20poly1305_encrypt_sg_inplace(iov, cnt, len, ad, ad_len, nonce, key);
	if (!chacha20poly1305_sg_encrypt_fits(iov, cnt, len))
		return false;
	chacha20poly1305_run_encrypt_sg(&r, &a);
	return true;
}

bool aead_way_sg_decrypt(const struct aead_way *w, const struct iovec *iov, size_t cnt,
			 size_t len, const uint8_t *ad, size_t ad_len, const uint8_t *nonce,
			 const uint8_t *key)
{
	const struct aead_args a = aead_sg(iov, len, ad, ad_len, nonce, key);
	const struct aead_rows r = aead_way_rows(w, ad_len, ct_of(len));

	if (w->kind == AEAD_WAY_PUBLIC)
		return chacha20poly1305_decrypt_sg_inplace(iov, cnt, len, ad, ad_len, nonce, key);
	return chacha20poly1305_sg_decrypt_fits(iov, cnt, len) &&
	       chacha20poly1305_run_decrypt_sg(&r, &a);
}

#ifdef ZINC_TESTING
#include "lib/common/entry.h"

typedef void kernel_fn(const struct chacha20poly1305_bulk *b, uint8_t *dst, const uint8_t *src,
		       size_t len);
typedef void steps_fn(const struct chacha20poly1305_bulk *b,
		      const struct chacha20poly1305_step *steps, size_t len);
typedef void open_fn(const struct chacha20poly1305_bulk *b, uint8_t *dst,
		     const struct chacha20poly1305_step *steps, size_t len);

/*
 * The steps of a len-byte message laid out backwards with odd gaps: the
 * even steps whole, the odd ones (and the last, if odd in number) in pieces
 * of 1, 31, 32, 33, 100, 2, 64, 17, ... bytes (the byte-at-a-time and the
 * 32-byte paths of a piece, and a piece's last 32 bytes overlapping its
 * chunk before), each piece after a gap of its own. part[i] lists where
 * step i's bytes lie either way (a whole step: one part).
 */
enum {
	STEP = CHACHA20POLY1305_STEP, GAP = 37, NSTEPS = (ZINC_CASE_MAX_LEN + STEP - 1) / STEP,
	MAXPIECES = 24
};

struct layout {
	struct chacha20poly1305_step step[NSTEPS];
	struct chacha20poly1305_piece part[NSTEPS][MAXPIECES];
	size_t nparts[NSTEPS];
	uint8_t scatter[NSTEPS * (STEP + (GAP + 2) * MAXPIECES)];
};

_Static_assert(sizeof(struct layout) <= ZINC_CALL_AUX, "the steps fit a call's aux");

/* The states at the start of k->state (ChaCha20's 64 bytes, Poly1305's 48)
 * and the bulk pointing at them. */
struct states {
	uint32_t chacha[16];
	uint64_t poly[6];
	struct chacha20poly1305_bulk bulk;
};

_Static_assert(sizeof(struct states) <= ZINC_CALL_STATE, "the states fit a call");

static struct states *states_of(struct zinc_call *k)
{
	return (struct states *)k->state;
}

static void lay_out(struct layout *l, const uint8_t *msg, size_t len)
{
	static const size_t sizes[] = { 1, 31, 32, 33, 100, 2, 64, 17 };
	size_t n = (len + STEP - 1) / STEP;
	uint8_t *at = l->scatter;

	for (size_t i = n; i-- > 0;) {
		size_t k = len - i * STEP < STEP ? len - i * STEP : STEP, np = 0;

		for (size_t done = 0; done < k; np++) {
			size_t m = i % 2 ? sizes[np % (sizeof(sizes) / sizeof(sizes[0]))] : k;

			m = m < k - done ? m : k - done;
			l->part[i][np] = (struct chacha20poly1305_piece){ at, m };
			at += m + GAP + np % 3;
			done += m;
		}
		l->nparts[i] = np;
		l->step[i] = i % 2 ? (struct chacha20poly1305_step){ .piece = l->part[i], .pieces = np }
				   : (struct chacha20poly1305_step){ .at = l->part[i][0].at };
		for (size_t j = 0, off = i * STEP; j < np; off += l->part[i][j++].len)
			memcpy(l->part[i][j].at, msg + off, l->part[i][j].len);
	}
}

/* The laid-out steps' bytes, contiguous, into out. */
static void gather(const struct layout *l, uint8_t *out, size_t len)
{
	for (size_t i = 0; i * STEP < len; i++)
		for (size_t j = 0, off = i * STEP; j < l->nparts[i]; off += l->part[i][j++].len)
			memcpy(out + off, l->part[i][j].at, l->part[i][j].len);
}

static size_t kernel_len(size_t len)
{
	return len >= CHACHA20POLY1305_STEP ? len : SIZE_MAX;
}

/* Random states; the parts: output (len bytes), both states. */
static void start(const struct zinc_case *c, struct zinc_call *k)
{
	struct states *s = states_of(k);
	uint64_t seed = c->seed;

	memset(s, 0, sizeof(*s));
	zinc_case_fill(s->chacha, sizeof(s->chacha), &seed);
	zinc_case_fill(s->poly, sizeof(s->poly), &seed);
	s->poly[2] &= 7;
	s->poly[3] &= 0x0ffffffc0fffffffull;
	s->poly[4] &= 0x0ffffffc0ffffffcull;
	s->poly[5] = s->poly[4] + (s->poly[4] >> 2);
	s->bulk = (struct chacha20poly1305_bulk){ s->chacha, s->poly };
	k->len = c->len;
	k->arg[0] = ZINC_ARG(&s->bulk);
	zinc_call_part(k, "output", k->out, c->len);
	zinc_call_part(k, "ChaCha20 state", s->chacha, sizeof(s->chacha));
	zinc_call_part(k, "Poly1305 state", s->poly, sizeof(s->poly));
}

/* start(), and the arguments of a kernel that writes k->out from src (the
 * message or the steps): the bulk, k->out, src and the length. */
static void start_kernel(const struct zinc_case *c, struct zinc_call *k, const void *src)
{
	start(c, k);
	k->arg[1] = ZINC_ARG(k->out);
	k->arg[2] = ZINC_ARG(src);
	k->arg[3] = c->len;
}

static void encrypt_setup(const struct zinc_entry *e, const struct zinc_case *c,
			  struct zinc_call *k)
{
	start_kernel(c, k, c->in);
}

static void encrypt_call(const void *fn, const uint64_t a[6])
{
	((kernel_fn *)fn)(ZINC_PTR(a[0]), ZINC_PTR(a[1]), ZINC_PTR(a[2]), a[3]);
}

/* What the row's encrypt kernel gives on the same case, called directly. */
static void by_encrypt(const struct zinc_entry *e, const struct zinc_case *c, struct zinc_call *k)
{
	encrypt_setup(e, c, k);
	chacha20poly1305_row_kernel(e->row_id, &states_of(k)->bulk, k->out, c->in, c->len);
}

static void steps_setup(const struct zinc_entry *e, const struct zinc_case *c,
			struct zinc_call *k)
{
	struct layout *l = (struct layout *)k->aux;

	start(c, k);
	lay_out(l, c->in, c->len);
	k->arg[1] = ZINC_ARG(l->step);
	k->arg[2] = c->len;
}

static void steps_call(const void *fn, const uint64_t a[6])
{
	((steps_fn *)fn)(ZINC_PTR(a[0]), ZINC_PTR(a[1]), a[2]);
}

static void steps_finish(struct zinc_call *k)
{
	gather((const struct layout *)k->aux, k->out, k->len);
}

/* encrypt's ciphertext of the case (the row's own kernel, from the same
 * states) in steps, the states back at the start. */
static void open_setup(const struct zinc_entry *e, const struct zinc_case *c, struct zinc_call *k)
{
	struct layout *l = (struct layout *)k->aux;

	by_encrypt(e, c, k);
	lay_out(l, k->out, c->len);
	k->nparts = 0;
	start_kernel(c, k, l->step);
}

static void open_call(const void *fn, const uint64_t a[6])
{
	((open_fn *)fn)(ZINC_PTR(a[0]), ZINC_PTR(a[1]), ZINC_PTR(a[2]), a[3]);
}

/* The message back, and the states encrypt left (its MAC absorbed the same
 * ciphertext). */
static void open_want(const struct zinc_entry *e, const struct zinc_case *c, struct zinc_call *k)
{
	by_encrypt(e, c, k);
	memcpy(k->out, c->in, c->len);
}

static const struct zinc_entry_kind encrypt_kind = {
	.name = "encrypt", .fit = kernel_len, .setup = encrypt_setup, .call = encrypt_call,
};
static const struct zinc_entry_kind steps_kind = {
	.name = "encrypt_steps", .fit = kernel_len, .setup = steps_setup, .call = steps_call,
	.finish = steps_finish, .want = by_encrypt,
};
static const struct zinc_entry_kind open_kind = {
	.name = "decrypt_steps", .fit = kernel_len, .setup = open_setup, .call = open_call,
	.want = open_want,
};

#define KERNEL(fn) ZINC_ENTRY_FN(fn)
#define STEPS(fn) ZINC_ENTRY_FN(fn)
#define OPEN(fn) ZINC_ENTRY_FN(fn)
#define NO_KERNEL NULL
#define ROW(id, name, needs, min_len, kernel, steps, open)                        \
	{ name, CHACHA20POLY1305_ROW_##id, needs, &encrypt_kind, kernel },         \
	{ name, CHACHA20POLY1305_ROW_##id, needs, &steps_kind, steps },            \
	{ name, CHACHA20POLY1305_ROW_##id, needs, &open_kind, open },
static const struct zinc_entry entries[] = {
#include "lib/chacha20poly1305/rows.h"
};

/* ---- The descriptions of the two AEADs (lib/common/describe.h) ---- */
#include "lib/common/describe.h"

/* Their rows are the ways (entries.h): every (ChaCha20 row, Poly1305 row)
 * pair, the generic pair first, then every stitched row. */
enum { NPAIRS = CHACHA20_NROWS * POLY1305_NROWS, NWAYS = NPAIRS + CHACHA20POLY1305_NROWS };

static void way_of(size_t r, struct aead_way *w)
{
	if (r < NPAIRS)
		aead_way_pair(w, (enum chacha20_row)(r / POLY1305_NROWS),
			      (enum poly1305_row)(r % POLY1305_NROWS));
	else
		aead_way_row(w, (enum chacha20poly1305_row)(r - NPAIRS));
}

static void row(size_t r, struct zinc_row *row)
{
	struct aead_way w;

	way_of(r, &w);
	*row = (struct zinc_row){
		.features = r < NPAIRS ? chacha20_impls[r / POLY1305_NROWS].features |
						 poly1305_impls[r % POLY1305_NROWS].features
				       : chacha20poly1305_impls[r - NPAIRS].features,
		.long_paths = r >= NPAIRS,
	};
	snprintf(row->name, sizeof(row->name), "%s", w.name);
}

/*
 * encrypt and decrypt: the ciphertext and tag; the verdict and plaintext
 * of decrypting them; the verdict and the plaintext buffer (filled with
 * 0xa5 before: a refusal zeroes it) of decrypting them with the tag's
 * first bit flipped.
 */
static size_t seal_open(const struct aead_variant *v, const struct aead_way *w,
			const struct zinc_args *a, uint8_t *out)
{
	const size_t n = a->len, sealed = n + CHACHA20POLY1305_AUTHTAG_SIZE;
	uint8_t *pt = out + sealed + 1, *refused = pt + n + 1;

	aead_way_encrypt(v, w, out, a->in, n, a->ad, a->ad_len, a->nonce, a->key);
	out[sealed] = aead_way_decrypt(v, w, pt, out, sealed, a->ad, a->ad_len, a->nonce, a->key);
	memset(refused, 0xa5, n);
	out[n] ^= 1;
	refused[-1] = aead_way_decrypt(v, w, refused, out, sealed, a->ad, a->ad_len, a->nonce,
				       a->key);
	out[n] ^= 1;
	return (size_t)(refused + n - out);
}

/*
 * sg in place: the message in place over three pieces cut at split and 7
 * bytes into the tag, encrypted (ciphertext and tag, the verdict), then
 * decrypted in place (the plaintext and the verdict).
 */
static size_t sg_seal_open(const struct aead_way *w, const struct zinc_args *a, uint8_t *out)
{
	const size_t n = a->len, sealed = n + CHACHA20POLY1305_AUTHTAG_SIZE;
	uint8_t *pt = out + sealed + 1;
	const struct iovec at_out[3] = { { out, a->split },
					 { out + a->split, n - a->split + 7 },
					 { out + n + 7, CHACHA20POLY1305_AUTHTAG_SIZE - 7 } };
	const struct iovec at_pt[3] = { { pt, a->split },
					{ pt + a->split, n - a->split + 7 },
					{ pt + n + 7, CHACHA20POLY1305_AUTHTAG_SIZE - 7 } };

	memcpy(out, a->in, n);
	out[sealed] = aead_way_sg_encrypt(w, at_out, 3, n, a->ad, a->ad_len, a->nonce, a->key);
	memcpy(pt, out, sealed);
	pt[sealed] = aead_way_sg_decrypt(w, at_pt, 3, sealed, a->ad, a->ad_len, a->nonce, a->key);
	return 2 * sealed + 2;
}

static size_t seal_open_c(const struct aead_way *w, const struct zinc_args *a, uint8_t *out)
{
	return seal_open(&aead_chacha20poly1305, w, a, out);
}

static size_t seal_open_x(const struct aead_way *w, const struct zinc_args *a, uint8_t *out)
{
	return seal_open(&aead_xchacha20poly1305, w, a, out);
}

/* An operation's run on row r (the way of r) and through the public
 * functions (the public way). */
static const struct aead_way public_way = { .kind = AEAD_WAY_PUBLIC, .name = "public" };
#define WAY_RUNS(run)                                                                \
	static size_t run##_row(size_t r, const struct zinc_args *a, uint8_t *out)  \
	{                                                                            \
		struct aead_way w;                                                   \
		way_of(r, &w);                                                       \
		return run(&w, a, out);                                              \
	}                                                                            \
	static size_t run##_public(const struct zinc_args *a, uint8_t *out)         \
	{                                                                            \
		return run(&public_way, a, out);                                     \
	}
WAY_RUNS(seal_open_c)
WAY_RUNS(seal_open_x)
WAY_RUNS(sg_seal_open)

/* The stitched rows' paths: one step and a rest, two steps and a rest,
 * many steps, and the longest message of decryption's one pass. */
static const size_t long_lens[] = { CHACHA20POLY1305_STEP + 65, 2 * CHACHA20POLY1305_STEP + 64,
				    1420, CHACHA20POLY1305_OPEN_MAX_LEN - 1 };

#define AEAD_OP(op_name, nonce, on_row, on_public, calls, names)                              \
	{ .name = op_name, .inputs = ZINC_KEY | ZINC_NONCE | ZINC_AD | ZINC_MSG,                 \
	  .secret = ZINC_KEY | ZINC_MSG, .key_min = CHACHA20POLY1305_KEY_SIZE,                   \
	  .key_max = CHACHA20POLY1305_KEY_SIZE, .nonce_len = nonce, .max_len = SIZE_MAX,        \
	  .run_row = on_row, .run_public = on_public, .public_calls = calls,                    \
	  .public_names = names }

static const struct zinc_op ops[] = {
	AEAD_OP("encrypt and decrypt", CHACHA20POLY1305_NONCE_SIZE, seal_open_c_row,
		seal_open_c_public, 3, "chacha20poly1305_encrypt, chacha20poly1305_decrypt"),
	AEAD_OP("sg in place", CHACHA20POLY1305_NONCE_SIZE, sg_seal_open_row, sg_seal_open_public, 2,
		"chacha20poly1305_encrypt_sg_inplace, chacha20poly1305_decrypt_sg_inplace"),
};
static const struct zinc_op xops[] = {
	AEAD_OP("encrypt and decrypt", XCHACHA20POLY1305_NONCE_SIZE, seal_open_x_row,
		seal_open_x_public, 3, "xchacha20poly1305_encrypt, xchacha20poly1305_decrypt"),
};

const struct zinc_primitive chacha20poly1305_primitive = {
	.name = "chacha20poly1305", .nrows = NWAYS, .row = row, .ops = ops,
	.nops = ARRAY_SIZE(ops), .long_lens = long_lens, .nlong_lens = ARRAY_SIZE(long_lens),
};
const struct zinc_primitive xchacha20poly1305_primitive = {
	.name = "xchacha20poly1305", .nrows = NWAYS, .row = row, .ops = xops,
	.nops = ARRAY_SIZE(xops), .long_lens = long_lens, .nlong_lens = ARRAY_SIZE(long_lens),
};

const struct zinc_entries chacha20poly1305_entries = { "chacha20poly1305", entries,
						       ARRAY_SIZE(entries) };
#endif
