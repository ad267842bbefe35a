#!/bin/sh
# SPDX-License-Identifier: MIT
# The planted-bug test (fuzz/planted/README.md):
#
#   fuzz/planted/check.sh [--seed S] [--target T] [--culprit C] [--clean] BINARY N
#
# BINARY is a fuzz target's standalone driver built with one planted bug
# (its patch applied: BUILD's zinc_plant_<name>, fuzz/planted/build.sh). Runs `BINARY --random N --seed S` (S = 1 by default) and passes
# only if the run ends in the harness's mismatch diagnosis: killed by
# SIGABRT, "==== zinc fuzz MISMATCH ====" on stderr, and a "target:" line
# naming target T (by default the one `BINARY --list` says it is), and with
# --culprit a "culprit:" line naming exactly C (the outvoted row). Then it
# finds, by bisection on the input count, the first input that catches the
# bug, and prints the diagnosis's first lines.
# Exit 0 caught; 1 the run was clean or ended some other way; 2 usage.
# --clean: the opposite, for a build where the planted change must make no
# difference (a byte-order bug on a little-endian CPU): exit 0 when the N
# inputs run clean, 1 when anything differs.
set -u
usage() { echo "usage: $0 [--seed S] [--target T] [--culprit C] [--clean] BINARY N" >&2; exit 2; }
seed=1 target= culprit= clean=0
while [ $# -gt 2 ]; do
	case $1 in
	--seed) seed=$2 ;;
	--target) target=$2 ;;
	--culprit) culprit=$2 ;;
	--clean) clean=1; shift; continue ;;
	*) usage ;;
	esac
	shift 2
done
[ $# -eq 2 ] || usage
bin=$1 n=$2
[ -x "$bin" ] || { echo "$0: $bin is not an executable" >&2; exit 2; }
case "$n$seed" in *[!0-9]*) echo "$0: N and S are numbers" >&2; exit 2 ;; esac
# ZINC_QEMU: the qemu-user command that runs BINARY when it is another
# architecture's (set by the cross configurations' test runner,
# toolchain/BUILD); empty for the host's.
run() { ${ZINC_QEMU:-} "$@"; }
[ -n "$target" ] || target=$(run "$bin" --list | sed -n '1s/^target \([a-z0-9_]*\).*/\1/p')
[ -n "$target" ] || { echo "$0: $bin --list does not name its target" >&2; exit 2; }
err=$(mktemp)
trap 'rm -f "$err" "$err.2"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}handle_abort=0:detect_leaks=0"

# 0 when `bin --random $1` ends in a mismatch diagnosis (stderr in $err).
caught() {
	run "$bin" --random "$1" --seed "$seed" >/dev/null 2>"$err"
	rc=$?
	[ $rc -eq 134 ] && grep -q '^==== zinc fuzz MISMATCH ====$' "$err"
}

if [ "$clean" = 1 ]; then
	run "$bin" --random "$n" --seed "$seed" >/dev/null 2>"$err"
	rc=$?
	if [ $rc -eq 0 ]; then
		echo "clean: $target ran $n random inputs (seed $seed) with no difference, as it must here"
		exit 0
	fi
	echo "FAIL: $bin exited with status $rc on $n random inputs (seed $seed), where the planted change must make no difference:"
	head -n 20 "$err"
	exit 1
fi
if ! caught "$n"; then
	if [ $rc -eq 0 ]; then
		echo "FAIL: $bin ran $n random inputs (seed $seed) clean: the planted bug was not caught"
	else
		echo "FAIL: $bin exited with status $rc without a mismatch diagnosis:"
		head -n 20 "$err"
	fi
	exit 1
fi
if ! grep -q "^target: *$target\$" "$err"; then
	echo "FAIL: the diagnosis does not name target $target:"
	head -n 20 "$err"
	exit 1
fi
if [ -n "$culprit" ] && ! grep -q "^culprit: $culprit\$" "$err"; then
	echo "FAIL: the diagnosis does not name $culprit as the culprit:"
	sed -n '/^==== zinc fuzz MISMATCH ====$/,$p' "$err" | head -n 20 | cut -c1-200
	exit 1
fi
cp "$err" "$err.2"

# The smallest count that aborts: inputs 1..lo run clean, 1..hi do not.
lo=0 hi=$n
while [ $((hi - lo)) -gt 1 ]; do
	mid=$(((lo + hi) / 2))
	if caught "$mid"; then hi=$mid; else lo=$mid; fi
done
echo "caught: $target, seed $seed, after input $hi of at most $n"
sed -n '/^==== zinc fuzz MISMATCH ====$/,$p' "$err.2" | head -n 12 | cut -c1-200
exit 0
