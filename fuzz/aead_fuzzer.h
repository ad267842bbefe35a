/* SPDX-License-Identifier: MIT */
/*
 * The body of the two AEAD fuzz targets, chacha20poly1305_fuzzer.c and
 * xchacha20poly1305_fuzzer.c, which define before including it:
 *   AEAD_NAME, AEAD_NONCE_SIZE, AEAD_VARIANT (its struct aead_variant,
 *   lib/chacha20poly1305/entries.h: how zinc's functions are called),
 *   AEAD_ORACLE_ENCRYPT / _DECRYPT (the struct zinc_oracle operations,
 *   fuzz/oracles/oracles.h), AEAD_ORACLE_NOTES (what --list says of them),
 *   and AEAD_SG_ENCRYPT when the AEAD has scatter-gather functions.
 * zinc is run every way lib/chacha20poly1305/entries.h describes
 * (aead_way_next): the pairs, the stitched rows, the public functions.
 * For every input: every (ChaCha20 row, Poly1305 row) pair the CPU can run
 * built from struct aead_args, the (generic, generic) pair among them, every
 * usable row of the stitched table (chacha20poly1305_impls) through the
 * construction, in place and not, the public functions and every oracle
 * vote on the ciphertext and tag (fuzz_judge names the outvoted); then
 * against that verdict, the same over the iovec list (the sg construction);
 * decrypt(encrypt(m)) = m, in place
 * and not; one flipped bit of ciphertext, tag or AD rejected with a zeroed
 * output; decrypt of fewer than 16 bytes rejected without writing (public
 * functions and every usable pair). With the sg
 * functions, the same over an iovec list decoded from the input: see
 * check_sg below.
 */
#include <string.h>

#include "fuzz/guard.h"
#include "fuzz/input.h"
#include "fuzz/oracles/oracles.h"
#include "fuzz/report.h"
#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/chacha20poly1305/entries.h"
#include "lib/common/cpu.h"

const char fuzz_target_name[] = AEAD_NAME;

#define T fuzz_target_name
#define TAG CHACHA20POLY1305_AUTHTAG_SIZE
#define V (&AEAD_VARIANT)

static struct {
	struct fuzz_layout layout;
	uint8_t pattern, key_pattern;
	size_t len, ad_len;
	uint16_t flip_pos;
	uint8_t flip_bit;
	uint8_t key[CHACHA20POLY1305_KEY_SIZE];
	uint8_t nonce[AEAD_NONCE_SIZE];
	bool v2;                /* version 2: pattern >> 5 == 7 (fuzz/README.md) */
#ifdef AEAD_SG_ENCRYPT
	struct fuzz_splits sg;  /* entry sizes of the iovec list, read last */
	uint8_t sg_cycle;       /* odd: those sizes repeat (a list of many entries) */
	/* Version 2 only: sg_mode % 4 != 0 makes the list by a rule instead:
	 * sg_first bytes, then entries of sg_size[0], sg_size[1], sg_size[0],
	 * ... (sg_count of them, 0: until the bytes run out; a size of 0 ends
	 * the list), the rest in one last entry. */
	uint8_t sg_mode, sg_count;
	size_t sg_first, sg_size[2];
#endif
} P;

#ifdef AEAD_SG_ENCRYPT
/* The explicit entries are at most SG_MAX_ENTRY bytes; the last takes the
 * rest. Cycled, they go on until the bytes run out or the list has
 * SG_LIST_MAX entries: enough short entries that a 512-byte step of the
 * stitched kernel lies in more pieces than a kernel call takes. */
enum { SG_MAX_ENTRY = 255, SG_LIST_MAX = 1024 };
#endif

static uint8_t msg[FUZZ_MAX_LEN], ad[FUZZ_MAX_AD_LEN];
static uint8_t ref[FUZZ_MAX_LEN + TAG], out[FUZZ_MAX_LEN + TAG];
static const struct fuzz_layout end_layout;

static void format_params(char *buf, size_t cap)
{
	fuzz_fmt(buf, cap, " len=%zu ad_len=%zu flip_pos=%u flip_bit=%u pattern=0x%02x"
		 " key_pattern=0x%02x", P.len, P.ad_len, P.flip_pos, P.flip_bit & 7, P.pattern,
		 P.key_pattern);
	fuzz_fmt_layout(buf, cap, &P.layout);
	if (P.v2)
		fuzz_fmt(buf, cap, " v2");
	fuzz_fmt_hex(buf, cap, "key", P.key, sizeof(P.key));
	fuzz_fmt_hex(buf, cap, "nonce", P.nonce, sizeof(P.nonce));
	fuzz_fmt_hex(buf, cap, "ad", ad, P.ad_len);
	fuzz_fmt_hex(buf, cap, "msg", msg, P.len);
#ifdef AEAD_SG_ENCRYPT
	if (P.v2 && P.sg_mode % 4) {
		fuzz_fmt(buf, cap, " sg rule %u: first=%zu then %zu,%zu count=%u", P.sg_mode % 4,
			 P.sg_first, P.sg_size[0], P.sg_size[1], P.sg_count);
		return;
	}
	fuzz_fmt(buf, cap, " sg");
	fuzz_fmt_splits(buf, cap, &P.sg);
	if (P.sg_cycle & 1)
		fuzz_fmt(buf, cap, " (repeated)");
#endif
}

#ifdef AEAD_SG_ENCRYPT
/* Version 2's list, read right after the length: mode byte m; m % 4
 * = 0 → the explicit list of version 1 (splits(255), repeat byte), else u16
 * a, u16 b, count byte and the rule of m % 4: 1 → first = a % 8209, both
 * sizes b % 8193 (one cut anywhere, then even entries); 2 → first = 64 + a
 * % 512, sizes 512 (every 512-byte step of the stitched kernel cut at the
 * same offset); 3 → first = a % 512, sizes 1 + b % 128 and 1 + (b >> 7) %
 * 128 (many short entries). */
static void decode_sg_v2(struct fuzz_input *in)
{
	uint16_t a, b;

	P.sg_mode = fuzz_byte(in);
	if (P.sg_mode % 4 == 0) {
		fuzz_read_pieces(in, &P.sg, SG_MAX_ENTRY);
		P.sg_cycle = fuzz_byte(in);
		return;
	}
	a = fuzz_u16(in);
	b = fuzz_u16(in);
	P.sg_count = fuzz_byte(in);
	switch (P.sg_mode % 4) {
	case 1:
		P.sg_first = a % (FUZZ_MAX_LEN + TAG + 1);
		P.sg_size[0] = P.sg_size[1] = b % (FUZZ_MAX_LEN + 1);
		break;
	case 2:
		P.sg_first = 64 + a % 512;
		P.sg_size[0] = P.sg_size[1] = 512;
		break;
	default:
		P.sg_first = a % 512;
		P.sg_size[0] = 1 + b % 128;
		P.sg_size[1] = 1 + (b >> 7) % 128;
	}
}
#endif

/*
 * Version 1: every field as it was first defined, the sg list after the
 * data. Version 2 (pattern >> 5 == 7: bits no input of corpus/ sets, which
 * version 1 ignores) puts what shapes the call right after the pattern, in
 * as few bytes as possible, and reads everything past the end of the input
 * from fuzz_expand_byte(): two bytes make a call of random shape (a long
 * message, a list that cuts it), a few more choose the shape (fuzz/README.md).
 */
static void decode(const uint8_t *data, size_t size)
{
	struct fuzz_input in;

	fuzz_input_init(&in, data, size);
	fuzz_read_layout(&in, &P.layout);
	P.pattern = fuzz_byte(&in);
	P.v2 = P.pattern >> 5 == 7;
#ifdef AEAD_SG_ENCRYPT
	P.sg_mode = 0;
#endif
	if (P.v2) {
		fuzz_input_expand(&in);
		P.len = fuzz_length8(&in, FUZZ_MAX_LEN);
#ifdef AEAD_SG_ENCRYPT
		decode_sg_v2(&in);
#endif
		P.ad_len = fuzz_length(&in, FUZZ_MAX_AD_LEN);
		P.key_pattern = fuzz_byte(&in);
		P.flip_pos = fuzz_u16(&in);
		P.flip_bit = fuzz_byte(&in);
	} else {
		P.key_pattern = fuzz_byte(&in);
		P.len = fuzz_length(&in, FUZZ_MAX_LEN);
		P.ad_len = fuzz_length(&in, FUZZ_MAX_AD_LEN);
		P.flip_pos = fuzz_u16(&in);
		P.flip_bit = fuzz_byte(&in);
	}
	fuzz_fill(&in, P.key, sizeof(P.key), P.key_pattern);
	fuzz_bytes(&in, P.nonce, sizeof(P.nonce));
	fuzz_bytes(&in, ad, P.ad_len);
	fuzz_fill(&in, msg, P.len, P.pattern);
#ifdef AEAD_SG_ENCRYPT
	/* After the data, so that inputs from before the sg functions decode
	 * as they did, with a one-entry list. */
	if (!P.v2) {
		fuzz_read_pieces(&in, &P.sg, SG_MAX_ENTRY);
		P.sg_cycle = fuzz_byte(&in);
	}
#endif
}

/* Guard-page inputs: slot 0 message / ciphertext (len + TAG bytes, the
 * output too when in place), 1 output, 2 AD, 3 key, 4 nonce. */
struct bufs {
	uint8_t *src, *dst, *ad, *key, *nonce;
};

static void place(struct bufs *b, const uint8_t *src, size_t src_len, size_t dst_len,
		  bool in_place)
{
	size_t room = src_len > dst_len ? src_len : dst_len;

	/* In place the buffer is sized for the larger of the two, src first. */
	b->src = fuzz_guard_buf(0, in_place ? room : src_len, &P.layout);
	memcpy(b->src, src, src_len);
	b->dst = in_place ? b->src : fuzz_guard_buf(1, dst_len, &P.layout);
	b->ad = fuzz_guard_copy(2, ad, P.ad_len, &P.layout);
	b->key = fuzz_guard_copy(3, P.key, sizeof(P.key), &P.layout);
	b->nonce = fuzz_guard_copy(4, P.nonce, sizeof(P.nonce), &P.layout);
}

static bool all_zero(const uint8_t *p, size_t n)
{
	uint8_t acc = 0;

	for (size_t i = 0; i < n; i++)
		acc |= p[i];
	return !acc;
}

/* ciphertext || tag with one bit flipped, or the AD with one bit flipped. */
static void flip(uint8_t *ct, uint8_t *a)
{
	size_t pos = P.flip_pos % (P.len + TAG + P.ad_len);
	uint8_t bit = (uint8_t)(1u << (P.flip_bit & 7));

	if (pos < P.len + TAG)
		ct[pos] ^= bit;
	else
		a[pos - P.len - TAG] ^= bit;
}

static const char *flip_what(void)
{
	size_t pos = P.flip_pos % (P.len + TAG + P.ad_len);

	return pos < P.len ? "ciphertext" : pos < P.len + TAG ? "tag" : "ad";
}

/* Encrypts one way (in place or not) and votes with the answer. */
static void encrypt_vote(struct fuzz_ballot *enc, const char *name, const struct aead_way *w,
			 bool in_place)
{
	char who[FUZZ_VOTER_NAME];
	struct bufs b;

	place(&b, msg, P.len, P.len + TAG, in_place);
	aead_way_encrypt(V, w, b.dst, b.src, P.len, b.ad, P.ad_len, b.nonce, b.key);
	snprintf(who, sizeof(who), "%s%s", name, in_place ? " (in place)" : "");
	fuzz_vote(enc, who, b.dst);
}

/* Decrypts ref (the ciphertext every way agreed on) back, then (when
 * flip_too) a flipped copy. The other pairs skip the flipped decrypt: the
 * rejection logic is shared C, and a backend whose tag ignored some input
 * bits would already differ from the other tags. */
static void run(const char *name, const struct aead_way *w, bool in_place, bool flip_too)
{
	struct bufs b;
	bool ok;

	place(&b, ref, P.len + TAG, P.len, in_place);
	ok = aead_way_decrypt(V, w, b.dst, b.src, P.len + TAG, b.ad, P.ad_len, b.nonce, b.key);
	fuzz_check_bool(T, name, "spec", "decrypt(encrypt(m)) accepted", ok, true);
	fuzz_check(T, name, "message", "decrypt(encrypt(m))", b.dst, msg, P.len);
	if (!flip_too)
		return;

	memcpy(out, ref, P.len + TAG);
	place(&b, out, P.len + TAG, P.len, in_place);
	flip(b.src, b.ad);
	if (!in_place)
		memset(b.dst, 0xa5, P.len);
	ok = aead_way_decrypt(V, w, b.dst, b.src, P.len + TAG, b.ad, P.ad_len, b.nonce, b.key);
	fuzz_check_bool(T, name, "spec", flip_what(), ok, false);
	if (!all_zero(b.dst, P.len)) {
		static const uint8_t zeros[FUZZ_MAX_LEN];

		fuzz_check(T, name, "zeros", "output after a rejected decrypt", b.dst, zeros,
			   P.len);
	}
}

#ifdef AEAD_SG_ENCRYPT
/*
 * Scatter-gather. The list lays the bytes out in P.sg's entries (each
 * clipped to what is left, the last entry taking the rest; cycled when
 * P.sg_cycle is odd and one of them is not 0) in guard slot 5, SG_GAP
 * canary bytes between entries, so a write outside the entries shows and
 * the last entry ends at the guard page when the layout says so.
 */
enum { SG_GAP = 7, SG_CANARY = 0x5c, SG_SLOT = 5 };

struct sg_list {
	struct iovec iov[SG_LIST_MAX];
	size_t cnt, len;
	uint8_t *buf;           /* the slot: entries and gaps */
	size_t buf_len;
};

static void sg_place(struct sg_list *l, const uint8_t *src, size_t len)
{
	size_t off = 0, n = P.sg.n, sum = 0;
	bool cycle;

	for (size_t i = 0; i < n; i++)
		sum += P.sg.chunk[i];
	cycle = (P.sg_cycle & 1) && sum;
	/* Entry sizes first (into iov_len), then the layout. */
	if (P.v2 && P.sg_mode % 4) {
		/* The rule: first, then sizes 0, 1, 0, ... (sg_count of them). */
		size_t max = P.sg_count ? (size_t)P.sg_count + 1 : SG_LIST_MAX - 1;

		for (l->cnt = 0; l->cnt < max && off < len; l->cnt++) {
			size_t want = l->cnt ? P.sg_size[(l->cnt - 1) % 2] : P.sg_first;
			size_t k = want < len - off ? want : len - off;

			if (l->cnt && !want)
				break;
			l->iov[l->cnt].iov_len = k;
			off += k;
		}
	} else {
		for (l->cnt = 0; l->cnt < SG_LIST_MAX - 1 && (cycle ? off < len : l->cnt < n);
		     l->cnt++) {
			size_t k = P.sg.chunk[l->cnt % n] < len - off ? P.sg.chunk[l->cnt % n]
								      : len - off;

			l->iov[l->cnt].iov_len = k;
			off += k;
		}
	}
	l->iov[l->cnt++].iov_len = len - off;
	l->len = len;
	l->buf_len = len + (l->cnt - 1) * SG_GAP;
	l->buf = fuzz_guard_buf(SG_SLOT, l->buf_len, &P.layout);
	memset(l->buf, SG_CANARY, l->buf_len);
	off = 0;
	for (size_t i = 0; i < l->cnt; i++) {
		uint8_t *at = l->buf + off + i * SG_GAP;

		memcpy(at, src + off, l->iov[i].iov_len);
		l->iov[i].iov_base = at;
		off += l->iov[i].iov_len;
	}
}

/* The list's bytes, contiguous, into out; fails the input when a gap byte
 * changed. */
static void sg_gather(const char *name, const struct sg_list *l, uint8_t *out)
{
	for (size_t i = 0; i < l->cnt; i++) {
		const uint8_t *gap = (const uint8_t *)l->iov[i].iov_base + l->iov[i].iov_len;

		memcpy(out, l->iov[i].iov_base, l->iov[i].iov_len);
		out += l->iov[i].iov_len;
		for (size_t g = 0; i + 1 < l->cnt && g < SG_GAP; g++)
			if (gap[g] != SG_CANARY)
				fuzz_check_bool(T, name, "spec", "write between iovec entries",
						true, false);
	}
}

typedef bool sg_fn(const struct aead_way *, const struct iovec *, size_t, size_t,
		   const uint8_t *, size_t, const uint8_t *, const uint8_t *);

/* sg_msg: msg and 16 bytes of room for the tag. */
static uint8_t sg_out[FUZZ_MAX_LEN + TAG];
static uint8_t sg_msg[FUZZ_MAX_LEN + TAG];

/* A size the list cannot hold: false and not one byte written. */
static void sg_reject(const char *name, const char *what, const struct aead_way *w, sg_fn *fn,
		      const uint8_t *src, size_t list_len, size_t src_len)
{
	static struct sg_list l;
	struct bufs b;

	place(&b, msg, 0, 0, false);
	sg_place(&l, src, list_len);
	fuzz_check_bool(T, name, "spec", what,
			fn(w, l.iov, l.cnt, src_len, b.ad, P.ad_len, b.nonce, b.key), false);
	sg_gather(name, &l, sg_out);
	fuzz_check(T, name, "spec", "list untouched by a rejected size", sg_out, src, list_len);
}

/* Through enc / dec over the list: encrypt = ref (the flat generic pair),
 * decrypt back = msg with the tag left in place; when flip_too, the
 * flipped input rejected with exactly the plaintext bytes zeroed, and every
 * size the list cannot hold rejected without a write. */
static void run_sg(const char *name, const struct aead_way *w, bool flip_too)
{
	sg_fn *enc = aead_way_sg_encrypt, *dec = aead_way_sg_decrypt;
	static uint8_t want[FUZZ_MAX_LEN + TAG];
	static struct sg_list l;
	struct bufs b;

	memcpy(sg_msg, msg, P.len);
	memset(sg_msg + P.len, 0xa5, TAG);
	place(&b, msg, 0, 0, false);
	sg_place(&l, sg_msg, P.len + TAG);
	fuzz_check_bool(T, name, "spec", "sg encrypt accepted",
			enc(w, l.iov, l.cnt, P.len, b.ad, P.ad_len, b.nonce, b.key), true);
	sg_gather(name, &l, sg_out);
	fuzz_check(T, name, "every flat way", "sg encrypt", sg_out, ref, P.len + TAG);
	fuzz_check_bool(T, name, "spec", "sg decrypt(sg encrypt(m)) accepted",
			dec(w, l.iov, l.cnt, P.len + TAG, b.ad, P.ad_len, b.nonce, b.key), true);
	sg_gather(name, &l, sg_out);
	fuzz_check(T, name, "message", "sg decrypt", sg_out, msg, P.len);
	fuzz_check(T, name, "ref tag", "tag left by sg decrypt", sg_out + P.len, ref + P.len, TAG);
	if (!flip_too)
		return;

	/* The flipped bit goes into want (ciphertext or tag) or b.ad. */
	memcpy(want, ref, P.len + TAG);
	flip(want, b.ad);
	sg_place(&l, want, P.len + TAG);
	fuzz_check_bool(T, name, "spec", flip_what(),
			dec(w, l.iov, l.cnt, P.len + TAG, b.ad, P.ad_len, b.nonce, b.key), false);
	sg_gather(name, &l, sg_out);
	memset(want, 0, P.len);
	fuzz_check(T, name, "spec", "list after a rejected sg decrypt (plaintext zero, tag kept)",
		   sg_out, want, P.len + TAG);

	sg_reject(name, "sg encrypt into a list 1 byte short", w, enc, sg_msg, P.len + TAG - 1,
		  P.len);
	sg_reject(name, "sg decrypt of more than the list holds", w, dec, ref, P.len + TAG - 1,
		  P.len + TAG);
	sg_reject(name, "sg decrypt of fewer than 16 bytes", w, dec, ref, P.len + TAG,
		  P.len % TAG);
}
#endif

/* Decrypt of fewer than 16 bytes one way: false, dst untouched. */
static void short_decrypt(const char *name, const struct aead_way *w)
{
	struct bufs b;
	uint8_t before[TAG];
	size_t n = P.len % TAG;

	place(&b, ref, n, TAG, false);
	memset(b.dst, 0xa5, TAG);
	memcpy(before, b.dst, TAG);
	fuzz_check_bool(T, name, "spec", "decrypt of fewer than 16 bytes",
			aead_way_decrypt(V, w, b.dst, b.src, n, b.ad, P.ad_len, b.nonce, b.key),
			false);
	fuzz_check(T, name, "spec", "output untouched by a short decrypt", b.dst, before, TAG);
}

/* The public function and every usable pair. */
static void check_short(void)
{
	struct aead_way w;

	for (size_t at = 0; aead_way_next(&w, &at, AEAD_WAY_PUBLIC | AEAD_WAY_PAIRS);)
		short_decrypt(w.kind == AEAD_WAY_PAIRS ? w.name : "decrypt()", &w);
}

/* The rows this CPU cannot run, counted as not compared. */
static void skip_unusable(void)
{
#define SKIP_UNUSABLE(table, n)                                                   \
	for (size_t i = 0; i < (n); i++)                                          \
		if (!zinc_cpu_have((table)[i].features))                          \
			fuzz_count_skipped((table)[i].name, "not usable on this CPU");
	SKIP_UNUSABLE(chacha20_impls, chacha20_nimpls);
	SKIP_UNUSABLE(poly1305_impls, poly1305_nimpls);
	SKIP_UNUSABLE(chacha20poly1305_impls, chacha20poly1305_nimpls);
#undef SKIP_UNUSABLE
}

/* Every oracle's ciphertext || tag, as votes. */
static void vote_oracles(struct fuzz_ballot *enc)
{
	static uint8_t ct[FUZZ_MAX_LEN + TAG];

	for (unsigned i = 0; i < ZINC_NORACLES; i++) {
		const struct zinc_oracle *o = zinc_oracles[i];
		const char *why = NULL;

		if (ORACLE_CALL(o, AEAD_ORACLE_ENCRYPT, &why, ct, msg, P.len, ad, P.ad_len, P.nonce,
				P.key))
			fuzz_vote_other(enc, o->name, ct);
		else
			fuzz_abstain(enc, o->name, why);
	}
}

/* Every oracle's decrypt of ref (verdict and message) and of the flipped
 * input (verdict), each a ballot with zinc's answer, which the checks
 * above established: accepted, the message, rejected. */
static void check_oracle_decrypt(void)
{
	static struct fuzz_ballot ok, pt, flip_ok;
	static uint8_t o_pt[FUZZ_MAX_LEN], ct[FUZZ_MAX_LEN + TAG], a[FUZZ_MAX_AD_LEN];
	bool yes;

	fuzz_ballot_open(&ok, "decrypt accepted", 1);
	fuzz_ballot_open(&pt, "decrypt", P.len);
	fuzz_ballot_open(&flip_ok, "flipped bit accepted", 1);
	fuzz_vote_bool(&ok, "every way", true);
	fuzz_vote(&pt, "every way", msg);
	fuzz_vote_bool(&flip_ok, "every way", false);
	memcpy(ct, ref, P.len + TAG);
	memcpy(a, ad, P.ad_len);
	flip(ct, a);
	for (unsigned i = 0; i < ZINC_NORACLES; i++) {
		const struct zinc_oracle *o = zinc_oracles[i];
		const char *why = NULL;

		if (!ORACLE_CALL(o, AEAD_ORACLE_DECRYPT, &why, o_pt, &yes, ref, P.len + TAG, ad,
				 P.ad_len, P.nonce, P.key)) {
			fuzz_abstain(&ok, o->name, why);
			continue;
		}
		fuzz_vote_other_bool(&ok, o->name, yes);
		if (yes)
			fuzz_vote_other(&pt, o->name, o_pt);
		if (o->AEAD_ORACLE_DECRYPT(o_pt, &yes, ct, P.len + TAG, a, P.ad_len, P.nonce, P.key,
					   &why))
			fuzz_vote_other_bool(&flip_ok, o->name, yes);
#ifdef AEAD_SG_ENCRYPT
		fuzz_count_compared(o->name, AEAD_NAME " encrypt (flat and sg), decrypt, flipped-bit verdict");
#else
		fuzz_count_compared(o->name, AEAD_NAME " encrypt, decrypt, flipped-bit verdict");
#endif
	}
	fuzz_judge(T, &ok);
	fuzz_judge(T, &pt);
	fuzz_judge(T, &flip_ok);
}

/* Every way's encryption (the (generic, generic) pair, every usable pair
 * and stitched row, the public functions) and every oracle's vote on the
 * ciphertext and tag. ref gets the generic pair's, which then is
 * everyone's. */
static void check_encrypt(void)
{
	static struct fuzz_ballot enc;
	struct aead_way gen, w;

	fuzz_ballot_open(&enc, "encrypt", P.len + TAG);
	aead_way_pair(&gen, CHACHA20_ROW_GENERIC, 0);
	encrypt_vote(&enc, "generic+generic", &gen, false);
	memcpy(ref, enc.value[0], P.len + TAG);
	if (P.layout.in_place)
		encrypt_vote(&enc, "generic+generic", &gen, true);
	for (size_t at = 0; aead_way_next(&w, &at, AEAD_WAY_PAIRS | AEAD_WAY_ROWS);) {
		if (w.kind == AEAD_WAY_PAIRS && w.rows.chacha == gen.rows.chacha && !w.rows.poly)
			continue;
		encrypt_vote(&enc, w.name, &w, w.kind == AEAD_WAY_PAIRS ? P.layout.in_place : false);
		if (w.kind != AEAD_WAY_PAIRS)
			encrypt_vote(&enc, w.name, &w, true);
	}
	aead_way_next(&w, &(size_t){ 0 }, AEAD_WAY_PUBLIC);
	encrypt_vote(&enc, "public", &w, false);
	encrypt_vote(&enc, "public", &w, true);
	vote_oracles(&enc);
	fuzz_judge(T, &enc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct aead_way gen, w;

	decode(data, size);
	fuzz_set_params(format_params);
	check_encrypt();

	aead_way_pair(&gen, CHACHA20_ROW_GENERIC, 0);
	run("generic+generic", &gen, P.layout.in_place, true);
	skip_unusable();
	for (size_t at = 0; aead_way_next(&w, &at, AEAD_WAY_PAIRS | AEAD_WAY_ROWS);) {
		if (w.kind == AEAD_WAY_PAIRS && w.rows.chacha == gen.rows.chacha && !w.rows.poly)
			continue;
		if (w.kind == AEAD_WAY_PAIRS) {
			run(w.name, &w, P.layout.in_place, false);
#ifdef AEAD_SG_ENCRYPT
			strncat(w.name, " sg", sizeof(w.name) - strlen(w.name) - 1);
			run_sg(w.name, &w, false);
#endif
			fuzz_count_compared(w.rows.chacha != gen.rows.chacha ? chacha20_impls[w.rows.chacha].name
							   : poly1305_impls[w.rows.poly].name,
					    "pairs vs every way (encrypt, decrypt)");
			continue;
		}
		run(w.name, &w, false, true);
		run(w.name, &w, true, false);
#ifdef AEAD_SG_ENCRYPT
		strncat(w.name, " sg", sizeof(w.name) - strlen(w.name) - 1);
		run_sg(w.name, &w, true);
		fuzz_count_compared(chacha20poly1305_impls[w.rows.aead].name, "encrypt and decrypt (in and out of place, "
				    "and sg) vs every way, flipped bit");
#else
		fuzz_count_compared(chacha20poly1305_impls[w.rows.aead].name, "encrypt and decrypt (in and out of place) "
				    "vs every way, flipped bit");
#endif
	}
	aead_way_next(&w, &(size_t){ 0 }, AEAD_WAY_PUBLIC);
	run("public", &w, false, true);
	run("public, in place", &w, true, true);
	check_short();
	fuzz_count_compared("public", "vs every way (in/out of place, decrypt, flip, short)");
#ifdef AEAD_SG_ENCRYPT
	run_sg("generic+generic sg", &gen, true);
	run_sg("public sg", &w, true);
	fuzz_count_compared("sg", "public and generic+generic vs flat (encrypt, decrypt, flip, "
			    "short list, short input, gaps untouched); pairs vs flat");
#endif
	fuzz_count_compared("pairs", "short decrypt rejected, output untouched");

	check_oracle_decrypt();
	return 0;
}

void fuzz_list(FILE *o)
{
	fprintf(o, "target %s (every ChaCha20 row x every Poly1305 row, every stitched row, public API):\n",
		AEAD_NAME);
	FUZZ_LIST_TABLE(o, chacha20_impls, chacha20_nimpls);
	FUZZ_LIST_TABLE(o, poly1305_impls, poly1305_nimpls);
	FUZZ_LIST_TABLE(o, chacha20poly1305_impls, chacha20poly1305_nimpls);
	oracles_list(o, AEAD_ORACLE_NOTES);
}

void fuzz_dispatch(FILE *out)
{
	FUZZ_PRINT_TABLE_HITS(out, "public aead chacha20 row", chacha20_impls, chacha20_nimpls, chacha20_hits);
	FUZZ_PRINT_TABLE_HITS(out, "public aead poly1305 row", poly1305_impls, poly1305_nimpls, poly1305_hits);
	FUZZ_PRINT_TABLE_HITS(out, "public aead stitched row", chacha20poly1305_impls,
			      chacha20poly1305_nimpls, chacha20poly1305_hits);
}
