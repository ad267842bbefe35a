#!/usr/bin/env python3
"""Every preference line names a record that exists.

Reads lib/start/prefs.h (the first argument) and checks that the RECORD of
each PREF(MODEL, CHOICE, ROW, VALUE, RECORD) line, "bench/results/F.md#a",
is a file of the tree with a heading whose anchor (GitHub's: lower case,
punctuation dropped, spaces as hyphens) is a. A preference justified by a
record nobody can open is a guess. Prints each bad record, then
"prefs_records_test: N passed, M failed".
"""
import os
import re
import sys


def anchor(heading):
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def main(prefs):
    root = os.path.dirname(os.path.realpath(prefs))
    while not os.path.exists(os.path.join(root, "sources.bzl")):
        parent = os.path.dirname(root)
        if parent == root:
            sys.exit("prefs_records_test: cannot find the top of the tree from " + prefs)
        root = parent
    text = open(prefs).read()
    records = re.findall(r'\bPREF\(\s*\w+\s*,\s*\w+\s*,\s*\w+\s*,\s*[^,]+?\s*,\s*"([^"]+)"\s*\)',
                         text)
    passed = failed = 0
    for record in records:
        path, _, want = record.partition("#")
        full = os.path.join(root, path)
        if not os.path.isfile(full):
            print("prefs_records_test: %s: no such file" % record)
            failed += 1
            continue
        anchors = {anchor(line.lstrip("#")) for line in open(full) if line.startswith("#")}
        if want and want not in anchors:
            print("prefs_records_test: %s: no heading with anchor #%s" % (record, want))
            failed += 1
            continue
        passed += 1
    if not records:
        print("prefs_records_test: no PREF line read from " + prefs)
        failed += 1
    print("prefs_records_test: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
