/* SPDX-License-Identifier: MIT */
/*
 * The fuzz builds' checked entry points (arch/abi_check.c), as the fuzz
 * targets meet them: entry points labelled ZINC_ENTRY
 * (abi_checked_test.S), called directly, between zinc_abi_new_input
 * calls as the harness makes them.
 *
 *   - A callee-saved register clobbered is reported on every call.
 *   - MXCSR or the x87 control word changed away from the caller's value is
 *     reported on every call.
 *   - MXCSR or the control word reset to its default is reported on the
 *     entry point's first call in each input (the one that gets values away
 *     from the defaults), and not on its later calls in that input: they
 *     keep the caller's values, which are the defaults.
 *   - A clean entry point is never reported, and returns its argument.
 *
 * The report (zinc_abi_violation) is this file's: it records what and
 * jumps back. The jump skips the check's unwinding of its nesting depth,
 * one level per report; the depth allows 16 and this file makes 9.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arch/abi_check.h"
#include "lib/common/test.h"

#if defined(__x86_64__) && defined(ZINC_ABI_CHECKED)

#include "arch/x86_64/abi_check.h"

uint64_t abi_checked_clean(uint64_t a);
void abi_checked_clobber_rbx(void);
void abi_checked_reset_mxcsr(void);
void abi_checked_fninit(void);
void abi_checked_flip_round(void);

static jmp_buf back;
static char reported[160];
static int nreports;

void zinc_abi_violation(const char *row, const char *entry, const char *what,
			const char *detail)
{
	snprintf(reported, sizeof(reported), "%s: %s", row, what);
	nreports++;
	longjmp(back, 1);
}

/* What calling fn reported ("" if nothing); MXCSR and the control word
 * are put back to the defaults afterwards (a report leaves the callee's). */
static const char *call(void (*fn)(void))
{
	static const uint32_t mxcsr = ABI_MXCSR_DEFAULT;
	static const uint16_t fcw = ABI_FCW_DEFAULT;

	reported[0] = 0;
	if (!setjmp(back))
		fn();
	__asm__ volatile("ldmxcsr %0\n\tfldcw %1" : : "m"(mxcsr), "m"(fcw));
	return reported;
}

static int names(const char *got, const char *what)
{
	return strstr(got, "abi_checked_test: ") == got && strstr(got, what) != NULL;
}

int main(void)
{
	const char *got;

	zinc_abi_new_input();
	for (int i = 0; i < 3; i++) {
		got = call(abi_checked_clobber_rbx);
		CHECK(names(got, "rbx not preserved by abi_checked_clobber_rbx"),
		      "call %d of an input: rbx clobbered, reported \"%s\"", i + 1, got);
	}

	zinc_abi_new_input();
	for (int i = 0; i < 2; i++) {
		got = call(abi_checked_flip_round);
		CHECK(names(got, "mxcsr not preserved"),
		      "call %d of an input: MXCSR rounding mode changed, reported \"%s\"", i + 1, got);
	}

	for (int input = 0; input < 2; input++) {
		zinc_abi_new_input();
		got = call(abi_checked_reset_mxcsr);
		CHECK(names(got, "mxcsr not preserved by abi_checked_reset_mxcsr"),
		      "input %d, first call: MXCSR reset to its default, reported \"%s\"", input, got);
		got = call(abi_checked_reset_mxcsr);
		CHECK(!*got, "input %d, second call: caller's MXCSR is the default, reported \"%s\"",
		      input, got);
		got = call(abi_checked_fninit);
		CHECK(names(got, "x87 control word not preserved by abi_checked_fninit"),
		      "input %d, first call: fninit, reported \"%s\"", input, got);
		got = call(abi_checked_fninit);
		CHECK(!*got, "input %d, second call: caller's control word is the default, "
		      "reported \"%s\"", input, got);
	}
	CHECK(nreports == 9, "%d reports, want 9", nreports);

	zinc_abi_new_input();
	for (uint64_t i = 0; i < 100; i++)
		CHECK(abi_checked_clean(i) == i && nreports == 9,
		      "clean entry point: returned or reported wrongly on call %d", (int)i);
	return TEST_SUMMARY("abi_checked_test");
}

#else

int main(void)
{
	printf("abi_checked_test: not run: no x86-64 assembly or no ABI check in this build\n");
	return TEST_SUMMARY("abi_checked_test");
}

#endif
