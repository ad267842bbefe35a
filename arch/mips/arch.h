/* SPDX-License-Identifier: MIT */
/*
 * 32-bit MIPS, o32 ABI, either byte order (configurations mips and
 * mipsel): what arch/arch.h's ladder takes from here. No CPU features, the
 * ABI check of abi-check.S (abi_check.h); Debian has BoringSSL for mipsel
 * only (no big-endian 32-bit MIPS port).
 */
#ifndef ZINC_ARCH_MIPS_ARCH_H
#define ZINC_ARCH_MIPS_ARCH_H

#ifdef __MIPSEB__
#define ZINC_ARCH_NAME "mips"
#else
#define ZINC_ARCH_NAME "mipsel"
#define ZINC_ARCH_BORINGSSL_LIB "/usr/lib/mipsel-linux-gnu/android/libcrypto.so.0"
#endif
#define ZINC_ARCH_ABI_NAME "the MIPS o32 ABI"
#define ZINC_ARCH_ABI_CHECK_HEADER "arch/mips/abi_check.h"
#ifdef ZINC_ASM_MIPS
#define ZINC_ARCH_ASM 1
#endif

#ifdef __ASSEMBLER__
/*
 * The stub sets up gp from t9 (o32 PIC: every caller calls through t9, and
 * gp is the caller's to restore), loads the site's address into t8 ($24)
 * and jumps to zinc_abi_enter through t9.
 */
#define ZINC_ARCH_ABI_STUB 1
.macro ZINC_ABI_STUB name
	.set	push
	.set	noreorder
	.cpload	$25
	.set	pop
	la	$24, .Labi_site_\name
	la	$25, zinc_abi_enter
	jr	$25
.endm
.macro ZINC_ABI_SITE_BODY name
	.dc.a	.Labi_body_\name
.endm
#endif

#endif
