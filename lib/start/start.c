/* SPDX-License-Identifier: MIT */
/*
 * The library's start-up, the layer above the primitives: what the first
 * dispatch of any public function waits for. Once per process
 * (pthread_once), in this order: the CPU detection (lib/common/cpu.c), each
 * choice of each primitive (lib/start/primitives.h) resolved against the
 * preferences of lib/start/prefs.h, the self-test when ZINC_SELFTEST=1
 * (lib/selftest/, which aborts on a wrong answer), the short picks, then
 * zinc_cpu_ready (release): a thread that sees it set, or returns from
 * pthread_once, reads all of it written, and no thread's first call runs a
 * row before the self-test has passed.
 * Also the test hooks that change what dispatch follows (the mask, the
 * forced model), which rewrite the short picks.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/common/cpu.h"
#include "lib/common/util.h"
#include "lib/selftest/selftest.h"
#include "lib/start/choices.h"

#define AVOID ZINC_PREF_AVOID
#define FROM(n) ZINC_PREF_FROM(n)

/* The lines of lib/start/prefs.h; a line's CHOICE is the name of a choice
 * in capitals. The last line ends the list (there may be no others). */
static const struct pref {
	const char *choice;
	unsigned model, row;
	uint32_t value;
} pref_lines[] = {
#define PREF(model, choice, row, value, record) { #choice, ZINC_CPU_MODEL_##model, (row), (value) },
#include "lib/start/prefs.h"
#undef PREF
	{ NULL, 0, 0, 0 },
};

/* Choice c resolved against its lines of lib/start/prefs.h. */
static void resolve(struct zinc_choice *c)
{
	uint32_t prefs[ZINC_CPU_NMODELS][ZINC_CHOICE_MAX_ROWS] = { { 0 } };

	for (const struct pref *p = pref_lines; p->choice; p++)
		if (!strcasecmp(p->choice, c->name))
			prefs[p->model][p->row] = p->value;
	zinc_choice_resolve(c, prefs);
}

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
	for (size_t c = 0; c < ARRAY_SIZE(zinc_choices); c++)
		zinc_choice_update_short(zinc_choices[c], have, model);
	pthread_mutex_unlock(&lock);
}

static void start(void)
{
	const char *selftest = getenv("ZINC_SELFTEST");

	zinc_cpu_detect();
	for (size_t c = 0; c < ARRAY_SIZE(zinc_choices); c++)
		resolve(zinc_choices[c]);
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
