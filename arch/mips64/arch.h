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
#ifdef ZINC_ASM_MIPS64
#define ZINC_ARCH_ASM 1
#endif

#ifdef __ASSEMBLER__
/*
 * gp is callee-saved in n64: the stub keeps the caller's in $12 (t0)
 * while it uses its own (from t9, through which every caller calls) to
 * load the site's address into t8 ($24) and zinc_abi_enter's into t9, puts
 * it back and jumps.
 */
#define ZINC_ARCH_ABI_STUB 1
.macro ZINC_ABI_STUB name
	.cpsetup $25, $12, \name
	dla	$24, .Labi_site_\name
	dla	$25, zinc_abi_enter
	.cpreturn
	jr	$25
.endm
.macro ZINC_ABI_SITE_BODY name
	.dc.a	.Labi_body_\name
.endm
#endif

#endif
