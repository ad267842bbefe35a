/* SPDX-License-Identifier: MIT */
/* Guard-page buffers: page | data area | page, the outer pages PROT_NONE. */
#include "fuzz/guard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_ASAN 1
#endif
#endif
#if !defined(FUZZ_ASAN) && defined(__SANITIZE_ADDRESS__)
#define FUZZ_ASAN 1
#endif

#ifdef FUZZ_ASAN
void __asan_poison_memory_region(void const volatile *addr, size_t size);
void __asan_unpoison_memory_region(void const volatile *addr, size_t size);
#define POISON(p, n) __asan_poison_memory_region((p), (n))
#define UNPOISON(p, n) __asan_unpoison_memory_region((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

struct slot {
	uint8_t *map;   /* first guard page */
	uint8_t *area;  /* data area, cap bytes */
	size_t cap;
};

static struct slot slots[FUZZ_GUARD_SLOTS];
static size_t page;

static void grow(struct slot *s, size_t need)
{
	size_t cap = 4 * page;

	while (cap < need)
		cap *= 2;
	if (s->map) {
		UNPOISON(s->area, s->cap);
		munmap(s->map, s->cap + 2 * page);
	}
	s->map = mmap(NULL, cap + 2 * page, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (s->map == MAP_FAILED) {
		perror("fuzz_guard_buf: mmap");
		abort();
	}
	if (mprotect(s->map, page, PROT_NONE) ||
	    mprotect(s->map + page + cap, page, PROT_NONE)) {
		perror("fuzz_guard_buf: mprotect");
		abort();
	}
	s->area = s->map + page;
	s->cap = cap;
}

uint8_t *fuzz_guard_buf(unsigned slot, size_t n, const struct fuzz_layout *l)
{
	struct slot *s = &slots[slot % FUZZ_GUARD_SLOTS];
	uint8_t *p;

	if (!page)
		page = (size_t)sysconf(_SC_PAGESIZE);
	if (!s->map || s->cap < n + 64)
		grow(s, n + 64);
	p = l->guard_start ? s->area + l->misalign : s->area + s->cap - n;
	UNPOISON(s->area, s->cap);
	POISON(s->area, (size_t)(p - s->area));
	POISON(p + n, (size_t)(s->area + s->cap - (p + n)));
	return p;
}

uint8_t *fuzz_guard_copy(unsigned slot, const uint8_t *src, size_t n,
			 const struct fuzz_layout *l)
{
	uint8_t *p = fuzz_guard_buf(slot, n, l);

	if (n)
		memcpy(p, src, n);
	return p;
}
