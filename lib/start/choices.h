/* SPDX-License-Identifier: MIT */
/*
 * zinc_choices[]: every choice of every primitive (each defined beside its
 * table, listed by its header's <P>_CHOICES), in the order of
 * lib/start/primitives.h, for the file that includes this: lib/start/start.c
 * resolves them, start_test.c checks them, bench/tune.c names them.
 */
#ifndef ZINC_START_CHOICES_H
#define ZINC_START_CHOICES_H

#include "lib/common/cpu.h"
#include "lib/start/primitives.h"

static struct zinc_choice *const zinc_choices[] = {
#define PRIMITIVE(p, P) P##_CHOICES,
#include "lib/start/primitives.h"
};

#endif
