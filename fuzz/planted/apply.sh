#!/bin/sh
# SPDX-License-Identifier: MIT
# Puts one planted bug into a copy of the tree (fuzz/planted/README.md):
#
#   fuzz/planted/apply.sh PATCH DIR
#
# PATCH is fuzz/planted/patches/NAME.patch, a unified diff from the top of
# the tree (what `git diff` writes); DIR is a copy of the tree (ci/lib.sh's
# zinc_planted_tree) or of the library's files (Bazel's plant_<name>/,
# BUILD). The patch is applied with `patch -p1` and no fuzz: a hunk whose
# context has changed fails, one that only moved (an offset) applies. It
# may change files only: one it would create or delete, or one DIR does not
# have, fails it before anything is written.
# Every failure prints one line naming the patch, then patch's own output.
# Exit 0 applied; 1 missing or not applicable (DIR may be partly patched);
# 2 usage.
set -u
[ $# -eq 2 ] || { echo "usage: $0 PATCH DIR" >&2; exit 2; }
patch=$1 dir=$2
name=fuzz/planted/patches/${patch##*/}
fail() { echo "$name: $*" >&2; exit 1; }

[ -f "$patch" ] || fail "no such patch (a name in a list of sources.bzl without its patch?)"
[ -d "$dir" ] || fail "no such folder $dir to apply it in"
files=$(sed -n 's|^+++ b/||p' "$patch")
[ -n "$files" ] || fail "changes no file (not a unified diff from the top of the tree: git diff > $name)"
grep -q '^--- /dev/null' "$patch" && fail "creates a file; a planted bug only changes files of the library"
grep -q '^+++ /dev/null' "$patch" && fail "deletes a file; a planted bug only changes files of the library"
for f in $files; do
	[ -f "$dir/$f" ] || fail "changes $f, which is not among the files it is applied to (a planted bug changes the library: sources.bzl's lists, include/, the headers of lib/ and arch/)"
done
if ! out=$(patch -p1 --batch --forward --fuzz=0 --no-backup-if-mismatch --reject-file=- \
	-d "$dir" <"$patch" 2>&1); then
	echo "$name: does not apply to the current tree; redo it (fuzz/planted/README.md, \"Adding a planted bug\"):" >&2
	printf '%s\n' "$out" | sed 's/^/  /' >&2
	exit 1
fi
# patch(1) prints "Hunk #N succeeded at L (offset K lines)" for a moved hunk.
printf '%s\n' "$out" | grep -q 'offset' &&
	printf '%s: applied with offsets:\n%s\n' "$name" "$(printf '%s\n' "$out" | grep offset | sed 's/^/  /')" >&2
exit 0
