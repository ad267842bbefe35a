/* SPDX-License-Identifier: MIT */
#include "lib/common/util.h"

int crypto_memneq(const void *a, const void *b, size_t len)
{
	const volatile uint8_t *x = a, *y = b;
	uint8_t diff = 0;

	for (size_t i = 0; i < len; i++)
		diff |= x[i] ^ y[i];
	return diff;
}
