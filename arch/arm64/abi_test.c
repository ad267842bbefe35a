/* SPDX-License-Identifier: MIT */
/*
 * ABI check of every backend entry point on arm64 (AAPCS64), as
 * arch/x86_64/abi_test.c does on x86-64: each row of every backend table
 * whose CPU features this machine has is called through the abi-check.S
 * trampoline, across the length classes, with x19-x29 and d8-d15 (the low
 * halves of v8-v15) set to fresh random values. The test checks that those
 * registers and sp come back unchanged, and that the output equals a direct
 * call's (arch/abi_rows.h walks the tables). Built and run by ci/arm64.sh
 * under qemu-aarch64.
 */
#include <stdint.h>
#include <stdio.h>

#include "lib/common/test.h"

#ifdef __aarch64__

struct abi_check_regs {
	uint64_t in_x[11];  /* x19..x29 */
	uint64_t in_d[8];   /* d8..d15 */
	uint64_t out_x[11];
	uint64_t out_d[8];
	uint64_t sp_in, sp_out;
};

_Static_assert(sizeof(struct abi_check_regs) == 320, "abi-check.S offsets");

uint64_t abi_check_call(struct abi_check_regs *regs, const void *fn, uint64_t a0,
			uint64_t a1, uint64_t a2, uint64_t a3);

#include "arch/abi_rows.h"

static void fill(struct abi_check_regs *r)
{
	memset(r, 0, sizeof(*r));
	for (int i = 0; i < 11; i++)
		r->in_x[i] = random64() | 1;
	for (int i = 0; i < 8; i++)
		r->in_d[i] = random64() | 1;
}

/* fn(a0, a1, a2, a3) through the trampoline, then the checks. */
static void call_checked(const char *row, const char *entry, size_t len, const void *fn,
			 uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3)
{
	struct abi_check_regs r;

	fill(&r);
	abi_check_call(&r, fn, a0, a1, a2, a3);
	calls++;
	for (int i = 0; i < 11; i++)
		CHECK(r.out_x[i] == r.in_x[i], "%s %s len %zu: x%d was %016llx, came back %016llx",
		      row, entry, len, 19 + i, (unsigned long long)r.in_x[i],
		      (unsigned long long)r.out_x[i]);
	for (int i = 0; i < 8; i++)
		CHECK(r.out_d[i] == r.in_d[i], "%s %s len %zu: d%d was %016llx, came back %016llx",
		      row, entry, len, 8 + i, (unsigned long long)r.in_d[i],
		      (unsigned long long)r.out_d[i]);
	CHECK(r.sp_out == r.sp_in, "%s %s len %zu: sp moved by %lld", row, entry, len,
	      (long long)(r.sp_out - r.sp_in));
}

/* The trampoline itself must notice each kind of violation, and not flag
 * the high half of v8, which a callee may change. */
void abi_test_clobber_x19(void);
void abi_test_clobber_v8(void);
void abi_test_clobber_v8_high(void);
void abi_test_pop_extra(void);
__asm__(".text\n"
	".globl abi_test_clobber_x19, abi_test_clobber_v8, abi_test_clobber_v8_high\n"
	".globl abi_test_pop_extra\n"
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
	"	ret\n");

static void test_trampoline_sees_violations(void)
{
	struct abi_check_regs r;

	fill(&r);
	abi_check_call(&r, FN(abi_test_clobber_x19), 0, 0, 0, 0);
	CHECK(r.out_x[0] == 0 && r.out_x[1] == r.in_x[1] && r.out_d[0] == r.in_d[0],
	      "trampoline did not see x19 change (alone)");
	fill(&r);
	abi_check_call(&r, FN(abi_test_clobber_v8), 0, 0, 0, 0);
	CHECK(r.out_d[0] == 0 && r.out_d[1] == r.in_d[1] && r.out_x[0] == r.in_x[0],
	      "trampoline did not see v8 change (alone)");
	fill(&r);
	abi_check_call(&r, FN(abi_test_clobber_v8_high), 0, 0, 0, 0);
	CHECK(r.out_d[0] == r.in_d[0], "trampoline flagged v8's high half, which is not preserved");
	fill(&r);
	abi_check_call(&r, FN(abi_test_pop_extra), 0, 0, 0, 0);
	CHECK(r.sp_out == r.sp_in + 16, "trampoline did not see sp move (%lld)",
	      (long long)(r.sp_out - r.sp_in));
	fill(&r);
	CHECK(abi_check_call(&r, FN(random64), 0, 0, 0, 0) != 0 && r.sp_out == r.sp_in,
	      "a well-behaved C function through the trampoline");
}

#else

int main(void)
{
	printf("abi_test: not arm64, nothing to check\n");
	return TEST_SUMMARY("abi_test");
}

#endif
