/* SPDX-License-Identifier: MIT */
/*
 * Entry points for arch/abi_checked_test.c, labelled as the backends' are
 * (ZINC_ENTRY), so that in the fuzz builds' library they run through the
 * ABI check like any row (armhf, AAPCS):
 *   abi_checked_ret_a0       returns its first argument (r0)
 *   abi_checked_ret_a4       returns its fifth (the word at sp)
 *   abi_checked_ret_a5       returns its sixth (sp + 4); in ARM state, so
 *                            that an ARM-state stub is checked too
 *   abi_checked_ret64        returns 0x1111222233334444 (r0 low, r1 high)
 *   abi_checked_clobber_gpr  zeroes r4
 *   abi_checked_clobber_fpr  zeroes d9
 *   abi_checked_reset_fpctl  FPSCR back to its default, 0
 * and the names the report must give (abi_checked_gpr, _fpr, _fpctl).
 * Thumb-2 code but for abi_checked_ret_a5. CPU features: ARMv7-A, VFPv3-D16.
 */
#include "../abi-checked-test.h"

.section .note.GNU-stack,"",%progbits

#ifdef ZINC_ABI_CHECKED

.syntax unified
.fpu vfpv3-d16

ABI_CHECKED_NAMES r4, d9, fpscr

.text
.thumb
ABI_CHECKED_FN abi_checked_ret_a0
	bx	lr
ABI_CHECKED_FN abi_checked_ret_a4
	ldr	r0, [sp]
	bx	lr
ABI_CHECKED_FN abi_checked_ret64
	movw	r0, #0x4444
	movt	r0, #0x3333
	movw	r1, #0x2222
	movt	r1, #0x1111
	bx	lr
ABI_CHECKED_FN abi_checked_clobber_gpr
	movs	r4, #0
	bx	lr
ABI_CHECKED_FN abi_checked_clobber_fpr
	movs	r0, #0
	vmov	d9, r0, r0
	bx	lr
ABI_CHECKED_FN abi_checked_reset_fpctl
	movs	r0, #0
	vmsr	fpscr, r0
	bx	lr

.arm
ABI_CHECKED_FN abi_checked_ret_a5
	ldr	r0, [sp, #4]
	bx	lr
#endif
