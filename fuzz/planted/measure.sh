#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The libFuzzer benchmark of fuzz/planted/README.md (not a test): for every
# entry of PLANTED_BUGS in sources.bzl, builds the target's libFuzzer binary with
# the planted bug and runs it RUNS times (-seed=1..RUNS) on an empty corpus
# and on a /tmp copy of corpus/TARGET/, each run bounded by -max_total_time.
# Prints one line per run: bug, target, corpus, seed, seconds (wall clock,
# start to the abort), execs, and whether it crashed with the diagnosis.
#
#   fuzz/planted/measure.sh [RUNS [SECONDS [WORKDIR [BUG]]]]
#
# With BUG, only the PLANTED_BUGS entries of that name.
set -u
runs=${1:-3} limit=${2:-300} work=${3:-/tmp/zinc-planted} only=${4:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$work"
export ASAN_OPTIONS=handle_abort=0:detect_leaks=0
printf '%-18s %-18s %-6s %4s %8s %9s %s\n' bug target corpus seed seconds execs result
ZINC_ROOT=$root
. "$root/ci/lib.sh"
zinc_list PLANTED_BUGS | while read -r bug target _n; do
	[ -n "$bug" ] || continue
	[ -z "$only" ] || [ "$bug" = "$only" ] || continue
	bin=$work/${target}_plant_$bug
	"$root/fuzz/planted/build.sh" libfuzzer "$bug" "$target" "$bin" || exit 2
	for corpus in empty seed; do
		for seed in $(seq 1 "$runs"); do
			dir=$work/corpus.$target.$bug.$corpus.$seed
			rm -rf "$dir" "$dir.art"
			mkdir -p "$dir" "$dir.art"
			[ "$corpus" = seed ] && [ -d "$root/corpus/$target" ] &&
				cp -r "$root/corpus/$target/." "$dir/"
			t0=$(date +%s.%N)
			"$bin" -seed="$seed" -max_total_time="$limit" -print_final_stats=1 \
				-artifact_prefix="$dir.art/" "$dir" </dev/null >"$dir.log" 2>&1
			t1=$(date +%s.%N)
			execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir.log")
			[ -n "$execs" ] || execs=$(grep -o '#[0-9]*' "$dir.log" | tail -n 1 | tr -d '#')
			if grep -q '^==== zinc fuzz MISMATCH ====$' "$dir.log"; then
				result=caught
			else
				result="not caught"
			fi
			printf '%-18s %-18s %-6s %4s %8.1f %9s %s\n' "$bug" "$target" \
				"$corpus" "$seed" "$(echo "$t1 - $t0" | bc)" "${execs:-?}" "$result"
		done
	done
done
