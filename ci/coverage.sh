#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# ci/coverage.sh — what the fuzz corpus reaches in lib/, with clang's
# source-based coverage. Builds every target the way OSS-Fuzz's coverage
# build does (ci/oss-fuzz/build.sh, SANITIZER=coverage: -fprofile-instr-generate
# -fcoverage-mapping), with fuzz/standalone.c as the engine, runs every file
# of corpus/<target>/ (regressions included) through it three times — with
# every CPU feature; with ZINC_CPU_DISABLE=avx512f,avx512vl, so the public
# functions pick the mid-tier (AVX2 / SSSE3) rows and the feature-name parser
# runs; and with ZINC_CPU_DISABLE=all so they take their generic paths —
# merges the profiles and writes:
#
#   coverage-out/html/index.html  llvm-cov's annotated report (lib/ and fuzz/)
#   coverage-out/summary.txt      the table printed at the end: line, function
#                                 and branch coverage per file of lib/
#   coverage-out/uncovered.txt    every lib/ line the corpus does not reach
#
#   ci/coverage.sh [--out DIR] [TARGET...]      (default: all targets)
#
# Assembly is not instrumented: its rows run (and are compared) but only C
# lines are counted. Exit 0 when the report is written, 2 on a build error.
set -uo pipefail
ZINC_PROG=ci/coverage.sh
. "$(dirname "$0")/lib.sh"

out="$ZINC_ROOT/coverage-out" targets=()
while [ $# -gt 0 ]; do
	case "$1" in
	--out) [ $# -ge 2 ] || zinc_die "--out needs a folder"; out=$(realpath -m "$2"); shift ;;
	-h|--help) sed -n '3,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) zinc_die "unknown option $1" ;;
	*) targets+=("$1") ;;
	esac
	shift
done
all_targets=$(zinc_fuzz_targets) || zinc_die "cannot read sources.bzl"
[ ${#targets[@]} -eq 0 ] && mapfile -t targets <<<"$all_targets"
for t in "${targets[@]}"; do
	grep -qx "$t" <<<"$all_targets" || zinc_die "unknown target $t (one of: $(echo $all_targets))"
done

pkgs=(clang-19 llvm-19 python3 zip binutils libsodium-dev libssl-dev libb2-dev)
if declare -F zinc_install >/dev/null; then zinc_install "${pkgs[@]}"; else zinc_need "${pkgs[@]}"; fi ||
	zinc_die "cannot install ${pkgs[*]}"

rm -rf "$out"
mkdir -p "$out/src" "$out/work" "$out/bin" "$out/profiles" || zinc_die "cannot create $out"
# build.sh reads $SRC/zinc: point it at this checkout.
ln -s "$ZINC_ROOT" "$out/src/zinc"

# The engine: a plain main() that runs files and folders. The flags are
# sources.bzl's configuration coverage: its env_cflags are $CFLAGS.
# -fcoverage-prefix-map: the report names this checkout's files, not the link.
cflags="$(zinc_list CONFIGS coverage env_cflags | tr '\n' ' ')-fcoverage-prefix-map=$out/src/zinc=$ZINC_ROOT"
mapfile -t engine_flags < <(zinc_list cflags coverage "" "$ZINC_ROOT")
# shellcheck disable=SC2086  # $cflags is a list, as OSS-Fuzz's $CFLAGS is
clang-19 $cflags "${engine_flags[@]}" \
	-c "$ZINC_ROOT/fuzz/standalone.c" -o "$out/work/standalone.o" || zinc_die "cannot compile fuzz/standalone.c"

echo "== building the targets with source-based coverage (log: $out/build.log)"
if ! (cd "$ZINC_ROOT" && env -i PATH="$PATH" HOME="$HOME" LANG=C.UTF-8 \
	CC=clang-19 CXX=clang++-19 CFLAGS="$cflags" CXXFLAGS="$cflags" \
	LIB_FUZZING_ENGINE="$out/work/standalone.o" SANITIZER=coverage FUZZING_ENGINE=none \
	ARCHITECTURE=x86_64 SRC="$out/src" WORK="$out/work" OUT="$out/bin" \
	bash -eu "$ZINC_ROOT/ci/oss-fuzz/build.sh") >"$out/build.log" 2>&1; then
	tail -n 30 "$out/build.log" >&2
	zinc_die "build failed (log: $out/build.log)"
fi

echo "== running the corpus"
objects=()
for t in "${targets[@]}"; do
	bin="$out/bin/${t}_fuzzer"
	objects+=(-object "$bin")
	for mode in all-features no-avx512 generic; do
		case "$mode" in
		all-features) disable= ;;
		no-avx512) disable=avx512f,avx512vl ;;
		generic) disable=all ;;
		esac
		if ! env ZINC_CPU_DISABLE="$disable" LLVM_PROFILE_FILE="$out/profiles/$t-$mode-%p.profraw" \
			"$bin" "$ZINC_ROOT/corpus/$t" >"$out/$t-$mode.log" 2>&1; then
			tail -n 20 "$out/$t-$mode.log" >&2
			zinc_die "$t failed on its corpus ($mode; log: $out/$t-$mode.log)"
		fi
		printf '   %-18s %-13s %s\n' "$t" "$mode" "$(grep -m1 ' inputs' "$out/$t-$mode.log" | cut -c1-100)"
	done
done
llvm-profdata-19 merge -sparse "$out"/profiles/*.profraw -o "$out/zinc.profdata" ||
	zinc_die "llvm-profdata merge failed"

# The first binary is the positional one, the rest are -object.
cov=(-instr-profile="$out/zinc.profdata" "${objects[1]}" "${objects[@]:2}")
llvm-cov-19 show "${cov[@]}" -format=html -output-dir="$out/html" -show-branches=count \
	-show-line-counts-or-regions -project-title="zinc fuzz corpus" \
	"$ZINC_ROOT/lib" "$ZINC_ROOT/fuzz" >/dev/null 2>"$out/show.log" ||
	zinc_die "llvm-cov show failed (log: $out/show.log)"
llvm-cov-19 report "${cov[@]}" -show-region-summary=false -show-branch-summary \
	-show-instantiation-summary=false "$ZINC_ROOT/lib" 2>/dev/null |
	sed "s#$ZINC_ROOT/##; 1s/^Filename /lib\/     /" >"$out/summary.txt"

# Every lib/ line with a count of zero, as file:line: source.
llvm-cov-19 show "${cov[@]}" -format=text -show-line-counts "$ZINC_ROOT/lib" 2>/dev/null |
	awk -v root="$ZINC_ROOT/" '
		/^\/.*:$/ { file = substr($0, 1, length($0) - 1); sub(root, "", file); next }
		/^ *[0-9]+\| *0\|/ {
			n = index($0, "|"); line = substr($0, 1, n - 1) + 0
			rest = substr($0, n + 1); m = index(rest, "|")
			printf "%s:%d: %s\n", file, line, substr(rest, m + 1)
		}' >"$out/uncovered.txt"

echo
cat "$out/summary.txt"
echo
echo "$(wc -l <"$out/uncovered.txt") lib/ lines not reached: $out/uncovered.txt"
echo "HTML report: $out/html/index.html"
