/* SPDX-License-Identifier: MIT */
/*
 * What every arch/<dir>/abi_checked_test.S uses to write the entry points
 * arch/abi_checked_test.c (x86-64: arch/x86_64/abi_checked_test.c) calls,
 * in ZINC_ABI_CHECKED builds:
 *
 *   ABI_CHECKED_FN name[, align]
 *	A global function, aligned to align bytes (8 by default), labelled
 *	ZINC_ENTRY (arch/abi-entry.h) as the backends' entry points are, so
 *	that it runs through the ABI check like any row.
 *   ABI_CHECKED_NAMES gpr, fpr, fpctl
 *	The names the report must give for the registers that
 *	abi_checked_clobber_gpr, abi_checked_clobber_fpr and
 *	abi_checked_reset_fpctl change: the strings abi_checked_gpr,
 *	abi_checked_fpr and abi_checked_fpctl, in .rodata.
 */
#include "abi-entry.h"

#ifdef ZINC_ABI_CHECKED
.macro ABI_CHECKED_FN name, align=8
	.globl \name
	.type \name, %function
	.balign \align
ZINC_ENTRY \name
.endm

.macro ABI_CHECKED_NAMES gpr, fpr, fpctl
	.pushsection .rodata,"a",%progbits
	.globl abi_checked_gpr, abi_checked_fpr, abi_checked_fpctl
abi_checked_gpr:	.asciz "\gpr"
abi_checked_fpr:	.asciz "\fpr"
abi_checked_fpctl:	.asciz "\fpctl"
	.popsection
.endm
#endif
