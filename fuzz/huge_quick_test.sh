#!/bin/sh
# SPDX-License-Identifier: MIT
# fuzz/huge.c --quick: every path of the huge-input check at 16 MiB, and
# its count of runs as one line ci/test.sh adds up.
set -u
out=$(${ZINC_QEMU:-} "$1" --quick) # ZINC_QEMU: as fuzz/planted/check.sh
rc=$?
echo "$out"
runs=$(echo "$out" | sed -n 's/^huge: \([0-9]*\) runs, \([0-9]*\) mismatches$/\1 \2/p')
[ -n "$runs" ] || { echo "huge_quick_test: 0 passed, 1 failed (no summary line)"; exit 1; }
set -- $runs
echo "huge_quick_test: $(($1 - $2)) passed, $2 failed"
[ "$rc" = 0 ] && [ "$2" = 0 ]
