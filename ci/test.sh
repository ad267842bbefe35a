#!/usr/bin/env bash
# ci/test.sh — every test zinc has, on a fresh Debian 12 machine:
#   unit tests, known-answer vectors under every CPU-feature subset, the ABI and
#   dispatch checks, corpus replay and a seeded random pass of every fuzz target
#   (all under ASan+UBSan, `bazel test //...`), a gcc build of the library, the
#   arm64 suite cross-built and run under qemu-user (ci/arm64.sh), the x86-64
#   rows on emulated CPUs under Bochs (ci/emu.sh, quick form), the proofs of
#   the 32-bit generic rows' limb bounds (ci/prove.sh, Frama-C), a tiny
#   benchmark run to show it still works, and ci/install.sh into a temporary
#   prefix with a program built through pkg-config. Ends with "N passed, M failed".
# Options: --slow also runs the 1,000,000-iteration RFC 7748 vector and the
#   huge-input check (fuzz/huge.c: every row on messages of 2^32 - 1 .. 2^32 +
#   4097 bytes; tens of minutes). The default run has its 1 MiB form,
#   //fuzz:huge_quick_test.
set -uo pipefail
cd "$(dirname "$0")/.."
. ci/lib.sh

[ "${1:-}" = "--slow" ] && export ZINC_SLOW_TESTS=1
zinc_install "${ZINC_BUILD_PACKAGES[@]}" || { echo "ci/test.sh: cannot install packages" >&2; exit 2; }
export CC=clang-19

passed=0 failed=0         # test programs and steps
checks_passed=0 checks_failed=0  # the assertions inside them
# counted SCRIPT WHY: SCRIPT --counts FILE runs a suite of its own and
# writes "programs-passed failed assertions-passed failed"; they add to the
# totals, and a suite that wrote none is one failure (WHY: what went wrong).
counted() {
	local file p f cp cf
	file=$(mktemp)
	"$1" --counts "$file"
	if read -r p f cp cf <"$file" && [ -n "${cf:-}" ]; then
		passed=$((passed + p)); failed=$((failed + f))
		checks_passed=$((checks_passed + cp)); checks_failed=$((checks_failed + cf))
	else
		echo "FAILED: $1 did not run its tests ($2)"; failed=$((failed + 1))
	fi
	rm -f "$file"
}
step() { # step NAME COMMAND...: one counted step that is not a bazel test
	echo "== $1"
	shift
	if "$@"; then passed=$((passed + 1)); else echo "FAILED: $*"; failed=$((failed + 1)); fi
}

echo "== bazel test --config=asan //...  (clang-19, ASan+UBSan)"
log=$(mktemp)
bazel test --config=asan --test_output=errors --test_env=ZINC_SLOW_TESTS //... 2>&1 | tee "$log" |
	grep -vE '^(INFO|Loading|Analyzing|\[)|Cannot export local symbol .__asan'
bazel_rc=${PIPESTATUS[0]}

# Each test program prints "<name>: N passed, M failed" for its assertions:
# add those up too. A target counts once, passed or failed, by Bazel's verdict.
testlogs=$(bazel info --config=asan bazel-testlogs 2>/dev/null)
while read -r target status; do
	logfile="$testlogs/${target#//}"; logfile="${logfile/://}/test.log"
	counts=$(grep -hE '^[A-Za-z0-9_./-]+: [0-9]+ passed, [0-9]+ failed$' "$logfile" 2>/dev/null)
	p=$(echo "$counts" | awk '{s += $2} END {print s + 0}')
	f=$(echo "$counts" | awk '{s += $4} END {print s + 0}')
	checks_passed=$((checks_passed + p)); checks_failed=$((checks_failed + f))
	if [ "$status" = PASSED ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done < <(sed -nE 's#^(//[^ ]+) +(\(cached\) +)?(PASSED|FAILED|TIMEOUT|NO STATUS|FAILED TO BUILD)( in .*)?$#\1 \3#p' "$log" | sed 's/ NO STATUS/ NO_STATUS/')
if [ "$bazel_rc" != 0 ] && ! grep -qE '(FAILED|TIMEOUT)' "$log"; then
	echo "FAILED: bazel test exited $bazel_rc (build error?)"; failed=$((failed + 1))
fi
rm -f "$log"

# Eight threads' first calls at once under ThreadSanitizer (lib/common/threads_test.c).
step "ThreadSanitizer: //:threads_*_test" \
	bazel test --config=tsan --test_output=errors \
	$(bazel query 'filter("^//:threads_[a-z0-9_]*test$", tests(//:all))' 2>/dev/null)
step "gcc builds the library and libzinc.so" \
	env CC=gcc bazel --output_base="${HOME:-/root}/.cache/zinc-bazel-gcc" build //:zinc //:libzinc.so
# arm64: cross-built and run under qemu-user (ci/arm64.sh); its programs and
# assertions count in the totals below, one failure if it cannot build.
counted ci/arm64.sh "install or build error"
while read -r bug _; do
	step "arm64 planted bug $bug is caught under qemu" ci/arm64.sh --plant "$bug"
done < <(zinc_list PLANTED_BUGS_ARM64)
# Emulated CPUs (ci/emu.sh, Bochs): every x86-64 row on a CPU model with
# exactly its features, whatever this host has; counted like arm64's.
counted ci/emu.sh "install, build or boot error"
step "planted bugs in rows this host may lack are caught on an emulated CPU (ci/emu.sh --plant all)" \
	ci/emu.sh --plant all

# The limb bounds of the 32-bit generic rows, proved with Frama-C's WP
# (docs/prove.md): each unit of PROVE_UNITS a program, each obligation an
# assertion; and each planted bound violation must be caught.
counted ci/prove.sh "install or Frama-C error"
while read -r bug _ _; do
	step "the proof catches the planted bound violation $bug (ci/prove.sh --plant)" \
		ci/prove.sh --plant "$bug"
done < <(zinc_list PROVE_PLANTED_BUGS)
step "OSS-Fuzz build emulation: address + libFuzzer, check_build on every target" \
	ci/oss-fuzz/check.sh --quick
step "continuous fuzzing: one signature for a planted bug, resume, clean stop" \
	ci/continuous_test.sh
step "constant-time check, quick pass (valgrind memcheck, ci/ct.sh --quick)" ci/ct.sh --quick
while read -r bug row; do
	step "constant-time check catches the planted $bug in $row" ci/ct.sh --quick --plant "$bug"
done < <(zinc_list CT_PLANTED_BUGS)
if [ -n "${ZINC_SLOW_TESTS:-}" ]; then
	# Optimised, not sanitised: each row reads 4 GiB several times.
	step "huge inputs over 4 GiB through every row (fuzz/huge.c)" \
		sh -c 'log=$(bazel build //fuzz:huge 2>&1) || { echo "$log"; exit 1; }; bazel-bin/fuzz/huge'
fi
[ -x ci/bench.sh ] && step "benchmark still runs (tiny, not timed)" ci/bench.sh --quick

# ci/install.sh into a temporary prefix, a program built with pkg-config and
# run against it; its "install_test: N passed, M failed" adds to the assertions.
install_log=$(mktemp)
step "install into a temporary prefix, build and run a program with pkg-config" \
	bash -c 'ci/install_test.sh 2>&1 | tee "$1"; exit "${PIPESTATUS[0]}"' _ "$install_log"
counts=$(grep -E '^install_test: [0-9]+ passed, [0-9]+ failed$' "$install_log")
checks_passed=$((checks_passed + $(echo "$counts" | awk '{print $2 + 0}')))
checks_failed=$((checks_failed + $(echo "$counts" | awk '{print $4 + 0}')))
rm -f "$install_log"

echo
echo "assertions inside the test programs: $checks_passed passed, $checks_failed failed"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
