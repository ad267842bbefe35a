/* SPDX-License-Identifier: MIT */
/*
 * ZINC_ENTRY name: the label of an assembly entry point, in place of
 * "name:" (after its .globl, .type and .balign lines, before its endbr64
 * or bti). Every .S file of ASM_SRCS includes this file and labels every
 * entry point so (//:abi_entries_test checks).
 *
 * In the library it is just that label. In ZINC_ABI_CHECK builds (the fuzz
 * targets', sources.bzl FUZZ_DEFINES; ZINC_ABI_CHECKED, arch/arch.h)
 * "name" becomes a stub (the architecture's ZINC_ABI_STUB, in its
 * arch/<dir>/arch.h) that jumps to zinc_abi_enter (arch/<dir>/abi-check.S)
 * with the address of its site in a scratch register (r11 on x86-64, x9 on
 * arm64; arch/<dir>/abi-check.S says which); the code that follows runs as the body,
 * through the ABI trampoline, on every call from anywhere (backend tables,
 * C glue, other assembly). The site (struct zinc_abi_site,
 * arch/abi_check.c) holds the body's address, the .S file (its row), the
 * name, and a word zinc_abi_checked writes (the input in which the entry
 * point last got fresh floating-point control values), hence .data. The
 * six integer argument registers (64-bit ABIs; on 32-bit ones the first six
 * argument words, stack words included) pass through untouched and rax /
 * x0 is returned; rdx / x1 is not (32-bit ABIs return both words of a
 * 64-bit result), and further arguments on the stack are not supported
 * (no entry point has any).
 */

#include "arch.h"

#ifdef ZINC_ABI_CHECKED
#ifndef ZINC_ARCH_ABI_SITE_BODY
/* The body's address as a caller branches to it: its label, but on armhf
 * (a Thumb body's address has bit 0 set, arch/arm/arch.h). */
.macro ZINC_ABI_SITE_BODY name
	.dc.a	.Labi_body_\name
.endm
#endif
.macro ZINC_ENTRY name
\name:
	ZINC_ABI_STUB \name
	.pushsection .data,"aw"
	.balign 8
.Labi_site_\name:
	ZINC_ABI_SITE_BODY \name
	.dc.a	.Labi_file_\name, .Labi_name_\name, 0
	.popsection
	.pushsection .rodata.str1.1,"aMS",%progbits,1
.Labi_file_\name:	.asciz __BASE_FILE__
.Labi_name_\name:	.asciz "\name"
	.popsection
	.balign 16
.Labi_body_\name:
.endm
#else
.macro ZINC_ENTRY name
\name:
.endm
#endif
