/* SPDX-License-Identifier: MIT */
/*
 * ABI check of every backend entry point on arm64 (AAPCS64), as
 * arch/x86_64/abi_test.c does on x86-64: each row of every backend table
 * whose CPU features this machine has is called through the abi-check.S
 * trampoline, across the length classes, with x19-x29 and d8-d15 (the low
 * halves of v8-v15) set to fresh random values and FPCR away from its
 * default. The test checks that those registers, sp and FPCR come back
 * unchanged (abi_check.h), and that the output equals a direct call's
 * (arch/abi_rows.h walks the tables). Built and run by bazel test --config=arm64
 * under qemu-aarch64.
 */
#include <stdint.h>

#include "lib/common/test.h"

#ifndef __aarch64__
#error "BUILD compiles arch/arm64/abi_test.c for arm64 only"
#endif

#include "arch/arm64/abi_check.h"
#include "arch/abi_rows.h"

/* The trampoline itself must notice each kind of violation, alone, and
 * not flag the high half of v8, which a callee may change. */
void abi_test_clobber_x19(void);
void abi_test_clobber_v8(void);
void abi_test_clobber_v8_high(void);
void abi_test_pop_extra(void);
void abi_test_reset_fpcr(void);
uint64_t abi_test_sum6(uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
		       uint64_t a5);
__asm__(".text\n"
	".globl abi_test_clobber_x19, abi_test_clobber_v8, abi_test_clobber_v8_high\n"
	".globl abi_test_pop_extra, abi_test_reset_fpcr, abi_test_sum6\n"
	"abi_test_clobber_x19:\n"
	"	mov x19, #0\n"
	"	ret\n"
	"abi_test_clobber_v8:\n"
	"	movi v8.16b, #0\n"
	"	ret\n"
	"abi_test_clobber_v8_high:\n"
	"	mov v8.d[1], xzr\n"
	"	ret\n"
	"abi_test_pop_extra:\n" /* returns with sp 16 bytes too high */
	"	add sp, sp, #16\n"
	"	ret\n"
	"abi_test_reset_fpcr:\n" /* FPCR back to its default, 0 */
	"	msr fpcr, xzr\n"
	"	ret\n"
	"abi_test_sum6:\n" /* a0 + 2 a1 + ... + 6 a5: every argument in its place */
	"	add x0, x0, x1, lsl #1\n"
	"	mov x6, #3\n"
	"	madd x0, x2, x6, x0\n"
	"	add x0, x0, x3, lsl #2\n"
	"	mov x6, #5\n"
	"	madd x0, x4, x6, x0\n"
	"	mov x6, #6\n"
	"	madd x0, x5, x6, x0\n"
	"	ret\n");

static const struct abi_test_fn abi_test_calls[] = {
	{ "x19 zeroed", FN(abi_test_clobber_x19), "x19" },
	{ "v8 zeroed", FN(abi_test_clobber_v8), "d8" },
	{ "sp 16 bytes too high", FN(abi_test_pop_extra), "sp" },
	{ "FPCR reset to its default", FN(abi_test_reset_fpcr), "fpcr" },
	{ "v8's high half, which is not preserved", FN(abi_test_clobber_v8_high), NULL },
	{ 0 },
};

static const struct abi_self_test abi_self_test = {
	.calls = abi_test_calls,
	.sum6 = { FN(abi_test_sum6) },
};
