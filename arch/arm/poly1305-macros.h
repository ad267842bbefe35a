/* SPDX-License-Identifier: MIT */
/*
 * The state layout shared by poly1305-arm.S and poly1305-neon.S (32-bit
 * ARM): poly1305-arm's words, then poly1305-neon's tables.
 * lib/poly1305/poly1305-arm.c checks these offsets against its struct.
 */

#define ST_H	0	/* h0..h4: h = h0 + h1 2^32 + h2 2^64 + h3 2^96 + h4 2^128 */
#define ST_R	20	/* r0..r3: the clamped r, 32 bits each */
#define ST_READY 36	/* poly1305-neon: the tables below are valid */
#define ST_RP	40	/* r^4 as the vector loop reads it (poly1305-neon.S) */
#define ST_PW	80	/* the powers of r for the fold, two halves of 72 bytes */
