#!/bin/bash
# SPDX-License-Identifier: MIT
# Builds one fuzz target with one planted bug, outside Bazel, for the
# measurements in fuzz/planted/README.md:
#
#   fuzz/planted/build.sh standalone|libfuzzer|afl|afl-cmplog PLANT TARGET OUT
#
# afl and afl-cmplog build with afl-clang-fast (ASan + UBSan, AFL++'s
# libAFLDriver.a; afl-cmplog with AFL_LLVM_CMPLOG=1) for ci/fuzz.sh
# --continuous -e afl --plant.
# PLANT is a name from PLANTED_BUGS in sources.bzl (POLY1305_CARRY, ...) or "none".
# With a PLANT the program is compiled in a copy of the tree with its patch
# applied (ci/lib.sh's zinc_planted_tree), its debug information naming the
# files of this tree. OUT, when relative, is from the top of the tree.
# The sources and flags come from sources.bzl (LIB_SRCS, FUZZ_SRCS,
# ORACLE_SRCS, ASM_SRCS and ABI_CHECK_SRCS on x86-64; the configuration
# planted, and the oracle libraries' ORACLE_COPTS and ORACLE_LINKOPTS).
set -eu
[ $# -eq 4 ] || { echo "usage: $0 standalone|libfuzzer|afl|afl-cmplog PLANT TARGET OUT" >&2; exit 2; }
mode=$1 plant=$2 target=$3 out=$4
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=ci/lib.sh
. "$root/ci/lib.sh"
cd "$root"
case $out in /*) ;; *) out=$root/$out ;; esac
prefix_map=()
if [ "$plant" != none ]; then
	tree=$(mktemp -d "${TMPDIR:-/tmp}/zinc-plant.XXXXXX")
	trap 'rm -rf "$tree"' EXIT
	zinc_planted_tree "$plant" "$tree" || exit 2
	cd "$tree"
	prefix_map=(-ffile-prefix-map="$tree=$root")
fi

mapfile -t srcs < <(zinc_list LIB_SRCS)
asm_arch=
if [ "$(uname -m)" = x86_64 ]; then
	asm_arch=x86_64
	mapfile -t -O ${#srcs[@]} srcs < <(zinc_list ASM_SRCS x86_64; zinc_list ABI_CHECK_SRCS x86_64)
fi
mapfile -t cflags < <(zinc_list cflags planted "$asm_arch" .)
mapfile -t harness < <(zinc_list FUZZ_SRCS)
mapfile -t oracles < <(zinc_list ORACLE_SRCS)
mapfile -t oracle_copts < <(zinc_list ORACLE_COPTS)
mapfile -t oracle_libs < <(zinc_list ORACLE_LINKOPTS)
engine=() main=()
case $mode in
standalone) main=(fuzz/standalone.c) ;;
libfuzzer) engine=(-fsanitize=fuzzer) ;;
afl|afl-cmplog)
	main=(/usr/lib/afl/libAFLDriver.a)
	CC=afl-clang-fast; export AFL_QUIET=1
	[ "$mode" = afl ] || export AFL_LLVM_CMPLOG=1 ;;
*) echo "$0: mode is standalone, libfuzzer, afl or afl-cmplog" >&2; exit 2 ;;
esac
"${CC:-clang-19}" "${cflags[@]}" "${engine[@]}" "${prefix_map[@]}" -o "$out" \
	"${srcs[@]}" "fuzz/${target}_fuzzer.c" "${harness[@]}" \
	"${oracle_copts[@]}" "${oracles[@]}" "${main[@]}" "${oracle_libs[@]}"
