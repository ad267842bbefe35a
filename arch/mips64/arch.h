/* SPDX-License-Identifier: MIT */
/*
 * 64-bit MIPS, n64 ABI (configuration mips64el): what arch/arch.h's ladder
 * takes from here. No CPU features, the ABI check of abi-check.S
 * (abi_check.h), Debian's BoringSSL for the oracle.
 */
#ifndef ZINC_ARCH_MIPS64_ARCH_H
#define ZINC_ARCH_MIPS64_ARCH_H

#ifdef __MIPSEB__
#define ZINC_ARCH_NAME "mips64"
#else
#define ZINC_ARCH_NAME "mips64el"
#define ZINC_ARCH_BORINGSSL_LIB "/usr/lib/mips64el-linux-gnuabi64/android/libcrypto.so.0"
#endif
#define ZINC_ARCH_ABI_NAME "the MIPS n64 ABI"
#define ZINC_ARCH_ABI_CHECK_HEADER "arch/mips64/abi_check.h"
/* arch/abi_checked_test.c runs arch/mips64/abi_checked_test.S. */
#define ZINC_ARCH_ABI_CHECKED_TEST 1
#ifdef ZINC_ASM_MIPS64
#define ZINC_ARCH_ASM 1
#endif

#ifdef __ASSEMBLER__
/* As arch/mips/arch.h's o32 stub, with n64's GOT addressing: t8 ($24)
 * and t9 only; gp, callee-saved in n64, is left alone. */
#define ZINC_ARCH_ABI_STUB 1
.macro ZINC_ABI_STUB name
	.set	push
	.set	noreorder
	lui	$24, %hi(%neg(%gp_rel(\name)))
	daddu	$24, $24, $25
	daddiu	$24, $24, %lo(%neg(%gp_rel(\name)))
	ld	$25, %call16(zinc_abi_enter)($24)
	ld	$24, %got_page(.Labi_site_\name)($24)
	jr	$25
	daddiu	$24, $24, %got_ofst(.Labi_site_\name)
	.set	pop
.endm
#endif

#endif
