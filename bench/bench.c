/* SPDX-License-Identifier: MIT */
/*
 * zinc's benchmark: cycles per byte (or per operation) of every backend row
 * this CPU can run, of the dispatched public function and of the oracle
 * libraries, measured in one process. For each primitive and size, every
 * implementation is calibrated to batches of about the same duration, warmed
 * up, then timed in interleaved rounds (each round visits every
 * implementation, starting one further along each time), so slow drifts of
 * a shared machine's clock hit all rows alike. Each cell is the median of
 * the batches, with the interquartile range as the spread; a batch during
 * which the scheduler switched the thread out is run again.
 *
 * Cycles are perf_event_open CPU cycles where the kernel exposes a hardware
 * counter, otherwise time-stamp counter ticks (lfence-serialised rdtsc),
 * with the core clock estimated from a chain of dependent 1-cycle adds.
 */
#define _GNU_SOURCE
#include "bench/bench.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <x86intrin.h>

#include "lib/common/cpu.h"

static const size_t default_sizes[] = { 64, 256, 576, 1420, 4096, 16384, 1048576 };

static struct {
	size_t sizes[BENCH_MAX_SIZES];
	unsigned nsizes;
	const char *only[16];       /* --primitive, split on commas */
	unsigned nonly;
	const char *json, *svg;
	unsigned rounds, batches;   /* per cell: rounds x batches samples */
	double batch_ticks;         /* target length of one batch */
	int cpu;                    /* -1: do not pin */
	bool force_tsc;
	bool tune;                  /* --tune: print the preference lines */
} opt = {
	.rounds = 31, .batches = 9, .batch_ticks = 200000, .cpu = -2,
};

static unsigned dispatch_flagged; /* lengths where public > fastest row + 3% */
static int perf_fd = -1;
static char counter_note[256];
static double tsc_hz;
static double clock_samples[4096];
static unsigned nclock_samples;

/* --- counters --- */

static inline uint64_t tsc_begin(void)
{
	uint64_t t;

	_mm_lfence();
	t = __rdtsc();
	_mm_lfence();
	return t;
}

static inline uint64_t tsc_end(void)
{
	unsigned aux;
	uint64_t t = __rdtscp(&aux);

	_mm_lfence();
	return t;
}

static inline uint64_t perf_read(void)
{
	uint64_t v = 0;

	if (read(perf_fd, &v, sizeof(v)) != sizeof(v))
		return 0;
	return v;
}

static inline uint64_t count_begin(void)
{
	return perf_fd >= 0 ? perf_read() : tsc_begin();
}

static inline uint64_t count_end(void)
{
	return perf_fd >= 0 ? perf_read() : tsc_end();
}

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* 64 dependent 1-cycle adds per iteration: 64 core cycles, whatever the
 * TSC does; the loop counter runs alongside. The addend is a register, not
 * an immediate: recent Intel cores fold chains of immediate adds at rename. */
static uint64_t add_chain(uint64_t iters)
{
	uint64_t x = 0, y = iters | 1;

	__asm__ __volatile__("1:\n\t"
			     ".rept 64\n\t"
			     "add %2, %0\n\t"
			     ".endr\n\t"
			     "dec %1\n\t"
			     "jnz 1b"
			     : "+r"(x), "+r"(iters)
			     : "r"(y));
	return x;
}

/* Core cycles per TSC tick, from about 200k core cycles of add chain. */
static double core_per_tsc(void)
{
	const uint64_t iters = 3000;
	uint64_t t0, t1;

	add_chain(iters / 10);
	t0 = tsc_begin();
	add_chain(iters);
	t1 = tsc_end();
	return (double)(iters * 64) / (double)(t1 - t0);
}

/* Defines name(): ops per TSC tick of an asm loop of 20000 iterations of
 * body, ops_per_iter independent zmm ops each, after setup. */
#define ZMM_RATE(name, ops_per_iter, setup, body)                                  \
	static double name(void)                                                   \
	{                                                                          \
		const uint64_t iters = 20000;                                      \
		uint64_t t0, t1, n = iters;                                        \
                                                                                   \
		t0 = tsc_begin();                                                  \
		__asm__ __volatile__(setup "1:\n\t" body "dec %0\n\t"             \
					   "jnz 1b\n\t"                            \
					   "vzeroupper"                              \
				     : "+r"(n)                                     \
				     :                                             \
				     : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",   \
				       "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", \
				       "xmm12", "xmm13", "cc");                    \
		t1 = tsc_end();                                                    \
		return (double)(iters * (ops_per_iter)) / (double)(t1 - t0);       \
	}

/*
 * Independent 512-bit vpaddd + vprold (the ops ChaCha20's rounds are made
 * of), 16 per iteration on 8 registers: their throughput, in ops per TSC tick,
 * is the ceiling for any 16-blocks-per-zmm ChaCha20. Only called with AVX-512F.
 */
ZMM_RATE(zmm_ops_per_tsc, 16, "",
	 ".irp r, 0,1,2,3,4,5,6,7\n\t"
	 "vpaddd %%zmm8, %%zmm\\r, %%zmm\\r\n\t"
	 ".endr\n\t"
	 ".irp r, 0,1,2,3,4,5,6,7\n\t"
	 "vprold $7, %%zmm\\r, %%zmm\\r\n\t"
	 ".endr\n\t")

/*
 * Independent 512-bit vpmadd52luq, 12 chains of 4-cycle multiply-adds per
 * iteration (more than latency x throughput on any core with IFMA): their
 * throughput, in ops per TSC tick, is the ceiling for a radix-2^44 Poly1305.
 * Only called with AVX-512 IFMA.
 */
ZMM_RATE(ifma_ops_per_tsc, 12,
	 "vpxord %%xmm12, %%xmm12, %%xmm12\n\t"
	 "vpxord %%xmm13, %%xmm13, %%xmm13\n\t",
	 ".irp r, 0,1,2,3,4,5,6,7,8,9,10,11\n\t"
	 "vpmadd52luq %%zmm12, %%zmm13, %%zmm\\r\n\t"
	 ".endr\n\t")

/* The best of five runs of a rate. */
static double best_of_5(double (*rate)(void))
{
	double best = 0;

	for (int i = 0; i < 5; i++) {
		double r = rate();

		if (r > best)
			best = r;
	}
	return best;
}

/* Prints the zmm throughput and the ChaCha20 floor it implies: 20 rounds x
 * 16 words x 3 ops (add, xor, rotate) per 16 blocks = 960 ops per KiB. */
static void print_vector_bound(double core_per_tsc_ratio)
{
	double best;

	if (!zinc_cpu_have(ZINC_CPU_AVX512F))
		return;
	best = best_of_5(zmm_ops_per_tsc);
	printf("Vector ALU: independent 512-bit add/rotate %.2f per TSC tick (%.2f per core cycle"
	       " at the estimate above), so ChaCha20's rounds alone (960 such ops per 16 blocks)"
	       " need >= %.3f TSC cycles/byte on zmm\n",
	       best, best / core_per_tsc_ratio, 960.0 / 1024.0 / best);
	if (!zinc_cpu_have(ZINC_CPU_AVX512F | ZINC_CPU_AVX512IFMA))
		return;
	/* poly1305-avx512ifma: 9 products of 3 x 3 limbs, each a low and a
	 * high vpmadd52, per 8 blocks = 18 per 128 bytes. */
	best = best_of_5(ifma_ops_per_tsc);
	printf("IFMA: independent 512-bit vpmadd52luq %.2f per TSC tick (%.2f per core cycle),"
	       " so radix-2^44 Poly1305 (18 per 8 blocks) needs >= %.3f TSC cycles/byte on zmm\n",
	       best, best / core_per_tsc_ratio, 18.0 / 128.0 / best);
}

static void sample_clock(void)
{
	if (nclock_samples < sizeof(clock_samples) / sizeof(clock_samples[0]))
		clock_samples[nclock_samples++] = core_per_tsc();
}

static void measure_tsc_hz(void)
{
	double s0 = now_seconds(), s1;
	uint64_t t0 = tsc_begin(), t1;

	do
		s1 = now_seconds();
	while (s1 - s0 < 0.1);
	t1 = tsc_end();
	tsc_hz = (double)(t1 - t0) / (s1 - s0);
}

static void open_perf(void)
{
	struct perf_event_attr pa;

	if (opt.force_tsc) {
		snprintf(counter_note, sizeof(counter_note), "TSC (--tsc given)");
		return;
	}
	memset(&pa, 0, sizeof(pa));
	pa.type = PERF_TYPE_HARDWARE;
	pa.size = sizeof(pa);
	pa.config = PERF_COUNT_HW_CPU_CYCLES;
	pa.exclude_kernel = 1;
	pa.exclude_hv = 1;
	perf_fd = (int)syscall(SYS_perf_event_open, &pa, 0, -1, -1, 0);
	if (perf_fd < 0) {
		snprintf(counter_note, sizeof(counter_note),
			 "TSC ticks: perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed (%s)",
			 strerror(errno));
		return;
	}
	uint64_t a = perf_read();
	add_chain(10000);
	uint64_t b = perf_read();
	if (b - a < 64 * 10000 / 2) {
		snprintf(counter_note, sizeof(counter_note),
			 "TSC ticks: perf_event_open cycles opened but do not count");
		close(perf_fd);
		perf_fd = -1;
		return;
	}
	snprintf(counter_note, sizeof(counter_note),
		 "core cycles from perf_event_open (user space only)");
}

static void pin_cpu(void)
{
	cpu_set_t set;
	int last = -1;

	if (opt.cpu == -1 || sched_getaffinity(0, sizeof(set), &set))
		return;
	if (opt.cpu >= 0) {
		last = opt.cpu;
	} else {
		for (int i = 0; i < CPU_SETSIZE; i++)
			if (CPU_ISSET(i, &set))
				last = i;
	}
	CPU_ZERO(&set);
	CPU_SET(last, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "bench: cannot pin to CPU %d: %s\n", last, strerror(errno));
		opt.cpu = -1;
		return;
	}
	opt.cpu = last;
}

/* --- statistics --- */

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double quantile(const double *sorted, unsigned n, double q)
{
	double pos = q * (n - 1);
	unsigned i = (unsigned)pos;
	double frac = pos - i;

	if (i + 1 >= n)
		return sorted[n - 1];
	return sorted[i] * (1 - frac) + sorted[i + 1] * frac;
}

/* --- measuring --- */

static double time_batch(const struct bench_case *c, size_t len, unsigned n)
{
	uint64_t t0, t1;

	t0 = count_begin();
	for (unsigned i = 0; i < n; i++)
		c->run(c, len);
	t1 = count_end();
	return (double)(t1 - t0) / n;
}

/* Involuntary context switches of this thread so far. */
static long preemptions(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_THREAD, &ru) ? 0 : ru.ru_nivcsw;
}

static unsigned long batches_rerun, batches_preempted;

/* A batch during which the scheduler ran something else on this CPU
 * measures the other program: run it again (a few times at most). */
static double sample_batch(const struct bench_case *c, size_t len, unsigned n)
{
	double t = 0;

	for (int attempt = 0; attempt < 8; attempt++) {
		long before = preemptions();

		t = time_batch(c, len, n);
		if (preemptions() == before)
			return t;
		batches_rerun++;
	}
	batches_preempted++;
	return t;
}

static struct bench_case *public_case(struct bench_primitive *p)
{
	for (unsigned i = 0; i < p->ncases; i++)
		if (p->cases[i].kind == KIND_PUBLIC)
			return &p->cases[i];
	return NULL;
}

/* Every case's output against the public function's, for this length. */
static void check_outputs(struct bench_primitive *p, unsigned si, size_t len, const char *note)
{
	static uint8_t ref[(1 << 20) + 64];
	struct bench_case *pub = public_case(p);
	size_t n = p->out_len(len);

	memset(bench_out, 0, n);
	pub->run(pub, len);
	memcpy(ref, bench_out, n);
	for (unsigned i = 0; i < p->ncases; i++) {
		struct bench_case *c = &p->cases[i];

		memset(bench_out, 0xa5, n);
		c->run(c, len);
		if (memcmp(ref, bench_out, n)) {
			c->mismatch[si] = true;
			fprintf(stderr, "bench: %s %s at %zu bytes%s: output differs from %s\n",
				p->name, c->name, len, note, pub->name);
		}
	}
}

/* Checked twice: on the timed input, then with a bit of the message and of
 * the nonce flipped, so a case whose reused context (the oracles' handles)
 * skips work or returns its previous result differs too. The flips are
 * undone: the timed loops run on the first input. */
static void cross_check(struct bench_primitive *p, unsigned si, size_t len)
{
	for (unsigned i = 0; i < p->ncases; i++)
		p->cases[i].mismatch[si] = false;
	check_outputs(p, si, len, "");
	bench_in[0] ^= 1;
	bench_nonce[0] ^= 1;
	check_outputs(p, si, len, " (message and nonce changed)");
	bench_in[0] ^= 1;
	bench_nonce[0] ^= 1;
}

static void measure_size(struct bench_primitive *p, unsigned si, size_t len)
{
	unsigned nsamples = opt.rounds * opt.batches;
	double *samples = calloc((size_t)p->ncases * nsamples, sizeof(double));
	unsigned iters[BENCH_MAX_CASES];
	double per = p->per_op ? 1.0 : (double)len;

	cross_check(p, si, len);
	for (unsigned i = 0; i < p->ncases; i++) {
		struct bench_case *c = &p->cases[i];
		double t;

		c->run(c, len);
		t = time_batch(c, len, 1);
		t = time_batch(c, len, t < opt.batch_ticks / 16 ? 16 : 1);
		iters[i] = t > 0 && t < opt.batch_ticks ? (unsigned)(opt.batch_ticks / t) : 1;
		time_batch(c, len, iters[i]);  /* warm-up */
	}
	for (unsigned r = 0; r < opt.rounds; r++) {
		sample_clock();
		for (unsigned k = 0; k < p->ncases; k++) {
			unsigned i = (k + r) % p->ncases;
			struct bench_case *c = &p->cases[i];

			for (unsigned b = 0; b < opt.batches; b++)
				samples[i * nsamples + r * opt.batches + b] =
					sample_batch(c, len, iters[i]) / per;
		}
	}
	for (unsigned i = 0; i < p->ncases; i++) {
		struct bench_case *c = &p->cases[i];
		double *s = samples + i * nsamples;

		qsort(s, nsamples, sizeof(double), cmp_double);
		c->median[si] = quantile(s, nsamples, 0.5);
		c->spread[si] = 100.0 * (quantile(s, nsamples, 0.75) - quantile(s, nsamples, 0.25)) /
				c->median[si];
		c->runs[si] = nsamples;
	}
	free(samples);
}

static bool selected(const struct bench_primitive *p)
{
	if (!opt.nonly)
		return true;
	for (unsigned i = 0; i < opt.nonly; i++)
		if (!strcmp(opt.only[i], p->name))
			return true;
	return false;
}

/* --- output --- */

static const char *unit_name(void)
{
	return perf_fd >= 0 ? "core cycles" : "TSC cycles";
}

static void print_cell(const struct bench_case *c, unsigned si, int width)
{
	char cell[64];

	if (c->median[si] >= 10000)
		snprintf(cell, sizeof(cell), "%.1fk ±%.0f%%%s", c->median[si] / 1000, c->spread[si],
			 c->mismatch[si] ? "!" : "");
	else
		snprintf(cell, sizeof(cell), "%.2f ±%.0f%%%s", c->median[si], c->spread[si],
			 c->mismatch[si] ? "!" : "");
	/* "±" is two bytes but one column. */
	printf(" %*s", width + 1, cell);
}

/* zinc public / fastest oracle for one column: a speed ratio. An oracle
 * whose output differed is not a candidate. */
static void print_ratio(const struct bench_primitive *p, unsigned si, int width)
{
	const struct bench_case *pub = NULL, *best = NULL;
	char cell[16 + sizeof(pub->name)];	/* a ratio, a space, a case's name */

	for (unsigned i = 0; i < p->ncases; i++) {
		const struct bench_case *c = &p->cases[i];

		if (c->kind == KIND_PUBLIC)
			pub = c;
		else if (c->kind == KIND_ORACLE && !c->mismatch[si] &&
			 (!best || c->median[si] < best->median[si]))
			best = c;
	}
	if (!pub || !best)
		snprintf(cell, sizeof(cell), "-");
	else
		snprintf(cell, sizeof(cell), "%.2f %s", best->median[si] / pub->median[si],
			 best->name);
	printf(" %*s", width, cell);
}

/* The table's sg row and the flat row on the same bytes (SG_SG, SG_FLAT);
 * false when it has no such pair. */
static bool sg_pair(const struct bench_primitive *p, const struct bench_case **flat,
		    const struct bench_case **sg)
{
	*flat = *sg = NULL;
	for (unsigned i = 0; i < p->ncases; i++) {
		if (p->cases[i].sg == SG_FLAT)
			*flat = &p->cases[i];
		else if (p->cases[i].sg == SG_SG)
			*sg = &p->cases[i];
	}
	return *flat && *sg;
}

static void print_table(const struct bench_primitive *p)
{
	const int namew = 30, width = 15;
	unsigned ncols = p->per_op ? 1 : opt.nsizes;
	const struct bench_case *flat, *sg;

	printf("\n== %s: %s, %s per %s ==\n", p->name, p->title, unit_name(),
	       p->per_op ? "operation" : "byte");
	printf("%-*s %-8s", namew, "implementation", "kind");
	for (unsigned s = 0; s < ncols; s++) {
		if (p->per_op)
			printf(" %*s", width, "per op");
		else
			printf(" %*zu", width, opt.sizes[s]);
	}
	putchar('\n');
	for (unsigned i = 0; i < p->ncases; i++) {
		const struct bench_case *c = &p->cases[i];

		printf("%-*s %-8s", namew, c->name, bench_kind_name(c->kind));
		for (unsigned s = 0; s < ncols; s++)
			print_cell(c, s, width);
		if (p->per_op && perf_fd < 0)
			printf("   %8.0f/s", tsc_hz / c->median[0]);
		putchar('\n');
	}
	printf("%-*s %-8s", namew, "zinc public / fastest oracle", "");
	for (unsigned s = 0; s < ncols; s++)
		print_ratio(p, s, width);
	putchar('\n');
	dispatch_flagged += bench_print_dispatch_check(p, ncols, namew, width);
	if (sg_pair(p, &flat, &sg)) {
		printf("%-*s %-8s", namew, "sg time / flat time", "");
		for (unsigned s = 0; s < ncols; s++)
			printf(" %*.3f", width, sg->median[s] / flat->median[s]);
		putchar('\n');
	}
	if (p->skipped[0])
		printf("not run on this CPU: %s\n", p->skipped);
	for (unsigned i = 0; i < p->ncases; i++)
		for (unsigned s = 0; s < ncols; s++)
			if (p->cases[i].mismatch[s]) {
				printf("! = output differed from the public function's (see stderr)\n");
				return;
			}
}

static void print_header(void)
{
	char feat[256], model[256] = "unknown", line[512];
	FILE *f = fopen("/proc/cpuinfo", "r");
	const char *disable = getenv("ZINC_CPU_DISABLE");
	double ratio = core_per_tsc();

	int family = -1, modelno = -1;

	while (f && fgets(line, sizeof(line), f)) {
		if (!strchr(line, ':'))
			continue;
		if (!strncmp(line, "model name", 10)) {
			snprintf(model, sizeof(model), "%s", strchr(line, ':') + 2);
			model[strcspn(model, "\n")] = 0;
		} else if (!strncmp(line, "cpu family", 10) && family < 0) {
			family = atoi(strchr(line, ':') + 1);
		} else if (!strncmp(line, "model\t", 6) && modelno < 0) {
			modelno = atoi(strchr(line, ':') + 1);
		} else if (!strncmp(line, "processor", 9) && family >= 0) {
			break;  /* the first CPU is enough */
		}
	}
	if (f)
		fclose(f);
	printf("zinc bench\n");
	printf("CPU: %s (family %d model %d), %ld online CPUs", model, family, modelno,
	       sysconf(_SC_NPROCESSORS_ONLN));
	if (opt.cpu >= 0)
		printf(", pinned to CPU %d", opt.cpu);
	putchar('\n');
	zinc_cpu_format(zinc_cpu_features(), feat, sizeof(feat));
	printf("zinc dispatch may use: %s%s%s\n", feat, disable ? "  (ZINC_CPU_DISABLE=" : "",
	       disable ? disable : "");
	if (disable)
		printf(")\n");
	printf("Dispatch preferences: %s (this CPU: %s; lib/start/prefs.h, ZINC_CPU_MODEL)\n",
	       zinc_cpu_model_name(zinc_cpu_model()), zinc_cpu_model_name(zinc_cpu_model_detected()));
	printf("Counter: %s\n", counter_note);
	printf("TSC: %.1f MHz; core clock estimate (1-cycle dependent add chain): %.2f x TSC"
	       " = %.0f MHz\n", tsc_hz / 1e6, ratio, ratio * tsc_hz / 1e6);
	printf("Each cell: median of %u rounds x %u batches of ~%.0fk ticks, all implementations"
	       " interleaved per round, after warm-up; ±spread = IQR / median\n",
	       opt.rounds, opt.batches, opt.batch_ticks / 1000);
	print_vector_bound(ratio);
	bench_describe_libraries(stdout);
	fflush(stdout);
}

static void print_clock_footer(void)
{
	if (!nclock_samples)
		return;
	qsort(clock_samples, nclock_samples, sizeof(double), cmp_double);
	printf("\nCore clock during the run: median %.2f x TSC (10th-90th percentile %.2f-%.2f,"
	       " %u samples)%s\n", quantile(clock_samples, nclock_samples, 0.5),
	       quantile(clock_samples, nclock_samples, 0.1),
	       quantile(clock_samples, nclock_samples, 0.9), nclock_samples,
	       perf_fd < 0 ? "; multiply TSC figures by it for core cycles" : "");
}

static bool write_json(const char *path)
{
	FILE *f = fopen(path, "w");
	bool first = true;

	if (!f) {
		fprintf(stderr, "bench: %s: %s\n", path, strerror(errno));
		return false;
	}
	fprintf(f, "[");
	for (unsigned pi = 0; pi < bench_nprimitives; pi++) {
		const struct bench_primitive *p = &bench_primitives[pi];

		if (!p->measured)
			continue;
		for (unsigned i = 0; i < p->ncases; i++) {
			const struct bench_case *c = &p->cases[i];

			for (unsigned s = 0; s < (p->per_op ? 1 : opt.nsizes); s++) {
				fprintf(f, "%s\n  {\"primitive\": \"%s\", \"impl\": \"%s\", "
					"\"kind\": \"%s\", \"size\": %zu, \"%s\": %.4f, "
					"\"runs\": %u, \"spread\": %.2f, \"counter\": \"%s\"%s}",
					first ? "" : ",", p->name, c->name, bench_kind_name(c->kind),
					p->per_op ? (size_t)0 : opt.sizes[s],
					p->per_op ? "cycles_per_op" : "cycles_per_byte",
					c->median[s], c->runs[s], c->spread[s],
					perf_fd >= 0 ? "core" : "tsc",
					c->mismatch[s] ? ", \"mismatch\": true" : "");
				first = false;
			}
		}
	}
	fprintf(f, "\n]\n");
	return fclose(f) == 0;
}

/* --- arguments --- */

static void usage_error(const char *msg, const char *arg)
{
	fprintf(stderr, "bench: %s%s%s (usage: bench [--primitive P[,P...]] [--sizes N,N...]"
		" [--json FILE] [--svg FILE] [--quick] [--tune])\n", msg, arg ? ": " : "", arg ? arg : "");
	exit(2);
}

static void parse_sizes(const char *list)
{
	const char *p = list;

	opt.nsizes = 0;
	while (*p) {
		char *end;
		unsigned long long v = strtoull(p, &end, 10);

		if (end == p || (*end && *end != ',') || v == 0 || v > (1u << 20) ||
		    opt.nsizes == BENCH_MAX_SIZES)
			usage_error("--sizes wants up to 16 comma-separated sizes of 1..1048576", list);
		opt.sizes[opt.nsizes++] = (size_t)v;
		p = *end ? end + 1 : end;
	}
	if (!opt.nsizes)
		usage_error("--sizes is empty", NULL);
}

static void parse_primitives(char *list)
{
	for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
		bool known = false;

		for (unsigned i = 0; i < bench_nprimitives; i++)
			known |= !strcmp(tok, bench_primitives[i].name);
		if (!known || opt.nonly == 16) {
			char names[512] = "unknown primitive (";

			for (unsigned i = 0; i < bench_nprimitives; i++)
				snprintf(names + strlen(names), sizeof(names) - strlen(names),
					 "%s%s", bench_primitives[i].name,
					 i + 1 < bench_nprimitives ? ", " : ")");
			usage_error(names, tok);
		}
		opt.only[opt.nonly++] = tok;
	}
}

static void parse_args(int argc, char **argv)
{
	bool sizes_given = false, quick = false;

	memcpy(opt.sizes, default_sizes, sizeof(default_sizes));
	opt.nsizes = sizeof(default_sizes) / sizeof(default_sizes[0]);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		bool has_value = i + 1 < argc;

		if (!strcmp(a, "--quick")) {
			quick = true;
		} else if (!strcmp(a, "--tune")) {
			opt.tune = true;
		} else if (!strcmp(a, "--tsc")) {
			opt.force_tsc = true;
		} else if (!strcmp(a, "--primitive") || !strcmp(a, "--sizes") ||
			   !strcmp(a, "--json") || !strcmp(a, "--svg") || !strcmp(a, "--cpu")) {
			if (!has_value)
				usage_error("missing value after", a);
			char *v = argv[++i];
			if (!strcmp(a, "--primitive"))
				parse_primitives(v);
			else if (!strcmp(a, "--sizes"))
				parse_sizes(v), sizes_given = true;
			else if (!strcmp(a, "--json"))
				opt.json = v;
			else if (!strcmp(a, "--svg"))
				opt.svg = v;
			else
				opt.cpu = atoi(v);
		} else {
			usage_error("unknown argument", a);
		}
	}
	if (quick) {
		if (!sizes_given) {
			opt.sizes[0] = 64;
			opt.nsizes = 1;
		}
		opt.rounds = 2;
		opt.batches = 2;
		opt.batch_ticks = 20000;
	}
}

int main(int argc, char **argv)
{
	const char *wd = getenv("BUILD_WORKING_DIRECTORY");
	size_t max_len = 0;
	double t0;
	int ret = 0;

	/* Under `bazel run`, file arguments are relative to where it was typed. */
	if (wd && chdir(wd))
		fprintf(stderr, "bench: cannot chdir to %s\n", wd);
	parse_args(argc, argv);
	for (unsigned s = 0; s < opt.nsizes; s++)
		if (opt.sizes[s] > max_len)
			max_len = opt.sizes[s];
	/* A multiple of 64: aligned_alloc wants the size a multiple of the alignment. */
	max_len = (max_len + 63) & ~(size_t)63;
	bench_in = aligned_alloc(64, max_len + 64);
	bench_out = aligned_alloc(64, max_len + 64);
	if (!bench_in || !bench_out)
		return 1;
	for (size_t i = 0; i < max_len + 64; i++)
		bench_in[i] = (uint8_t)(i * 131 + (i >> 8));
	memset(bench_out, 0, max_len + 64);
	if (!bench_cases_init(max_len))
		return 1;
	pin_cpu();
	open_perf();
	measure_tsc_hz();  /* 100 ms of spinning also brings the clock up */
	print_header();
	t0 = now_seconds();
	for (unsigned pi = 0; pi < bench_nprimitives; pi++) {
		struct bench_primitive *p = &bench_primitives[pi];

		if (!selected(p))
			continue;
		p->skipped[0] = 0;
		p->ncases = p->add_cases(p->cases);
		if (p->per_op)
			measure_size(p, 0, 0);
		else
			for (unsigned s = 0; s < opt.nsizes; s++)
				measure_size(p, s, opt.sizes[s]);
		p->measured = true;
		print_table(p);
		fflush(stdout);
	}
	print_clock_footer();
	printf("Dispatch: %u measured lengths where a public function is more than 3%% slower than"
	       " its fastest row%s\n", dispatch_flagged, dispatch_flagged ? " (marked <<)" : "");
	if (opt.tune)
		bench_print_tune(opt.sizes, opt.nsizes);
	for (unsigned pi = 0; pi < bench_nprimitives; pi++)
		for (unsigned i = 0; i < bench_primitives[pi].ncases; i++)
			for (unsigned s = 0; s < BENCH_MAX_SIZES; s++)
				if (bench_primitives[pi].cases[i].mismatch[s])
					ret = 1;
	if (ret)
		fprintf(stderr, "bench: some outputs differed from the public function's (marked !)\n");
	printf("Measured in %.2f s; %lu batches re-run because the scheduler preempted them, "
	       "%lu kept after 8 tries.\n", now_seconds() - t0, batches_rerun, batches_preempted);
	if (opt.json && !write_json(opt.json))
		ret = 1;
	if (opt.svg && !bench_write_svg(opt.svg, opt.sizes, opt.nsizes, unit_name()))
		ret = 1;
	return ret;
}
