/* SPDX-License-Identifier: MIT */
/*
 * Byte-order and alignment macros shared by the MIPS32 rows
 * (chacha20-mips.S, poly1305-mips.S), which are each one source assembled
 * big-endian (__MIPSEB__) and little-endian. Included after abi-entry.h.
 */
#ifndef ZINC_ARCH_MIPS_MACROS_H
#define ZINC_ARCH_MIPS_MACROS_H

/*
 * LDN r, off, p / STN r, off, p: the native-order word at off(p), any
 * alignment. SWAP_LE r: r byte-reversed on big-endian (so that a native
 * store writes the little-endian bytes of the original r, or a native load
 * of little-endian bytes becomes their value), nothing on little-endian.
 */
#ifdef __MIPSEB__
.macro LDN r, off, p
	lwl	\r, \off(\p)
	lwr	\r, \off+3(\p)
.endm
.macro STN r, off, p
	swl	\r, \off(\p)
	swr	\r, \off+3(\p)
.endm
.macro SWAP_LE r
	wsbh	\r, \r
	rotr	\r, \r, 16
.endm
#else
.macro LDN r, off, p
	lwl	\r, \off+3(\p)
	lwr	\r, \off(\p)
.endm
.macro STN r, off, p
	swl	\r, \off+3(\p)
	swr	\r, \off(\p)
.endm
.macro SWAP_LE r
.endm
#endif

/* LDLE r, off, p: the little-endian word at off(p), any alignment. */
.macro LDLE r, off, p
	LDN	\r, \off, \p
	SWAP_LE	\r
.endm

#endif
