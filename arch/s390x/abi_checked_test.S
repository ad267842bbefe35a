/* SPDX-License-Identifier: MIT */
/*
 * Entry points for arch/abi_checked_test.c, labelled as the backends' are
 * (ZINC_ENTRY), so that in the fuzz builds' library they run through the
 * ABI check like any row (s390x ELF ABI):
 *   abi_checked_ret_a0       returns its first argument (r2)
 *   abi_checked_ret_a4       returns its fifth (r6)
 *   abi_checked_ret_a5       returns its sixth (the parameter area, sp + 160)
 *   abi_checked_ret64        returns 0x1111222233334444
 *   abi_checked_clobber_gpr  zeroes r7
 *   abi_checked_clobber_fpr  zeroes f9
 *   abi_checked_reset_fpctl  FPC back to its default, 0
 * and the names the report must give (abi_checked_gpr, _fpr, _fpctl).
 * CPU features: z/Architecture with the extended-immediate facility (z9).
 */
#include "../abi-checked-test.h"

.section .note.GNU-stack,"",%progbits

#ifdef ZINC_ABI_CHECKED

ABI_CHECKED_NAMES r7, f9, fpc

.text
ABI_CHECKED_FN abi_checked_ret_a0
	br	%r14
ABI_CHECKED_FN abi_checked_ret_a4
	lgr	%r2, %r6
	br	%r14
ABI_CHECKED_FN abi_checked_ret_a5
	lg	%r2, 160(%r15)
	br	%r14
ABI_CHECKED_FN abi_checked_ret64
	iihf	%r2, 0x11112222
	iilf	%r2, 0x33334444
	br	%r14
ABI_CHECKED_FN abi_checked_clobber_gpr
	lghi	%r7, 0
	br	%r14
ABI_CHECKED_FN abi_checked_clobber_fpr
	lzdr	%f9
	br	%r14
ABI_CHECKED_FN abi_checked_reset_fpctl
	lghi	%r0, 0
	sfpc	%r0
	br	%r14
#endif
