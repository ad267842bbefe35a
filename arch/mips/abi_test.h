/* SPDX-License-Identifier: MIT */
/*
 * What the self-tests of both MIPS ABIs share (arch/mips/abi_test.c, o32;
 * arch/mips64/abi_test.c, n64): the test functions that are the same
 * instructions in both, their lines of the abi_test_calls table, and the
 * FCSR lines of struct abi_self_test (arch/abi_rows.h), and its sum6.
 *
 * ABI_MIPS_TEST_FNS opens the assembly of each file's test functions
 * (after .set noreorder): the macro ABI_TEST_FN name, then
 *   abi_test_clobber_s0   zeroes s0
 *   abi_test_clobber_s8   sets s8 to the stack pointer
 *   abi_test_reset_fcsr   FCSR back to its default, 0
 *   abi_test_fcsr_flags   sets FCSR's five flags and FCC0, which are the
 *                         callee's to change (through t8 and t9, $24 and
 *                         $25, caller-saved in both ABIs)
 */
#ifndef ZINC_ARCH_MIPS_ABI_TEST_H
#define ZINC_ARCH_MIPS_ABI_TEST_H

#include <stdint.h>

void abi_test_clobber_s0(void);
void abi_test_clobber_s8(void);
void abi_test_reset_fcsr(void);
void abi_test_fcsr_flags(void);

#define ABI_MIPS_TEST_FNS                                                                 \
	".macro ABI_TEST_FN name\n"                                                       \
	"	.globl \\name\n"                                                          \
	"	.type \\name, @function\n"                                                \
	"	.balign 8\n"                                                              \
	"\\name:\n"                                                                       \
	".endm\n"                                                                         \
	"ABI_TEST_FN abi_test_clobber_s0\n"                                               \
	"	jr $31\n"                                                                 \
	"	move $16, $0\n"                                                           \
	"ABI_TEST_FN abi_test_clobber_s8\n"                                               \
	"	jr $31\n"                                                                 \
	"	move $30, $29\n"                                                          \
	"ABI_TEST_FN abi_test_reset_fcsr\n"                                               \
	"	jr $31\n"                                                                 \
	"	ctc1 $0, $31\n"                                                           \
	"ABI_TEST_FN abi_test_fcsr_flags\n"                                               \
	"	cfc1 $24, $31\n"                                                          \
	"	ori $24, $24, 0x7c\n"                                                     \
	"	lui $25, 0x80\n"                                                          \
	"	or $24, $24, $25\n"                                                       \
	"	jr $31\n"                                                                 \
	"	ctc1 $24, $31\n"

/* Compiled, so that the compiler's o32 and n64 (in o32 the fifth and sixth
 * words at sp + 16 and sp + 20, 64-bit results in v0 and v1 by byte order)
 * are what the trampoline must match: unsigned long is the argument
 * register's width in both. */
__attribute__((noinline)) static uint64_t abi_mips_sum6(unsigned long a0, unsigned long a1,
							 unsigned long a2, unsigned long a3,
							 unsigned long a4, unsigned long a5)
{
	return a0 + 2 * a1 + 3 * a2 + 4 * a3 + 5 * a4 + 6 * a5;
}

#define ABI_MIPS_TEST_CALLS                                                  \
	{ "s0 zeroed", FN(abi_test_clobber_s0), "s0" },                       \
	{ "s8 set to sp", FN(abi_test_clobber_s8), "s8" },                    \
	{ "FCSR reset to its default", FN(abi_test_reset_fcsr), "fcsr" }

#define ABI_MIPS_TEST_FCSR                                                          \
	.fp = "fcsr", .fp_flags_fn = FN(abi_test_fcsr_flags), .fp_flags = 0x0080007cu

#endif
