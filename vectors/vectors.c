/* SPDX-License-Identifier: MIT */
/*
 * Reader for the vector files: a line is blank, a "# comment", or
 * "Name = value"; a record is a run of Name lines, and the comment line just
 * above it names its source. Anything else stops the program with file:line.
 */
#include "vectors/vectors.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

static void die_at(const char *path, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4), noreturn));

static void die_at(const char *path, unsigned line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%u: ", path, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

void vec_die(const struct vec_record *rec, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%u: ", rec->path, rec->line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

void *vec_alloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		perror("malloc");
		exit(2);
	}
	return p;
}

void *vec_dup(const void *src, size_t n)
{
	return memcpy(vec_alloc(n), src, n);
}

static char *xstrdup(const char *s)
{
	return vec_dup(s, strlen(s) + 1);
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static void decode_hex(struct vec_field *f, const char *path)
{
	size_t n = strlen(f->text);

	if (n % 2)
		die_at(path, f->line, "%s: odd number of hex digits (%zu)", f->name, n);
	f->len = n / 2;
	f->data = vec_alloc(f->len);
	for (size_t i = 0; i < f->len; i++) {
		int hi = hexval(f->text[2 * i]), lo = hexval(f->text[2 * i + 1]);

		if (hi < 0 || lo < 0)
			die_at(path, f->line, "%s: not a hex digit at column %zu", f->name,
			       2 * i + (hi < 0 ? 0 : 1) + 1);
		f->data[i] = (uint8_t)(hi << 4 | lo);
	}
}

static void decode_int(struct vec_field *f, const char *path)
{
	const char *p = f->text;
	uint64_t v = 0;

	if (!*p)
		die_at(path, f->line, "%s: empty integer", f->name);
	for (; *p; p++) {
		if (*p < '0' || *p > '9')
			die_at(path, f->line, "%s: not a decimal integer: \"%s\"", f->name,
			       f->text);
		if (v > (UINT64_MAX - 9) / 10)
			die_at(path, f->line, "%s: integer too large", f->name);
		v = v * 10 + (uint64_t)(*p - '0');
	}
	f->len = sizeof(v);
	f->data = vec_alloc(sizeof(v));
	memcpy(f->data, &v, sizeof(v));
}

static bool listed(const char *const *names, const char *name)
{
	for (; names && *names; names++)
		if (!strcmp(*names, name))
			return true;
	return false;
}

static char *trim(char *s)
{
	char *end = s + strlen(s);

	while (*s == ' ' || *s == '\t')
		s++;
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r' ||
			   end[-1] == '\n'))
		end--;
	*end = 0;
	return s;
}

/* Adds one "Name = value" line to rec. */
static void add_field(struct vec_record *rec, char *line, unsigned lineno,
		      const char *const *hex_fields, const char *const *int_fields)
{
	char *eq = strchr(line, '=');
	struct vec_field *f;
	char *name, *value;

	if (!eq)
		die_at(rec->path, lineno, "expected \"Name = value\", a comment or a blank line");
	*eq = 0;
	name = trim(line);
	value = trim(eq + 1);
	if (!*name)
		die_at(rec->path, lineno, "missing field name before '='");
	for (unsigned i = 0; i < rec->nfields; i++)
		if (!strcmp(rec->fields[i].name, name))
			die_at(rec->path, lineno, "field %s given twice in one record", name);
	if (rec->nfields == VEC_MAX_FIELDS)
		die_at(rec->path, lineno, "more than %d fields in one record", VEC_MAX_FIELDS);
	f = &rec->fields[rec->nfields++];
	f->name = xstrdup(name);
	f->text = xstrdup(value);
	f->line = lineno;
	if (listed(hex_fields, name))
		decode_hex(f, rec->path);
	else if (listed(int_fields, name))
		decode_int(f, rec->path);
	else
		die_at(rec->path, lineno, "unknown field \"%s\" in this file", name);
}

void vec_load(struct vec_set *set, const char *dir, const char *name,
	      const char *const *hex_fields, const char *const *int_fields)
{
	size_t cap = 16, linecap = 0;
	char *line = NULL, *comment = NULL;
	struct vec_record *rec = NULL;
	unsigned lineno = 0;
	ssize_t got;
	FILE *f;

	set->path = vec_alloc(strlen(dir) + strlen(name) + 2);
	sprintf(set->path, "%s/%s", dir, name);
	set->recs = vec_alloc(cap * sizeof(*set->recs));
	set->n = 0;
	f = fopen(set->path, "r");
	if (!f) {
		fprintf(stderr, "%s: %s (the vector directory is argv[1])\n", set->path,
			strerror(errno));
		exit(2);
	}
	while ((got = getline(&line, &linecap, f)) != -1) {
		char *s;

		lineno++;
		if (strlen(line) != (size_t)got)
			die_at(set->path, lineno, "NUL byte in line");
		s = trim(line);
		if (!*s) {
			rec = NULL;
			free(comment);
			comment = NULL;
		} else if (*s == '#') {
			if (rec)
				die_at(set->path, lineno, "comment inside a record");
			s = trim(s + 1);
			free(comment);
			comment = xstrdup(s);
		} else {
			if (!rec) {
				if (!comment || !*comment)
					die_at(set->path, lineno,
					       "record without a \"# <source>\" line above it");
				if (set->n == cap) {
					cap *= 2;
					set->recs = realloc(set->recs, cap * sizeof(*set->recs));
					if (!set->recs) {
						perror("realloc");
						exit(2);
					}
				}
				rec = &set->recs[set->n++];
				memset(rec, 0, sizeof(*rec));
				rec->path = set->path;
				rec->line = lineno;
				rec->source = comment;
				comment = NULL;
			}
			add_field(rec, s, lineno, hex_fields, int_fields);
		}
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: read error: %s\n", set->path, strerror(errno));
		exit(2);
	}
	fclose(f);
	free(line);
	free(comment);
	if (!set->n)
		die_at(set->path, lineno, "no records");
}

void vec_free(struct vec_set *set)
{
	for (size_t i = 0; i < set->n; i++) {
		struct vec_record *rec = &set->recs[i];

		for (unsigned j = 0; j < rec->nfields; j++) {
			free(rec->fields[j].name);
			free(rec->fields[j].text);
			free(rec->fields[j].data);
		}
		free(rec->source);
	}
	free(set->recs);
	free(set->path);
	memset(set, 0, sizeof(*set));
}

const struct vec_field *vec_find(const struct vec_record *rec, const char *name)
{
	for (unsigned i = 0; i < rec->nfields; i++)
		if (!strcmp(rec->fields[i].name, name))
			return &rec->fields[i];
	return NULL;
}

const uint8_t *vec_hex(const struct vec_record *rec, const char *name, size_t want_len,
		       size_t *len)
{
	const struct vec_field *f = vec_find(rec, name);

	if (!f)
		vec_die(rec, "record has no %s", name);
	if (want_len != VEC_ANY && f->len != want_len)
		die_at(rec->path, f->line, "%s is %zu bytes, want %zu", name, f->len, want_len);
	if (len)
		*len = f->len;
	return f->data;
}

uint64_t vec_int(const struct vec_record *rec, const char *name)
{
	const struct vec_field *f = vec_find(rec, name);
	uint64_t v;

	if (!f)
		vec_die(rec, "record has no %s", name);
	memcpy(&v, f->data, sizeof(v));
	return v;
}
