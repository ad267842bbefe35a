#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerates the self-test's known answers from the vector files and
# compares them with the committed header.
# Usage: selftest_fresh_test.sh GEN_SELFTEST_PY COMMITTED_HEADER
set -u
gen=$1 committed=$2
tmp=${TEST_TMPDIR:-$(mktemp -d)}
if ! python3 "$gen" "$(dirname "$gen")" >"$tmp/selftest_vectors.h"; then
	echo "FAILED: $gen did not run"
	echo "selftest_fresh_test: 0 passed, 1 failed"
	exit 1
fi
if cmp -s "$tmp/selftest_vectors.h" "$committed"; then
	echo "selftest_fresh_test: 1 passed, 0 failed"
	exit 0
fi
echo "FAILED: $committed differs from what $gen writes now; regenerate it with"
echo "the command in its header. First differences:"
diff "$committed" "$tmp/selftest_vectors.h" | head -n 20
echo "selftest_fresh_test: 0 passed, 1 failed"
exit 1
