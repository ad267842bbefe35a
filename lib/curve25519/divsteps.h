/* SPDX-License-Identifier: MIT */
/*
 * 1/x mod p, p = 2^255 - 19, by Bernstein and Yang's divsteps ("Fast
 * constant-time gcd computation and modular inversion", 2019), in constant
 * time, on canonical bytes: a row defines FE_INVERT_DIVSTEPS before
 * including ladder.h, whose fe_invert then goes fe_tobytes, divsteps_invert,
 * fe_frombytes in place of the exponentiation chain (254 squarings, 11
 * multiplications), which is latency-bound. x86-64 rows only: it needs
 * __int128.
 *
 * The divstep on (delta, f, g), f odd:
 *   delta > 0 and g odd:  (1 - delta, g, (g - f) / 2)
 *   g odd otherwise:      (1 + delta, f, (g + f) / 2)
 *   g even:               (1 + delta, f, g / 2)
 * This file runs it from delta = 1/2 (the paper's divstep starts at 1;
 * the half-delta variant, "hddivsteps", needs fewer steps), f = p, g = x
 * mod p: g reaches 0 and f = +-1 (p is prime) within 590 divsteps for
 * every modulus below 2^256 and every 0 <= g <= f. That bound is a
 * convex-hull computation by Pieter Wuille checked in Coq by Russell
 * O'Connor and Andrew Poelstra ("A Formal Proof of safegcd Bounds", 2021;
 * the sipa/safegcd-bounds repository, "Coq proof of correctness of
 * divstep and hddivsteps for 256-bit inputs"). Ten batches of 62 make 620.
 * Steps past the end leave f, g, d and e as they are (g = 0 is even).
 * delta is kept as z = -(delta + 1/2), an integer: -1 at the start,
 * delta > 0 exactly when z < 0, and the two updates 1 - delta and
 * 1 + delta are z -> -z - 2 and z -> z - 1.
 *
 * A batch runs its 62 divsteps on the low 64 bits of f and g alone (a
 * divstep looks only at bit 0 of g, and f is odd) and returns the
 * transition matrix t = (u v; q r), scaled so that (f', g') = t (f, g) /
 * 2^62 exactly, with |u| + |v| <= 2^62 and |q| + |r| <= 2^62 (each divstep
 * doubles one row and at most adds the other to it). The same matrix takes
 * (d, e) to (t (d, e)) / 2^62 mod p, so that f = d x and g = e x (mod p)
 * hold throughout from d = 0, e = 1; at the end 1/x = f d.
 *
 * Numbers are in signed radix 2^62: five int64_t limbs, value
 * sum l[i] 2^(62 i), limbs 0..3 in [0, 2^62), limb 4 signed. f and g stay
 * within (-2^256, 2^256); d and e within (-2p, p) (update_de says why).
 * Products are __int128; right shifts of negative values are arithmetic
 * (GCC and Clang).
 *
 * Constant time: the batch count and every loop count are fixed; the
 * divstep's cases are masks (c1, c2, c3 below), never branches; no address
 * depends on x. The state is wiped before returning.
 */
#include <stdint.h>

#include "lib/common/util.h"

typedef __int128 divsteps_s128;

#define DIVSTEPS_M62 (((uint64_t)1 << 62) - 1)

struct divsteps_num {
	int64_t l[5];
};

/* p and -p in radix 2^62 (limbs of one sign), and p^-1 mod 2^62. */
static const struct divsteps_num divsteps_p = {
	{ (int64_t)(DIVSTEPS_M62 - 18), (int64_t)DIVSTEPS_M62, (int64_t)DIVSTEPS_M62,
	  (int64_t)DIVSTEPS_M62, 127 }
};
static const struct divsteps_num divsteps_minus_p = {
	{ -(int64_t)(DIVSTEPS_M62 - 18), -(int64_t)DIVSTEPS_M62, -(int64_t)DIVSTEPS_M62,
	  -(int64_t)DIVSTEPS_M62, -127 }
};
#define DIVSTEPS_PINV ((uint64_t)0x39435e50d79435e5)

struct divsteps_mat {
	int64_t u, v, q, r;
};

/*
 * 62 divsteps on the low words of f and g; returns the new z, the matrix
 * in *t. In unsigned words, so that wrapping and shifts are defined: c1
 * all ones when delta > 0 (z < 0), c2 when g is odd, c3 when both (the
 * swap). g += +-f under c2 makes g - f, g + f or g; then f += g under c3
 * makes f the old g. Each row (u, v), (q, r) follows its value; (u, v)
 * doubles as g halves. z ^ c3 is -z - 1 on a swap, z otherwise; minus 1.
 */
static int64_t divsteps_62(int64_t z, uint64_t f, uint64_t g, struct divsteps_mat *t)
{
	uint64_t u = 1, v = 0, q = 0, r = 1, zu = (uint64_t)z, c1, c2, c3;

	for (int i = 0; i < 62; i++) {
		c1 = (uint64_t)((int64_t)zu >> 63);
		c2 = 0 - (g & 1);
		c3 = c1 & c2;
		g += ((f ^ c1) - c1) & c2;
		q += ((u ^ c1) - c1) & c2;
		r += ((v ^ c1) - c1) & c2;
		f += g & c3;
		u += q & c3;
		v += r & c3;
		zu = (zu ^ c3) - 1;
		g >>= 1;
		u <<= 1;
		v <<= 1;
	}
	t->u = (int64_t)u;
	t->v = (int64_t)v;
	t->q = (int64_t)q;
	t->r = (int64_t)r;
	return (int64_t)zu;
}

/* (a, b) = (u a + v b + ma p, q a + r b + mb p) / 2^62, the low 62 bits of
 * both sums being zero. Each column sum is below 3 * 2^125 plus the carry
 * in magnitude (|u|, |v| <= 2^62, |ma| < 2^63, limbs below 2^62): an
 * __int128 holds it. */
static void divsteps_apply(struct divsteps_num *a, struct divsteps_num *b,
			   const struct divsteps_mat *t, int64_t ma, int64_t mb)
{
	const int64_t *p = divsteps_p.l;
	divsteps_s128 ca = 0, cb = 0;

	for (int i = 0; i < 5; i++) {
		ca += (divsteps_s128)t->u * a->l[i] + (divsteps_s128)t->v * b->l[i] +
		      (divsteps_s128)ma * p[i];
		cb += (divsteps_s128)t->q * a->l[i] + (divsteps_s128)t->r * b->l[i] +
		      (divsteps_s128)mb * p[i];
		if (i > 0) {
			a->l[i - 1] = (int64_t)((uint64_t)ca & DIVSTEPS_M62);
			b->l[i - 1] = (int64_t)((uint64_t)cb & DIVSTEPS_M62);
		}
		ca >>= 62;
		cb >>= 62;
	}
	a->l[4] = (int64_t)ca;
	b->l[4] = (int64_t)cb;
}

/* (f, g) = t (f, g) / 2^62: exact by the matrix's construction. */
static void divsteps_update_fg(struct divsteps_num *f, struct divsteps_num *g,
			       const struct divsteps_mat *t)
{
	divsteps_apply(f, g, t, 0, 0);
}

/*
 * (d, e) = (u d + v e, q d + r e) / 2^62 mod p, d and e in (-2p, p) before
 * and after. A negative d counts as d + p (u p more in the sum), so that
 * the sum is u d' + v e' with d', e' in (-p, p): below 2^62 p in
 * magnitude. Then m p is added, m in (-2^62, 0] with the sum's low 62 bits
 * zero (m = -(sum p^-1) mod 2^62), and the quotient by 2^62 is in
 * (-2p, p). The multiple of p, md or me, stays below 2^63 in magnitude.
 */
static void divsteps_update_de(struct divsteps_num *d, struct divsteps_num *e,
			       const struct divsteps_mat *t)
{
	uint64_t p0 = (uint64_t)divsteps_p.l[0];
	int64_t sd = d->l[4] >> 63, se = e->l[4] >> 63;
	int64_t md = (t->u & sd) + (t->v & se), me = (t->q & sd) + (t->r & se);
	uint64_t ld = (uint64_t)t->u * (uint64_t)d->l[0] + (uint64_t)t->v * (uint64_t)e->l[0];
	uint64_t le = (uint64_t)t->q * (uint64_t)d->l[0] + (uint64_t)t->r * (uint64_t)e->l[0];

	md -= (int64_t)((DIVSTEPS_PINV * (ld + (uint64_t)md * p0)) & DIVSTEPS_M62);
	me -= (int64_t)((DIVSTEPS_PINV * (le + (uint64_t)me * p0)) & DIVSTEPS_M62);
	divsteps_apply(d, e, t, md, me);
}

/* h += b where mask is all ones (nothing where it is zero), carried into
 * radix 2^62 with limb 4 signed. */
static void divsteps_add_masked(struct divsteps_num *h, const struct divsteps_num *b,
				int64_t mask)
{
	int64_t c = 0;

	for (int i = 0; i < 4; i++) {
		c += h->l[i] + (b->l[i] & mask);
		h->l[i] = c & (int64_t)DIVSTEPS_M62;
		c >>= 62;
	}
	h->l[4] += c + (b->l[4] & mask);
}

/* h = -h where mask is all ones. */
static void divsteps_neg_masked(struct divsteps_num *h, int64_t mask)
{
	int64_t c = 0;

	for (int i = 0; i < 4; i++) {
		c += (h->l[i] ^ mask) - mask;
		h->l[i] = c & (int64_t)DIVSTEPS_M62;
		c >>= 62;
	}
	h->l[4] = ((h->l[4] ^ mask) - mask) + c;
}

/* out = 1/x mod p, both little-endian, canonical: x in [0, p) (what a
 * row's fe_tobytes makes), out in [0, p), 0 for x = 0. */
static void divsteps_invert(uint8_t out[32], const uint8_t in[32])
{
	struct {
		struct divsteps_num f, g, d, e, m;
		struct divsteps_mat t;
		uint64_t w[4];
		int64_t z, keep;
	} v = { .f = divsteps_p, .e = { { 1 } }, .z = -1 };

	for (int i = 0; i < 4; i++)
		v.w[i] = get_unaligned_le64(in + 8 * i);
	v.g.l[0] = (int64_t)(v.w[0] & DIVSTEPS_M62);
	v.g.l[1] = (int64_t)((v.w[0] >> 62 | v.w[1] << 2) & DIVSTEPS_M62);
	v.g.l[2] = (int64_t)((v.w[1] >> 60 | v.w[2] << 4) & DIVSTEPS_M62);
	v.g.l[3] = (int64_t)((v.w[2] >> 58 | v.w[3] << 6) & DIVSTEPS_M62);
	v.g.l[4] = (int64_t)(v.w[3] >> 56);
	for (int i = 0; i < 10; i++) {
		v.z = divsteps_62(v.z, (uint64_t)v.f.l[0], (uint64_t)v.g.l[0], &v.t);
		divsteps_update_de(&v.d, &v.e, &v.t);
		divsteps_update_fg(&v.f, &v.g, &v.t);
	}
	/* d f, f = +-1: in (-2p, 2p); plus p at most twice: [0, 2p); then
	 * d - p where that is not negative. */
	divsteps_neg_masked(&v.d, v.f.l[4] >> 63);
	divsteps_add_masked(&v.d, &divsteps_p, v.d.l[4] >> 63);
	divsteps_add_masked(&v.d, &divsteps_p, v.d.l[4] >> 63);
	v.m = v.d;
	divsteps_add_masked(&v.m, &divsteps_minus_p, -1);
	v.keep = v.m.l[4] >> 63;
	for (int i = 0; i < 5; i++)
		v.d.l[i] = (v.d.l[i] & v.keep) | (v.m.l[i] & ~v.keep);
	v.w[0] = (uint64_t)v.d.l[0] | (uint64_t)v.d.l[1] << 62;
	v.w[1] = (uint64_t)v.d.l[1] >> 2 | (uint64_t)v.d.l[2] << 60;
	v.w[2] = (uint64_t)v.d.l[2] >> 4 | (uint64_t)v.d.l[3] << 58;
	v.w[3] = (uint64_t)v.d.l[3] >> 6 | (uint64_t)v.d.l[4] << 56;
	for (int i = 0; i < 4; i++)
		put_unaligned_le64(v.w[i], out + 8 * i);
	memzero_explicit(&v, sizeof(v));
}
