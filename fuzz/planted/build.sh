#!/bin/sh
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
# The sources and defines come from sources.bzl (LIB_SRCS, FUZZ_DEFINES,
# and ASM_SRCS and ABI_CHECK_SRCS on x86-64).
set -eu
[ $# -eq 4 ] || { echo "usage: $0 standalone|libfuzzer|afl|afl-cmplog PLANT TARGET OUT" >&2; exit 2; }
mode=$1 plant=$2 target=$3 out=$4
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
case $out in /*) ;; *) out=$root/$out ;; esac
prefix_map=
if [ "$plant" != none ]; then
	tree=$(mktemp -d "${TMPDIR:-/tmp}/zinc-plant.XXXXXX")
	trap 'rm -rf "$tree"' EXIT
	bash -c '. "$1/ci/lib.sh" && zinc_planted_tree "$2" "$3"' - "$root" "$plant" "$tree" || exit 2
	cd "$tree"
	prefix_map=-ffile-prefix-map=$tree=$root
fi

srcs=$(python3 -c '
import platform
ns = {}
exec(open("sources.bzl").read(), ns)
s = [f for v in ns["LIB_SRCS"].values() for f in v]
if platform.machine() == "x86_64":
    s += ns["ASM_SRCS"]["x86_64"] + ns["ABI_CHECK_SRCS"]["x86_64"]
print(" ".join(s))')
defs=$(python3 -c '
ns = {}
exec(open("sources.bzl").read(), ns)
print(" ".join("-D" + d for d in ns["FUZZ_DEFINES"]))')
[ "$(uname -m)" = x86_64 ] && defs="$defs -DZINC_ASM_X86_64"
case $mode in
standalone) san=-fsanitize=address,undefined; main=fuzz/standalone.c ;;
libfuzzer) san=-fsanitize=fuzzer,address,undefined; main= ;;
afl|afl-cmplog)
	san=-fsanitize=address,undefined; main=/usr/lib/afl/libAFLDriver.a
	CC=afl-clang-fast; export AFL_QUIET=1
	[ "$mode" = afl ] || export AFL_LLVM_CMPLOG=1 ;;
*) echo "$0: mode is standalone, libfuzzer, afl or afl-cmplog" >&2; exit 2 ;;
esac
# shellcheck disable=SC2086
"${CC:-clang-19}" -std=gnu11 -O1 -g -fno-omit-frame-pointer $san $prefix_map \
	-fno-sanitize-recover=all $defs -I. -Iinclude -o "$out" \
	$srcs fuzz/"$target"_fuzzer.c fuzz/guard.c fuzz/input.c fuzz/report.c \
	-isystem /usr/include/nss -isystem /usr/include/nspr \
	fuzz/oracles/*.c $main -lsodium -lcrypto -lb2 -lnss3 -lnssutil3 -lnspr4
