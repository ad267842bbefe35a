/* SPDX-License-Identifier: MIT */
/*
 * What ci/prove.sh takes as given about bit operations, for the ACSL
 * contracts of curve25519-generic32 (docs/prove.md). WP turns >> and & into
 * logic functions its provers know only in part; these are the textbook
 * identities it needs, no more: an arithmetic right shift by n is the floor
 * of a division by 2^n (for negative numbers too), i & 1 is the parity of a
 * non-negative i, a mask of all zeros or all ones (-1) keeps nothing or
 * everything, and x ^ (x ^ y) is y (fe_cswap). Nothing here is about Curve25519. A C compiler sees
 * only comments.
 */
/*@
  axiomatic fe32_bits {
    axiom fe32_shr25: \forall integer x;
      0x2000000 * (x >> 25) <= x < 0x2000000 * ((x >> 25) + 1);
    axiom fe32_shr26: \forall integer x;
      0x4000000 * (x >> 26) <= x < 0x4000000 * ((x >> 26) + 1);
    axiom fe32_and1: \forall integer x; 0 <= x ==> (x & 1) == x % 2;
    axiom fe32_and0: \forall integer x; (0 & x) == 0;
    axiom fe32_and_ones: \forall integer x; (-1 & x) == x;
    axiom fe32_xor0: \forall integer x; (x ^ 0) == x;
    axiom fe32_xor_twice: \forall integer x, y; (x ^ (x ^ y)) == y && (y ^ (x ^ y)) == x;
  }
*/
