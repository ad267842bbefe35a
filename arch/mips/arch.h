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
/* arch/abi_checked_test.c runs arch/mips/abi_checked_test.S. */
#define ZINC_ARCH_ABI_CHECKED_TEST 1
#ifdef ZINC_ASM_MIPS
#define ZINC_ARCH_ASM 1
#endif

#ifdef __ASSEMBLER__
/*
 * The stub touches t8 and t9 only (both caller-saved): it finds the GOT
 * from t9 (o32 PIC: every caller calls through t9, here the stub's own
 * address) without changing gp, loads the site's address into t8 ($24)
 * and zinc_abi_enter's into t9, and jumps, whatever reorder mode the .S
 * file is in.
 */
#define ZINC_ARCH_ABI_STUB 1
.macro ZINC_ABI_STUB name
	.set	push
	.set	noreorder
	lui	$24, %hi(_gp_disp)
	addiu	$24, $24, %lo(_gp_disp)
	addu	$24, $24, $25
	lw	$25, %call16(zinc_abi_enter)($24)
	lw	$24, %got(.Labi_site_\name)($24)
	jr	$25
	addiu	$24, $24, %lo(.Labi_site_\name)
	.set	pop
.endm
#endif

#endif
