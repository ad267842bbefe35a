/* SPDX-License-Identifier: MIT */
/*
 * What ci/prove.sh takes as given about bit operations on non-negative
 * integers, for the ACSL contracts of poly1305-donna32 (docs/prove.md).
 * WP turns >>, & and | into logic functions its provers know only in part;
 * these are the textbook identities it needs, no more: a right shift is a
 * floor division by a power of two and a left shift a
 * multiplication, a mask of the low n bits is the
 * remainder, and & and | stay within their operands' bounds. Nothing here is
 * about Poly1305. A C compiler sees only comments.
 */
/*@
  axiomatic donna32_bits {
    axiom shr26: \forall integer x; 0 <= x ==>
      0x4000000 * (x >> 26) <= x < 0x4000000 * ((x >> 26) + 1);
    axiom shr32: \forall integer x; 0 <= x ==>
      0x100000000 * (x >> 32) <= x < 0x100000000 * ((x >> 32) + 1);
    axiom shr20: \forall integer x; 0 <= x ==>
      0x100000 * (x >> 20) <= x < 0x100000 * ((x >> 20) + 1);
    axiom shr14: \forall integer x; 0 <= x ==>
      0x4000 * (x >> 14) <= x < 0x4000 * ((x >> 14) + 1);
    axiom shr8: \forall integer x; 0 <= x ==>
      0x100 * (x >> 8) <= x < 0x100 * ((x >> 8) + 1);
    axiom shl6: \forall integer x; 0 <= x ==> (x << 6) == x * 0x40;
    axiom shl8: \forall integer x; 0 <= x ==> (x << 8) == x * 0x100;
    axiom shl12: \forall integer x; 0 <= x ==> (x << 12) == x * 0x1000;
    axiom shl14: \forall integer x; 0 <= x ==> (x << 14) == x * 0x4000;
    axiom shl16: \forall integer x; 0 <= x ==> (x << 16) == x * 0x10000;
    axiom shl18: \forall integer x; 0 <= x ==> (x << 18) == x * 0x40000;
    axiom shl20: \forall integer x; 0 <= x ==> (x << 20) == x * 0x100000;
    axiom shl24: \forall integer x; 0 <= x ==> (x << 24) == x * 0x1000000;
    axiom shl26: \forall integer x; 0 <= x ==> (x << 26) == x * 0x4000000;
    axiom shr_le: \forall integer x, n; 0 <= x && 0 <= n ==>
      0 <= (x >> n) <= x;
    axiom mask26: \forall integer x; 0 <= x ==>
      (x & 0x3ffffff) == x - 0x4000000 * (x >> 26);
    axiom and_le: \forall integer x, m; 0 <= x && 0 <= m ==>
      0 <= (x & m) <= m && (x & m) <= x;
    axiom or_le: \forall integer x, y; 0 <= x && 0 <= y ==>
      0 <= (x | y) <= x + y;
    axiom or_lt26: \forall integer x, y; 0 <= x < 0x4000000 && 0 <= y < 0x4000000 ==>
      (x | y) < 0x4000000;
  }
*/
