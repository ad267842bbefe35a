#!/usr/bin/env bash
# ci/test.sh — zinc's tests on a fresh Debian 12 machine, in three tiers.
# Each installs what it is missing and ends with "N passed, M failed".
#
#   ci/test.sh --quick   the maintainer's loop (a few minutes warm): the
#                        ASan+UBSan `bazel test //...` of the host: unit
#                        tests, known-answer vectors under every CPU-feature
#                        subset, dispatch and ABI checks, corpus replays,
#                        seeded random inputs of every fuzz target and the
#                        planted bugs of the host's rows.
#   ci/test.sh           the gate CI runs (budget: 40 minutes on 2 cores from
#                        a fresh machine): --quick, then ThreadSanitizer, a
#                        gcc build, every other architecture of ARCHS
#                        (sources.bzl) built by Bazel and run under qemu-user
#                        (`bazel test --config=<arch> //...`, its planted
#                        bugs included), the x86-64 rows on emulated CPUs
#                        (ci/emu.sh, quick form) and their planted bugs, the
#                        proofs (ci/prove.sh with its committed cache, beside
#                        the rest on the other core) and the planted bound
#                        violation, the OSS-Fuzz build, continuous fuzzing,
#                        the constant-time quick pass (valgrind memcheck and
#                        trace equivalence, every row) and its planted bugs,
#                        a tiny benchmark run and ci/install.sh.
#   ci/test.sh --full    everything at full size, uncached: the gate plus
#                        --slow's huge inputs and 1,000,000-iteration RFC 7748
#                        vector, ci/emu.sh --full, the full ci/ct.sh, and
#                        every proof re-run from scratch (ci/prove.sh --full).
# --slow: the gate plus the huge inputs (fuzz/huge.c: every row on messages
#   of 2^32 - 1 .. 2^32 + 4097 bytes) and the iterated RFC 7748 vector.
# Each step prints its wall time; the last lines give every step's time,
# the total (with a warning, not a failure, past the 40-minute budget), the
# assertions inside the programs and "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. ci/lib.sh

tier=gate slow=
for a in "$@"; do
	case "$a" in
	--quick) tier=quick ;;
	--full) tier=full; slow=1 ;;
	--slow) slow=1 ;;
	-h | --help) sed -n '2,/^set -uo/p' "$0" | sed -n 's/^# \{0,1\}//p'; exit 0 ;;
	*) zinc_die "unknown argument $a (ci/test.sh --help)" ;;
	esac
done
[ -n "$slow" ] && export ZINC_SLOW_TESTS=1
t_start=$(date +%s)
zinc_install "${ZINC_BUILD_PACKAGES[@]}" || { echo "ci/test.sh: cannot install packages" >&2; exit 2; }
export CC=clang-19

passed=0 failed=0         # test programs and steps
checks_passed=0 checks_failed=0  # the assertions inside them
times=()                  # "SECONDS NAME" of every step
timed() { # timed NAME SECONDS-SINCE: records a step's wall time
	local s=$(($(date +%s) - $2))
	times+=("$s $1")
	echo "   ($1: ${s} s)"
}
# add_counts FILE SCRIPT WHY EXIT: FILE holds what SCRIPT --counts wrote,
# "programs-passed failed assertions-passed failed"; they add to the
# totals. A suite that wrote none is one failure (WHY: what went wrong), and
# so is an exit other than 0 that no counted failure explains.
add_counts() {
	local p f cp cf file=$1 script=$2 why=$3 rc=$4
	if read -r p f cp cf 2>/dev/null <"$file" && [ -n "${cf:-}" ]; then
		passed=$((passed + p)); failed=$((failed + f))
		checks_passed=$((checks_passed + cp)); checks_failed=$((checks_failed + cf))
		[ "$rc" = 0 ] || [ "$f" != 0 ] || { echo "FAILED: $script exited $rc"; failed=$((failed + 1)); }
	else
		echo "FAILED: $script did not run its tests ($why; exit $rc)"; failed=$((failed + 1))
	fi
}
# counted SCRIPT WHY ARGS...: runs SCRIPT --counts FILE ARGS, a suite of its
# own, and adds its counts (add_counts).
counted() {
	local file script=$1 why=$2 t0 rc
	shift 2
	t0=$(date +%s)
	file=$(mktemp)
	"$script" --counts "$file" "$@"
	rc=$?
	add_counts "$file" "$script" "$why" "$rc"
	rm -f "$file"
	timed "$script $*" "$t0"
}
step() { # step NAME COMMAND...: one counted step that is not a bazel test
	local name=$1 t0
	echo "== $name"
	shift
	t0=$(date +%s)
	if "$@"; then passed=$((passed + 1)); else echo "FAILED: $*"; failed=$((failed + 1)); fi
	timed "$name" "$t0"
}
# bazel_suite NAME BAZEL-OPTIONS...: `bazel test OPTIONS //...`; every test
# target counts once, passed or failed, by Bazel's verdict (a target Bazel
# skips as made for another architecture counts neither way, and the line
# says how many), and each program's "<name>: N passed, M failed" lines add
# to the assertions.
bazel_suite() {
	local name=$1 log t0 rc testlogs target status logfile counts p f np=0 nf=0 skipped cp=0 cf=0
	shift
	t0=$(date +%s)
	echo "== $name: bazel test $* //..."
	log=$(mktemp)
	bazel test "$@" --test_output=errors --keep_going //... 2>&1 | tee "$log" |
		grep -vE '^(INFO|Loading|Analyzing|\[)|Cannot export local symbol .__asan| SKIPPED$'
	rc=${PIPESTATUS[0]}
	testlogs=$(bazel info "$@" bazel-testlogs 2>/dev/null)
	while read -r target status; do
		logfile="$testlogs/${target#//}"; logfile="${logfile/://}/test.log"
		counts=$(grep -hE '^[A-Za-z0-9_./-]+: [0-9]+ passed, [0-9]+ failed$' "$logfile" 2>/dev/null)
		p=$(echo "$counts" | awk '{s += $2} END {print s + 0}')
		f=$(echo "$counts" | awk '{s += $4} END {print s + 0}')
		cp=$((cp + p)); cf=$((cf + f))
		if [ "$status" = PASSED ]; then np=$((np + 1)); else nf=$((nf + 1)); fi
	done < <(sed -nE 's#^(//[^ ]+) +(\(cached\) +)?(PASSED|FAILED|TIMEOUT|NO STATUS|FAILED TO BUILD)( in .*)?$#\1 \3#p' "$log" | sed 's/ NO STATUS/ NO_STATUS/')
	skipped=$(grep -cE '^//[^ ]+ +SKIPPED$' "$log")
	# Bazel exits 3 when only tests failed (counted above); any other
	# non-zero exit is a build or command error, a failure even when every
	# test passed ("FAILED: Build did NOT complete successfully" once hid
	# one: a target no test needed did not build).
	if [ "$rc" != 0 ] && [ "$rc" != 3 ]; then
		echo "FAILED: bazel test $* exited $rc (a build or command error: the ERROR lines above)"; nf=$((nf + 1))
	fi
	[ $((np + nf)) = 0 ] && { echo "FAILED: $name ran no test"; nf=$((nf + 1)); }
	echo "   $name: $np passed, $nf failed; $skipped skipped as made for another architecture; assertions $cp passed, $cf failed"
	passed=$((passed + np)); failed=$((failed + nf))
	checks_passed=$((checks_passed + cp)); checks_failed=$((checks_failed + cf))
	rm -f "$log"
	timed "$name" "$t0"
}

# The proofs (ci/prove.sh), then each planted bound violation: serial
# Frama-C runs, so in the gate they start first, one after the other in the
# background with their own output, and the rest runs beside them on the
# other core; their output, counts and times are added at the end.
prove_log= prove_counts= prove_pid= prove_dir=
if [ "$tier" != quick ]; then
	prove_dir=$(mktemp -d) prove_log=$prove_dir/prove.log prove_counts=$prove_dir/counts
	prove_args=(--jobs 1)
	[ "$tier" = full ] && prove_args+=(--full)
	echo "== ci/prove.sh ${prove_args[*]}, then its planted bugs (in the background; output at the end)"
	(
		t0=$(date +%s)
		ci/prove.sh --counts "$prove_counts" "${prove_args[@]}" >"$prove_log" 2>&1
		echo "prove-exit $? $(($(date +%s) - t0))" >>"$prove_log"
		while read -r bug _ _; do
			t0=$(date +%s)
			ci/prove.sh --plant "$bug" >"$prove_dir/plant-$bug.log" 2>&1
			echo "$? $(($(date +%s) - t0))" >"$prove_dir/plant-$bug.exit"
		done < <(zinc_list PROVE_PLANTED_BUGS)
	) &
	prove_pid=$!
fi

# --slow's inputs (RFC 7748's 1,000,000 iterations in vectors_test) take
# longer than a test's size allows (vectors/BUILD).
bazel_suite "host (x86_64), ASan+UBSan" --config=asan --test_env=ZINC_SLOW_TESTS ${slow:+--test_timeout=3600}

if [ "$tier" != quick ]; then
	# Eight threads' first calls at once under ThreadSanitizer
	# (lib/common/threads_test.c). Not the planted ones
	# (//:threads_plant_<bug>_test, a child that must abort before any call
	# ends): the host suite runs those, and under TSan they would only
	# build ten planted libraries more.
	step "ThreadSanitizer: //:threads_*_test but the planted" \
		bazel test --config=tsan --test_output=errors \
		$(bazel query 'filter("^//:threads_[a-z0-9_]*test$", tests(//:all)) except filter("^//:threads_plant_", tests(//:all))' 2>/dev/null)
	# Its own output base, and no convenience symlinks: bazel-<folder>
	# pointing into another output base's execution root would be walked
	# by the next `bazel test //...` of this one (as a package tree).
	step "gcc builds the library and libzinc.so" \
		env CC=gcc bazel --output_base="${HOME:-/root}/.cache/zinc-bazel-gcc" build --symlink_prefix=/ \
		//:zinc //:libzinc.so
	# Every other architecture (ARCHS): cross-built by Bazel, run under
	# qemu-user, planted bugs of its rows (PLANTED_BUGS_ARCH) included.
	for arch in $(zinc_arch_names); do
		if zinc_arch_install "$arch"; then
			bazel_suite "$arch under qemu-user" --config="$arch"
		else
			echo "FAILED: cannot install what $arch needs"; failed=$((failed + 1))
		fi
	done
	# --full: the full ci/ct.sh (hours: single-stepped whole calls, every
	# architecture under qemu-user, one core) beside the rest from here, in
	# the background with its own output, added at the end; after the
	# architecture suites, whose packages it needs installed.
	ct_dir= ct_pid=
	if [ "$tier" = full ]; then
		ct_dir=$(mktemp -d)
		echo "== constant-time check: valgrind memcheck and trace equivalence (ci/ct.sh, in the background; output at the end)"
		(
			t0=$(date +%s)
			ci/ct.sh --counts "$ct_dir/counts" >"$ct_dir/log" 2>&1
			echo "$? $(($(date +%s) - t0))" >"$ct_dir/exit"
		) &
		ct_pid=$!
	fi
	# Emulated CPUs (ci/emu.sh, Bochs): every x86-64 row on a CPU model with
	# exactly its features, whatever this host has.
	emu_args=()
	[ "$tier" = full ] && emu_args=(--full)
	counted ci/emu.sh "install, build or boot error" "${emu_args[@]}"
	step "planted bugs in rows this host may lack are caught on an emulated CPU (ci/emu.sh --plant all)" \
		ci/emu.sh --plant all
	step "OSS-Fuzz build emulation: address + libFuzzer, check_build on every target" \
		ci/oss-fuzz/check.sh --quick
	step "continuous fuzzing: one signature for a planted bug, resume, clean stop" \
		ci/continuous_test.sh
	# Constant time (docs/ct.md): valgrind memcheck and trace equivalence,
	# every row; its counts are rows and (valgrind groups, trace pairs).
	if [ "$tier" != full ]; then
		echo "== constant-time check: valgrind memcheck and trace equivalence (ci/ct.sh --quick)"
		counted ci/ct.sh "install or build error" --quick
	fi
	while read -r bug row methods; do
		step "constant-time check ($methods) catches the planted $bug in $row" ci/ct.sh --quick --plant "$bug"
	done < <(zinc_list CT_PLANTED_BUGS)
	if [ -n "$slow" ]; then
		# Optimised, not sanitised: each row reads 4 GiB several times.
		step "huge inputs over 4 GiB through every row (fuzz/huge.c)" \
			sh -c 'log=$(bazel build //fuzz:huge 2>&1) || { echo "$log"; exit 1; }; bazel-bin/fuzz/huge'
	fi
	step "benchmark still runs (tiny, not timed)" ci/bench.sh --quick

	# ci/install.sh into a temporary prefix, a program built with pkg-config
	# and run against it; its "install_test: N passed, M failed" adds to the
	# assertions.
	install_log=$(mktemp)
	step "install into a temporary prefix, build and run a program with pkg-config" \
		bash -c 'ci/install_test.sh 2>&1 | tee "$1"; exit "${PIPESTATUS[0]}"' _ "$install_log"
	counts=$(grep -E '^install_test: [0-9]+ passed, [0-9]+ failed$' "$install_log")
	checks_passed=$((checks_passed + $(echo "$counts" | awk '{print $2 + 0}')))
	checks_failed=$((checks_failed + $(echo "$counts" | awk '{print $4 + 0}')))
	rm -f "$install_log"

	# --full's ci/ct.sh: its output now, its counts, its time.
	if [ -n "$ct_pid" ]; then
		t0=$(date +%s)
		wait "$ct_pid"
		echo "== constant-time check: valgrind memcheck and trace equivalence (ci/ct.sh, ran in the background)"
		cat "$ct_dir/log"
		read -r crc csecs 2>/dev/null <"$ct_dir/exit"
		add_counts "$ct_dir/counts" ci/ct.sh "install or build error" "${crc:-none recorded}"
		times+=("${csecs:-0} ci/ct.sh (in the background; waited $(($(date +%s) - t0)) s for it)")
		rm -rf "$ct_dir"
	fi

	# The proofs: their output now, their counts, their time; then each
	# planted bound violation, which must have been caught.
	t0=$(date +%s)
	wait "$prove_pid"
	echo "== ci/prove.sh ${prove_args[*]} (ran in the background)"
	grep -v '^prove-exit ' "$prove_log"
	read -r _ prc psecs < <(grep '^prove-exit ' "$prove_log")
	add_counts "$prove_counts" ci/prove.sh "install or Frama-C error" "${prc:-none recorded}"
	times+=("${psecs:-0} ci/prove.sh ${prove_args[*]} (in the background; waited $(($(date +%s) - t0)) s for it and its planted bugs)")
	while read -r bug _ _; do
		echo "== the proof catches the planted bound violation $bug (ci/prove.sh --plant, ran in the background)"
		cat "$prove_dir/plant-$bug.log" 2>/dev/null
		prc= psecs=
		if read -r prc psecs <"$prove_dir/plant-$bug.exit" 2>/dev/null && [ "$prc" = 0 ]; then
			passed=$((passed + 1))
		else
			echo "FAILED: ci/prove.sh --plant $bug (exit ${prc:-none recorded})"; failed=$((failed + 1))
		fi
		times+=("${psecs:-0} ci/prove.sh --plant $bug (in the background)")
	done < <(zinc_list PROVE_PLANTED_BUGS)
	rm -rf "$prove_dir"
fi

total=$(($(date +%s) - t_start))
echo
echo "step times (wall, seconds; tier $tier):"
printf '%s\n' "${times[@]}" | awk '{ s = $1; $1 = ""; printf "  %6d %s\n", s, $0 }'
echo "  total: $total s ($((total / 60)) min $((total % 60)) s)"
budget=$((40 * 60))
[ "$tier" = quick ] && budget=$((5 * 60))
[ "$tier" = full ] || [ "$total" -le "$budget" ] ||
	echo "WARNING: tier $tier took $total s, over its budget of $budget s (README, 'Tests')"
echo "assertions inside the test programs: $checks_passed passed, $checks_failed failed"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
