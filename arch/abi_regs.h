/* SPDX-License-Identifier: MIT */
/*
 * What the ABI check does with an architecture's register block, the same
 * on every architecture: arch/<dir>/abi_check.h defines struct
 * abi_check_regs, its table abi_check_saved[] (struct abi_saved,
 * arch/abi_check.h) and abi_get_fp (the caller's control register), then
 * includes this header, which defines from them
 *
 *   abi_check_fill(r, next, fresh_fp)
 *	Fresh inputs from next(): random odd values for every ABI_RANDOM
 *	register (never zero, which a clobbering "mov reg, 0" could leave),
 *	and the floating-point control registers as abi_check_fill_fp
 *	chooses: when fresh_fp, away from their defaults, so that a backend
 *	which resets them is seen; otherwise the caller's values (any change
 *	the callee makes is still seen).
 *   abi_check_fill_fp(r, next, fresh_fp)
 *	For an architecture with one control register (the table's one ABI_FP
 *	line): the caller's value, from abi_get_fp(); when fresh_fp, a
 *	rounding mode other than the default instead (1, 2 or 3 in the field
 *	rm), with the caller's bits keep and the rest clear. Trap enables
 *	among them stay clear, so no backend can trap; no backend does
 *	floating-point arithmetic, so the rounding mode cannot change its
 *	results. An architecture with more (x86-64) defines
 *	ABI_CHECK_OWN_FILL_FP and its own.
 *   abi_check_violations(r, v, max)
 *	Writes up to max violations into v, in the table's order, and returns
 *	how many there are.
 *   abi_check_call(r, fn, a0, ..., a5)
 *	Where the architecture defines ABI_CHECK_ARGS_IN_BLOCK (its
 *	trampoline, abi_check_trampoline, takes the arguments from the
 *	block's arg[6] and leaves the result in ret, 8 bytes: one 64-bit
 *	register, or the two 32-bit registers of a 64-bit result in memory
 *	order): calls fn(a0, ..., a5) through it. 32-bit ABIs pass the low
 *	word of each. The others' trampolines are abi_check_call itself.
 *
 * All are inlined: arch/abi_check.c calls them on every checked call, in a
 * function libFuzzer does not trace; the table is constant, so what
 * remains is the loads, compares and stores of the registers.
 */
#ifndef ZINC_ARCH_ABI_REGS_H
#define ZINC_ARCH_ABI_REGS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "arch/abi_check.h"

#define ABI_NSAVED (sizeof(abi_check_saved) / sizeof(abi_check_saved[0]))

/* The register of size bytes at offset off of r. */
static inline __attribute__((always_inline)) uint64_t abi_reg(const struct abi_check_regs *r,
							       unsigned off, unsigned size)
{
	const char *p = (const char *)r + off;

	switch (size) {
	case 2:
		return *(const uint16_t *)p;
	case 4:
		return *(const uint32_t *)p;
	default:
		return *(const uint64_t *)p;
	}
}

static inline __attribute__((always_inline)) void abi_set_reg(struct abi_check_regs *r,
							      unsigned off, unsigned size,
							      uint64_t x)
{
	char *p = (char *)r + off;

	switch (size) {
	case 2:
		*(uint16_t *)p = (uint16_t)x;
		break;
	case 4:
		*(uint32_t *)p = (uint32_t)x;
		break;
	default:
		*(uint64_t *)p = x;
	}
}

#ifndef ABI_CHECK_OWN_FILL_FP
static inline __attribute__((always_inline)) void
abi_check_fill_fp(struct abi_check_regs *r, uint64_t (*next)(void), bool fresh_fp)
{
	for (unsigned k = 0; k < ABI_NSAVED; k++) {
		const struct abi_saved *s = &abi_check_saved[k];
		uint64_t x;

		if (s->kind != ABI_FP)
			continue;
		x = abi_get_fp();
		if (fresh_fp) /* s->rm & -s->rm: the field's lowest bit */
			x = (x & s->keep) | (1 + next() % 3) * (s->rm & -s->rm);
		abi_set_reg(r, s->in, s->size, x);
	}
}
#endif

static inline __attribute__((always_inline)) void
abi_check_fill(struct abi_check_regs *r, uint64_t (*next)(void), bool fresh_fp)
{
	for (unsigned k = 0; k < ABI_NSAVED; k++) {
		const struct abi_saved *s = &abi_check_saved[k];

		for (unsigned i = 0; s->kind == ABI_RANDOM && i < s->n; i++)
			abi_set_reg(r, s->in + i * s->size, s->size, next() | 1);
	}
	abi_check_fill_fp(r, next, fresh_fp);
}

static inline __attribute__((always_inline)) int
abi_check_violations(const struct abi_check_regs *r, struct abi_violation *v, int max)
{
	int n = 0;

	for (unsigned k = 0; k < ABI_NSAVED; k++) {
		const struct abi_saved *s = &abi_check_saved[k];

		for (unsigned i = 0; i < s->n; i++) {
			uint64_t in = s->kind == ABI_CLEAR ? 0 : abi_reg(r, s->in + i * s->size, s->size);
			uint64_t out = abi_reg(r, s->out + i * s->size, s->size);

			if ((in ^ out) & s->mask)
				abi_violation_add(v, max, &n, s->names[i], in, out);
		}
	}
	return n;
}

#ifdef ABI_CHECK_ARGS_IN_BLOCK
/* arch/<dir>/abi-check.S: calls fn with the block's inputs, fills its outputs. */
void abi_check_trampoline(struct abi_check_regs *regs, const void *fn);

static inline __attribute__((always_inline)) uint64_t
abi_check_call(struct abi_check_regs *regs, const void *fn, uint64_t a0, uint64_t a1, uint64_t a2,
	       uint64_t a3, uint64_t a4, uint64_t a5)
{
	const uint64_t a[6] = { a0, a1, a2, a3, a4, a5 };
	uint64_t ret;

	_Static_assert(sizeof(regs->arg) / sizeof(regs->arg[0]) == 6 &&
			       sizeof(regs->ret) == sizeof(ret),
		       "six argument words, an 8-byte result");
	for (int i = 0; i < 6; i++)
		regs->arg[i] = (__typeof__(regs->arg[0]))a[i];
	abi_check_trampoline(regs, fn);
	memcpy(&ret, &regs->ret, sizeof(ret));
	return ret;
}
#endif

#endif
