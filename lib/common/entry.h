/* SPDX-License-Identifier: MIT */
/*
 * Entry descriptions (ZINC_TESTING builds): each primitive describes once,
 * in lib/<primitive>/entries.c, how each entry point of its rows is called
 * (docs/DESIGN.md section 5, "Entry descriptions"). The tables are made
 * from the primitive's rows.h, one element per row and entry kind, so a new
 * ROW line is described with no edit here or in any harness; a new kind of
 * entry is one struct zinc_entry_kind and one column of the X-macro.
 *
 * A harness calls an entry in three steps:
 *   kind->setup(entry, case, call)  lays out the state and inputs the entry
 *       takes in call (deterministically from case: two calls set up from
 *       the same case are the same call) and its arguments in call->arg;
 *   the entry itself, with call->arg: kind->call(entry->fn, call->arg)
 *       directly, or through anything else that passes six integer
 *       arguments (the ABI trampoline);
 *   kind->finish(call), when not NULL, gathers what it gave back.
 * What the entry gave back is call->part[0 .. nparts): two calls compare
 * equal when every part's bytes do. kind->want, when not NULL, computes the
 * same parts another way (another entry of the row, the message itself)
 * into a call of its own: what a direct call must give.
 *
 * Nothing here is in the library users link: the tables hold function
 * pointers, and the public functions never see them (//:direct_calls_test).
 */
#ifndef ZINC_COMMON_ENTRY_H
#define ZINC_COMMON_ENTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The longest message a case gives an entry (the ABI test's length
 * classes go to 4097 bytes). */
enum { ZINC_CASE_MAX_LEN = 4097 };

/* A call's inputs: a message of len bytes (random, at least len rounded up
 * to 64 readable), and a seed for everything else the kind makes up (keys,
 * states). */
struct zinc_case {
	const uint8_t *in;
	size_t len;
	uint64_t seed;
};

/* One thing a call gave back: n bytes at p, named for a diagnosis. */
struct zinc_part {
	const char *what;
	const void *p;
	size_t n;
};

/* The room one call needs: its state, output and other buffers (the
 * stitched kernels' scattered steps among them). */
enum { ZINC_CALL_STATE = 1024, ZINC_CALL_OUT = ZINC_CASE_MAX_LEN + 64, ZINC_CALL_AUX = 24576 };

struct zinc_call {
	uint64_t arg[6];
	struct zinc_part part[3];
	unsigned nparts;
	size_t len;  /* the length the entry was called with (for messages) */
	uint8_t state[ZINC_CALL_STATE] __attribute__((aligned(64)));
	uint8_t out[ZINC_CALL_OUT] __attribute__((aligned(64)));
	uint8_t aux[ZINC_CALL_AUX] __attribute__((aligned(64)));
};

struct zinc_entry;

struct zinc_entry_kind {
	const char *name;  /* "xor_stream", "blocks", "encrypt_steps", ... */
	/* The length the entry is called with for a length class, or
	 * SIZE_MAX when it takes no call at that class (a kernel that needs
	 * 512 bytes); NULL: the length class itself. */
	size_t (*fit)(size_t len);
	void (*setup)(const struct zinc_entry *e, const struct zinc_case *c, struct zinc_call *k);
	void (*call)(const void *fn, const uint64_t arg[6]);
	void (*finish)(struct zinc_call *k);
	void (*want)(const struct zinc_entry *e, const struct zinc_case *c, struct zinc_call *k);
};

struct zinc_entry {
	const char *row;     /* the row's name, "chacha20-avx2" */
	uint32_t row_id;     /* its index in the primitive's table */
	uint32_t features;   /* ZINC_CPU_* bits the row needs */
	const struct zinc_entry_kind *kind;
	const void *fn;      /* the entry point; NULL: the row has none of this kind */
};

/* One primitive's entries, row by row, in the order of its rows.h. */
struct zinc_entries {
	const char *primitive;
	const struct zinc_entry *entry;
	size_t n;
};

#define ZINC_ENTRY_FN(f) ((const void *)(uintptr_t)(f))
#define ZINC_ARG(x) ((uint64_t)(uintptr_t)(x))
#define ZINC_PTR(a) ((void *)(uintptr_t)(a))

/* The length the entry takes for length class len (SIZE_MAX: none). */
static inline size_t zinc_entry_len(const struct zinc_entry *e, size_t len)
{
	return e->kind->fit ? e->kind->fit(len) : len;
}

/* Reproducible bytes from a seed (xorshift64), for the kinds' setups. */
static inline void zinc_case_fill(void *p, size_t n, uint64_t *seed)
{
	uint8_t *b = p;

	for (size_t i = 0; i < n; i++) {
		*seed ^= *seed << 13;
		*seed ^= *seed >> 7;
		*seed ^= *seed << 17;
		b[i] = (uint8_t)*seed;
	}
}

static inline void zinc_call_part(struct zinc_call *k, const char *what, const void *p, size_t n)
{
	k->part[k->nparts++] = (struct zinc_part){ what, p, n };
}

/* The index of the first part in which a and b differ, or -1. */
static inline int zinc_call_differs(const struct zinc_call *a, const struct zinc_call *b)
{
	for (unsigned i = 0; i < a->nparts; i++)
		if (a->part[i].n != b->part[i].n ||
		    __builtin_memcmp(a->part[i].p, b->part[i].p, a->part[i].n))
			return (int)i;
	return -1;
}

#endif
