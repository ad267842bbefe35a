/* SPDX-License-Identifier: MIT */
/*
 * zinc_selftest() and ZINC_SELFTEST=1.
 *
 *   selftest_test                 the library as built must pass, and with
 *                                 ZINC_SELFTEST=1 a first call must go on;
 *                                 prints the time of each part
 *   selftest_test --planted NAME  the library was built with planted bug
 *                                 NAME (fuzz/planted/README.md): the
 *                                 self-test must fail and name a backend
 *                                 row, and ZINC_SELFTEST=1 must abort at
 *                                 the first call with one line naming it
 */
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zinc/chacha20.h>
#include <zinc/selftest.h>

#include "lib/common/cpu.h"
#include "lib/common/describe.h"
#include "lib/common/test.h"
#include "lib/selftest/selftest.h"

/*
 * Forks a child that sets ZINC_SELFTEST=1 and makes its first zinc call
 * (the parent has made none, so the child's library starts uninitialised).
 * Returns the child's wait status and what it wrote to stderr.
 */
static int first_call_with_selftest(char *err, size_t size)
{
	int fds[2], status;
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	if (pipe(fds)) {
		perror("pipe");
		exit(2);
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(2);
	}
	if (!pid) {
		struct chacha20_ctx ctx;
		uint8_t key[32] = { 0 }, nonce[12] = { 0 }, buf[64] = { 0 };

		dup2(fds[1], 2);
		close(fds[0]);
		setenv("ZINC_SELFTEST", "1", 1);
		chacha20_init(&ctx, key, nonce, 0); /* no dispatch: not yet the first use */
		chacha20(&ctx, buf, buf, sizeof(buf));
		_exit(0);
	}
	close(fds[1]);
	while (got + 1 < size && (n = read(fds[0], err + got, size - 1 - got)) > 0)
		got += (size_t)n;
	err[got] = 0;
	close(fds[0]);
	if (waitpid(pid, &status, 0) != pid) {
		perror("waitpid");
		exit(2);
	}
	return status;
}

static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '-' || c == '_';
}

/* Whether text has name as a whole word ("chacha20-avx512" is not in
 * "chacha20-avx512vl"). */
static bool has_name(const char *text, const char *name)
{
	size_t n = strlen(name);

	for (const char *at = text; (at = strstr(at, name)); at++)
		if ((at == text || !name_char(at[-1])) && !name_char(at[n]))
			return true;
	return false;
}

/* The rows of any primitive's description (lib/start/primitives.c) that
 * the message names ("<row>: ...", a pair "<row> + <row>: ...", "public
 * functions (<row> + ...)" or "<row>, <row>: ..., outvoted by ..."),
 * "; "-separated, or NULL. */
static const char *named_row(const char *msg)
{
	static char names[512];
	size_t used = 0;

	names[0] = 0;
	for (size_t p = 0; p < zinc_nprimitives; p++)
		for (size_t r = 0; r < zinc_primitives[p]->nrows; r++) {
			struct zinc_row row;

			zinc_primitives[p]->row(r, &row);
			if (has_name(msg, row.name) && !has_name(names, row.name) && used < sizeof(names))
				used += (size_t)snprintf(names + used, sizeof(names) - used, "%s%s",
							 used ? "; " : "", row.name);
		}
	return used ? names : NULL;
}

static double now(void)
{
	struct timespec ts;

	/* CPU time of this thread: the work, not the waiting on a shared machine. */
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Median CPU time of each part over runs runs, in microseconds. */
static void time_parts(int runs)
{
	double t[101], total = 0;

	if (runs > 101)
		runs = 101;
	for (size_t p = 0; p < zinc_selftest_nparts; p++) {
		for (int r = 0; r < runs; r++) {
			double t0 = now();

			zinc_selftest_parts[p].run(NULL, 0);
			t[r] = now() - t0;
		}
		qsort(t, (size_t)runs, sizeof(t[0]), by_value);
		total += t[runs / 2];
		printf("selftest CPU time: %-18s %8.1f us (median of %d)\n", zinc_selftest_parts[p].name,
		       t[runs / 2] * 1e6, runs);
	}
	printf("selftest CPU time: %-18s %8.1f us\n", "all", total * 1e6);
}

int main(int argc, char **argv)
{
	const char *planted = NULL;
	char why[256], err[1024];
	int runs = 21, status;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--planted") && i + 1 < argc) {
			planted = argv[++i];
		} else if (!strcmp(argv[i], "--runs") && i + 1 < argc) {
			runs = atoi(argv[++i]);
		} else {
			fprintf(stderr, "usage: %s [--planted NAME] [--runs N]\n", argv[0]);
			return 2;
		}
	}

	/* First, before this process makes any zinc call. */
	status = first_call_with_selftest(err, sizeof(err));
	if (!planted) {
		CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0 && !err[0],
		      "ZINC_SELFTEST=1: the first call did not go on quietly (status %#x, "
		      "stderr \"%s\")", status, err);
	} else {
		const char *nl = strchr(err, '\n');

		CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
		      "ZINC_SELFTEST=1 with %s planted: the first call did not abort (status %#x)",
		      planted, status);
		CHECK(!strncmp(err, "zinc: self-test failed: ", 24) && nl && !nl[1],
		      "ZINC_SELFTEST=1: not one line \"zinc: self-test failed: ...\": \"%s\"", err);
		CHECK(named_row(err), "ZINC_SELFTEST=1: the line names no backend row: \"%s\"",
		      err);
		printf("selftest_test: %s planted, ZINC_SELFTEST=1 printed: %s", planted, err);
	}

	why[0] = 0;
	if (!planted) {
		CHECK(zinc_selftest(), "zinc_selftest() failed");
		for (size_t p = 0; p < zinc_selftest_nparts; p++)
			CHECK(zinc_selftest_parts[p].run(why, sizeof(why)), "%s: %s",
			      zinc_selftest_parts[p].name, why);
		/* Every subset of this CPU's features: each makes other rows usable. */
		for (uint32_t m = zinc_cpu_detected(), sub = m;; sub = (sub - 1) & m) {
			zinc_cpu_set_mask(sub);
			CHECK(zinc_selftest_explain(why, sizeof(why)), "features %#x: %s", sub, why);
			if (!sub)
				break;
		}
		zinc_cpu_set_mask(~0u);
		time_parts(runs);
	} else {
		CHECK(!zinc_selftest(), "zinc_selftest() passed with %s planted", planted);
		CHECK(!zinc_selftest_explain(why, sizeof(why)) && named_row(why),
		      "%s planted: the failure names no backend row: \"%s\"", planted, why);
		printf("selftest_test: %s planted, rows named: %s\n", planted,
		       named_row(why) ? named_row(why) : "none");
	}
	return TEST_SUMMARY("selftest_test");
}
