#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The detection-time benchmark of fuzz/planted/README.md (not a test): for
# every entry of PLANTED_BUGS in sources.bzl, builds the target's fuzzer with
# the planted bug (fuzz/planted/build.sh) and runs it RUNS times (seeds
# 1..RUNS) from an empty corpus and from a /tmp copy of corpus/TARGET/, each
# run bounded to SECONDS of fuzzing. Prints one line per run: bug, target,
# engine, corpus, seed, seconds (wall clock, start to the end of the run),
# execs, and "caught" when it ended with the harness's mismatch diagnosis,
# else "missed"; then a
# summary table: per bug and target, the seconds of each seed and their
# median, for each corpus ("-" for a run that did not catch it within
# SECONDS; a median of "-" when most did not).
#
#   fuzz/planted/measure.sh [-e libfuzzer|afl|afl-cmplog] [-c empty|seed|both]
#                           [RUNS [SECONDS [WORKDIR [BUG]]]]
#   fuzz/planted/measure.sh --summary WORKDIR/results.txt
#
# Defaults: libfuzzer, both, 3 runs, 300 s, /tmp/zinc-planted. With BUG,
# only the PLANTED_BUGS entries of that name. Runs go one at a time.
#
# libFuzzer runs with the flags ci/fuzz.sh gives the target (max_len and
# timeout from sources.bzl, fuzz/T.dict: zinc_libfuzzer_flags), -seed=S and
# -max_total_time=SECONDS.
# AFL++ (build.sh afl) runs one afl-fuzz, as ci/fuzz.sh -j 1 does, with the
# dictionary, -s S, -V SECONDS and AFL_BENCH_UNTIL_CRASH (afl-cmplog: with
# the CmpLog binary of build.sh afl-cmplog too, -c); its empty corpus is the
# one-byte input ci/fuzz.sh gives it, and a seed corpus one of whose inputs
# already shows the bug ends at afl-fuzz's dry run ("caught", the seconds
# those of the dry run). Every run is
# also killed SECONDS + 60 s after its start (timeout), so one input that
# hangs the target cannot hold up the table.
#
# Each run's line is appended to WORKDIR/results.txt; --summary prints the
# table of such a file (several engines, any number of runs).
set -u
engine=libfuzzer corpora="empty seed"
summary() {
	awk '
	function median(s,   a, n, i, j, t, c) {
		n = split(s, a, " ")
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
			if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
		c = 0
		for (i = 1; i <= n; i++) if (a[i] != "inf") c++
		if (c * 2 <= n) return "-"
		return a[int((n + 1) / 2)]
	}
	$1 == "bug" { next }
	{
		k = $1 " " $2 " " $3
		if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
		v = ($NF == "caught") ? $6 : "inf"
		if ($NF != "caught") shown[k, $4] = shown[k, $4] (shown[k, $4] == "" ? "" : ", ") "-"
		else shown[k, $4] = shown[k, $4] (shown[k, $4] == "" ? "" : ", ") $6
		vals[k, $4] = vals[k, $4] " " (v == "inf" ? "1e9" : v)
		miss[k, $4] += (v == "inf")
	}
	END {
		printf "| %s | %s | %s | %s | %s | %s | %s |\n", "NAME", "TARGET", "engine",
			"seed corpus: s, seeds 1..", "median", "empty corpus: s, seeds 1..", "median"
		print "|---|---|---|---|---|---|---|"
		for (i = 1; i <= nk; i++) {
			k = order[i]; split(k, f, " ")
			ms = median(vals[k, "seed"]); me = median(vals[k, "empty"])
			if (ms == "1e9") ms = "-"
			if (me == "1e9") me = "-"
			printf "| %s | %s | %s | %s | %s | %s | %s |\n", f[1], f[2], f[3],
				shown[k, "seed"], ms, shown[k, "empty"], me
		}
	}' "$1"
}
while [ $# -gt 0 ]; do
	case $1 in
	-e) engine=$2; shift 2 ;;
	-c) case $2 in both) corpora="empty seed" ;; empty|seed) corpora=$2 ;;
		*) echo "$0: -c empty, seed or both" >&2; exit 2 ;; esac; shift 2 ;;
	--summary) summary "$2"; exit ;;
	-*) echo "usage: $0 [-e libfuzzer|afl|afl-cmplog] [-c empty|seed|both] [RUNS [SECONDS [WORKDIR [BUG]]]]" >&2
		exit 2 ;;
	*) break ;;
	esac
done
case $engine in libfuzzer|afl|afl-cmplog) ;; *) echo "$0: -e libfuzzer, afl or afl-cmplog" >&2; exit 2 ;; esac
runs=${1:-3} limit=${2:-300} work=${3:-/tmp/zinc-planted} only=${4:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$work"
results=$work/results.txt
export ASAN_OPTIONS=handle_abort=0:detect_leaks=0
fmt='%-20s %-18s %-9s %-6s %4s %8s %9s %s\n'
# shellcheck disable=SC2059
printf "$fmt" bug target engine corpus seed seconds execs result
ZINC_ROOT=$root
. "$root/ci/lib.sh"
if [ "$engine" != libfuzzer ]; then
	export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1
	export AFL_NO_AFFINITY=1 AFL_BENCH_UNTIL_CRASH=1
	export ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0
	export UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0
fi
zinc_list PLANTED_BUGS | while read -r bug target _n; do
	[ -n "$bug" ] || continue
	[ -z "$only" ] || [ "$bug" = "$only" ] || continue
	bin=$work/${target}_plant_${bug}_$engine
	if [ "$engine" = libfuzzer ]; then
		"$root/fuzz/planted/build.sh" libfuzzer "$bug" "$target" "$bin" || exit 2
		mapfile -t flags < <(zinc_libfuzzer_flags "$target")
	else
		"$root/fuzz/planted/build.sh" afl "$bug" "$target" "$bin" || exit 2
		flags=()
		if [ "$engine" = afl-cmplog ]; then
			"$root/fuzz/planted/build.sh" afl-cmplog "$bug" "$target" "$bin-cmplog" || exit 2
			flags=(-c "$bin-cmplog")
		fi
		[ -f "$root/fuzz/$target.dict" ] && flags+=(-x "$root/fuzz/$target.dict")
	fi
	for corpus in $corpora; do
		for seed in $(seq 1 "$runs"); do
			dir=$work/corpus.$target.$bug.$engine.$corpus.$seed
			rm -rf "$dir" "$dir.art" "$dir.afl"
			mkdir -p "$dir" "$dir.art"
			[ "$corpus" = seed ] && [ -d "$root/corpus/$target" ] &&
				find "$root/corpus/$target" -type f ! -name .gitkeep ! -name 'README*' \
					-exec cp {} "$dir/" \;
			t0=$(date +%s.%N)
			if [ "$engine" = libfuzzer ]; then
				timeout -k 5 $((limit + 60)) "$bin" -seed="$seed" -max_total_time="$limit" \
					-print_final_stats=1 "${flags[@]}" -artifact_prefix="$dir.art/" "$dir" \
					</dev/null >"$dir.log" 2>&1
			else
				[ -n "$(find "$dir" -type f -size +0c -print -quit)" ] || printf '\0' >"$dir/zero"
				timeout -k 5 $((limit + 60)) afl-fuzz -i "$dir" -o "$dir.afl" -s "$seed" \
					-V "$limit" -m none -t 1000+ "${flags[@]}" -- "$bin" \
					</dev/null >"$dir.log" 2>&1
			fi
			t1=$(date +%s.%N)
			if [ "$engine" = libfuzzer ]; then
				execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir.log")
				[ -n "$execs" ] || execs=$(grep -a -o '#[0-9]*' "$dir.log" | tail -n 1 | tr -d '#')
				grep -a -q '^==== zinc fuzz MISMATCH ====$' "$dir.log" && result=caught || result=missed
			else
				execs=$(awk -F' *: *' '$1 == "execs_done" { print $2 + 0 }' "$dir.afl"/default/fuzzer_stats 2>/dev/null)
				result=missed
				crash=$(find "$dir.afl" -path '*/crashes/id:*' -type f 2>/dev/null | sort | head -n 1)
				# The first crash must be the diagnosis (not a timeout or another abort).
				[ -n "$crash" ] && ASAN_OPTIONS=handle_abort=0:detect_leaks=0 timeout 60 "$bin" "$crash" 2>&1 |
					grep -a -q '^==== zinc fuzz MISMATCH ====$' && result=caught
				grep -a -q -e 'results in a crash' -e 'crashed with one of the test cases' "$dir.log" && result=caught
			fi
			line=$(printf "$fmt" "$bug" "$target" "$engine" "$corpus" "$seed" \
				"$(printf '%.1f' "$(echo "$t1 - $t0" | bc)")" "${execs:-?}" "$result")
			echo "$line"
			echo "$line" >>"$results"
		done
	done
done
echo
summary "$results"
