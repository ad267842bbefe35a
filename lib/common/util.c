/* SPDX-License-Identifier: MIT */
#include "lib/common/util.h"

void memzero_explicit(void *p, size_t len)
{
	memset(p, 0, len);
	/* The asm claims to read p, so the stores above cannot be dropped. */
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

int crypto_memneq(const void *a, const void *b, size_t len)
{
	const volatile uint8_t *x = a, *y = b;
	uint8_t diff = 0;

	for (size_t i = 0; i < len; i++)
		diff |= x[i] ^ y[i];
	return diff;
}
