#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerates the BLAKE2s known-answer files with gen_blake2s_kat and compares
# them with the committed ones, so that a stale file fails the build.
# Usage: kat_fresh_test.sh GENERATOR KEYED_FILE PARAMS_FILE
set -u

gen=$1
tmp=${TEST_TMPDIR:-$(mktemp -d)}
passed=0
failed=0

check() {
	set_name=$1
	committed=$2
	if ! "$gen" "$set_name" >"$tmp/$set_name.txt"; then
		echo "FAILED: $gen $set_name did not run"
		failed=$((failed + 1))
	elif cmp -s "$tmp/$set_name.txt" "$committed"; then
		passed=$((passed + 1))
	else
		echo "FAILED: $committed differs from what $gen $set_name writes now;"
		echo "regenerate it with the command in its header. First differences:"
		diff "$committed" "$tmp/$set_name.txt" | head -n 20
		failed=$((failed + 1))
	fi
}

check keyed "$2"
check params "$3"
echo "kat_fresh_test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
