/* SPDX-License-Identifier: MIT */
/*
 * The fuzz builds' checked entry points (arch/abi_check.c) as the fuzz
 * targets meet them, on the architectures whose arch/<dir>/arch.h names
 * ZINC_ARCH_ABI_CHECKED_TEST (armhf, MIPS o32, MIPS n64, s390x; x86-64 has
 * its own, arch/x86_64/abi_checked_test.c): entry points labelled
 * ZINC_ENTRY in arch/<dir>/abi_checked_test.S, called directly, so each
 * goes stub, zinc_abi_enter, zinc_abi_checked, trampoline, body.
 *
 *   - The first, fifth and sixth argument (on 32-bit ABIs words on the
 *     stack past the fourth) reach the body, and a 64-bit result comes
 *     back whole (two registers on 32-bit ABIs).
 *   - A callee-saved core register and a callee-saved floating-point
 *     register clobbered are reported on every call, naming the register
 *     (the .S file says which: abi_checked_gpr, abi_checked_fpr).
 *   - The FP control register reset to its default is reported on the
 *     entry point's first call in each input (the one that gets a rounding
 *     mode away from the default), and not on its second: that one keeps
 *     the caller's value, the default.
 *
 * The report (zinc_abi_violation) is this file's: it records what and
 * jumps back, skipping the check's unwinding of its nesting depth, one
 * level per report; the depth allows 16 and this file makes 8. Each kind's
 * first report is printed. Needs a build with the architecture's assembly
 * in (its ASM_DEFINES), as ZINC_ABI_CHECKED does.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arch/abi_check.h"
#include "lib/common/test.h"

#if defined(ZINC_ABI_CHECKED) && defined(ZINC_ARCH_ABI_CHECKED_TEST)

typedef uintptr_t word;

word abi_checked_ret_a0(word a0, word a1, word a2, word a3, word a4, word a5);
word abi_checked_ret_a4(word a0, word a1, word a2, word a3, word a4, word a5);
word abi_checked_ret_a5(word a0, word a1, word a2, word a3, word a4, word a5);
uint64_t abi_checked_ret64(void);
void abi_checked_clobber_gpr(void);
void abi_checked_clobber_fpr(void);
void abi_checked_reset_fpctl(void);
extern const char abi_checked_gpr[], abi_checked_fpr[], abi_checked_fpctl[];

static jmp_buf back;
static char reported[160], detail_seen[512];
static int nreports;

void zinc_abi_violation(const char *row, const char *entry, const char *what,
			const char *detail)
{
	snprintf(reported, sizeof(reported), "%s: %s", row, what);
	snprintf(detail_seen, sizeof(detail_seen), "%s", detail);
	nreports++;
	longjmp(back, 1);
}

/* What calling fn reported ("" if nothing). */
static const char *call(void (*fn)(void))
{
	reported[0] = 0;
	if (!setjmp(back))
		fn();
	return reported;
}

/* got is a report of the .S file's row naming reg and entry. */
static int names(const char *got, const char *reg, const char *entry)
{
	char want[128];

	snprintf(want, sizeof(want), "ABI: %s not preserved by %s", reg, entry);
	return strstr(got, "abi_checked_test: ") == got && strstr(got, want) != NULL;
}

static void expect(const char *kind, void (*fn)(void), const char *reg, const char *entry,
		   int first)
{
	const char *got = call(fn);

	CHECK(names(got, reg, entry), "%s: want %s reported, got \"%s\"", kind, reg, got);
	if (first)
		printf("abi_checked_test: %s reported: %s\n%s", kind, got, detail_seen);
}

int main(void)
{
	const char *got;

	zinc_abi_new_input();
	for (word i = 1; i <= 100; i++) {
		CHECK(abi_checked_ret_a0(i, 2 * i, 3 * i, 4 * i, 5 * i, 6 * i) == i &&
			      abi_checked_ret_a4(i, 2 * i, 3 * i, 4 * i, 5 * i, 6 * i) == 5 * i &&
			      abi_checked_ret_a5(i, 2 * i, 3 * i, 4 * i, 5 * i, 6 * i) == 6 * i,
		      "arguments through the checked entry points (call %u)", (unsigned)i);
		CHECK(abi_checked_ret64() == 0x1111222233334444ull, "64-bit result");
	}
	CHECK(nreports == 0, "clean entry points reported: %s", reported);

	for (int i = 0; i < 2; i++)
		expect("callee-saved register clobbered", abi_checked_clobber_gpr, abi_checked_gpr,
		       "abi_checked_clobber_gpr", i == 0);
	for (int i = 0; i < 2; i++)
		expect("callee-saved FP register clobbered", abi_checked_clobber_fpr,
		       abi_checked_fpr, "abi_checked_clobber_fpr", i == 0);
	for (int input = 0; input < 2; input++) {
		zinc_abi_new_input();
		expect("FP control register reset", abi_checked_reset_fpctl, abi_checked_fpctl,
		       "abi_checked_reset_fpctl", input == 0);
		got = call(abi_checked_reset_fpctl);
		CHECK(!*got, "input %d, second call: the caller's FP control is the default, "
		      "reported \"%s\"", input, got);
	}
	CHECK(nreports == 6, "%d reports, want 6", nreports);
	return TEST_SUMMARY("abi_checked_test");
}

#else

int main(void)
{
	printf("abi_checked_test: not run: no assembly of this architecture, or no ABI check, "
	       "in this build\n");
	return TEST_SUMMARY("abi_checked_test");
}

#endif
