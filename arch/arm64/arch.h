/* SPDX-License-Identifier: MIT */
/*
 * arm64 (AAPCS64): what arch/arch.h's ladder takes from here. Advanced
 * SIMD from the kernel's hwcaps (cpu.h), the ABI check of abi-check.S
 * (abi_check.h), Debian's BoringSSL for the oracle.
 */
#ifndef ZINC_ARCH_ARM64_ARCH_H
#define ZINC_ARCH_ARM64_ARCH_H

#define ZINC_ARCH_NAME "arm64"
#define ZINC_ARCH_ABI_NAME "the AAPCS64 ABI"
#define ZINC_ARCH_CPU_HEADER "arch/arm64/cpu.h"
#define ZINC_ARCH_BORINGSSL_LIB "/usr/lib/aarch64-linux-gnu/android/libcrypto.so.0"
#define ZINC_ARCH_ABI_CHECK_HEADER "arch/arm64/abi_check.h"
#ifdef ZINC_ASM_ARM64
#define ZINC_ARCH_ASM 1
#endif

#ifdef __ASSEMBLER__
/* The site's address in x9 (not an argument register, free at a call). */
#define ZINC_ARCH_ABI_STUB 1
.macro ZINC_ABI_STUB name
	hint	#34			/* bti c */
	adrp	x9, .Labi_site_\name
	add	x9, x9, :lo12:.Labi_site_\name
	b	zinc_abi_enter
.endm
#endif

#endif
