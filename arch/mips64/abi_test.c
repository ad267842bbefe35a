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

#include "lib/common/test.h"

#if !(defined(__mips__) && _MIPS_SIM == _ABI64)
#error "BUILD compiles arch/mips64/abi_test.c for MIPS n64 only"
#endif

#include "arch/mips64/abi_check.h"
#include "arch/abi_rows.h"
#include "arch/mips/abi_test.h"

void abi_test_clobber_gp(void);
void abi_test_clobber_f24(void);
void abi_test_clobber_f31(void);
void abi_test_clobber_volatile(void);
void abi_test_pop_extra(void);
__asm__(".set push\n"
	".set noreorder\n"
	".text\n"
	ABI_MIPS_TEST_FNS
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
	".purgem ABI_TEST_FN\n"
	".set pop\n");

/* Why the check cannot run here, if FCSR's rounding mode cannot be set:
 * qemu-mips64el's default CPU model, the 5KEf, ignores every write to
 * FCSR, which would make every call look like a violation. */
static const char *fcsr_rm_not_writable(void)
{
	uint32_t old = (uint32_t)abi_get_fp(), want = (old & ~ABI_FCSR_RM) | 2, got;

	__asm__ volatile("ctc1 %0, $31" : : "r"(want));
	got = (uint32_t)abi_get_fp();
	__asm__ volatile("ctc1 %0, $31" : : "r"(old));
	return got == want ? NULL
			   : "FCSR's rounding mode cannot be set on this CPU, so the check cannot "
			     "give it another one (qemu-mips64el's default 5KEf model ignores "
			     "writes to FCSR: run with -cpu MIPS64R2-generic, as sources.bzl ARCHS "
			     "says)";
}

static const struct abi_test_fn abi_test_calls[] = {
	ABI_MIPS_TEST_CALLS,
	{ "gp left at the callee's", FN(abi_test_clobber_gp), "gp" },
	{ "f24 zeroed", FN(abi_test_clobber_f24), "f24" },
	{ "f31 zeroed", FN(abi_test_clobber_f31), "f31" },
	{ "sp 16 bytes too high", FN(abi_test_pop_extra), "sp" },
	{ "v0, v1, t0, t3, t8, t9 and f23, which are not preserved",
	  FN(abi_test_clobber_volatile), NULL },
	{ 0 },
};

static const struct abi_self_test abi_self_test = {
	.calls = abi_test_calls,
	ABI_MIPS_TEST_FCSR,
	.sum6 = { FN(abi_mips_sum6) },
	.cannot_run = fcsr_rm_not_writable,
};
