/* SPDX-License-Identifier: MIT */
/*
 * Buffers against PROT_NONE guard pages. Sanitizers do not instrument
 * assembly, so every buffer handed to a backend either ends exactly at an
 * inaccessible page (an overrun by one byte faults) or, on alternate inputs,
 * starts misalign bytes after one (an underrun faults). Each slot keeps its
 * mapping across inputs and grows it only when a larger size is asked for.
 * Under AddressSanitizer the unused rest of the mapping is poisoned too, so
 * C code is caught on both sides.
 */
#ifndef ZINC_FUZZ_GUARD_H
#define ZINC_FUZZ_GUARD_H

#include <stddef.h>
#include <stdint.h>

#include "fuzz/input.h"

enum { FUZZ_GUARD_SLOTS = 16 };

/* n bytes in slot (0 .. FUZZ_GUARD_SLOTS-1), placed as l says: ending at
 * the guard page after the slot (l->guard_start false; the start alignment
 * is then whatever n makes it), or starting l->misalign bytes after the
 * guard page before it. The previous buffer of the slot is invalidated; its
 * contents are unspecified. Aborts if memory cannot be mapped. */
uint8_t *fuzz_guard_buf(unsigned slot, size_t n, const struct fuzz_layout *l);

/* As fuzz_guard_buf, filled with a copy of src. */
uint8_t *fuzz_guard_copy(unsigned slot, const uint8_t *src, size_t n,
			 const struct fuzz_layout *l);

#endif
