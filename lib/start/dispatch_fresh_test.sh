#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerates each lib/<primitive>/dispatch.h from its rows.h and compares
# it with the committed file (lib/start/gen_dispatch.py says how).
# Usage: dispatch_fresh_test.sh GEN_DISPATCH_PY DISPATCH_H...
set -u
gen=$1
shift
tmp=${TEST_TMPDIR:-$(mktemp -d)}
passed=0 failed=0
for committed in "$@"; do
	rows=$(dirname "$committed")/rows.h
	if ! python3 "$gen" "$rows" >"$tmp/dispatch.h"; then
		echo "FAILED: $gen $rows did not run"
		failed=$((failed + 1))
	elif cmp -s "$tmp/dispatch.h" "$committed"; then
		echo "$committed: as $rows writes it"
		passed=$((passed + 1))
	else
		echo "FAILED: $committed differs from what $gen writes from $rows now;"
		echo "regenerate it with the command in its header. First differences:"
		diff "$committed" "$tmp/dispatch.h" | head -n 20
		failed=$((failed + 1))
	fi
done
[ $# -gt 0 ] || { echo "FAILED: no dispatch.h given"; failed=1; }
echo "dispatch_fresh_test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
