/* SPDX-License-Identifier: MIT */
/*
 * BLAKE2s compression function F (RFC 7693 section 3.2) for 32-bit ARM in
 * scalar code, one 64-byte block after another. ARM (A32) instruction set,
 * ARMv6 instructions only (.arch armv6): no feature needed. On 32-bit ARM
 * the scalar code is the better choice for BLAKE2s (its G is a serial chain
 * of 32-bit operations whose rotations the scalar code gets for free, and
 * NEON's four lanes would need shuffles between the steps).
 *
 * void blake2s_compress_arm(struct blake2s_state *state, const uint8_t *block,
 *			     size_t nblocks, uint32_t inc)
 *	r0 state (h[8] at 0, t[2] at 32, f[2] at 40), r1 block (no alignment
 *	needed), r2 nblocks, r3 inc. For each block: t += inc as one 64-bit
 *	number (t[0] low, the carry into t[1]), then h = F(h, block, t, f).
 *	Writes h and t back; f is left as it was. nblocks 0 does nothing.
 *
 * Rotations cost nothing, as in chacha20-arm.S: a word x may be held as
 * x_reg with x = x_reg ror k, k known when assembling, and
 *   d = (d ^ a) >>> 16	is	eor d, d, a, ror #(32 - k)	and k += 16,
 *   c += d		is	add c, c, d, ror #k
 * (>>> 8: k += 8; b: >>> 12, k += 12; >>> 7, k += 7). Words a and c are
 * never rotated. G is twelve instructions (two of them the message loads);
 * each adds 24 to the k of its d and 19 to that of its b, so round r starts
 * with the b words at ror 6 r mod 32 and the d words at 16 r mod 32; the
 * ten rounds are unrolled (their message schedules differ anyway) and end
 * with the d words at ror 0 and the b words at ror 28, which the final
 * XOR folds in.
 *
 * Message schedule: the block is copied to the stack at M once, so that a
 * message word is one ldr [sp, #4 sigma[r][i]]: the offsets are constants
 * written out below from the RFC 7693 section 2.7 table, and no address
 * depends on the data.
 *
 * Register plan during the rounds:
 *   r0..r3   v0..v3 (a)	r4..r7   v4..v7 (b)	r8..r11  v12..v15 (d)
 *   r12      one of v8..v11 (c), the others at C8..C11 on the stack
 *   lr       the message word being added
 * Each G loads its c word and stores it back (one str and one ldr between
 * two G); the diagonal step runs its G in the order whose c word comes
 * first (v11, v10, v9, v8), so a step begins with the c word the last one
 * ended on, and every round starts and ends with v8 in r12.
 *
 * Stack frame: M (the message copy), C8..C11, and the arguments. M and the
 * c words are zeroed before returning, as are r0..r3 and r12 (h, v and the
 * message are secret).
 *
 * Constant time: no branch and no memory address depends on the message,
 * the key (the first block of a keyed hash) or the chain value; the block
 * loop depends on nblocks only.
 *
 * CPU features: none (ARMv6 integer instructions).
 */

.syntax unified
.arch armv6
.arm

.section .note.GNU-stack,"",%progbits

#include "../abi-entry.h"

#define M		0
#define C8		64
#define C9		68
#define C10		72
#define C11		76
#define ARG_STATE	80
#define ARG_BLOCK	84
#define ARG_N		88
#define ARG_INC		92
#define FRAME		100	/* 36 + 100: sp stays 8-aligned */

#include "arm-macros.h"

.text

/*
 * G (RFC 7693 section 3.1) on a, b, d (registers) and c (r12), with the
 * message words m[x] and m[y]; b enters at ror rb, d at ror rd and they
 * leave at rb + 19 and rd + 24.
 */
.macro G a, b, d, x, y, rb, rd
	ldr	lr, [sp, #M + 4 * (\x)]
	OPROR	add, \a, \b, (\rb)
	add	\a, \a, lr
	OPROR	eor, \d, \a, (32 - (\rd))
	OPROR	add, r12, \d, ((\rd) + 16)
	OPROR	eor, \b, r12, (32 - (\rb))
	ldr	lr, [sp, #M + 4 * (\y)]
	OPROR	add, \a, \b, ((\rb) + 12)
	add	\a, \a, lr
	OPROR	eor, \d, \a, (32 - ((\rd) + 16))
	OPROR	add, r12, \d, ((\rd) + 24)
	OPROR	eor, \b, r12, (32 - ((\rb) + 12))
.endm

/* The c word in r12 to its slot, the next one in. */
.macro CSWAP from, to
	str	r12, [sp, #\from]
	ldr	r12, [sp, #\to]
.endm

/* Round r with the message schedule s0..s15 = sigma[r mod 10]; v8 in r12
 * on entry and on exit. */
.macro ROUND r, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15
	/* Columns: G0 (v0, v4, v8, v12) .. G3 (v3, v7, v11, v15). */
	G	r0, r4, r8,  \s0, \s1,  (6 * (\r)), (16 * (\r))
	CSWAP	C8, C9
	G	r1, r5, r9,  \s2, \s3,  (6 * (\r)), (16 * (\r))
	CSWAP	C9, C10
	G	r2, r6, r10, \s4, \s5,  (6 * (\r)), (16 * (\r))
	CSWAP	C10, C11
	G	r3, r7, r11, \s6, \s7,  (6 * (\r)), (16 * (\r))
	/* Diagonals, by c word: G5 (v1, v6, v11, v12), G4 (v0, v5, v10, v15),
	 * G7 (v3, v4, v9, v14), G6 (v2, v7, v8, v13). */
	G	r1, r6, r8,  \s10, \s11,  (6 * (\r) + 19), (16 * (\r) + 24)
	CSWAP	C11, C10
	G	r0, r5, r11, \s8, \s9,  (6 * (\r) + 19), (16 * (\r) + 24)
	CSWAP	C10, C9
	G	r3, r4, r10, \s14, \s15,  (6 * (\r) + 19), (16 * (\r) + 24)
	CSWAP	C9, C8
	G	r2, r7, r9,  \s12, \s13,  (6 * (\r) + 19), (16 * (\r) + 24)
.endm

/* RFC 7693 section 2.6. */
.balign 4
.Liv:	.long 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a
	.long 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19

.globl blake2s_compress_arm
.type blake2s_compress_arm, %function
.balign 16
ZINC_ENTRY blake2s_compress_arm
	ENTER	r2

.Lblock:
	/* t += inc, 64 bits. */
	ldr	lr, [sp, #ARG_STATE]
	ldr	r3, [sp, #ARG_INC]
	ldr	r0, [lr, #32]
	ldr	r1, [lr, #36]
	adds	r0, r0, r3
	adc	r1, r1, #0
	str	r0, [lr, #32]
	str	r1, [lr, #36]
	/* The block to M. */
	ldr	r12, [sp, #ARG_BLOCK]
	WORDS4	ldr, r12, 0, r0, r1, r2, r3
	WORDS4	ldr, r12, 16, r4, r5, r6, r7
	stm	sp, {r0-r7}
	WORDS4	ldr, r12, 32, r0, r1, r2, r3
	WORDS4	ldr, r12, 48, r4, r5, r6, r7
	add	r8, sp, #M + 32
	stm	r8, {r0-r7}
	/* v0..v7 = h, v8..v11 = IV[0..3], v12..v15 = IV[4..7] ^ (t, f). */
	ldm	lr, {r0-r11}
	adr	r12, .Liv
	ldr	lr, [r12, #16]
	eor	r8, r8, lr
	ldr	lr, [r12, #20]
	eor	r9, r9, lr
	ldr	lr, [r12, #24]
	eor	r10, r10, lr
	ldr	lr, [r12, #28]
	eor	r11, r11, lr
	ldr	lr, [r12, #4]
	str	lr, [sp, #C9]
	ldr	lr, [r12, #8]
	str	lr, [sp, #C10]
	ldr	lr, [r12, #12]
	str	lr, [sp, #C11]
	ldr	r12, [r12]

	ROUND	0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	ROUND	1, 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3
	ROUND	2, 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4
	ROUND	3, 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8
	ROUND	4, 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13
	ROUND	5, 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9
	ROUND	6, 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11
	ROUND	7, 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10
	ROUND	8, 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5
	ROUND	9, 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0

	/* h[i] ^= v[i] ^ v[i + 8]; v4..v7 are held at ror 28 (6 * 10 mod 32). */
	eor	r0, r0, r12
	ldr	lr, [sp, #C9]
	eor	r1, r1, lr
	ldr	lr, [sp, #C10]
	eor	r2, r2, lr
	ldr	lr, [sp, #C11]
	eor	r3, r3, lr
	eor	r8, r8, r4, ror #28
	eor	r9, r9, r5, ror #28
	eor	r10, r10, r6, ror #28
	eor	r11, r11, r7, ror #28
	ldr	lr, [sp, #ARG_STATE]
	ldm	lr, {r4-r7}
	eor	r4, r4, r0
	eor	r5, r5, r1
	eor	r6, r6, r2
	eor	r7, r7, r3
	stm	lr!, {r4-r7}
	ldm	lr, {r0-r3}
	eor	r0, r0, r8
	eor	r1, r1, r9
	eor	r2, r2, r10
	eor	r3, r3, r11
	stm	lr, {r0-r3}

	ldr	r0, [sp, #ARG_BLOCK]
	ldr	r1, [sp, #ARG_N]
	add	r0, r0, #64
	str	r0, [sp, #ARG_BLOCK]
	subs	r1, r1, #1
	str	r1, [sp, #ARG_N]
	bne	.Lblock

	/* Wipe M and C8..C11 (80 bytes). */
	WIPE_FRAME 2
	stm	r12, {r0-r3}
	LEAVE
.size blake2s_compress_arm, .-blake2s_compress_arm
