/* SPDX-License-Identifier: MIT */
/*
 * ABI check of every backend entry point on armhf (AAPCS, VFP hard-float),
 * as arch/arm64/abi_test.c does on arm64: each row of every backend table
 * whose CPU features this machine has is called through the abi-check.S
 * trampoline, across the length classes, with r4-r11 and d8-d15 set to
 * fresh random values and FPSCR's rounding mode away from its default. The
 * test checks that those registers, sp and FPSCR's control bits come back
 * unchanged (abi_check.h), and that the output equals a direct call's
 * (arch/abi_rows.h walks the tables). Run under qemu-arm.
 *
 * First the trampoline's own power to fail: planted violations, test
 * functions below that each break the ABI in one way (r4, r11, d8 and
 * d15 changed, sp moved, FPSCR's rounding mode reset), each of which must
 * be reported naming that register, and nothing else; and what the ABI
 * allows (d7 changed, FPSCR's exception and condition flags set) must not
 * be reported. The test functions are Thumb code but for one in ARM code,
 * which the trampoline must enter in ARM state.
 */
#include <stdint.h>

#include "lib/common/test.h"

#if !(defined(__arm__) && !defined(__aarch64__))
#error "BUILD compiles arch/arm/abi_test.c for 32-bit ARM only"
#endif

#include "arch/arm/abi_check.h"
#include "arch/abi_rows.h"

void abi_test_clobber_r4(void);
void abi_test_clobber_r11(void);
void abi_test_clobber_d8(void);
void abi_test_clobber_d15_high(void);
void abi_test_clobber_d7(void);
void abi_test_pop_extra(void);
void abi_test_reset_fpscr(void);
void abi_test_fpscr_flags(void);
uint64_t abi_test_sum6(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, uint32_t a4,
		       uint32_t a5);
uint64_t abi_test_sum6_arm(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, uint32_t a4,
			   uint32_t a5);
uint64_t abi_test_ret64(void);
__asm__(".syntax unified\n"
	".text\n"
	".thumb\n"
	".macro ABI_TEST_FN name\n"
	"	.globl \\name\n"
	"	.type \\name, %function\n"
	"	.thumb_func\n"
	"	.balign 4\n"
	"\\name:\n"
	".endm\n"
	"ABI_TEST_FN abi_test_clobber_r4\n"
	"	movs r4, #0\n"
	"	bx lr\n"
	"ABI_TEST_FN abi_test_clobber_r11\n"
	"	mov r11, sp\n"
	"	bx lr\n"
	"ABI_TEST_FN abi_test_clobber_d8\n" /* d8 = 0 */
	"	movs r0, #0\n"
	"	vmov d8, r0, r0\n"
	"	bx lr\n"
	"ABI_TEST_FN abi_test_clobber_d15_high\n" /* the high half of d15 (s31) only */
	"	movs r0, #0\n"
	"	vmov s31, r0\n"
	"	bx lr\n"
	"ABI_TEST_FN abi_test_clobber_d7\n" /* caller-saved: allowed */
	"	movs r0, #0\n"
	"	vmov d7, r0, r0\n"
	"	bx lr\n"
	"ABI_TEST_FN abi_test_pop_extra\n" /* returns with sp 8 bytes too high */
	"	add sp, sp, #8\n"
	"	bx lr\n"
	"ABI_TEST_FN abi_test_reset_fpscr\n" /* FPSCR back to its default, 0 */
	"	movs r0, #0\n"
	"	vmsr fpscr, r0\n"
	"	bx lr\n"
	"ABI_TEST_FN abi_test_fpscr_flags\n" /* IXC, IDC and N Z C V set: allowed */
	"	vmrs r0, fpscr\n"
	"	orr r0, r0, #0xf0000000\n"
	"	orr r0, r0, #0x90\n"
	"	vmsr fpscr, r0\n"
	"	bx lr\n"
	"ABI_TEST_FN abi_test_ret64\n" /* a 64-bit result: both words come back */
	"	movw r0, #0x4444\n"
	"	movt r0, #0x3333\n"
	"	movw r1, #0x2222\n"
	"	movt r1, #0x1111\n"
	"	bx lr\n"
	/* a0 + 2 a1 + ... + 6 a5, every argument word in its place, as a
	 * 64-bit result: the same text in Thumb and in ARM state */
	".macro ABI_TEST_SUM6\n"
	"	add r0, r0, r1, lsl #1\n"
	"	mov ip, #3\n"
	"	mla r0, r2, ip, r0\n"
	"	add r0, r0, r3, lsl #2\n"
	"	ldr r1, [sp]\n"
	"	mov ip, #5\n"
	"	mla r0, r1, ip, r0\n"
	"	ldr r1, [sp, #4]\n"
	"	mov ip, #6\n"
	"	mla r0, r1, ip, r0\n"
	"	mov r1, #0\n"
	"	bx lr\n"
	".endm\n"
	"ABI_TEST_FN abi_test_sum6\n"
	"	ABI_TEST_SUM6\n"
	".arm\n"
	".globl abi_test_sum6_arm\n"
	".type abi_test_sum6_arm, %function\n"
	".balign 4\n"
	"abi_test_sum6_arm:\n"
	"	ABI_TEST_SUM6\n"
	".thumb\n");

static const struct abi_test_fn abi_test_calls[] = {
	{ "r4 zeroed", FN(abi_test_clobber_r4), "r4" },
	{ "r11 set to sp", FN(abi_test_clobber_r11), "r11" },
	{ "d8 zeroed", FN(abi_test_clobber_d8), "d8" },
	{ "s31, the high half of d15, zeroed", FN(abi_test_clobber_d15_high), "d15" },
	{ "sp 8 bytes too high", FN(abi_test_pop_extra), "sp" },
	{ "FPSCR reset to its default", FN(abi_test_reset_fpscr), "fpscr" },
	{ "d7, which is not preserved", FN(abi_test_clobber_d7), NULL },
	{ 0 },
};

static const struct abi_self_test abi_self_test = {
	.calls = abi_test_calls,
	.fp = "fpscr",
	.fp_flags_fn = FN(abi_test_fpscr_flags),
	.fp_flags = 0xf0000090u,
	.sum6 = { FN(abi_test_sum6), FN(abi_test_sum6_arm) },
	.ret64 = FN(abi_test_ret64),
};
