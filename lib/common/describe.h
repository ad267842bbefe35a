/* SPDX-License-Identifier: MIT */
/*
 * Primitive descriptions (ZINC_TESTING builds): each primitive says once,
 * in lib/<primitive>/entries.c, what its operations take and give back and
 * how to run each on one of its rows and through its public functions. A
 * harness that runs every operation of every primitive (ci/ct/ct.c, the
 * thread test) walks zinc_primitives[] (lib/start/primitives.c) and knows
 * no primitive by name; a new primitive is one description, named by its
 * header's <PRIMITIVE>_DESCRIPTIONS, and its folder in sources.bzl's LIB_SRCS
 * (lib/start/primitives.h, written from it, lists the primitives; docs/DESIGN.md
 * section 5, "Descriptions").
 *
 * An operation is a function of its inputs: the bytes it writes to out
 * are everything a harness compares (a row against the generic row, row
 * 0; a thread against main). Where an operation has more than one call
 * (streaming, in place, encrypt then decrypt) its description runs them
 * all and writes every result, one after the other, so a harness compares
 * them all without knowing what they are.
 *
 * Nothing here is in the library users link (//:direct_calls_test).
 */
#ifndef ZINC_COMMON_DESCRIBE_H
#define ZINC_COMMON_DESCRIBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The inputs an operation takes, as bits of zinc_op.inputs and .secret. */
enum zinc_input {
	ZINC_KEY = 1 << 0,
	ZINC_NONCE = 1 << 1,
	ZINC_AD = 1 << 2,
	ZINC_MSG = 1 << 3,
};

/* One run's inputs; what the operation does not take is ignored. */
struct zinc_args {
	const uint8_t *key;
	size_t key_len;		/* op->key_min to op->key_max */
	const uint8_t *nonce;	/* op->nonce_len bytes */
	const uint8_t *ad;
	size_t ad_len;
	const uint8_t *in;	/* op->in_len bytes when that is not 0 */
	size_t len;
	size_t split;		/* where a streamed message is cut (at most len) */
	size_t out_len;		/* the output asked for (op->out_min to op->out_max) */
};

/* The room out must have for a run on a len-byte message. */
#define ZINC_OP_OUT(len) (3 * (size_t)(len) + 256)

/* What run_row and run_public return for a run they did not make. */
#define ZINC_OP_NONE SIZE_MAX

struct zinc_op {
	const char *name;	/* as reports print it: "chacha20", "x25519_base" */
	unsigned inputs;	/* the zinc_input bits it reads */
	unsigned secret;	/* those of them that are secret */
	size_t key_min, key_max;
	size_t nonce_len;
	size_t in_len;		/* the message's fixed length, 0: any up to max_len */
	size_t max_len;
	size_t out_min, out_max; /* the output lengths it can be asked for, 0: none */
	/* Where a caller cuts a streamed message so that its second call
	 * goes on with the stream: at a multiple of split_unit bytes
	 * (ChaCha20's block), 0: anywhere. Any split is run the same on
	 * every row; this is for harnesses that want a caller's cuts. */
	size_t split_unit;
	/* Runs it on row r of the primitive, into out; returns the bytes
	 * written, ZINC_OP_NONE when row r has no such operation. NULL: the
	 * operation has only a public function. */
	size_t (*run_row)(size_t r, const struct zinc_args *a, uint8_t *out);
	/* Runs it through the public functions (calls of them: public_calls);
	 * NULL: none. Its bytes are those run_row writes on the row the
	 * public functions pick. */
	size_t (*run_public)(const struct zinc_args *a, uint8_t *out);
	unsigned public_calls;
	const char *public_names; /* the public functions it calls */
};

/* A row as harnesses name and gate it. */
struct zinc_row {
	char name[96];
	uint32_t features;	/* ZINC_CPU_* bits it needs, all of them */
	bool long_paths;	/* the primitive's long_lens reach paths of it */
};

/* *row for a row of one table (a primitive's impls): its name and the
 * features it needs, no long paths. */
static inline void zinc_row_named(struct zinc_row *row, const char *name, uint32_t features)
{
	*row = (struct zinc_row){ .features = features };
	snprintf(row->name, sizeof(row->name), "%s", name);
}

struct zinc_primitive {
	const char *name;
	size_t nrows;
	/* Row r (below nrows); row 0 is the generic C, the reference. */
	void (*row)(size_t r, struct zinc_row *row);
	const struct zinc_op *ops;
	size_t nops;
	/* Message lengths that reach paths of the rows marked long_paths (and
	 * of the public functions) that the harnesses' own length classes do
	 * not (a kernel's first step), or NULL. */
	const size_t *long_lens;
	size_t nlong_lens;
};

/* Every primitive, in the order reports list them (lib/start/primitives.c). */
extern const struct zinc_primitive *const zinc_primitives[];
extern const size_t zinc_nprimitives;

#endif
