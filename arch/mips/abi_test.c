/* SPDX-License-Identifier: MIT */
/*
 * ABI check of every backend entry point on 32-bit MIPS (o32, big- and
 * little-endian), as arch/arm64/abi_test.c does on arm64: each row of every
 * backend table whose CPU features this machine has is called through the
 * abi-check.S trampoline, across the length classes, with s0-s8 and f20-f31
 * set to fresh random values and FCSR's rounding mode away from its
 * default. The test checks that those registers, sp and FCSR's control
 * fields come back unchanged (abi_check.h), and that the output equals a
 * direct call's (arch/abi_rows.h walks the tables). Run under qemu-mips
 * and qemu-mipsel.
 *
 * First the trampoline's own power to fail: planted violations, test
 * functions below that each break the ABI in one way (s0 and s8 changed,
 * the low word of f20 and the high word of f30 changed, sp moved, FCSR's
 * rounding mode reset), each of which must be reported naming that
 * register, and nothing else; and what the ABI allows (t0-t9, v0, v1, f18
 * changed, FCSR's flags and condition bit set) must not be reported.
 */
#include <stdint.h>

#include "lib/common/test.h"

#if !(defined(__mips__) && _MIPS_SIM == _ABIO32)
#error "BUILD compiles arch/mips/abi_test.c for MIPS o32 only"
#endif

#include "arch/mips/abi_check.h"
#include "arch/abi_rows.h"
#include "arch/mips/abi_test.h"

void abi_test_clobber_f20(void);
void abi_test_clobber_f30_high(void);
void abi_test_clobber_volatile(void);
void abi_test_pop_extra(void);
__asm__(".set push\n"
	".set noreorder\n"
	".set mips32r2\n"
	".text\n"
	ABI_MIPS_TEST_FNS
	"ABI_TEST_FN abi_test_clobber_f20\n" /* the low word of the double f20 */
	"	jr $31\n"
	"	mtc1 $0, $f20\n"
	"ABI_TEST_FN abi_test_clobber_f30_high\n" /* f31 (FR=0), f30's high half (FR=1) */
	"	jr $31\n"
	"	mthc1 $0, $f30\n"
	"ABI_TEST_FN abi_test_clobber_volatile\n" /* caller-saved: allowed */
	"	move $2, $0\n"
	"	move $3, $0\n"
	"	move $8, $0\n"
	"	move $15, $0\n"
	"	move $24, $0\n"
	"	mtc1 $0, $f18\n"
	"	mthc1 $0, $f18\n"
	"	jr $31\n"
	"	move $25, $0\n"
	"ABI_TEST_FN abi_test_pop_extra\n" /* returns with sp 8 bytes too high */
	"	jr $31\n"
	"	addiu $29, $29, 8\n"
	".purgem ABI_TEST_FN\n"
	".set pop\n");

__attribute__((noinline)) static uint64_t ret64(void)
{
	uint64_t x = 0x1111222233334444ull;

	__asm__("" : "+r"(x));
	return x;
}

static const struct abi_test_fn abi_test_calls[] = {
	ABI_MIPS_TEST_CALLS,
	{ "f20's low word zeroed", FN(abi_test_clobber_f20), "f20" },
	{ "f30's high word zeroed", FN(abi_test_clobber_f30_high), "f30" },
	{ "sp 8 bytes too high", FN(abi_test_pop_extra), "sp" },
	{ "v0, v1, t0, t7, t8, t9 and f18, which are not preserved",
	  FN(abi_test_clobber_volatile), NULL },
	{ 0 },
};

static const struct abi_self_test abi_self_test = {
	.calls = abi_test_calls,
	ABI_MIPS_TEST_FCSR,
	.sum6 = { FN(abi_mips_sum6) },
	.ret64 = FN(ret64),
};
