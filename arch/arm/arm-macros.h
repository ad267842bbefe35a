/* SPDX-License-Identifier: MIT */
/*
 * Macros shared by the scalar 32-bit ARM rows chacha20-arm.S and
 * blake2s-arm.S (ARM state, ARMv6 integer instructions). Both keep a frame
 * of FRAME bytes below the nine registers r4-r11, lr, with the four
 * arguments saved at ARG_STATE; each file defines FRAME and ARG_STATE
 * before including this header (the macros read them when it is
 * included).
 */
#ifndef ZINC_ARCH_ARM_ARM_MACROS_H
#define ZINC_ARCH_ARM_ARM_MACROS_H

/* op dst, dst, src, ror #r, r taken modulo 32 (as's % keeps the sign of
 * the dividend); plain op for r = 0 mod 32 (ror #0 is not encodable). */
.macro OPROR op, dst, src, r
.if ((((\r) % 32) + 32) % 32) == 0
	\op	\dst, \dst, \src
.else
	\op	\dst, \dst, \src, ror #((((\r) % 32) + 32) % 32)
.endif
.endm

/* \op (ldr or str) of the words \r0..\r3 at \off(\base), \off + 4(\base),
 * .. (single-word accesses: no alignment needed). */
.macro WORDS4 op, base, off, r0, r1, r2, r3
	\op	\r0, [\base, #(\off)]
	\op	\r1, [\base, #(\off) + 4]
	\op	\r2, [\base, #(\off) + 8]
	\op	\r3, [\base, #(\off) + 12]
.endm

/* Return at once if \count is 0; else save r4-r11 and lr, make the frame
 * and keep r0..r3 (the arguments) at ARG_STATE. */
.macro ENTER count
	cmp	\count, #0
	bxeq	lr
	push	{r4-r11, lr}
	sub	sp, sp, #FRAME
	add	r12, sp, #ARG_STATE
	stm	r12, {r0-r3}
.endm

/* r0..r7 zeroed, then the first 32 \n bytes of the frame; r12 points
 * after them (for a shorter last stm). */
.macro WIPE_FRAME n
	mov	r0, #0
	mov	r1, #0
	mov	r2, #0
	mov	r3, #0
	mov	r4, #0
	mov	r5, #0
	mov	r6, #0
	mov	r7, #0
	mov	r12, sp
	.rept	\n
	stm	r12!, {r0-r7}
	.endr
.endm

/* r12 zeroed, the frame dropped, r4-r11 restored; return. */
.macro LEAVE
	mov	r12, #0
	add	sp, sp, #FRAME
	pop	{r4-r11, pc}
.endm

#endif
