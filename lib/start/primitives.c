/* SPDX-License-Identifier: MIT */
/*
 * Every primitive's descriptions (lib/common/describe.h), in the order the
 * harnesses report them: those each primitive of lib/start/primitives.h
 * names. ZINC_TESTING builds only.
 */
#ifdef ZINC_TESTING
#include "lib/common/describe.h"
#include "lib/common/util.h"
#include "lib/start/primitives.h"

const struct zinc_primitive *const zinc_primitives[] = {
#define PRIMITIVE(p, P) P##_DESCRIPTIONS,
#include "lib/start/primitives.h"
};
const size_t zinc_nprimitives = ARRAY_SIZE(zinc_primitives);
#endif
