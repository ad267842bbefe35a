#!/bin/sh
# SPDX-License-Identifier: MIT
# A wrong oracle must be named the culprit, not zinc (fuzz/planted/README.md,
# "A wrong oracle"):
#
#   fuzz/planted/oracle_check.sh BINARY ORACLE
#
# BINARY is a target's standalone driver whose ORACLE adapter was built to
# answer wrong (-DZINC_PLANT_ORACLE_NSS, -DZINC_PLANT_ORACLE_BORINGSSL).
# Passes when `BINARY --random 20` aborts with the mismatch diagnosis and its
# culprit line is "culprit: ORACLE": zinc and the other oracles outvote it.
# Where ORACLE is compiled out (--list says "not built") there is nothing to
# check: SKIP, exit 0.
# Exit 0 pass or skip; 1 fail; 2 usage.
set -u
[ $# -eq 2 ] || { echo "usage: $0 BINARY ORACLE" >&2; exit 2; }
bin=$1 oracle=$2
if "$bin" --list | grep -qi "oracle $oracle: not built"; then
	echo "SKIP: $oracle is compiled out in this build"
	exit 0
fi
err=$(mktemp)
trap 'rm -f "$err"' EXIT
ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}handle_abort=0:detect_leaks=0" \
	"$bin" --random 20 --seed 1 >/dev/null 2>"$err"
rc=$?
sed -n '/^==== zinc fuzz MISMATCH ====$/,/^params/p' "$err" | grep -v '^params'
if [ $rc -ne 134 ] || ! grep -q '^==== zinc fuzz MISMATCH ====$' "$err"; then
	echo "FAIL: exit status $rc without a mismatch diagnosis: the wrong $oracle went unnoticed"
	exit 1
fi
if ! grep -q "^culprit: $oracle\$" "$err"; then
	echo "FAIL: the diagnosis does not blame $oracle alone"
	exit 1
fi
echo "ok: $oracle's wrong answer outvoted by zinc and the other oracles, $oracle named the culprit"
