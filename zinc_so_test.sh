#!/bin/sh
# libzinc.so exports exactly the functions the public headers declare:
# nothing missing, nothing internal leaking out.
set -eu
so=$1; shift
want=$(sed -n 's/^\(void\|bool\) \**\([a-z0-9_]*\)(.*/\2/p' "$@" | sort)
got=$(nm -D --defined-only "$so" | awk '$2 == "T" { print $3 }' | sort)
passed=0 failed=0
for f in $want; do
	if echo "$got" | grep -qx "$f"; then passed=$((passed + 1))
	else echo "FAILED: $f declared in include/zinc but not exported"; failed=$((failed + 1)); fi
done
for f in $got; do
	if ! echo "$want" | grep -qx "$f"; then
		echo "FAILED: $f exported but not declared in include/zinc"; failed=$((failed + 1))
	else passed=$((passed + 1)); fi
done
[ -n "$want" ] || { echo "FAILED: no declarations parsed"; failed=$((failed + 1)); }
echo "zinc_so_test: $passed passed, $failed failed"
[ "$failed" = 0 ]
