/* SPDX-License-Identifier: MIT */
/*
 * The library's start-up, the layer above the primitives: what the first
 * dispatch of any public function waits for. Once per process
 * (pthread_once), in this order: the CPU detection (lib/common/cpu.c), each
 * choice's rows resolved against the preferences of lib/start/prefs.h,
 * the self-test when ZINC_SELFTEST=1 (lib/selftest/, which aborts on a
 * wrong answer), the short picks, then zinc_cpu_ready (release): a thread
 * that sees it set, or returns from pthread_once, reads all of it written,
 * and no thread's first call runs a row before the self-test has passed.
 * Also the test hooks that change what dispatch follows (the mask, the
 * forced model), which rewrite the short picks.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "lib/blake2s/blake2s.h"
#include "lib/chacha20/chacha20.h"
#include "lib/chacha20poly1305/chacha20poly1305.h"
#include "lib/common/cpu.h"
#include "lib/common/util.h"
#include "lib/curve25519/curve25519.h"
#include "lib/poly1305/poly1305.h"
#include "lib/selftest/selftest.h"

/* The choices, one per decision a public function makes, each from its
 * primitive's rows.h: the features and the min_len of each row. */
static const uint32_t chacha20_needs[] = {
#define ROW(id, name, needs, ...) [CHACHA20_ROW_##id] = (needs),
#include "lib/chacha20/rows.h"
};
static const size_t chacha20_min_len[] = {
#define ROW(id, name, needs, min_len, ...) [CHACHA20_ROW_##id] = (min_len),
#include "lib/chacha20/rows.h"
};
/* HChaCha20 takes the rows that have one, whatever the length. */
static const size_t hchacha20_min_len[] = {
#define HCHACHA20(fn) 0
#define NO_HCHACHA20 SIZE_MAX
#define ROW(id, name, needs, min_len, xor_stream, hchacha20) [CHACHA20_ROW_##id] = (hchacha20),
#include "lib/chacha20/rows.h"
};
static const uint32_t poly1305_needs[] = {
#define ROW(id, name, needs, ...) [POLY1305_ROW_##id] = (needs),
#include "lib/poly1305/rows.h"
};
static const size_t poly1305_min_len[] = {
#define ROW(id, name, needs, min_len, ...) [POLY1305_ROW_##id] = (min_len),
#include "lib/poly1305/rows.h"
};
static const uint32_t chacha20poly1305_needs[] = {
#define ROW(id, name, needs, ...) [CHACHA20POLY1305_ROW_##id] = (needs),
#include "lib/chacha20poly1305/rows.h"
};
static const size_t chacha20poly1305_min_len[] = {
#define ROW(id, name, needs, min_len, ...) [CHACHA20POLY1305_ROW_##id] = (min_len),
#include "lib/chacha20poly1305/rows.h"
};
static const uint32_t blake2s_needs[] = {
#define ROW(id, name, needs, ...) [BLAKE2S_ROW_##id] = (needs),
#include "lib/blake2s/rows.h"
};
static const size_t blake2s_min_len[] = {
#define ROW(id, name, needs, min_len, ...) [BLAKE2S_ROW_##id] = (min_len),
#include "lib/blake2s/rows.h"
};
/* Curve25519 takes no length. */
static const uint32_t curve25519_needs[] = {
#define ROW(id, name, needs, ...) [CURVE25519_ROW_##id] = (needs),
#include "lib/curve25519/rows.h"
};
static const size_t curve25519_min_len[CURVE25519_NROWS];

#define CHOICE(rows, needs_of, min_len_of) \
	{ .nrows = (rows), .needs = (needs_of), .min_len = (min_len_of) }
struct zinc_choice chacha20_choice = CHOICE(CHACHA20_NROWS, chacha20_needs, chacha20_min_len),
		   hchacha20_choice = CHOICE(CHACHA20_NROWS, chacha20_needs, hchacha20_min_len),
		   poly1305_choice = CHOICE(POLY1305_NROWS, poly1305_needs, poly1305_min_len),
		   chacha20poly1305_choice = CHOICE(CHACHA20POLY1305_NROWS, chacha20poly1305_needs,
						    chacha20poly1305_min_len),
		   blake2s_choice = CHOICE(BLAKE2S_NROWS, blake2s_needs, blake2s_min_len),
		   curve25519_choice = CHOICE(CURVE25519_NROWS, curve25519_needs, curve25519_min_len);
#undef CHOICE

/* The CHOICE of a line of lib/start/prefs.h. */
enum choice { CHACHA20, HCHACHA20, POLY1305, CHACHA20POLY1305, BLAKE2S, CURVE25519, NCHOICES };

static struct zinc_choice *const choices[NCHOICES] = {
	[CHACHA20] = &chacha20_choice,
	[HCHACHA20] = &hchacha20_choice,
	[POLY1305] = &poly1305_choice,
	[CHACHA20POLY1305] = &chacha20poly1305_choice,
	[BLAKE2S] = &blake2s_choice,
	[CURVE25519] = &curve25519_choice,
};

_Static_assert(CHACHA20_NROWS <= ZINC_CHOICE_MAX_ROWS && POLY1305_NROWS <= ZINC_CHOICE_MAX_ROWS &&
		       CHACHA20POLY1305_NROWS <= ZINC_CHOICE_MAX_ROWS &&
		       BLAKE2S_NROWS <= ZINC_CHOICE_MAX_ROWS &&
		       CURVE25519_NROWS <= ZINC_CHOICE_MAX_ROWS,
	       "ZINC_CHOICE_MAX_ROWS: a table has more rows");

#define AVOID ZINC_PREF_AVOID
#define FROM(n) ZINC_PREF_FROM(n)

static const uint32_t prefs[NCHOICES][ZINC_CPU_NMODELS][ZINC_CHOICE_MAX_ROWS] = {
#define PREF(model, choice, row, value, record) [choice][ZINC_CPU_MODEL_##model][row] = (value),
#include "lib/start/prefs.h"
#undef PREF
};

/*
 * What dispatch follows, beside what detection found: zinc_cpu_ready
 * (release, last of the start-up), the test mask and the model in force
 * (atomic words, which tests change at any time).
 */
int zinc_cpu_ready;
uint32_t zinc_cpu_test_mask = ~0u;
unsigned zinc_cpu_model_in_force;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Set while this thread runs the start-up self-test inside start(): the
 * library calls the self-test makes see the features without waiting on
 * once (which would never return). */
static _Thread_local bool in_start;

/* The short picks for the mask and model in force. Under a lock, so that
 * of two threads changing them at once the last to update reads both
 * changes. */
static void update_short(void)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	uint32_t have;
	unsigned model;

	pthread_mutex_lock(&lock);
	have = zinc_cpu_usable & __atomic_load_n(&zinc_cpu_test_mask, __ATOMIC_RELAXED);
	model = __atomic_load_n(&zinc_cpu_model_in_force, __ATOMIC_RELAXED);
	for (unsigned c = 0; c < NCHOICES; c++)
		zinc_choice_update_short(choices[c], have, model);
	pthread_mutex_unlock(&lock);
}

static void start(void)
{
	const char *selftest = getenv("ZINC_SELFTEST");

	zinc_cpu_detect();
	for (unsigned c = 0; c < NCHOICES; c++)
		zinc_choice_resolve(choices[c], prefs[c]);
	__atomic_store_n(&zinc_cpu_model_in_force, zinc_cpu_model_chosen(), __ATOMIC_RELAXED);
	/* ZINC_SELFTEST=1: the other threads wait in pthread_once until the
	 * self-test has passed (or the process has aborted). */
	if (selftest && !strcmp(selftest, "1")) {
		in_start = true;
		zinc_selftest_or_abort();
		in_start = false;
	}
	update_short();
	__atomic_store_n(&zinc_cpu_ready, 1, __ATOMIC_RELEASE);
}

/* Every thread's first call comes here; pthread_once makes the others wait
 * until the first has finished start(). */
static void ensure_started(void)
{
	if (!__atomic_load_n(&zinc_cpu_ready, __ATOMIC_ACQUIRE) && !in_start)
		pthread_once(&once, start);
}

uint32_t zinc_cpu_features_slow(void)
{
	ensure_started();
	return zinc_cpu_usable & __atomic_load_n(&zinc_cpu_test_mask, __ATOMIC_RELAXED);
}

void zinc_cpu_set_mask(uint32_t mask)
{
	ensure_started();
	__atomic_store_n(&zinc_cpu_test_mask, mask, __ATOMIC_RELAXED);
	update_short();
}

enum zinc_cpu_model zinc_cpu_model(void)
{
	ensure_started();
	return (enum zinc_cpu_model)__atomic_load_n(&zinc_cpu_model_in_force, __ATOMIC_RELAXED);
}

void zinc_cpu_set_model(unsigned model)
{
	ensure_started();
	__atomic_store_n(&zinc_cpu_model_in_force,
			 model < ZINC_CPU_NMODELS ? model : (unsigned)zinc_cpu_model_chosen(),
			 __ATOMIC_RELAXED);
	update_short();
}
