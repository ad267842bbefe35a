/* SPDX-License-Identifier: MIT */
/*
 * ABI check of every backend entry point on 64-bit MIPS (n64), as
 * arch/arm64/abi_test.c does on arm64: each row of every backend table
 * whose CPU features this machine has is called through the abi-check.S
 * trampoline, across the length classes, with s0-s8, gp and f24-f31 set to
 * fresh random values and FCSR's rounding mode away from its default. The
 * test checks that those registers, sp and FCSR's control fields come back
 * unchanged (abi_check.h), and that the output equals a direct call's
 * (arch/abi_rows.h walks the tables). Run under qemu-mips64el.
 *
 * First the trampoline's own power to fail: planted violations, test
 * functions below that each break the ABI in one way (s0, s8 and gp
 * changed, f24 and f31 changed, sp moved, FCSR's rounding mode reset),
 * each of which must be reported naming that register, and nothing else;
 * and what the ABI allows (t0-t9, v0, v1, f23 changed, FCSR's flags and
 * condition bit set) must not be reported.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "lib/common/test.h"

#if defined(__mips__) && _MIPS_SIM == _ABI64

#include "arch/mips64/abi_check.h"
#include "arch/abi_rows.h"

void abi_test_clobber_s0(void);
void abi_test_clobber_s8(void);
void abi_test_clobber_gp(void);
void abi_test_clobber_f24(void);
void abi_test_clobber_f31(void);
void abi_test_clobber_volatile(void);
void abi_test_pop_extra(void);
void abi_test_reset_fcsr(void);
void abi_test_fcsr_flags(void);
__asm__(".set push\n"
	".set noreorder\n"
	".text\n"
	".macro ABI_TEST_FN name\n"
	"	.globl \\name\n"
	"	.type \\name, @function\n"
	"	.balign 8\n"
	"\\name:\n"
	".endm\n"
	"ABI_TEST_FN abi_test_clobber_s0\n"
	"	jr $31\n"
	"	move $16, $0\n"
	"ABI_TEST_FN abi_test_clobber_s8\n" /* s8 = the stack pointer */
	"	jr $31\n"
	"	move $30, $29\n"
	"ABI_TEST_FN abi_test_clobber_gp\n" /* gp = the callee's own, not put back */
	"	lui $28, %hi(%neg(%gp_rel(abi_test_clobber_gp)))\n"
	"	daddu $28, $28, $25\n"
	"	jr $31\n"
	"	daddiu $28, $28, %lo(%neg(%gp_rel(abi_test_clobber_gp)))\n"
	"ABI_TEST_FN abi_test_clobber_f24\n"
	"	jr $31\n"
	"	dmtc1 $0, $f24\n"
	"ABI_TEST_FN abi_test_clobber_f31\n" /* an odd one: 64-bit registers, all eight saved */
	"	jr $31\n"
	"	dmtc1 $0, $f31\n"
	"ABI_TEST_FN abi_test_clobber_volatile\n" /* caller-saved: allowed */
	"	move $2, $0\n"
	"	move $3, $0\n"
	"	move $12, $0\n"
	"	move $15, $0\n"
	"	move $24, $0\n"
	"	dmtc1 $0, $f23\n"
	"	jr $31\n"
	"	move $25, $0\n"
	"ABI_TEST_FN abi_test_pop_extra\n" /* returns with sp 16 bytes too high */
	"	jr $31\n"
	"	daddiu $29, $29, 16\n"
	"ABI_TEST_FN abi_test_reset_fcsr\n" /* FCSR back to its default, 0 */
	"	jr $31\n"
	"	ctc1 $0, $31\n"
	"ABI_TEST_FN abi_test_fcsr_flags\n" /* the five flags and FCC0 set: allowed */
	"	cfc1 $12, $31\n"
	"	ori $12, $12, 0x7c\n"
	"	lui $13, 0x80\n"
	"	or $12, $12, $13\n"
	"	jr $31\n"
	"	ctc1 $12, $31\n"
	".purgem ABI_TEST_FN\n"
	".set pop\n");

/* Compiled, so that the compiler's n64 is what the trampoline must match. */
__attribute__((noinline)) static uint64_t sum6(uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3,
					       uint64_t a4, uint64_t a5)
{
	return a0 + 2 * a1 + 3 * a2 + 4 * a3 + 5 * a4 + 6 * a5;
}

/* Whether FCSR's rounding mode can be set here: qemu-mips64el's default
 * CPU model, the 5KEf, ignores every write to FCSR, which would make every
 * call look like a violation. */
static bool fcsr_rm_writable(void)
{
	uint32_t old = abi_get_fcsr(), want = (old & ~ABI_FCSR_RM) | 2, got;

	__asm__ volatile("ctc1 %0, $31" : : "r"(want));
	got = abi_get_fcsr();
	__asm__ volatile("ctc1 %0, $31" : : "r"(old));
	return got == want;
}

static void test_trampoline_sees_violations(void)
{
	struct abi_check_regs r;
	struct abi_violation v[ABI_MAX_VIOLATIONS];
	uint32_t fcsr, fcsr_after;

	CHECK(fcsr_rm_writable(), "FCSR's rounding mode cannot be set on this CPU, so the check "
	      "cannot give it another one (qemu-mips64el's default 5KEf model ignores writes "
	      "to FCSR: run with -cpu MIPS64R2-generic, as sources.bzl ARCHS says)");
	if (test_failed)
		exit(TEST_SUMMARY("abi_test"));

	planted_violation("s0 zeroed", FN(abi_test_clobber_s0), "s0");
	planted_violation("s8 set to sp", FN(abi_test_clobber_s8), "s8");
	planted_violation("gp left at the callee's", FN(abi_test_clobber_gp), "gp");
	planted_violation("f24 zeroed", FN(abi_test_clobber_f24), "f24");
	planted_violation("f31 zeroed", FN(abi_test_clobber_f31), "f31");
	planted_violation("sp 16 bytes too high", FN(abi_test_pop_extra), "sp");
	planted_violation("FCSR reset to its default", FN(abi_test_reset_fcsr), "fcsr");
	CHECK(only_violation(FN(abi_test_clobber_volatile), NULL),
	      "trampoline flagged a caller-saved register");
	CHECK(only_violation(FN(random64), NULL), "a well-behaved C function through the trampoline");

	/* FCSR's flags and condition bits are the callee's to set. */
	memset(&r, 0, sizeof(r));
	abi_check_fill(&r, random64, true);
	abi_check_call(&r, FN(abi_test_fcsr_flags), 0, 0, 0, 0, 0, 0);
	CHECK(r.fcsr_out == (r.fcsr_in | 0x0080007cu) &&
		      abi_check_violations(&r, v, ABI_MAX_VIOLATIONS) == 0,
	      "FCSR flags set by a callee flagged (in %08x, out %08x)", (unsigned)r.fcsr_in,
	      (unsigned)r.fcsr_out);

	/* Every argument reaches the callee, the rounding mode is away from
	 * its default, and the caller's FCSR is back afterwards. */
	fcsr = abi_get_fcsr();
	for (int i = 0; i < 100; i++) {
		memset(&r, 0, sizeof(r));
		abi_check_fill(&r, random64, true);
		CHECK((r.fcsr_in & ABI_FCSR_RM) != 0, "FCSR input at its default");
		CHECK(abi_check_call(&r, FN(sum6), 1, 10, 100, 1000, 10000, 100000) ==
				      1 + 20 + 300 + 4000 + 50000 + 600000 &&
			      abi_check_violations(&r, v, ABI_MAX_VIOLATIONS) == 0,
		      "six arguments through the trampoline");
	}
	fcsr_after = abi_get_fcsr();
	CHECK(fcsr_after == fcsr, "caller's FCSR %08x not restored: %08x", (unsigned)fcsr,
	      (unsigned)fcsr_after);
}

#else

int main(void)
{
	printf("abi_test: not MIPS n64, nothing to check\n");
	return TEST_SUMMARY("abi_test");
}

#endif
