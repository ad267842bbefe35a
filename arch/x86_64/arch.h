/* SPDX-License-Identifier: MIT */
/*
 * x86-64 (System V AMD64 ABI): what arch/arch.h's ladder takes from here.
 * Features from CPUID and XGETBV (cpu.h), the ABI check of abi-check.S
 * (abi_check.h), Debian's BoringSSL for the oracle.
 */
#ifndef ZINC_ARCH_X86_64_ARCH_H
#define ZINC_ARCH_X86_64_ARCH_H

#define ZINC_ARCH_NAME "x86_64"
#define ZINC_ARCH_ABI_NAME "the System V x86-64 ABI"
#define ZINC_ARCH_CPU_HEADER "arch/x86_64/cpu.h"
/* The line of /proc/cpuinfo that lists the features by zinc's names
 * (lib/common/cpu_test.c compares). */
#define ZINC_ARCH_CPUINFO_FLAGS "flags"
#define ZINC_ARCH_BORINGSSL_LIB "/usr/lib/x86_64-linux-gnu/android/libcrypto.so.0"
#define ZINC_ARCH_ABI_CHECK_HEADER "arch/x86_64/abi_check.h"
#ifdef ZINC_ASM_X86_64
#define ZINC_ARCH_ASM 1
#endif

#ifdef __ASSEMBLER__
/* The site's address in r11 (not an argument register, free at a call). */
#define ZINC_ARCH_ABI_STUB 1
.macro ZINC_ABI_STUB name
	endbr64
	leaq	.Labi_site_\name(%rip), %r11
	jmp	zinc_abi_enter
.endm

/* Saves and restores the six callee-saved general registers of the SysV
 * ABI but rsp (rbx, rbp, r12..r15, pushed in that order: 48 bytes). */
.macro PROLOGUE
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
.endm

.macro EPILOGUE
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
.endm
#endif

#endif
