#!/bin/bash
# SPDX-License-Identifier: MIT
# Constant-time check: every backend row valgrind can execute, the AEAD
# pairs and the public functions, with secrets marked undefined, under
# valgrind memcheck (ci/ct/ct.c says what is secret). A branch or memory
# address that depends on a secret fails the row, and valgrind prints where.
#
# The library and ci/ct/ct.c are compiled outside Bazel without sanitizers
# (sources.bzl's configuration ct: -O2 -gdwarf-4 -DZINC_CT), the sources
# taken from sources.bzl too. Valgrind has no
# AVX-512, so the runs use ZINC_CPU_DISABLE=avx512f,avx512vl,avx512ifma and
# those rows are listed as not checked. Exit 0 when every checked row is
# clean, 1 when one is not, 2 on a usage, install or build error.
set -u
ZINC_PROG=ct.sh
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<EOF
usage: ci/ct.sh [--quick] [--cc COMPILER]... [--plant NAME]

  --quick      a few length classes and cases, one compiler (what ci/test.sh
               runs); default: every length class 0..4096, every key size
               and case, with gcc and clang-19 (each can turn constant-time C
               into branches its own way)
  --cc CC      compile with CC (repeatable; replaces the default compilers)
  --plant NAME build with the planted constant-time bug NAME of sources.bzl's
               CT_PLANTED_BUGS (fuzz/planted/patches/NAME.patch, applied to a
               copy of the tree); the run must then fail
               on that bug's row: ci/ct.sh reports whether it did
EOF
}

quick=0
plant=
ccs=()
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) quick=1 ;;
	--cc) [ $# -ge 2 ] || zinc_die "--cc needs a compiler"
		ccs+=("$2"); shift ;;
	--plant) [ $# -ge 2 ] || zinc_die "--plant needs a planted bug's name"
		plant=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	*) usage >&2; zinc_die "unknown argument $1" ;;
	esac
	shift
done
if [ ${#ccs[@]} -eq 0 ]; then
	ccs=(gcc clang-19)
	[ "$quick" = 1 ] && ccs=(gcc)
fi
plant_row=
if [ -n "$plant" ]; then
	plant_row=$(zinc_list CT_PLANTED_BUGS | awk -v n="$plant" '$1 == n { print $2 }')
	[ -n "$plant_row" ] || zinc_die "--plant: unknown constant-time bug $plant (known: $(zinc_list CT_PLANTED_BUGS | cut -d' ' -f1 | tr '\n' ' '))"
fi

pkgs=(valgrind python3 libc6-dev)
for cc in "${ccs[@]}"; do
	case "$cc" in gcc) pkgs+=(gcc) ;; clang-19) pkgs+=(clang-19) ;; esac
done
zinc_need "${pkgs[@]}"
for cc in "${ccs[@]}"; do
	command -v "$cc" >/dev/null || zinc_die "compiler $cc not found"
done

mapfile -t srcs < <(zinc_list LIB_SRCS)
asm_arch=
if [ "$(uname -m)" = x86_64 ]; then
	asm_arch=x86_64
	mapfile -t asm < <(zinc_list ASM_SRCS x86_64)
	srcs+=("${asm[@]}")
fi
# From the top of the tree (or of the planted copy).
mapfile -t cflags < <(zinc_list cflags ct "$asm_arch" .)
mode=--full
[ "$quick" = 1 ] && mode=

tmp=$(mktemp -d "${TMPDIR:-/tmp}/zinc-ct.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# The sources are compiled from here: with --plant, a copy of the tree with
# the planted bug's patch, its debug information naming this tree's files.
src_root=$ZINC_ROOT map=()
if [ -n "$plant" ]; then
	zinc_planted_tree "$plant" "$tmp/tree" || exit 2
	src_root=$tmp/tree
	map=(-ffile-prefix-map="$src_root=$ZINC_ROOT")
fi
status=0
start=$(date +%s)
for cc in "${ccs[@]}"; do
	bin=$tmp/ct-$cc
	echo "== $cc ${cflags[*]}  (${#srcs[@]} library sources from sources.bzl${plant:+, with fuzz/planted/patches/$plant.patch})"
	if ! (cd "$src_root" && "$cc" "${cflags[@]}" "${map[@]}" -o "$bin" "${srcs[@]}" ci/ct/ct.c) >"$tmp/build.log" 2>&1; then
		cat "$tmp/build.log" >&2
		zinc_die "build with $cc failed"
	fi
	ZINC_CPU_DISABLE=avx512f,avx512vl,avx512ifma valgrind --tool=memcheck -q \
		--track-origins=yes --error-limit=no --num-callers=16 --read-var-info=yes \
		"$bin" $mode 2>&1 | tee "$tmp/run.log"
	code=${PIPESTATUS[0]}
	# Only a run that got to its summary line counts (valgrind may give up).
	grep -qE '^ct: [0-9]+ checked' "$tmp/run.log" || code=2
	case "$code" in
	0) ;;
	1) status=1 ;;
	*) echo "ct.sh: the check itself failed under valgrind ($cc, exit $code)"; exit 2 ;;
	esac
	if [ -n "$plant" ]; then
		# The planted row must fail; no row of another primitive may.
		if grep -qE "^FAIL +$plant_row " "$tmp/run.log" &&
			! grep -E '^FAIL ' "$tmp/run.log" | grep -v -- "${plant_row%%-*}-" |
				grep -v '^FAIL  *public API' | grep -q .; then
			echo "planted $plant caught ($cc): row $plant_row fails, rows of other primitives pass"
		else
			echo "planted $plant NOT caught as expected ($cc): row $plant_row should fail, and only rows of its primitive"
			exit 1
		fi
	fi
done
echo "ct.sh: ${#ccs[@]} compiler(s), $(($(date +%s) - start)) s"
if [ -n "$plant" ]; then
	exit 0
fi
exit $status
