#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerates the fixed-base table with its generator and compares it with
# the committed file, so that a stale or hand-edited table fails the build.
# Usage: base_table_fresh_test.sh GENERATOR COMMITTED_FILE
set -u
[ $# -eq 2 ] || { echo "usage: $0 GENERATOR COMMITTED_FILE" >&2; exit 2; }
tmp=${TEST_TMPDIR:-$(mktemp -d)}
if ! python3 "$1" >"$tmp/table.c"; then
	echo "FAILED: python3 $1 did not run"
	exit 1
fi
if ! cmp -s "$tmp/table.c" "$2"; then
	echo "FAILED: $2 differs from what $1 writes now; regenerate it with the"
	echo "command in the generator's header. First differences:"
	diff "$2" "$tmp/table.c" | head -n 20
	exit 1
fi
echo "base_table_fresh_test: $2 is what $1 writes"
