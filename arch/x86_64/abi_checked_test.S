/* SPDX-License-Identifier: MIT */
/*
 * Entry points for abi_checked_test.c, labelled as the backends' are
 * (ZINC_ENTRY), so that in the fuzz builds' library they run through the
 * ABI check like any row:
 *   abi_checked_clean        returns its first argument, breaks nothing
 *   abi_checked_clobber_rbx  zeroes rbx
 *   abi_checked_reset_mxcsr  loads MXCSR's default, 0x1f80
 *   abi_checked_fninit       fninit: the x87 control word back to 0x037f
 *   abi_checked_flip_round   flips MXCSR's rounding-mode bits (always a change)
 * CPU features: SSE and x87, in every x86-64.
 */
.section .note.GNU-stack,"",%progbits

#if defined(__x86_64__) && defined(ZINC_ABI_CHECK) && defined(ZINC_ASM_X86_64)
#include "arch/abi-checked-test.h"

.text

ABI_CHECKED_FN abi_checked_clean, 16
	endbr64
	movq	%rdi, %rax
	ret

ABI_CHECKED_FN abi_checked_clobber_rbx, 16
	endbr64
	xorl	%ebx, %ebx
	ret

ABI_CHECKED_FN abi_checked_reset_mxcsr, 16
	endbr64
	movl	$0x1f80, -4(%rsp)
	ldmxcsr	-4(%rsp)
	ret

ABI_CHECKED_FN abi_checked_fninit, 16
	endbr64
	fninit
	ret

ABI_CHECKED_FN abi_checked_flip_round, 16
	endbr64
	stmxcsr	-4(%rsp)
	xorl	$0x6000, -4(%rsp)
	ldmxcsr	-4(%rsp)
	ret
#endif
