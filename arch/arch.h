/* SPDX-License-Identifier: MIT */
/*
 * The one place that tells the architectures apart: the ladder below picks
 * the compiler's architecture (its predefined macros) and includes that
 * architecture's arch/<dir>/arch.h (sources.bzl ARCHS, "dir"), which says
 * everything else particular to it. C files and .S files both include this
 * header (the .S files through arch/abi-entry.h).
 *
 * Each arch/<dir>/arch.h defines, for C:
 *   ZINC_ARCH_NAME             the configuration's name (ARCHS key: "armhf")
 *   ZINC_ARCH_ABI_NAME         the calling convention, as reports print it
 *                              ("the AAPCS64 ABI")
 *   ZINC_ARCH_CPU_HEADER       where it detects CPU features: a header that
 *                              lib/common/cpu.c includes, defining
 *                              zinc_arch_detect() (and, with
 *                              ZINC_ARCH_HAS_DETECT_MODEL, a model's
 *                              zinc_arch_detect_model()); undefined: none
 *   ZINC_ARCH_CPUINFO_FLAGS    the /proc/cpuinfo line listing the features
 *                              by zinc's names (lib/common/cpu_test.c
 *                              compares); undefined: none to compare
 *   ZINC_ARCH_BORINGSSL_LIB    Debian's BoringSSL (android-libboringssl)
 *                              for the oracle; undefined where it has none
 *   ZINC_ARCH_ABI_CHECK_HEADER its ABI check (arch/<dir>/abi_check.h: the
 *                              trampoline's register block); undefined:
 *                              none
 *   ZINC_ARCH_ABI_CHECKED_TEST 1 when arch/<dir>/abi_checked_test.S holds
 *                              the entry points arch/abi_checked_test.c
 *                              calls (x86-64 has a test of its own)
 *   ZINC_ARCH_ASM              1 when the build has its assembly rows (its
 *                              sources.bzl ASM_DEFINES define is set)
 * and for the assembler (__ASSEMBLER__), where it has an ABI check:
 *   ZINC_ARCH_ABI_STUB         defined, with the assembler macros
 *   ZINC_ABI_STUB name         the checked entry point's stub: jumps to
 *                              zinc_abi_enter with its site
 *                              (arch/abi-entry.h)
 *   ZINC_ARCH_ABI_SITE_BODY    defined where it has its own
 *   ZINC_ABI_SITE_BODY name    the site's first word: the body's address as
 *                              a caller branches to it (without it,
 *                              arch/abi-entry.h's: the body's label)
 *
 * The header names are whole string literals, used as
 * #include ZINC_ARCH_CPU_HEADER: no path is pasted from tokens (in GNU C
 * "mips", "linux" and "unix" are predefined macros).
 *
 * Adding an architecture: its sources.bzl ARCHS entry, its folder
 * arch/<dir>/ with arch.h, and its line here. An architecture not in the
 * ladder builds as generic C: no features, no assembly, no ABI check, and
 * reports that name "the ABI".
 */
#ifndef ZINC_ARCH_ARCH_H
#define ZINC_ARCH_ARCH_H

#if defined(__x86_64__)
#include "x86_64/arch.h"
#elif defined(__aarch64__)
#include "arm64/arch.h"
#elif defined(__arm__)
#include "arm/arch.h"
#elif defined(__mips__) && defined(_ABIO32) && _MIPS_SIM == _ABIO32
#include "mips/arch.h"
#elif defined(__mips__) && defined(_ABI64) && _MIPS_SIM == _ABI64
#include "mips64/arch.h"
#elif defined(__s390x__)
#include "s390x/arch.h"
#endif

#ifndef ZINC_ARCH_NAME
#define ZINC_ARCH_NAME "generic"
#endif
#ifndef ZINC_ARCH_ABI_NAME
#define ZINC_ARCH_ABI_NAME "the ABI"
#endif

/* ZINC_ABI_CHECKED: the build checks its assembly entry points
 * (ZINC_ABI_CHECK, the architecture has an ABI check and its assembly is
 * in; arch/abi_check.c, arch/<dir>/abi-check.S's zinc_abi_enter). */
#if defined(ZINC_ABI_CHECK) && defined(ZINC_ARCH_ABI_CHECK_HEADER) && defined(ZINC_ARCH_ASM)
#define ZINC_ABI_CHECKED 1
#endif

#endif
