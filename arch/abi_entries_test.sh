#!/bin/sh
# SPDX-License-Identifier: MIT
# Every global symbol of every assembly source (ASM_SRCS of sources.bzl,
# given as arguments) must be labelled with ZINC_ENTRY and the file must
# include arch/abi-entry.h: otherwise the fuzz builds would call that entry point
# without the ABI check (fuzz/README.md, "ABI checks on every input").
# Prints each file's count, or what is missing; exit 1 when anything is.
bad=0
for f in "$@"; do
	[ -r "$f" ] || { echo "abi_entries_test: cannot read $f"; exit 2; }
	grep -q '^#include "../abi-entry.h"' "$f" ||
		{ echo "FAILED: $f does not #include \"../abi-entry.h\""; bad=1; }
	n=0
	for sym in $(sed -n 's/^\.globl[[:space:]]\{1,\}\([A-Za-z0-9_]*\)[[:space:]]*$/\1/p' "$f"); do
		n=$((n + 1))
		grep -q "^ZINC_ENTRY $sym\$" "$f" ||
			{ echo "FAILED: $f: entry point $sym is labelled without ZINC_ENTRY"; bad=1; }
	done
	[ "$n" -gt 0 ] || { echo "FAILED: $f: no .globl entry point found"; bad=1; }
	echo "$f: $n entry points"
done
[ $# -gt 0 ] || { echo "abi_entries_test: no files given"; exit 2; }
exit $bad
