/* SPDX-License-Identifier: MIT */
/*
 * ABI check of every backend entry point (BoringSSL's CHECK_ABI idea): each
 * row of every backend table whose CPU features this machine has is called
 * through the abi-check.S trampoline, across the length classes, with rbx,
 * rbp and r12-r15 set to fresh random values. The test checks that those
 * registers and rsp come back unchanged and the direction flag clear, and
 * that the output equals a direct call's (arch/abi_rows.h walks the tables).
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

struct abi_check_regs {
	uint64_t in[6];  /* rbx, rbp, r12, r13, r14, r15 */
	uint64_t out[6];
	uint64_t rsp_in, rsp_out;
	uint64_t rflags;
};

uint64_t abi_check_call(struct abi_check_regs *regs, const void *fn, uint64_t a0,
			uint64_t a1, uint64_t a2, uint64_t a3);

static const char *const reg_names[6] = { "rbx", "rbp", "r12", "r13", "r14", "r15" };
#define RFLAGS_DF (1u << 10)

#include "arch/abi_rows.h"

/* fn(a0, a1, a2, a3) through the trampoline, then the checks. */
static void call_checked(const char *row, const char *entry, size_t len, const void *fn,
			 uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3)
{
	struct abi_check_regs r;

	memset(&r, 0, sizeof(r));
	for (int i = 0; i < 6; i++)
		r.in[i] = random64();
	abi_check_call(&r, fn, a0, a1, a2, a3);
	calls++;
	for (int i = 0; i < 6; i++)
		CHECK(r.out[i] == r.in[i], "%s %s len %zu: %s was %016llx, came back %016llx",
		      row, entry, len, reg_names[i], (unsigned long long)r.in[i],
		      (unsigned long long)r.out[i]);
	CHECK(r.rsp_out == r.rsp_in, "%s %s len %zu: rsp moved by %lld", row, entry, len,
	      (long long)(r.rsp_out - r.rsp_in));
	CHECK(!(r.rflags & RFLAGS_DF), "%s %s len %zu: direction flag set on return", row,
	      entry, len);
}

/* The trampoline itself must notice each kind of violation. */
void abi_test_clobber_rbx(void);
void abi_test_set_df(void);
void abi_test_pop_extra(void);
__asm__(".text\n"
	".globl abi_test_clobber_rbx, abi_test_set_df, abi_test_pop_extra\n"
	"abi_test_clobber_rbx:\n"
	"	xorl %ebx, %ebx\n"
	"	ret\n"
	"abi_test_set_df:\n"
	"	std\n"
	"	ret\n"
	"abi_test_pop_extra:\n" /* returns with rsp 8 bytes too high */
	"	popq %r11\n"
	"	addq $8, %rsp\n"
	"	jmp *%r11\n");

static void test_trampoline_sees_violations(void)
{
	struct abi_check_regs r;

	for (int i = 0; i < 6; i++)
		r.in[i] = random64() | 1;
	abi_check_call(&r, FN(abi_test_clobber_rbx), 0, 0, 0, 0);
	CHECK(r.out[0] == 0 && r.out[1] == r.in[1], "trampoline did not see rbx change");
	abi_check_call(&r, FN(abi_test_set_df), 0, 0, 0, 0);
	CHECK(r.rflags & RFLAGS_DF, "trampoline did not see the direction flag set");
	abi_check_call(&r, FN(abi_test_pop_extra), 0, 0, 0, 0);
	CHECK(r.rsp_out == r.rsp_in + 8, "trampoline did not see rsp move (%lld)",
	      (long long)(r.rsp_out - r.rsp_in));
}

#else

int main(void)
{
	printf("abi_test: not x86-64 (or a MemorySanitizer build), nothing to check\n");
	return TEST_SUMMARY("abi_test");
}

#endif
