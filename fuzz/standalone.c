/* SPDX-License-Identifier: MIT */
/*
 * A plain main() for any fuzz target, no fuzzing engine needed: runs every
 * file given and every file under the folders given (recursively), and/or
 * N seeded pseudo-random inputs; --list prints the backends and oracles the
 * target compares. Used for reproduction, regression tests and platforms
 * without an engine (arm64 under qemu-user). A mismatch aborts in the
 * target; otherwise it prints one summary line and exits 0.
 *
 *   <target>_standalone [--list] [--stats] [--random N] [--seed S] [PATH...]
 *
 * Exit status: 0 all inputs ran clean, 2 usage error or unreadable path.
 */
/* 64-bit offsets on 32-bit targets too: under qemu-user on a 64-bit host,
 * the 32-bit readdir() fails with EOVERFLOW on the host file system's
 * 64-bit directory offsets (armhf read no corpus file at all). */
#define _FILE_OFFSET_BITS 64
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz/report.h"

enum { INPUT_CAP = 1 << 20, MAX_RANDOM_LEN = 9000 };

static uint8_t buf[INPUT_CAP];
static unsigned long ran;

static void fail(const char *path, const char *why)
{
	fprintf(stderr, "%s: cannot read %s: %s\n", fuzz_target_name, path, why);
	exit(2);
}

static void run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f)
		fail(path, strerror(errno));
	n = fread(buf, 1, sizeof(buf), f);
	if (ferror(f))
		fail(path, strerror(errno));
	fclose(f);
	LLVMFuzzerTestOneInput(buf, n);
	ran++;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void run_path(const char *path);

static void run_dir(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;

	if (!d)
		fail(path, strerror(errno));
	errno = 0;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			names = realloc(names, cap * sizeof(*names));
			if (!names)
				fail(path, "out of memory");
		}
		names[n] = malloc(strlen(path) + strlen(e->d_name) + 2);
		if (!names[n])
			fail(path, "out of memory");
		sprintf(names[n++], "%s/%s", path, e->d_name);
		errno = 0;
	}
	if (errno)
		fail(path, strerror(errno));
	closedir(d);
	/* Sorted, so that a run is reproducible. */
	if (n)
		qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n; i++) {
		run_path(names[i]);
		free(names[i]);
	}
	free(names);
}

static void run_path(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		fail(path, strerror(errno));
	if (S_ISDIR(st.st_mode))
		run_dir(path);
	else if (S_ISREG(st.st_mode))
		run_file(path);
	else
		fail(path, "not a regular file or folder");
}

/* splitmix64: a fixed, documented generator, so --seed S means the same
 * inputs on every platform. */
static uint64_t next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void run_random(unsigned long count, uint64_t seed)
{
	uint64_t s = seed;

	for (unsigned long i = 0; i < count; i++) {
		size_t len = (size_t)(next(&s) % (MAX_RANDOM_LEN + 1));

		for (size_t j = 0; j < len; j += 8) {
			uint64_t r = next(&s);

			memcpy(buf + j, &r, len - j < 8 ? len - j : 8);
		}
		LLVMFuzzerTestOneInput(buf, len);
		ran++;
	}
}

static void usage(void)
{
	fprintf(stderr,
		"usage: %s_standalone [--list] [--stats] [--random N] [--seed S] [PATH...]\n",
		fuzz_target_name);
	exit(2);
}

static unsigned long long number(const char *opt, const char *s)
{
	char *end;
	unsigned long long v;

	if (!s)
		usage();
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || !*s || *end) {
		fprintf(stderr, "%s: %s wants a number, not '%s'\n", fuzz_target_name, opt, s);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	unsigned long long random = 0, seed = 1;
	bool list = false, stats = false;
	int i, npaths = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--list"))
			list = true;
		else if (!strcmp(argv[i], "--stats"))
			stats = true;
		else if (!strcmp(argv[i], "--random"))
			random = number("--random", argv[++i]);
		else if (!strcmp(argv[i], "--seed"))
			seed = number("--seed", argv[++i]);
		else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			usage();
		else if (!strcmp(argv[i], "--"))
			break;
		else if (argv[i][0] == '-' && argv[i][1])
			usage();
		else
			npaths++;
	}
	if (list) {
		fuzz_list(stdout);
		if (!npaths && !random)
			return 0;
	}
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--random") || !strcmp(argv[i], "--seed")) {
			i++;
			continue;
		}
		if (!strcmp(argv[i], "--")) {
			for (i++; i < argc; i++)
				run_path(argv[i]);
			break;
		}
		if (argv[i][0] != '-' || !argv[i][1])
			run_path(argv[i]);
	}
	run_random((unsigned long)random, seed);
	printf("%s: ran %lu inputs, 0 mismatches; ", fuzz_target_name, ran);
	fuzz_print_stats(stdout, false);
	printf("\n");
	if (stats) {
		fuzz_print_stats(stdout, true);
		fuzz_dispatch(stdout);
	}
	return 0;
}
