/* SPDX-License-Identifier: MIT */
/*
 * s390x (64-bit z/Architecture, the s390x ELF ABI): what arch/arch.h's
 * ladder takes from here. No CPU features detected yet, the ABI check of
 * abi-check.S (abi_check.h); Debian has no BoringSSL for s390x.
 */
#ifndef ZINC_ARCH_S390X_ARCH_H
#define ZINC_ARCH_S390X_ARCH_H

#define ZINC_ARCH_NAME "s390x"
#define ZINC_ARCH_ABI_NAME "the s390x ELF ABI"
#define ZINC_ARCH_ABI_CHECK_HEADER "arch/s390x/abi_check.h"
/* arch/abi_checked_test.c runs arch/s390x/abi_checked_test.S. */
#define ZINC_ARCH_ABI_CHECKED_TEST 1
#ifdef ZINC_ASM_S390X
#define ZINC_ARCH_ASM 1
#endif

#ifdef __ASSEMBLER__
/* The site's address in r1 (not an argument register, free at a call). */
#define ZINC_ARCH_ABI_STUB 1
.macro ZINC_ABI_STUB name
	larl	%r1, .Labi_site_\name
	jg	zinc_abi_enter
.endm
#endif

#endif
