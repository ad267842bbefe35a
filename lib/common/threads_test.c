/* SPDX-License-Identifier: MIT */
/*
 * Many threads making their first zinc calls at the same instant: 8 threads
 * wait on a barrier, then each runs its own list of jobs (every public
 * function at least once, the rest at random, random sizes), storing every
 * result. After they have joined, main computes every job again, alone,
 * and through the generic row, and compares. The jobs are the operations
 * of the primitives' descriptions (lib/common/describe.h) that have public
 * functions, and two of this test's own: curve25519_generate_secret and
 * zinc_selftest. The library is not called before the barrier opens, so the
 * threads race on CPU-feature detection (and the ZINC_CPU_DISABLE parse).
 * Built with --config=tsan, ThreadSanitizer reports any data race.
 *
 *   threads_test [--disable LIST] [--selftest] [--jobs N] [--seed S] [--rounds R]
 *
 * --selftest sets ZINC_SELFTEST=1 likewise: the first thread in runs the
 * self-test inside the library's start-up (lib/start/start.c) while the
 * others wait for it.
 * --planted NAME: the library was built with planted bug NAME of
 * SELFTEST_PLANTED_BUGS (fuzz/planted/README.md). With ZINC_SELFTEST=1 one
 * round, in a child process whose jobs live in memory shared with main:
 * the child must die of SIGABRT (the self-test's) with not one job of any
 * thread finished, as no public call may return before the self-test has
 * passed.
 * --rounds R runs the whole experiment R times, each in a fresh child
 * process (forked before any zinc call, so each starts undetected): one
 * round catches a race only when two threads' first calls overlap, which
 * on two cores happened in about one round in eight with the racy
 * detection this test was written against.
 * --disable sets ZINC_CPU_DISABLE before the threads start (in main, before
 * any zinc call), so the parse runs inside the race too.
 */
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zinc/curve25519.h>
#include <zinc/selftest.h>

#include "lib/common/describe.h"
#include "lib/common/test.h"

enum { NTHREADS = 8, SELFTEST_THREADS = 2, MAX_LEN = 4200, OUT_SIZE = ZINC_OP_OUT(MAX_LEN) };
#define NOT_RUN SIZE_MAX

/* --planted: every thread's jobs, mapped shared before the child forks. */
static struct job *shared_jobs;

/* One kind of job: an operation of a primitive's description run through
 * its public functions, or one of the two below. */
struct op {
	const struct zinc_primitive *p;	/* NULL: one of this test's own */
	const struct zinc_op *op;
	const char *name;
};
enum { MAX_OPS = 64 };
static struct op ops[MAX_OPS];
/* ops[0 .. nops): the operations, then generate_secret, then the self-test
 * (last, so rnd(nops - 1) draws any other). */
static size_t nops;

static void find_ops(void)
{
	for (size_t i = 0; i < zinc_nprimitives; i++)
		for (size_t j = 0; j < zinc_primitives[i]->nops; j++)
			if (zinc_primitives[i]->ops[j].run_public && nops < MAX_OPS - 2)
				ops[nops++] = (struct op){ zinc_primitives[i], &zinc_primitives[i]->ops[j],
							   zinc_primitives[i]->ops[j].name };
	ops[nops++] = (struct op){ NULL, NULL, "curve25519_generate_secret" };
	ops[nops++] = (struct op){ NULL, NULL, "zinc_selftest" };
}

static bool is_selftest(size_t op)
{
	return op == nops - 1;
}

static bool is_secret(size_t op)
{
	return op == nops - 2;
}

struct job {
	size_t op;	/* index in ops[] */
	size_t len, ad_len, split, keylen, outlen;
	uint32_t seed;
	uint8_t out[OUT_SIZE];  /* what the thread computed */
	size_t out_len;         /* NOT_RUN until the job has finished */
	unsigned calls;         /* public calls the job made */
};

struct thread {
	pthread_t id;
	struct job *jobs;
	size_t njobs;
};

static pthread_barrier_t start;

/* xorshift32 for the job plan (main only, before the threads start). */
static uint32_t rng_state;
static uint32_t rnd(uint32_t bound)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state % bound;
}

struct inputs {
	uint8_t key[96], nonce[24], in[MAX_LEN], ad[64];
};

/* The inputs of a job come from its seed alone, so main can run it again. */
static void prepare(const struct job *job, struct inputs *x)
{
	test_fill(x->key, sizeof(x->key), job->seed);
	test_fill(x->nonce, sizeof(x->nonce), job->seed + 1);
	test_fill(x->in, job->len, job->seed + 2);
	test_fill(x->ad, job->ad_len, job->seed + 3);
}

static struct zinc_args args_of(const struct job *job, const struct inputs *x)
{
	return (struct zinc_args){ .key = x->key, .key_len = job->keylen, .nonce = x->nonce,
				   .ad = x->ad, .ad_len = job->ad_len, .in = x->in,
				   .len = job->len, .split = job->split, .out_len = job->outlen };
}

/* Runs one job into out; returns the number of bytes written and counts
 * the public calls in *calls. */
static size_t run_job(const struct job *job, struct inputs *x, uint8_t *out, unsigned *calls)
{
	if (is_secret(job->op)) {
		/* Random: main checks the secret is clamped and recomputes the
		 * public key from it. */
		curve25519_generate_secret(out);
		out[64] = curve25519_generate_public(out + 32, out);
		*calls = 2;
		return 65;
	}
	if (is_selftest(job->op)) {
		out[0] = zinc_selftest();
		*calls = 1;
		return 1;
	}
	const struct zinc_args a = args_of(job, x);

	*calls = ops[job->op].op->public_calls;
	return ops[job->op].op->run_public(&a, out);
}

static void *thread_main(void *arg)
{
	struct thread *t = arg;
	struct inputs x;

	/* The first job's inputs are ready before the barrier, so that its
	 * first zinc call follows the barrier at once in every thread. */
	prepare(&t->jobs[0], &x);
	pthread_barrier_wait(&start);
	for (size_t i = 0; i < t->njobs; i++) {
		struct job *job = &t->jobs[i];

		if (i)
			prepare(job, &x);
		job->out_len = run_job(job, &x, job->out, &job->calls);
	}
	return NULL;
}

/* A job of op: the sizes its description allows, at random; messages
 * mostly short (where dispatch thresholds sit), some up to MAX_LEN. */
static void plan(struct job *job, size_t op, uint32_t seed)
{
	const struct zinc_op *o = ops[op].op;

	memset(job, 0, sizeof(*job));
	job->op = op;
	job->seed = seed;
	job->out_len = NOT_RUN;
	if (!o)
		return;
	job->len = o->in_len ? o->in_len : !(o->inputs & ZINC_MSG) ? 0
		   : rnd(4) ? rnd(700) : rnd(MAX_LEN + 1);
	job->split = job->len ? rnd((uint32_t)job->len + 1) : 0;
	if (o->split_unit) /* the cuts a caller makes, as its description says */
		job->split -= job->split % o->split_unit;
	job->ad_len = o->inputs & ZINC_AD ? rnd(65) : 0;
	job->keylen = o->key_min + rnd((uint32_t)(o->key_max - o->key_min + 1));
	job->outlen = o->out_max ? o->out_min + rnd((uint32_t)(o->out_max - o->out_min + 1)) : 0;
}

static int experiment(size_t njobs, uint32_t seed)
{
	struct thread threads[NTHREADS];
	unsigned long calls = 0, compared = 0;
	static uint8_t again[OUT_SIZE];
	static struct inputs x;

	rng_state = seed * 2654435761u | 1;

	/* Each thread: every op once in a random order, then random ops. The
	 * first job of each thread is its first zinc call. zinc_selftest costs
	 * as much as all the rest (tens of ms under TSan), so only the first
	 * SELFTEST_THREADS threads call it, once each. */
	for (int t = 0; t < NTHREADS; t++) {
		size_t order[MAX_OPS];

		threads[t].njobs = njobs;
		threads[t].jobs = shared_jobs ? shared_jobs + t * njobs :
						calloc(njobs, sizeof(struct job));
		if (!threads[t].jobs) {
			fprintf(stderr, "threads_test: out of memory\n");
			return 2;
		}
		for (size_t i = 0; i < nops; i++)
			order[i] = i;
		for (size_t i = nops - 1; i > 0; i--) {
			uint32_t j = rnd((uint32_t)i + 1);
			size_t tmp = order[i];

			order[i] = order[j];
			order[j] = tmp;
		}
		for (size_t i = 0; i < njobs; i++) {
			size_t op = i < nops ? order[i] : rnd((uint32_t)nops - 1);

			if (is_selftest(op) && t >= SELFTEST_THREADS)
				op = rnd((uint32_t)nops - 1);
			plan(&threads[t].jobs[i], op, seed * 1000003u + (uint32_t)(t * 100000 + i) * 7);
		}
	}

	pthread_barrier_init(&start, NULL, NTHREADS);
	for (int t = 0; t < NTHREADS; t++)
		if (pthread_create(&threads[t].id, NULL, thread_main, &threads[t])) {
			fprintf(stderr, "threads_test: pthread_create failed\n");
			return 2;
		}
	for (int t = 0; t < NTHREADS; t++)
		pthread_join(threads[t].id, NULL);
	pthread_barrier_destroy(&start);
	if (shared_jobs)
		return 0; /* a planted round gets here only if the self-test passed */

	/* Every result again, one thread, after the fact. */
	for (int t = 0; t < NTHREADS; t++) {
		for (size_t i = 0; i < njobs; i++) {
			struct job *job = &threads[t].jobs[i];
			unsigned c;
			size_t n;

			calls += job->calls;
			if (is_secret(job->op)) {
				const uint8_t *s = job->out;

				CHECK((s[0] & 7) == 0 && (s[31] & 0xc0) == 0x40,
				      "thread %d job %zu: generated secret not clamped", t, i);
				again[32] = curve25519_generate_public(again, s);
				CHECK_MEM(again, job->out + 32, 33,
					  "thread %d job %zu: public key of the generated secret", t,
					  i);
				compared++;
				continue;
			}
			prepare(job, &x);
			n = run_job(job, &x, again, &c);
			CHECK(n == job->out_len, "thread %d job %zu: length", t, i);
			CHECK_MEM(job->out, again, n,
				  "thread %d job %zu (%s, len %zu, split %zu, seed %u): threaded "
				  "result vs computed alone",
				  t, i, ops[job->op].name, job->len, job->split, job->seed);
			if (is_selftest(job->op))
				CHECK(job->out[0] == 1, "thread %d job %zu: zinc_selftest() failed", t, i);
			const struct zinc_op *o = ops[job->op].op;

			if (o && o->run_row) {
				const struct zinc_args a = args_of(job, &x);

				CHECK(o->run_row(0, &a, again) == n,
				      "thread %d job %zu: length of the generic row's", t, i);
				CHECK_MEM(job->out, again, n,
					  "thread %d job %zu (%s %s, len %zu, split %zu, seed %u): "
					  "threaded result vs the generic row's",
					  t, i, ops[job->op].p->name, o->name, job->len, job->split,
					  job->seed);
			}
			compared++;
		}
		free(threads[t].jobs);
	}
	printf("threads_test: %d threads, %zu jobs each, %lu public calls, %lu results "
	       "compared, ZINC_CPU_DISABLE=%s, ZINC_SELFTEST=%s\n",
	       NTHREADS, njobs, calls, compared,
	       getenv("ZINC_CPU_DISABLE") ? getenv("ZINC_CPU_DISABLE") : "(unset)",
	       getenv("ZINC_SELFTEST") ? getenv("ZINC_SELFTEST") : "(unset)");
	return TEST_SUMMARY("threads_test");
}

/* One experiment in a fresh child process (forked before any zinc call, so
 * it starts with the library not started): its wait status, -1 when it
 * could not be run. */
static int experiment_in_child(size_t njobs, uint32_t seed)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		perror("threads_test: fork");
		return -1;
	}
	if (!pid)
		exit(experiment(njobs, seed)); /* exit: sanitizers report at exit */
	if (waitpid(pid, &status, 0) != pid) {
		perror("threads_test: waitpid");
		return -1;
	}
	return status;
}

/* --planted: one round in a child that must abort before any job ends. */
static int planted_round(const char *name, size_t njobs, uint32_t seed)
{
	size_t finished = 0;
	int status;

	setenv("ZINC_SELFTEST", "1", 1);
	shared_jobs = mmap(NULL, NTHREADS * njobs * sizeof(struct job), PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared_jobs == MAP_FAILED) {
		perror("threads_test: mmap");
		return 2;
	}
	status = experiment_in_child(njobs, seed);
	if (status == -1)
		return 2;
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
	      "%s planted, ZINC_SELFTEST=1: the child did not abort (status %#x)", name, status);
	for (size_t i = 0; i < NTHREADS * njobs; i++)
		finished += shared_jobs[i].out_len != NOT_RUN;
	CHECK(finished == 0, "%s planted: %zu jobs finished before the self-test aborted", name,
	      finished);
	printf("threads_test: %s planted, ZINC_SELFTEST=1: %d threads, %zu jobs each, the child "
	       "ended with status %#x, %zu jobs finished\n", name, NTHREADS, njobs, status, finished);
	return TEST_SUMMARY("threads_test");
}

int main(int argc, char **argv)
{
	const char *planted = NULL;
	size_t njobs = 40;
	uint32_t seed = 1;
	unsigned rounds = 1, bad = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--disable") && i + 1 < argc) {
			setenv("ZINC_CPU_DISABLE", argv[++i], 1);
		} else if (!strcmp(argv[i], "--selftest")) {
			setenv("ZINC_SELFTEST", "1", 1);
		} else if (!strcmp(argv[i], "--jobs") && i + 1 < argc) {
			njobs = strtoul(argv[++i], NULL, 10);
		} else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
			seed = (uint32_t)strtoul(argv[++i], NULL, 10);
		} else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) {
			rounds = (unsigned)strtoul(argv[++i], NULL, 10);
		} else if (!strcmp(argv[i], "--planted") && i + 1 < argc) {
			planted = argv[++i];
		} else {
			fprintf(stderr, "usage: %s [--disable LIST] [--selftest] [--jobs N] [--seed S] "
				"[--rounds R] [--planted NAME]\n", argv[0]);
			return 2;
		}
	}
	find_ops();
	if (njobs < nops) {
		fprintf(stderr, "threads_test: --jobs must be at least %zu (every function)\n", nops);
		return 2;
	}
	if (planted)
		return planted_round(planted, njobs, seed);
	if (rounds <= 1)
		return experiment(njobs, seed);
	for (unsigned r = 0; r < rounds; r++) {
		int status = experiment_in_child(njobs, seed + r);

		if (status == -1)
			return 2;
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			fprintf(stderr, "threads_test: round %u (seed %u) failed\n", r, seed + r);
			bad++;
		}
	}
	printf("threads_test: %u rounds in fresh processes, %u failed\n", rounds, bad);
	return bad ? 1 : 0;
}
