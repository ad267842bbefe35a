/* SPDX-License-Identifier: MIT */
/*
 * ZINC_ENTRY name: the label of an assembly entry point, in place of
 * "name:" (after its .globl, .type and .balign lines, before its endbr64
 * or bti). Every .S file of ASM_SRCS includes this file and labels every
 * entry point so (//:abi_entries_test checks).
 *
 * In the library it is just that label. In ZINC_ABI_CHECK builds (the fuzz
 * targets', sources.bzl FUZZ_DEFINES) "name" becomes a stub that jumps to
 * zinc_abi_enter (arch/<arch>/abi-check.S) with the address of its site in
 * r11 (x86-64) or x9 (arm64); the code that follows runs as the body,
 * through the ABI trampoline, on every call from anywhere (backend tables,
 * C glue, other assembly). The site (struct zinc_abi_site,
 * arch/abi_check.c) holds the body's address, the .S file (its row), the
 * name, and a word zinc_abi_checked writes (the input in which the entry
 * point last got fresh floating-point control values), hence .data. The
 * six integer argument registers pass through untouched and rax / x0 is
 * returned; rdx / x1 is not, and arguments on the stack are not supported
 * (no entry point has any).
 */

#ifdef ZINC_ABI_CHECK
.macro ZINC_ENTRY name
\name:
#if defined(__x86_64__)
	endbr64
	leaq	.Labi_site_\name(%rip), %r11
	jmp	zinc_abi_enter
#elif defined(__aarch64__)
	hint	#34			/* bti c */
	adrp	x9, .Labi_site_\name
	add	x9, x9, :lo12:.Labi_site_\name
	b	zinc_abi_enter
#endif
	.pushsection .data,"aw"
	.balign 8
.Labi_site_\name:
	.quad	.Labi_body_\name, .Labi_file_\name, .Labi_name_\name, 0
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
