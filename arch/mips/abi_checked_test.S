/* SPDX-License-Identifier: MIT */
/*
 * Entry points for arch/abi_checked_test.c, labelled as the backends' are
 * (ZINC_ENTRY), so that in the fuzz builds' library they run through the
 * ABI check like any row (MIPS o32, either byte order):
 *   abi_checked_ret_a0       returns its first argument (a0)
 *   abi_checked_ret_a4       returns its fifth (the word at sp + 16)
 *   abi_checked_ret_a5       returns its sixth (sp + 20)
 *   abi_checked_ret64        returns 0x1111222233334444 (v0 high on
 *                            big-endian, low on little-endian)
 *   abi_checked_clobber_gpr  zeroes s1
 *   abi_checked_clobber_fpr  zeroes the low word of the double f22
 *   abi_checked_reset_fpctl  FCSR back to its default, 0
 * and the names the report must give (abi_checked_gpr, _fpr, _fpctl).
 * CPU features: MIPS32 with an FPU.
 */
#include "../abi-checked-test.h"

.section .note.GNU-stack,"",%progbits

#ifdef ZINC_ABI_CHECKED

ABI_CHECKED_NAMES s1, f22, fcsr

.text
.set noreorder
ABI_CHECKED_FN abi_checked_ret_a0
	jr	$31
	move	$2, $4
ABI_CHECKED_FN abi_checked_ret_a4
	jr	$31
	lw	$2, 16($29)
ABI_CHECKED_FN abi_checked_ret_a5
	jr	$31
	lw	$2, 20($29)
ABI_CHECKED_FN abi_checked_ret64
#ifdef __MIPSEB__
	lui	$2, 0x1111
	ori	$2, $2, 0x2222
	lui	$3, 0x3333
	jr	$31
	ori	$3, $3, 0x4444
#else
	lui	$3, 0x1111
	ori	$3, $3, 0x2222
	lui	$2, 0x3333
	jr	$31
	ori	$2, $2, 0x4444
#endif
ABI_CHECKED_FN abi_checked_clobber_gpr
	jr	$31
	move	$17, $0
ABI_CHECKED_FN abi_checked_clobber_fpr
	jr	$31
	mtc1	$0, $f22
ABI_CHECKED_FN abi_checked_reset_fpctl
	jr	$31
	ctc1	$0, $31
#endif
