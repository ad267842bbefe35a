#!/bin/bash
# SPDX-License-Identifier: MIT
# Fails when a committed generated file differs from what its generator
# writes now: for each group, runs COMMAND and compares its output with
# COMMITTED. Every generated file the tree keeps has a test of this script
# (BUILD, vectors/BUILD).
# Usage: fresh_test.sh NAME COMMITTED COMMAND [ARG...] [-- COMMITTED COMMAND [ARG...]]...
set -u
[ $# -ge 3 ] || { echo "usage: $0 NAME COMMITTED COMMAND [ARG...] [-- ...]" >&2; exit 2; }
name=$1
shift
tmp=${TEST_TMPDIR:-$(mktemp -d)}
passed=0 failed=0
while [ $# -gt 0 ]; do
	committed=$1
	shift
	cmd=()
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		cmd+=("$1")
		shift
	done
	[ $# -gt 0 ] && shift
	if [ ${#cmd[@]} -eq 0 ]; then
		echo "FAILED: no command for $committed"
		failed=$((failed + 1))
	elif ! "${cmd[@]}" >"$tmp/fresh"; then
		echo "FAILED: ${cmd[*]} did not run"
		failed=$((failed + 1))
	elif cmp -s "$tmp/fresh" "$committed"; then
		echo "$committed: as ${cmd[*]} writes it"
		passed=$((passed + 1))
	else
		echo "FAILED: $committed differs from what ${cmd[*]} writes now;"
		echo "regenerate it with the command in its header. First differences:"
		diff "$committed" "$tmp/fresh" | head -n 20
		failed=$((failed + 1))
	fi
done
echo "$name: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
