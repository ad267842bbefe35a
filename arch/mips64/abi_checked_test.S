/* SPDX-License-Identifier: MIT */
/*
 * Entry points for arch/abi_checked_test.c, labelled as the backends' are
 * (ZINC_ENTRY), so that in the fuzz builds' library they run through the
 * ABI check like any row (MIPS n64):
 *   abi_checked_ret_a0       returns its first argument (a0)
 *   abi_checked_ret_a4       returns its fifth (a4)
 *   abi_checked_ret_a5       returns its sixth (a5)
 *   abi_checked_ret64        returns 0x1111222233334444
 *   abi_checked_clobber_gpr  zeroes s1
 *   abi_checked_clobber_fpr  zeroes f25
 *   abi_checked_reset_fpctl  FCSR back to its default, 0
 * and the names the report must give (abi_checked_gpr, _fpr, _fpctl).
 * CPU features: MIPS64 with an FPU.
 */
#include "../abi-checked-test.h"

.section .note.GNU-stack,"",%progbits

#ifdef ZINC_ABI_CHECKED

ABI_CHECKED_NAMES s1, f25, fcsr

.text
.set noreorder
ABI_CHECKED_FN abi_checked_ret_a0
	jr	$31
	move	$2, $4
ABI_CHECKED_FN abi_checked_ret_a4
	jr	$31
	move	$2, $8
ABI_CHECKED_FN abi_checked_ret_a5
	jr	$31
	move	$2, $9
ABI_CHECKED_FN abi_checked_ret64
	lui	$2, 0x1111
	ori	$2, $2, 0x2222
	dsll32	$2, $2, 0
	lui	$3, 0x3333
	ori	$3, $3, 0x4444
	dsll32	$3, $3, 0
	dsrl32	$3, $3, 0
	jr	$31
	or	$2, $2, $3
ABI_CHECKED_FN abi_checked_clobber_gpr
	jr	$31
	move	$17, $0
ABI_CHECKED_FN abi_checked_clobber_fpr
	jr	$31
	dmtc1	$0, $f25
ABI_CHECKED_FN abi_checked_reset_fpctl
	jr	$31
	ctc1	$0, $31
#endif
