/* SPDX-License-Identifier: MIT */
/*
 * Reader for the known-answer vector files in vectors/ (format in
 * vectors/README.md): records of "Name = value" lines separated by blank
 * lines, each preceded by a "# <source>" comment. Malformed input is a bug in
 * the data, not a test result, so the reader prints "file:line: what" and
 * exits with status 2.
 */
#ifndef ZINC_VECTORS_H
#define ZINC_VECTORS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { VEC_MAX_FIELDS = 16 };

struct vec_field {
	char *name;
	char *text;     /* the value as written */
	uint8_t *data;  /* the value decoded from hex (never NULL) */
	size_t len;
	unsigned line;
};

struct vec_record {
	const char *path;
	unsigned line;  /* first line of the record */
	char *source;   /* the comment line just above it, without "# " */
	struct vec_field fields[VEC_MAX_FIELDS];
	unsigned nfields;
};

struct vec_set {
	char *path;
	struct vec_record *recs;
	size_t n;
};

/* Reads dir/name whole; exits on a missing file or malformed content.
 * hex_fields lists the fields whose values are hex (NULL-terminated); the
 * others are decimal integers. Any other field name is an error. */
void vec_load(struct vec_set *set, const char *dir, const char *name,
	      const char *const *hex_fields, const char *const *int_fields);
void vec_free(struct vec_set *set);

/* A required hex field; exits when it is missing or, if want_len is not
 * (size_t)-1, when its length differs. */
const uint8_t *vec_hex(const struct vec_record *rec, const char *name, size_t want_len,
		       size_t *len);
/* A required decimal field. */
uint64_t vec_int(const struct vec_record *rec, const char *name);
/* An optional field: NULL when absent. */
const struct vec_field *vec_find(const struct vec_record *rec, const char *name);

/* Prints "path:line: " and the message, then exits with status 2. */
void vec_die(const struct vec_record *rec, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));

/* malloc (of at least one byte) and malloc + memcpy; exit with status 2
 * when memory runs out. */
void *vec_alloc(size_t n);
void *vec_dup(const void *src, size_t n);

#define VEC_ANY ((size_t)-1)

#endif
