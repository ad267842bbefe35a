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

/* The trampoline itself must notice each kind of violation, alone
 * (arch/abi_rows.h runs them). */
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

static const struct abi_test_fn abi_test_calls[] = {
	{ "rbx zeroed", FN(abi_test_clobber_rbx), "rbx" },
	{ "direction flag set", FN(abi_test_set_df), "direction flag" },
	{ "rsp 8 bytes too high", FN(abi_test_pop_extra), "rsp" },
	{ "MXCSR reset to its default", FN(abi_test_reset_mxcsr), "mxcsr" },
	{ "x87 control word reset (fninit)", FN(abi_test_reset_fcw), "x87 control word" },
	{ 0 },
};

static const struct abi_self_test abi_self_test = {
	.calls = abi_test_calls,
	.fp = "mxcsr",
	.fp_flags_fn = FN(abi_test_mxcsr_flags),
	.fp_flags = 0x20,
	.sum6 = { FN(abi_test_sum6) },
};

#else

int main(void)
{
	printf("abi_test: not x86-64 (or a MemorySanitizer build), nothing to check\n");
	return TEST_SUMMARY("abi_test");
}

#endif
