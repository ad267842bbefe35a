/* SPDX-License-Identifier: MIT */
/*
 * What ci/prove.sh takes as given about bit operations, for the ACSL
 * contracts of curve25519-generic32 (docs/prove.md). WP turns >> and & into
 * logic functions its provers know only in part; these are the textbook
 * identities it needs, no more: an arithmetic right shift by n is the floor
 * of a division by 2^n (for negative numbers too), and i & 1 is the parity
 * of a non-negative i. Nothing here is about Curve25519. A C compiler sees
 * only comments.
 */
/*@
  axiomatic fe32_bits {
    axiom fe32_shr25: \forall integer x;
      0x2000000 * (x >> 25) <= x < 0x2000000 * ((x >> 25) + 1);
    axiom fe32_shr26: \forall integer x;
      0x4000000 * (x >> 26) <= x < 0x4000000 * ((x >> 26) + 1);
    axiom fe32_and1: \forall integer x; 0 <= x ==> (x & 1) == x % 2;
  }
*/
