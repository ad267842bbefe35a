/* SPDX-License-Identifier: MIT */
/*
 * 32-bit ARM, hard-float (armhf: AAPCS with the VFP variant, ARMv7-A):
 * what arch/arch.h's ladder takes from here. NEON from the kernel's hwcaps
 * (cpu.h), the ABI check of abi-check.S (abi_check.h), Debian's BoringSSL
 * for the oracle.
 */
#ifndef ZINC_ARCH_ARM_ARCH_H
#define ZINC_ARCH_ARM_ARCH_H

#define ZINC_ARCH_NAME "armhf"
#define ZINC_ARCH_ABI_NAME "the AAPCS (VFP hard-float) ABI"
#define ZINC_ARCH_CPU_HEADER "arch/arm/cpu.h"
#define ZINC_ARCH_BORINGSSL_LIB "/usr/lib/arm-linux-gnueabihf/android/libcrypto.so.0"
#define ZINC_ARCH_ABI_CHECK_HEADER "arch/arm/abi_check.h"
/* arch/abi_checked_test.c runs arch/arm/abi_checked_test.S. */
#define ZINC_ARCH_ABI_CHECKED_TEST 1
#ifdef ZINC_ASM_ARM
#define ZINC_ARCH_ASM 1
#endif

#ifdef __ASSEMBLER__
/*
 * The stub works in ARM and in Thumb-2 code (whichever the .S file is in
 * at ZINC_ENTRY). It pushes lr and calls zinc_abi_enter with bl, which
 * leaves in lr the address of the literal after it: the site's offset
 * from that literal. Nothing is passed in ip, which a linker's veneer
 * (ARM to Thumb, or a long branch) may use on the way. The push's size (2
 * bytes in Thumb, 4 in ARM) tells the two apart at assembly time: a Thumb
 * body's address in the site has bit 0 set, so that the trampoline's blx
 * enters it in Thumb state.
 */
#define ZINC_ARCH_ABI_STUB 1
#define ZINC_ARCH_ABI_SITE_BODY 1
.macro ZINC_ABI_STUB name
.Labi_stub_\name:
	push	{lr}
	.set	.Labi_thumb_\name, ((. - .Labi_stub_\name) == 2) & 1
	.balign	4
	bl	zinc_abi_enter
.Labi_lit_\name:
	.word	.Labi_site_\name - .Labi_lit_\name
.endm
.macro ZINC_ABI_SITE_BODY name
	.dc.a	.Labi_body_\name + .Labi_thumb_\name
.endm
#endif

#endif
