/* SPDX-License-Identifier: MIT */
/*
 * ABI check of every backend entry point (BoringSSL's CHECK_ABI idea): each
 * row of every backend table whose CPU features this machine has is called
 * through the abi-check.S trampoline, across the length classes, with rbx,
 * rbp and r12-r15 set to fresh random values and MXCSR and the x87 control
 * word away from their defaults. The test checks that those come back
 * unchanged, rsp too, and the direction flag clear (abi_check.h), and that
 * the output equals a direct call's (arch/abi_rows.h walks the tables).
 */
#include <stdint.h>
#include <stdio.h>

#include "lib/common/test.h"

#ifndef __has_feature
#define __has_feature(x) 0
#endif

/* MemorySanitizer cannot see the trampoline's stores (nor pass parameter
 * shadow through it), and its build has no assembly backends anyway. */
#if defined(__x86_64__) && !__has_feature(memory_sanitizer)

#include "arch/x86_64/abi_check.h"
#include "arch/abi_rows.h"

/* The trampoline itself must notice each kind of violation, alone. */
void abi_test_clobber_rbx(void);
void abi_test_set_df(void);
void abi_test_pop_extra(void);
void abi_test_reset_mxcsr(void);
void abi_test_reset_fcw(void);
void abi_test_mxcsr_flags(void);
uint64_t abi_test_sum6(uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
		       uint64_t a5);
__asm__(".text\n"
	".globl abi_test_clobber_rbx, abi_test_set_df, abi_test_pop_extra\n"
	".globl abi_test_reset_mxcsr, abi_test_reset_fcw, abi_test_mxcsr_flags\n"
	".globl abi_test_sum6\n"
	"abi_test_clobber_rbx:\n"
	"	xorl %ebx, %ebx\n"
	"	ret\n"
	"abi_test_set_df:\n"
	"	std\n"
	"	ret\n"
	"abi_test_pop_extra:\n" /* returns with rsp 8 bytes too high */
	"	popq %r11\n"
	"	addq $8, %rsp\n"
	"	jmp *%r11\n"
	"abi_test_reset_mxcsr:\n" /* MXCSR back to its default, 0x1f80 */
	"	movl $0x1f80, -4(%rsp)\n"
	"	ldmxcsr -4(%rsp)\n"
	"	ret\n"
	"abi_test_reset_fcw:\n" /* fninit: control word back to 0x037f */
	"	fninit\n"
	"	ret\n"
	"abi_test_mxcsr_flags:\n" /* sets an exception flag: caller-saved, allowed */
	"	stmxcsr -4(%rsp)\n"
	"	orl $0x20, -4(%rsp)\n"
	"	ldmxcsr -4(%rsp)\n"
	"	ret\n"
	"abi_test_sum6:\n" /* a0 + 2 a1 + ... + 6 a5: every argument in its place */
	"	leaq (%rdi,%rsi,2), %rax\n"
	"	imulq $3, %rdx\n"
	"	addq %rdx, %rax\n"
	"	leaq (%rax,%rcx,4), %rax\n"
	"	imulq $5, %r8\n"
	"	addq %r8, %rax\n"
	"	imulq $6, %r9\n"
	"	addq %r9, %rax\n"
	"	ret\n");

static void test_trampoline_sees_violations(void)
{
	struct abi_check_regs r;
	struct abi_violation v[ABI_MAX_VIOLATIONS];
	uint16_t fcw;
	uint32_t mxcsr;

	CHECK(only_violation(FN(abi_test_clobber_rbx), "rbx"), "trampoline did not see rbx change");
	CHECK(only_violation(FN(abi_test_set_df), "direction flag"),
	      "trampoline did not see the direction flag set");
	CHECK(only_violation(FN(abi_test_pop_extra), "rsp"), "trampoline did not see rsp move");
	CHECK(only_violation(FN(abi_test_reset_mxcsr), "mxcsr"),
	      "trampoline did not see MXCSR reset to its default");
	CHECK(only_violation(FN(abi_test_reset_fcw), "x87 control word"),
	      "trampoline did not see the x87 control word reset (fninit)");

	/* Exception flags are caller-saved: not a violation. */
	memset(&r, 0, sizeof(r));
	abi_check_fill(&r, random64, true);
	r.mxcsr_in &= ~0x3fu;
	abi_check_call(&r, FN(abi_test_mxcsr_flags), 0, 0, 0, 0, 0, 0);
	CHECK(r.mxcsr_out == (r.mxcsr_in | 0x20) && abi_check_violations(&r, v, ABI_MAX_VIOLATIONS) == 0,
	      "MXCSR exception flags set by a callee flagged (in %04x, out %04x)", r.mxcsr_in,
	      r.mxcsr_out);

	/* Every argument register reaches the callee, the values are away
	 * from the defaults, and the caller's MXCSR and control word are back
	 * afterwards. */
	__asm__ volatile("stmxcsr %0\n\tfnstcw %1" : "=m"(mxcsr), "=m"(fcw));
	for (int i = 0; i < 100; i++) {
		memset(&r, 0, sizeof(r));
		abi_check_fill(&r, random64, true);
		CHECK((r.mxcsr_in & ABI_MXCSR_CONTROL) != ABI_MXCSR_DEFAULT &&
			      r.fcw_in != ABI_FCW_DEFAULT,
		      "inputs at the defaults: mxcsr %04x, fcw %04x", r.mxcsr_in, r.fcw_in);
		CHECK(abi_check_call(&r, FN(abi_test_sum6), 1, 10, 100, 1000, 10000, 100000) ==
				      1 + 20 + 300 + 4000 + 50000 + 600000 &&
			      abi_check_violations(&r, v, ABI_MAX_VIOLATIONS) == 0,
		      "six arguments through the trampoline");
	}
	{
		uint32_t mxcsr_after;
		uint16_t fcw_after;

		__asm__ volatile("stmxcsr %0\n\tfnstcw %1" : "=m"(mxcsr_after), "=m"(fcw_after));
		CHECK(mxcsr_after == mxcsr && fcw_after == fcw,
		      "caller's MXCSR %04x / control word %04x not restored: %04x / %04x", mxcsr,
		      fcw, mxcsr_after, fcw_after);
	}
}

#else

int main(void)
{
	printf("abi_test: not x86-64 (or a MemorySanitizer build), nothing to check\n");
	return TEST_SUMMARY("abi_test");
}

#endif
