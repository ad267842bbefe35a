#!/bin/sh
# SPDX-License-Identifier: MIT
# Every planted bug still applies (//:planted_patches_test, fuzz/planted/README.md):
#
#   fuzz/planted/patches_test.sh APPLY PATCH... -- FILE...
#
# FILEs are the library's files (BUILD's LIB_TREE), from the current tree.
# Each PATCH (fuzz/planted/patches/NAME.patch for every NAME in a
# planted-bug list of sources.bzl) must apply to a fresh copy of them with
# APPLY (fuzz/planted/apply.sh) and change it; the files themselves must
# hold no ZINC_PLANT_ conditional (the bugs live in the patches only), and
# every patch in fuzz/planted/patches/ must be one of the PATCHes, and
# fuzz/planted/files.bzl must list the files each changes. Run from
# the top of the tree (Bazel's runfiles). Ends "planted patches: N passed,
# M failed".
set -u
[ $# -ge 3 ] || { echo "usage: $0 APPLY PATCH... -- FILE..." >&2; exit 2; }
apply=$1
shift
patches=
while [ $# -gt 0 ] && [ "$1" != -- ]; do patches="$patches $1"; shift; done
[ "${1:-}" = -- ] || { echo "$0: no -- before the files" >&2; exit 2; }
shift
tmp=${TEST_TMPDIR:-$(mktemp -d)}/patches_test
rm -rf "$tmp" && mkdir -p "$tmp/pristine" || exit 2
for f in "$@"; do
	mkdir -p "$tmp/pristine/${f%/*}" && cp "$f" "$tmp/pristine/$f" || exit 2
done
passed=0 failed=0
pass() { passed=$((passed + 1)); }
fail() { echo "FAILED: $*"; failed=$((failed + 1)); }

left=$(cd "$tmp/pristine" && grep -rl 'ZINC_PLANT_' . | sed 's|^\./||')
if [ -z "$left" ]; then pass; else fail "ZINC_PLANT_ conditionals left in:" $left; fi

for p in $patches; do
	dir=$tmp/tree
	cp -r "$tmp/pristine" "$dir" || exit 2
	if ! "$apply" "$p" "$dir" 2>"$tmp/err"; then
		cat "$tmp/err"
		fail "$p does not apply"
	elif diff -r "$tmp/pristine" "$dir" >/dev/null; then
		fail "$p changes nothing"
	else
		cat "$tmp/err"
		echo "ok: $p ($(sed -n 's|^+++ b/||p' "$p" | tr '\n' ' '))"
		pass
	fi
	rm -rf "$dir"
done

for p in fuzz/planted/patches/*.patch; do
	[ -e "$p" ] || continue
	case " $patches " in
	*" $p "*) pass ;;
	*) fail "$p is named by no planted-bug list of sources.bzl" ;;
	esac
done
# fuzz/planted/files.bzl, which tells BUILD what each patch changes, is
# what fuzz/planted/files.sh writes from the patches now.
if out=$(fuzz/planted/files.sh fuzz/planted/patches/*.patch | diff fuzz/planted/files.bzl - 2>&1); then
	pass
else
	printf '%s\n' "$out"
	fail "fuzz/planted/files.bzl is stale: fuzz/planted/files.sh > fuzz/planted/files.bzl"
fi
echo "planted patches: $passed passed, $failed failed"
[ "$failed" = 0 ]
