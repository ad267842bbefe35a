/* SPDX-License-Identifier: MIT */
/*
 * ABI check of every backend entry point on s390x (s390x ELF ABI), as
 * arch/arm64/abi_test.c does on arm64: each row of every backend table
 * whose CPU features this machine has is called through the abi-check.S
 * trampoline, across the length classes, with r7-r13 and f8-f15 set to
 * fresh random values (r6 carries the fifth argument) and FPC's rounding
 * mode away from its default. The test checks that those registers, r15
 * and FPC's control fields come back unchanged (abi_check.h), and that the
 * output equals a direct call's (arch/abi_rows.h walks the tables). Run
 * under qemu-s390x.
 *
 * First the trampoline's own power to fail: planted violations, test
 * functions below that each break the ABI in one way (r6, r13, f8 and f15
 * changed, r15 moved, FPC's rounding mode reset), each of which must be
 * reported naming that register, and nothing else; and what the ABI allows
 * (r0, r1, r14 and f0 changed, FPC's flags set) must not be reported.
 */
#include <stdint.h>

#include "lib/common/test.h"

#ifndef __s390x__
#error "BUILD compiles arch/s390x/abi_test.c for s390x only"
#endif

#include "arch/s390x/abi_check.h"
#include "arch/abi_rows.h"

void abi_test_clobber_r6(void);
void abi_test_clobber_r13(void);
void abi_test_clobber_f8(void);
void abi_test_clobber_f15(void);
void abi_test_clobber_volatile(void);
void abi_test_pop_extra(void);
void abi_test_reset_fpc(void);
void abi_test_fpc_flags(void);
uint64_t abi_test_sum6(uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
		       uint64_t a5);
__asm__(".text\n"
	".macro ABI_TEST_FN name\n"
	"	.globl \\name\n"
	"	.type \\name, @function\n"
	"	.balign 8\n"
	"\\name:\n"
	".endm\n"
	"ABI_TEST_FN abi_test_clobber_r6\n" /* r6 = the stack pointer */
	"	lgr %r6, %r15\n"
	"	br %r14\n"
	"ABI_TEST_FN abi_test_clobber_r13\n"
	"	lghi %r13, 0\n"
	"	br %r14\n"
	"ABI_TEST_FN abi_test_clobber_f8\n"
	"	lzdr %f8\n"
	"	br %r14\n"
	"ABI_TEST_FN abi_test_clobber_f15\n"
	"	lzdr %f15\n"
	"	br %r14\n"
	"ABI_TEST_FN abi_test_clobber_volatile\n" /* caller-saved: allowed */
	"	lghi %r0, 0\n"
	"	lghi %r1, 0\n"
	"	lzdr %f0\n"
	"	lgr %r1, %r14\n"
	"	lghi %r14, 0\n"
	"	br %r1\n"
	"ABI_TEST_FN abi_test_pop_extra\n" /* returns with r15 8 bytes too high */
	"	aghi %r15, 8\n"
	"	br %r14\n"
	"ABI_TEST_FN abi_test_reset_fpc\n" /* FPC back to its default, 0 */
	"	lghi %r0, 0\n"
	"	sfpc %r0\n"
	"	br %r14\n"
	"ABI_TEST_FN abi_test_fpc_flags\n" /* the five IEEE flags set: allowed */
	"	efpc %r0\n"
	"	oilh %r0, 0x00f8\n"
	"	sfpc %r0\n"
	"	br %r14\n"
	"ABI_TEST_FN abi_test_sum6\n" /* a0 + 2 a1 + ... + 6 a5: every argument in its place */
	"	sllg %r3, %r3, 1\n"
	"	agr %r2, %r3\n"
	"	mghi %r4, 3\n"
	"	agr %r2, %r4\n"
	"	sllg %r5, %r5, 2\n"
	"	agr %r2, %r5\n"
	"	lgr %r1, %r6\n"
	"	mghi %r1, 5\n"
	"	agr %r2, %r1\n"
	"	lg %r1, 160(%r15)\n"
	"	mghi %r1, 6\n"
	"	agr %r2, %r1\n"
	"	br %r14\n");

static const struct abi_test_fn abi_test_calls[] = {
	{ "r6 set to the stack pointer", FN(abi_test_clobber_r6), "r6" },
	{ "r13 zeroed", FN(abi_test_clobber_r13), "r13" },
	{ "f8 zeroed", FN(abi_test_clobber_f8), "f8" },
	{ "f15 zeroed", FN(abi_test_clobber_f15), "f15" },
	{ "r15 8 bytes too high", FN(abi_test_pop_extra), "r15 (sp)" },
	{ "FPC reset to its default", FN(abi_test_reset_fpc), "fpc" },
	{ "r0, r1, r14 and f0, which are not preserved", FN(abi_test_clobber_volatile), NULL },
	{ 0 },
};

static const struct abi_self_test abi_self_test = {
	.calls = abi_test_calls,
	.fp = "fpc",
	.fp_flags_fn = FN(abi_test_fpc_flags),
	.fp_flags = 0x00f80000u,
	.sum6 = { FN(abi_test_sum6) },
};
