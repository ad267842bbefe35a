/* SPDX-License-Identifier: MIT */
/*
 * Fixed-base X25519 (curve25519_generate_public), written once over a row's
 * field operations, included after lib/curve25519/ladder.h. Besides the
 * functions listed there, the row defines
 *
 *   fe_reduce(h, f)   h = f, carried, from an f that is the sum or
 *                     difference of two carried elements (or of two such)
 *
 * The scalar multiple s B is computed on edwards25519 (RFC 7748 section
 * 4.1: u = (1 + y) / (1 - y), B the point with y = 4/5, u = 9) in extended
 * coordinates (X : Y : Z : T), x = X/Z, y = Y/Z, x y = T/Z, from the table
 * curve25519_base_table (lib/curve25519/gen_base_table.py): s is written as
 * 64 signed radix-16 digits e[k] in [-8, 8], and
 *   s B = sum over odd k of e[k] 16^k B + sum over even k of e[k] 16^k B
 *       = 16 (sum_i e[2i+1] 256^i B) + sum_i e[2i] 256^i B,
 * each term a constant-time selection of |e| 256^i B from row i of the
 * table (every entry read, picked by mask), negated by mask when e < 0.
 * A clamped s is a multiple of 8 in [2^254, 2^255), never a multiple of the
 * group order, so s B is not the neutral point and 1 - y is not zero.
 */

/* A table entry as field elements: (y + x, y - x, 2 d x y). */
struct base_precomp {
	fe ypx, ymx, xy2d;
};

/* A point in extended coordinates. */
struct base_point {
	fe x, y, z, t;
};

/* The entry |e| 256^i B (the neutral point (1, 1, 0) for e = 0), negated
 * when e < 0: (y + x, y - x, 2dxy) of -P is (y - x, y + x, -2dxy). Every
 * entry of row i is read; the choice is made by masks. Post: ypx, ymx
 * carried, xy2d loose. A row whose elements are the table's own 64-bit
 * limbs may give its own as BASE_SELECT(r, row, |e|, e < 0). */
#ifdef BASE_SELECT
static void base_select(struct base_precomp *r, int i, int8_t e)
{
	uint64_t neg = (uint8_t)e >> 7;
	uint64_t mag = (uint8_t)((e ^ -(int)neg) + (int)neg);

	BASE_SELECT(r, curve25519_base_table[i], mag, neg);
	memzero_explicit(&neg, sizeof(neg));
	memzero_explicit(&mag, sizeof(mag));
}
#else
static void base_select(struct base_precomp *r, int i, int8_t e)
{
	uint64_t w[12] = { 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0 };
	uint8_t bytes[3][32];
	uint32_t neg = (uint32_t)(uint8_t)e >> 7;
	uint32_t mag = (uint32_t)((e ^ -(int32_t)neg) + (int32_t)neg);
	fe zero, minus;

	for (uint32_t j = 1; j <= 8; j++) {
		/* all ones when mag == j: (mag ^ j) - 1 borrows only from 0. The
		 * empty asm hides the mask's two values from the compiler, which
		 * would otherwise turn the copy into a branch on a secret (clang
		 * 19 -O2 did; valgrind with the scalar marked undefined saw it). */
		uint64_t mask = 0 - (uint64_t)(((mag ^ j) - 1) >> 31);
		const uint8_t *entry = curve25519_base_table[i][j - 1][0];

		__asm__("" : "+r"(mask));
		for (int k = 0; k < 12; k++)
			w[k] ^= mask & (w[k] ^ get_unaligned_le64(entry + 8 * k));
	}
	for (int k = 0; k < 12; k++)
		put_unaligned_le64(w[k], bytes[k / 4] + 8 * (k % 4));
	fe_frombytes(r->ypx, bytes[0]);
	fe_frombytes(r->ymx, bytes[1]);
	fe_frombytes(r->xy2d, bytes[2]);
	fe_cswap(r->ypx, r->ymx, neg);
	fe_set(zero, 0);
	fe_sub(minus, zero, r->xy2d);
	fe_cswap(r->xy2d, minus, neg);
	memzero_explicit(w, sizeof(w));
	memzero_explicit(bytes, sizeof(bytes));
	memzero_explicit(minus, sizeof(minus));
}
#endif

/* X = E F, Y = G H, T = E H, Z = F G: how both formulas below end.
 * Pre: e, f, g, h loose. Post: p carried. */
static void base_finish(struct base_point *p, const fe e, const fe f, const fe g, const fe h)
{
	fe_mul(p->x, e, f);
	fe_mul(p->y, g, h);
	fe_mul(p->t, e, h);
	fe_mul(p->z, f, g);
}

/* p += q (mixed addition, a = -1; Hisil, Wong, Carter, Dawson 2008).
 * Pre: p carried, q as base_select leaves it. Post: p carried. A row may
 * give its own (in assembly, the same formulas) as BASE_MADD. */
#ifdef BASE_MADD
static void base_madd(struct base_point *p, const struct base_precomp *q)
{
	BASE_MADD(p, q);
}
#else
static void base_madd(struct base_point *p, const struct base_precomp *q)
{
	fe a, b, c, d, e, f, g, h, two;

	fe_sub(e, p->y, p->x);
	fe_mul(a, e, q->ymx);		/* A = (Y - X)(y - x) */
	fe_add(e, p->y, p->x);
	fe_mul(b, e, q->ypx);		/* B = (Y + X)(y + x) */
	fe_mul(c, p->t, q->xy2d);	/* C = T 2dxy */
	fe_set(two, 2);
	fe_mul(d, p->z, two);		/* D = 2 Z, carried */
	fe_sub(e, b, a);		/* E = B - A */
	fe_sub(f, d, c);		/* F = D - C */
	fe_add(g, d, c);		/* G = D + C */
	fe_add(h, b, a);		/* H = B + A */
	base_finish(p, e, f, g, h);
	memzero_explicit(a, sizeof(a));
	memzero_explicit(b, sizeof(b));
	memzero_explicit(e, sizeof(e));
	memzero_explicit(h, sizeof(h));
}
#endif

/* p = 2 p (a = -1), every coordinate negated (the same point):
 * A = X^2, B = Y^2, C = 2 Z^2, S = (X + Y)^2, H = A + B, E = S - H,
 * G = B - A, F = C - G; X = E F, Y = G H, T = E H, Z = F G.
 * Pre and post: carried. */
static void base_dbl(struct base_point *p)
{
	fe a, b, c, s, e, f, g, h;

	fe_sq(a, p->x);
	fe_sq(b, p->y);
	fe_sq(c, p->z);
	fe_add(s, c, c);
	fe_reduce(c, s);		/* C = 2 Z^2, carried */
	fe_add(s, p->x, p->y);
	fe_sq(e, s);			/* S */
	fe_add(s, a, b);
	fe_reduce(h, s);		/* H = A + B, carried */
	fe_sub(s, b, a);
	fe_reduce(g, s);		/* G = B - A, carried */
	fe_sub(s, e, h);		/* E = S - H */
	fe_sub(f, c, g);		/* F = C - G */
	base_finish(p, s, f, g, h);
	memzero_explicit(a, sizeof(a));
	memzero_explicit(b, sizeof(b));
	memzero_explicit(s, sizeof(s));
	memzero_explicit(e, sizeof(e));
}

/* out = u of scalar B, scalar clamped (as above). */
static void base(uint8_t out[32], const uint8_t scalar[32])
{
	struct {
		int8_t e[64];
		struct base_point p;
		struct base_precomp q;
		fe num, den;
	} v;
	int carry = 0;

	for (int k = 0; k < 32; k++) {
		v.e[2 * k] = (int8_t)(scalar[k] & 15);
		v.e[2 * k + 1] = (int8_t)(scalar[k] >> 4);
	}
	for (int k = 0; k < 63; k++) {	/* digits into [-8, 8) */
		v.e[k] = (int8_t)(v.e[k] + carry);
		carry = (v.e[k] + 8) >> 4;
		v.e[k] = (int8_t)(v.e[k] - carry * 16);
	}
	v.e[63] = (int8_t)(v.e[63] + carry);	/* at most 8: scalar < 2^255 */

	fe_set(v.p.x, 0);
	fe_set(v.p.y, 1);
	fe_set(v.p.z, 1);
	fe_set(v.p.t, 0);
	for (int k = 1; k < 64; k += 2) {
		base_select(&v.q, k / 2, v.e[k]);
		base_madd(&v.p, &v.q);
	}
	for (int k = 0; k < 4; k++)
		base_dbl(&v.p);
	for (int k = 0; k < 64; k += 2) {
		base_select(&v.q, k / 2, v.e[k]);
		base_madd(&v.p, &v.q);
	}

	/* u = (Z + Y) / (Z - Y) */
	fe_add(v.num, v.p.z, v.p.y);
	fe_sub(v.den, v.p.z, v.p.y);
	fe_invert(v.den, v.den);
	fe_mul(v.num, v.num, v.den);
	fe_tobytes(out, v.num);
	memzero_explicit(&v, sizeof(v));
	memzero_explicit(&carry, sizeof(carry));
}
