/* SPDX-License-Identifier: MIT */
/*
 * The benchmark's shared types. A primitive is a list of cases (one per
 * backend row, the dispatched public function, and each oracle library);
 * every case runs one whole operation on the shared buffers, and the harness
 * (bench.c) times all cases of a primitive interleaved, size by size.
 */
#ifndef ZINC_BENCH_H
#define ZINC_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { BENCH_MAX_SIZES = 16, BENCH_MAX_CASES = 32 };

enum bench_kind { KIND_BACKEND, KIND_PUBLIC, KIND_ORACLE };

struct bench_case {
	char name[64];
	enum bench_kind kind;
	/* One operation of len bytes: reads bench_in, writes bench_out. */
	void (*run)(const struct bench_case *c, size_t len);
	const void *row;        /* backend row or oracle state */
	uint32_t index;         /* Poly1305 row for the AEAD pairs */
	/* The two sides of "sg / flat": the sg function and the flat one on
	 * the same bytes in place (the table prints their ratio). */
	enum { SG_NONE, SG_FLAT, SG_SG } sg;
	/* Results, one per size. */
	double median[BENCH_MAX_SIZES];
	double spread[BENCH_MAX_SIZES];  /* IQR as a percent of the median */
	unsigned runs[BENCH_MAX_SIZES];
	bool mismatch[BENCH_MAX_SIZES];  /* output differed from the public function's */
};

struct bench_primitive {
	const char *name;
	const char *title;
	bool per_op;            /* cycles per operation, one column */
	/* Bytes of output to compare with the public function for len. */
	size_t (*out_len)(size_t len);
	/* Appends the cases; returns their number. */
	unsigned (*add_cases)(struct bench_case *cases);
	/* Filled by the harness. */
	struct bench_case cases[BENCH_MAX_CASES];
	unsigned ncases;
	bool measured;
	char skipped[512];      /* backend rows this CPU cannot run */
};

extern struct bench_primitive bench_primitives[];
extern const unsigned bench_nprimitives;

/* Shared, 64-byte-aligned buffers: inputs and outputs are separate. */
extern uint8_t *bench_in, *bench_out;
extern uint8_t bench_key[32], bench_nonce[24], bench_point[32];

/* bench_in's first len bytes sealed with bench_key and bench_nonce, empty
 * AD (ciphertext then tag), for the decrypt cases: made again when the
 * length, bench_in[0] or bench_nonce[0] (what the cross-check changes)
 * changed since the last call. */
const uint8_t *bench_sealed(size_t len);

/* Sets up keys, oracles; false with a message on stderr when one fails. */
bool bench_cases_init(size_t max_len);
/* Appends "name (needs feat), " to p->skipped. */
void bench_note_skipped(struct bench_primitive *p, const char *name, uint32_t features);

/*
 * Oracles kept in files of their own (registered in cases.c like the
 * others): nettle's headers define a struct poly1305_ctx and
 * POLY1305_BLOCK_SIZE of their own, so they cannot share a file with zinc's.
 * Each does the whole operation on bench_in/bench_out, as in cases.c.
 */
bool libgcrypt_init(void);        /* bench/libgcrypt.c; false with a message */
const char *libgcrypt_version(void);
void chacha20_gcrypt(const struct bench_case *c, size_t len);
void poly1305_gcrypt(const struct bench_case *c, size_t len);
void aead_gcrypt(const struct bench_case *c, size_t len);
void open_gcrypt(const struct bench_case *c, size_t len);
void blake2s_gcrypt(const struct bench_case *c, size_t len);
void x25519_gcrypt(const struct bench_case *c, size_t len);
void x25519_base_gcrypt(const struct bench_case *c, size_t len);
const char *libnettle_version(void); /* bench/nettle.c */
void chacha20_nettle(const struct bench_case *c, size_t len);
void poly1305_nettle(const struct bench_case *c, size_t len);
void aead_nettle(const struct bench_case *c, size_t len);
void open_nettle(const struct bench_case *c, size_t len);
void x25519_nettle(const struct bench_case *c, size_t len);
void x25519_base_nettle(const struct bench_case *c, size_t len);

const char *bench_kind_name(enum bench_kind kind);
/* One line naming the oracle libraries and their versions. */
void bench_describe_libraries(FILE *f);

/* bench/tune.c: the "public / fastest row" line of p's table (returns how
 * many of its ncols lengths it flagged), and the --tune report over every
 * measured primitive. */
unsigned bench_print_dispatch_check(const struct bench_primitive *p, unsigned ncols, int namew,
				    int width);
void bench_print_tune(const size_t *sizes, unsigned nsizes);
/* The SVG chart: one panel per measured primitive. */
bool bench_write_svg(const char *path, const size_t *sizes, unsigned nsizes,
		     const char *unit);

#endif
