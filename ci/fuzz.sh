#!/bin/bash
# SPDX-License-Identifier: MIT
# Runs a fuzzing campaign over zinc's fuzz targets (fuzz/README.md).
#
# Builds what is needed, copies corpus/<t>/ (with its regressions) to a run
# folder fuzz-out/<time>/<t>/, fuzzes each target for a while, -j targets at
# a time, shows a status line per target (in place on a terminal, periodic
# lines otherwise) and ends with a summary table and, for each crash, its
# path and the ci/reproduce.sh command. The checked-in corpus is only
# written with --merge. Exit 0 when nothing crashed, 1 when something did,
# 2 on a usage or build error.
#
# --continuous instead fuzzes from a persistent work folder that later runs
# resume from, goes on after crashes, files them by signature and keeps a
# status file and an HTML report (ci/continuous.py does the bookkeeping).
set -u
ZINC_PROG=fuzz.sh
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<EOF
usage: ci/fuzz.sh [-t SECONDS] [-j JOBS] [-e libfuzzer|afl] [-s asan|msan]
                  [--arch ARCH] [--list] [--merge] [TARGET...]
       ci/fuzz.sh --continuous [-t SECONDS] [-j JOBS] [-e libfuzzer|afl]
                  [-s asan|msan] [-w DIR]
                  [--merge-every SECONDS] [--minimize-time SECONDS]
                  [--plant NAME] [--merge] [TARGET...]

  -t SECONDS   fuzzing time per target (default 30)
  -j JOBS      processes at a time (default: number of CPUs). libFuzzer: one
               per target. AFL++: with -j >= 2 each target runs a main
               instance plus a CmpLog secondary, -j/2 targets at a time.
  -e ENGINE    libfuzzer (default) or afl (AFL++, afl-clang-fast)
  -s SANITIZER asan (default: ASan + UBSan) or msan (libFuzzer only: generic
               C only, assembly and oracle libraries compiled out)
  --arch ARCH  x86_64 (default) or another of ARCHS in sources.bzl:
               $(zinc_list ARCHS | tr '\n' ' ')
               built by Bazel (--config=ARCH, UBSan in trap mode) and run
               under qemu-user: libFuzzer built with clang-19
               --target=<triple> where clang has its runtime for the
               architecture (arm64, armhf, s390x), else each
               target's standalone driver in its seeded random mode for
               the time, not coverage-guided (no ASan or AFL++ under qemu)
  --list       print, for each target, every backend (usable or not on this
               CPU) and every oracle it compares; no fuzzing
  --merge      afterwards, merge inputs that add coverage into corpus/<t>/
  TARGET...    some of: $(zinc_fuzz_targets | tr '\n' ' ')(default: all)

Output goes to fuzz-out/<time>/ (or \$ZINC_FUZZ_OUT).

Continuous mode (Ctrl-C or SIGTERM stops it cleanly):
  --continuous fuzz from the work folder's corpora, which every later run
               resumes from; keep going after crashes (libFuzzer -fork with
               crashes, OOMs and timeouts ignored; the -j workers are shared
               out over the targets, at least one each); without -t, until
               stopped. With -e afl: per target an AFL++ main instance and,
               on its further workers, CmpLog secondaries, resuming their
               queues (WORK/<t>/afl/) with AFL++'s own resume; the libFuzzer
               build merges, reproduces and minimises. Crashes are filed by
               signature (the diagnosis's target, what and impls, or the
               sanitizer's report type and top frames), one minimised
               testcase each, with its count and first and last time seen.
               status.json and report.html are written beside the work
               folder while it runs.
  -e afl       (continuous) the merges, at each start and every
               --merge-every, fold the AFL++ queues into the work corpus,
               which either engine resumes from; after a periodic merge
               AFL++ starts again from the minimised corpus.
  -w DIR       work folder (default fuzz-out/work, or fuzz-out/plant-NAME/work)
  --merge-every SECONDS  minimise the corpora with -merge=1 this often
               (default 3600; always at the start of a run)
  --minimize-time SECONDS  libFuzzer -minimize_crash time for each new
               signature's testcase (default 60; 0: keep it as found)
  --plant NAME build with the planted bug NAME of sources.bzl's PLANTED_BUGS
               (fuzz/planted/README.md), to see the machinery work
EOF
}

secs=30
jobs=$(nproc 2>/dev/null || echo 1)
engine=libfuzzer
san=asan
arch=x86_64
list=0
merge=0
continuous=0
work=
merge_every=3600
minimize_time=60
plant=
targets=()
while [ $# -gt 0 ]; do
	case "$1" in
	-t) [ $# -ge 2 ] || zinc_die "-t needs a number of seconds"
		secs=$2 secs_given=$2; shift ;;
	-j) [ $# -ge 2 ] || zinc_die "-j needs a number of jobs"
		jobs=$2; shift ;;
	-e) [ $# -ge 2 ] || zinc_die "-e needs libfuzzer or afl"
		engine=$2; shift ;;
	-s) [ $# -ge 2 ] || zinc_die "-s needs asan or msan"
		san=$2; shift ;;
	--arch) [ $# -ge 2 ] || zinc_die "--arch needs an architecture of ARCHS (sources.bzl)"
		arch=$2; shift ;;
	--list) list=1 ;;
	--merge) merge=1 ;;
	--continuous) continuous=1 ;;
	-w) [ $# -ge 2 ] || zinc_die "-w needs a folder"
		work=$2; shift ;;
	--merge-every) [ $# -ge 2 ] || zinc_die "--merge-every needs a number of seconds"
		merge_every=$2; shift ;;
	--minimize-time) [ $# -ge 2 ] || zinc_die "--minimize-time needs a number of seconds"
		minimize_time=$2; shift ;;
	--plant) [ $# -ge 2 ] || zinc_die "--plant needs a planted bug's name"
		plant=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	--) shift; targets+=("$@"); break ;;
	-*) usage >&2; zinc_die "unknown option $1" ;;
	*) targets+=("$1") ;;
	esac
	shift
done
if [ "$continuous" = 1 ]; then
	secs_given=${secs_given:-0}
	[[ "$merge_every" =~ ^[0-9]+$ ]] || zinc_die "--merge-every: not a number: $merge_every"
	[[ "$minimize_time" =~ ^[0-9]+$ ]] || zinc_die "--minimize-time: not a number: $minimize_time"
	if [ -n "$plant" ]; then
		zinc_list PLANTED_BUGS | cut -d' ' -f1 | grep -qx -- "$plant" ||
			zinc_die "--plant: unknown planted bug $plant (known: $(zinc_list PLANTED_BUGS | cut -d' ' -f1 | sort -u | tr '\n' ' '))"
		[ "$san" = asan ] || zinc_die "--plant builds with ASan + UBSan only"
	fi
else
	for o in "$work" "$plant"; do
		[ -z "$o" ] || zinc_die "-w and --plant need --continuous"
	done
fi
if ! [[ "$secs" =~ ^[0-9]+$ ]] || [ "$secs" -eq 0 ]; then zinc_die "-t: not a positive number: $secs"; fi
if ! [[ "$jobs" =~ ^[0-9]+$ ]] || [ "$jobs" -eq 0 ]; then zinc_die "-j: not a positive number: $jobs"; fi
case "$engine" in libfuzzer|afl) ;; *) zinc_die "-e: unknown engine $engine (libfuzzer or afl)" ;; esac
case "$san" in asan|msan) ;; *) zinc_die "-s: unknown sanitizer $san (asan or msan)" ;; esac
[ "$engine" = afl ] && [ "$san" = msan ] && zinc_die "-s msan works with -e libfuzzer only"
zinc_is_arch "$arch" || zinc_die "--arch: unknown architecture $arch ($(zinc_list ARCHS | tr '\n' ' '))"
if [ "$arch" != x86_64 ]; then
	[ "$continuous" = 1 ] && zinc_die "--continuous runs the x86-64 build only (not --arch $arch)"
	[ "$engine" = libfuzzer ] ||
		zinc_die "--arch $arch runs under qemu-user: Debian's afl++ 4.04c has no QEMU mode (no afl-qemu-trace)"
	[ "$san" = asan ] || zinc_die "--arch $arch has one build (UBSan; no ASan or MSan under qemu-user)"
	[ "$merge" = 1 ] && zinc_die "--merge needs the x86-64 libFuzzer build (not --arch $arch)"
fi
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(zinc_fuzz_targets)
for t in "${targets[@]}"; do
	zinc_is_target "$t" || zinc_die "unknown target $t (targets: $(zinc_fuzz_targets | tr '\n' ' '))"
done

zinc_need "${ZINC_BUILD_PACKAGES[@]}"
[ "$engine" = afl ] && zinc_need afl++

run="${ZINC_FUZZ_OUT:-$ZINC_ROOT/fuzz-out}/$(date +%Y%m%d-%H%M%S)"
[ -e "$run" ] && run="$run-$$"
mkdir -p "$run" || zinc_die "cannot create $run"

# Another architecture: the standalone drivers, built by Bazel for it and
# run under qemu-user, each with seeded random inputs for the time (a
# calibration run of 50 inputs sets the count).
arch_random() {
	local t w n secs_each eps status=0 seed t0 now took crashes execs
	echo "$arch: the standalone driver's seeded random mode under qemu-user, not coverage-guided"
	printf '%-18s %-14s %7s %12s %9s %7s %7s\n' target engine seconds execs exec/s corpus crashes
	for t in "${targets[@]}"; do
		w=$abin/${t}_standalone
		seed=$(date +%s)
		# Batches of about a tenth of the time each (sized by a 50-input
		# run, qemu's start-up included), each with the next seed, until
		# the time is spent or one finds a mismatch.
		secs_each=$( { TIMEFORMAT=%R; time "$w" --random 50 --seed "$seed" >/dev/null 2>&1; } 2>&1)
		n=$(awk -v s="$secs_each" -v t="$secs" 'BEGIN { e = (s > 0) ? 50 / s : 50; n = int(e * t / 10); print (n < 50) ? 50 : n }')
		t0=$(date +%s%N) execs=0 crashes=0
		while :; do
			seed=$((seed + 1))
			if ! "$w" --random "$n" --seed "$seed" >"$run/$t.log" 2>&1; then
				crashes=1
				break
			fi
			execs=$((execs + n))
			now=$(date +%s%N)
			[ $(((now - t0) / 1000000000)) -ge "$secs" ] && break
		done
		took=$(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')
		eps=$(awk -v n="$execs" -v s="$took" 'BEGIN { printf "%d", (s > 0) ? n / s : n }')
		printf '%-18s %-14s %7s %12s %9s %7s %7s\n' "$t" standalone-rnd "$took" "$execs" "$eps" - "$crashes"
		if [ "$crashes" = 1 ]; then
			status=1
			echo "  $t: a mismatch; reproduce: $w --random $n --seed $seed (log: $run/$t.log)"
		fi
	done
	exit $status
}
mapfile -t standalones < <(printf '//fuzz:%s_standalone\n' "${targets[@]}")
mapfile -t fuzzers < <(printf '//fuzz:%s_fuzzer\n' "${targets[@]}")

# Another architecture: libFuzzer under qemu-user where clang has its
# runtime there (ARCHS' libfuzzer), else the standalone drivers' random
# mode (arch_random).
# libFuzzer's RSS limit and per-input timeout are off: the watchdog thread
# behind them hangs the fuzzer under qemu-user.
run_under=() arch_flags=() reproduce_arch=
if [ "$arch" != x86_64 ]; then
	reproduce_arch="--arch $arch "
	if [ "$list" = 1 ] || [ "$(zinc_list ARCHS "$arch" libfuzzer)" != True ]; then
		echo "building for $arch (bazel --config=$arch) ... log: $run/build.log"
		abin=$(zinc_arch_standalones "$run/build.log" "$arch" "${targets[@]}") || exit 2
		if [ "$list" = 1 ]; then
			for t in "${targets[@]}"; do
				echo "== $t ($arch, under qemu)"
				"$abin/${t}_standalone" --list || zinc_die "$t: --list failed"
			done
			exit 0
		fi
		echo "$arch: clang-19 has no libFuzzer runtime for it (sources.bzl's ARCHS: libfuzzer)"
		arch_random
	fi
	zinc_arch_install "$arch" libfuzzer >>"$run/build.log" 2>&1 ||
		zinc_die "cannot install what libFuzzer for $arch needs (log: $run/build.log)"
	san_configs=(--config="$arch" --compiler=clang --config=libfuzzer //toolchain:qemu_"$arch")
	arch_flags=(-rss_limit_mb=0 -timeout=0)
	echo "$arch: libFuzzer (clang-19 --target=$(zinc_list ARCHS "$arch" triple), UBSan in trap mode) under qemu-user; -rss_limit_mb=0 -timeout=0 (libFuzzer's watchdog hangs under qemu-user)"
fi

if [ "$list" = 1 ]; then
	bin=$(zinc_build "$run/build.log" --config=asan "${standalones[@]}") || exit 2
	for t in "${targets[@]}"; do
		echo "== $t"
		"$bin/fuzz/${t}_standalone" --list || zinc_die "$t: --list failed"
	done
	rm -rf "$run"
	exit 0
fi

# Builds.
[ "$arch" = x86_64 ] && san_configs=(--config=asan --config=libfuzzer)
if [ "$san" = msan ]; then
	echo "MemorySanitizer build: generic C only; assembly and the oracle libraries (libsodium, OpenSSL, libb2) are compiled out (-DZINC_NO_ORACLES)"
	san_configs=(--config=msan-libfuzzer)
fi

# libFuzzer flags from sources.bzl (libfuzzer_options: max_len, timeout) and
# fuzz/<t>.dict (ci/lib.sh; fuzz/planted/measure.sh uses the same).
libfuzzer_flags() { zinc_libfuzzer_flags "$1"; }

if [ "$continuous" = 1 ]; then
	rmdir "$run"
	out=${ZINC_FUZZ_OUT:-$ZINC_ROOT/fuzz-out}
	build=normal
	[ -n "$plant" ] && build=plant:$plant
	if [ -z "$work" ]; then
		work=$out/work
		[ -n "$plant" ] && work=$out/plant-$plant/work
	fi
	mkdir -p "$work" 2>/dev/null || zinc_die "cannot create the work folder $work"
	work=$(cd "$work" && pwd)
	[ -w "$work" ] || zinc_die "the work folder $work is not writable"
	[ -w "${work%/*}" ] || zinc_die "cannot write status.json and report.html beside the work folder: ${work%/*} is not writable"
	build_args=(--root "$ZINC_ROOT" --work "$work" --build "$build")
	python3 "$ZINC_ROOT/ci/continuous.py" "${build_args[@]}" --check || exit 2
	log=$(mktemp "${TMPDIR:-/tmp}/zinc-fuzz-build.XXXXXX")
	args=(--engine "$engine")
	# The libFuzzer build always (it merges, reproduces and minimises);
	# with -e afl the AFL++ build, and its CmpLog build when a target gets
	# a second worker (-j above the number of targets).
	modes=(libfuzzer)
	declare -A opt=([libfuzzer]=--target [afl]=--afl [afl-cmplog]=--cmplog)
	if [ "$engine" = afl ]; then
		modes+=(afl)
		[ "$jobs" -gt "${#targets[@]}" ] && modes+=(afl-cmplog)
	fi
	if [ -n "$plant" ]; then
		bdir=$out/plant-build/$plant
		mkdir -p "$bdir" || zinc_die "cannot create $bdir"
		echo "building with the planted bug $plant (fuzz/planted/build.sh ${modes[*]}) ... log: $log"
		for m in "${modes[@]}"; do
			for t in "${targets[@]}"; do
				b=$bdir/${t}_fuzzer
				[ "$m" = libfuzzer ] || b=$b-$m
				# Rebuilt when a source is newer than the binary.
				[ -x "$b" ] && [ -z "$(cd "$ZINC_ROOT" && find lib arch fuzz include sources.bzl \
					-newer "$b" -print -quit)" ] ||
				{ "$ZINC_ROOT/fuzz/planted/build.sh" "$m" "$plant" "$t" "$b.new" >>"$log" 2>&1 &&
					mv "$b.new" "$b"; } ||
					{ tail -n 20 "$log" >&2; zinc_die "$t: $m build with $plant failed (log: $log)"; }
				args+=("${opt[$m]}" "$t" "$b")
			done
		done
	else
		echo "building (${modes[*]}, $san) ... log: $log"
		lbin=$(zinc_build "$log" "${san_configs[@]}" "${fuzzers[@]}") || exit 2
		for t in "${targets[@]}"; do args+=(--target "$t" "$lbin/fuzz/${t}_fuzzer"); done
		for m in "${modes[@]:1}"; do
			abin=$(zinc_build "$log" --afl --config="$m" "${fuzzers[@]}") || exit 2
			for t in "${targets[@]}"; do args+=("${opt[$m]}" "$t" "$abin/fuzz/${t}_fuzzer"); done
		done
	fi
	rm -f "$log"
	for t in "${targets[@]}"; do
		while read -r f; do args+=(--flag "$t:$f"); done < <(libfuzzer_flags "$t")
	done
	[ "$merge" = 1 ] && args+=(--merge-back)
	exec python3 "$ZINC_ROOT/ci/continuous.py" "${build_args[@]}" --time "$secs_given" --jobs "$jobs" --merge-every "$merge_every" \
		--minimize-time "$minimize_time" "${args[@]}"
fi
echo "building ($engine, $san) ... log: $run/build.log"
if [ "$engine" = libfuzzer ] || [ "$merge" = 1 ]; then
	lbin=$(zinc_build "$run/build.log" "${san_configs[@]}" "${fuzzers[@]}") || exit 2
	[ "$arch" = x86_64 ] || run_under=("$lbin/toolchain/qemu_$arch.sh")
fi
if [ "$engine" = afl ]; then
	abin=$(zinc_build "$run/build.log" --afl --config=afl "${fuzzers[@]}") || exit 2
	if [ "$jobs" -ge 2 ]; then
		cbin=$(zinc_build "$run/build.log" --afl --config=afl-cmplog "${fuzzers[@]}") || exit 2
	fi
	export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1
	export AFL_NO_AFFINITY=1
	# afl-fuzz insists on these for sanitizer builds.
	export ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0
	export UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0
fi

declare -A pids start stop rc
per=1
[ "$engine" = afl ] && [ "$jobs" -ge 2 ] && per=2
slots=$((jobs / per))
[ "$slots" -ge 1 ] || slots=1

start_target() {
	local t=$1 d="$run/$1" f
	mkdir -p "$d/corpus" "$d/crashes"
	find "$ZINC_ROOT/corpus/$t" -type f ! -name .gitkeep ! -name 'README*' \
		-exec cp {} "$d/corpus/" \; 2>/dev/null
	start[$t]=$(date +%s)
	if [ "$engine" = libfuzzer ]; then
		mapfile -t f < <(libfuzzer_flags "$t")
		(cd "$d" && exec "${run_under[@]}" "$lbin/fuzz/${t}_fuzzer" -max_total_time="$secs" \
			-print_final_stats=1 -artifact_prefix="$d/crashes/" "${f[@]}" "${arch_flags[@]}" \
			"$d/corpus") >"$d/fuzz.log" 2>&1 &
		pids[$t]=$!
	else
		# afl-fuzz wants at least one non-empty seed.
		[ -n "$(find "$d/corpus" -type f -size +0c -print -quit)" ] ||
			printf '\0' >"$d/corpus/zero"
		f=()
		[ -f "$ZINC_ROOT/fuzz/$t.dict" ] && f=(-x "$ZINC_ROOT/fuzz/$t.dict")
		afl-fuzz -i "$d/corpus" -o "$d/afl" -M main -V "$secs" -m none \
			-t 1000+ "${f[@]}" -- "$abin/fuzz/${t}_fuzzer" >"$d/afl-main.log" 2>&1 &
		pids[$t]=$!
		if [ "$per" = 2 ]; then
			afl-fuzz -i "$d/corpus" -o "$d/afl" -S cmplog -c "$cbin/fuzz/${t}_fuzzer" \
				-V "$secs" -m none -t 1000+ "${f[@]}" -- "$abin/fuzz/${t}_fuzzer" \
				>"$d/afl-cmplog.log" 2>&1 &
			pids[$t]="${pids[$t]} $!"
		fi
	fi
}

# Crash testcases of a target, one path a line.
crash_files() {
	local d="$run/$1"
	if [ "$engine" = libfuzzer ]; then
		find "$d/crashes" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' \
			-o -name 'oom-*' \) 2>/dev/null | sort
	else
		find "$d/afl" -path '*/crashes/id:*' -type f 2>/dev/null | sort
	fi
}

# Sets s_secs s_execs s_eps s_cov s_corp s_crashes for target $1.
stats() {
	local t=$1 d="$run/$1" now line f
	now=$(date +%s)
	s_secs=0 s_execs=0 s_eps=0 s_cov=- s_corp=0
	[ -n "${start[$t]:-}" ] && s_secs=$(( ${stop[$t]:-$now} - start[$t] ))
	if [ "$engine" = libfuzzer ]; then
		if [ -f "$d/fuzz.log" ]; then
			line=$(grep -a '^#[0-9]' "$d/fuzz.log" | tail -n 1)
			if [ -n "$line" ]; then
				s_execs=$(sed 's/^#\([0-9]*\).*/\1/' <<<"$line")
				s_cov=$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<<"$line")
				s_eps=$(sed -n 's/.*exec\/s: \([0-9]*\).*/\1/p' <<<"$line")
				s_corp=$(sed -n 's/.*corp: \([0-9]*\).*/\1/p' <<<"$line")
			fi
			f=$(sed -n 's/^stat::number_of_executed_units: *//p' "$d/fuzz.log" | tail -n 1)
			[ -n "$f" ] && s_execs=$f
			f=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$d/fuzz.log" | tail -n 1)
			[ -n "$f" ] && s_eps=$f
		fi
		# libFuzzer's own count once it has one, else the seeds.
		[ "${s_corp:-0}" -gt 0 ] || s_corp=$(find "$d/corpus" -type f 2>/dev/null | wc -l)
	else
		local e=0
		for f in "$d"/afl/*/fuzzer_stats; do
			[ -f "$f" ] || continue
			e=$((e + $(awk -F' *: *' '$1 == "execs_done" { print $2 + 0 }' "$f")))
		done
		s_execs=$e
		f="$d/afl/main/fuzzer_stats"
		[ -f "$f" ] && s_cov=$(awk -F' *: *' '$1 == "bitmap_cvg" { print $2 }' "$f")
		s_corp=$(find "$d/afl/main/queue" -maxdepth 1 -type f -name 'id:*' 2>/dev/null | wc -l)
		# Before afl-fuzz has a queue, the seeds.
		[ "$s_corp" -gt 0 ] || s_corp=$(find "$d/corpus" -type f | wc -l)
	fi
	s_crashes=$(crash_files "$t" | wc -l)
	[ "$s_eps" -gt 0 ] 2>/dev/null || [ "$s_secs" -le 0 ] || s_eps=$((s_execs / s_secs))
}

state() {
	local t=$1
	if [ -z "${start[$t]:-}" ]; then echo waiting
	elif [ -z "${stop[$t]:-}" ]; then echo running
	elif [ "$s_crashes" -gt 0 ]; then echo CRASHED
	elif [ "${rc[$t]}" != 0 ]; then echo FAILED
	else echo "done"
	fi
}

status_line() {
	stats "$1"
	printf '%-18s %-8s %4ss/%ss  execs %-10s %7s exec/s  cov: %-7s corpus %-5s crashes %s' \
		"$1" "$(state "$1")" "$s_secs" "$secs" "$s_execs" "$s_eps" "$s_cov" "$s_corp" "$s_crashes"
}

tty=0
[ -t 1 ] && tty=1
interval=${ZINC_STATUS_INTERVAL:-10}
drawn=0
draw() {
	local t
	[ "$drawn" -gt 0 ] && printf '\033[%dA' "$drawn"
	for t in "${targets[@]}"; do
		printf '\r\033[2K%s\n' "$(status_line "$t")"
	done
	drawn=${#targets[@]}
}

stop_all() {
	local t p
	for t in "${targets[@]}"; do
		[ -n "${start[$t]:-}" ] && [ -z "${stop[$t]:-}" ] || continue
		for p in ${pids[$t]}; do kill "$p" 2>/dev/null; done
	done
}
trap 'stop_all; echo; echo "interrupted"; exit 2' INT TERM

echo "run folder: ${run#"$ZINC_ROOT"/}  ($engine, $san, ${secs}s per target, $slots at a time)"
pending=("${targets[@]}")
running=0
last=0
while [ ${#pending[@]} -gt 0 ] || [ "$running" -gt 0 ]; do
	while [ ${#pending[@]} -gt 0 ] && [ "$running" -lt "$slots" ]; do
		start_target "${pending[0]}"
		[ "$tty" = 1 ] || echo "$(status_line "${pending[0]}")"
		pending=("${pending[@]:1}")
		running=$((running + 1))
	done
	sleep 1
	now=$(date +%s)
	for t in "${targets[@]}"; do
		[ -n "${start[$t]:-}" ] && [ -z "${stop[$t]:-}" ] || continue
		alive=0
		for p in ${pids[$t]}; do kill -0 "$p" 2>/dev/null && alive=1; done
		# A watchdog in case an engine ignores its time limit.
		if [ "$alive" = 1 ] && [ $((now - start[$t])) -gt $((secs + 120)) ]; then
			for p in ${pids[$t]}; do kill "$p" 2>/dev/null; done
		fi
		[ "$alive" = 1 ] && continue
		code=0
		for p in ${pids[$t]}; do wait "$p" || code=$?; done
		stop[$t]=$now rc[$t]=$code
		running=$((running - 1))
		[ "$tty" = 1 ] || echo "$(status_line "$t")"
	done
	if [ "$tty" = 1 ]; then
		draw
	elif [ $((now - last)) -ge "$interval" ]; then
		last=$now
		for t in "${targets[@]}"; do
			[ -n "${start[$t]:-}" ] && [ -z "${stop[$t]:-}" ] && echo "$(status_line "$t")"
		done
	fi
done
trap - INT TERM

# Summary.
status=0
label=$engine
[ "$san" = msan ] && label=libfuzzer+msan
echo
printf '%-18s %-14s %7s %12s %9s %7s %7s\n' target engine seconds execs exec/s corpus crashes
for t in "${targets[@]}"; do
	stats "$t"
	printf '%-18s %-14s %7s %12s %9s %7s %7s\n' "$t" "$label" "$s_secs" "$s_execs" \
		"$s_eps" "$s_corp" "$s_crashes"
done
for t in "${targets[@]}"; do
	mapfile -t c < <(crash_files "$t")
	if [ ${#c[@]} -gt 0 ]; then
		status=1
		echo
		echo "$t: ${#c[@]} crash(es)"
		for f in "${c[@]}"; do
			rel=${f#"$ZINC_ROOT"/}
			echo "  $rel"
			a=$reproduce_arch
			if [[ "$rel" =~ ^[A-Za-z0-9_./:,+=-]+$ ]]; then
				echo "    ci/reproduce.sh $a$rel"
			else
				printf '    ci/reproduce.sh %s%q\n' "$a" "$rel"
			fi
		done
	elif [ "${rc[$t]}" != 0 ]; then
		status=1
		log="$run/$t/fuzz.log"
		[ "$engine" = afl ] && log="$run/$t/afl-main.log"
		echo
		echo "$t: the fuzzer exited with status ${rc[$t]} and left no testcase; log: ${log#"$ZINC_ROOT"/}"
		grep -a -m 5 -E 'ERROR|PROGRAM ABORT|FATAL|SUMMARY' "$log" | sed 's/^/    /'
	fi
done

if [ "$merge" = 1 ]; then
	echo
	for t in "${targets[@]}"; do
		if [ "$engine" = libfuzzer ]; then
			src=("$run/$t/corpus")
		else
			src=("$run/$t"/afl/*/queue)
		fi
		"$lbin/fuzz/${t}_fuzzer" -merge=1 "$ZINC_ROOT/corpus/$t" "${src[@]}" \
			>"$run/$t/merge.log" 2>&1 || { echo "$t: merge failed (log: $run/$t/merge.log)"; status=1; continue; }
		echo "$t: $(grep -a -o 'MERGE-OUTER: [0-9]* new files.*' "$run/$t/merge.log" | tail -n 1) -> corpus/$t/"
	done
fi
echo
echo "logs and working corpora: ${run#"$ZINC_ROOT"/}"
exit $status
