#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every assembly entry point has a caller grep can find.

usage: entry_calls_test.py --asm FILE.S... --c FILE.c|FILE.h...

For each primitive whose folder has a dispatch.h (lib/start/gen_dispatch.py
writes it from rows.h and the CALLS of spec.py), every function its rows.h
names in a column spec.py's CALLS call by name, assembly or C, must be
called by name, `fn(`, in a C file of the list other than rows.h: the
line that runs it. Every other entry point of the assembly (ZINC_ENTRY
labels a rows.h does not name: field steps, test lanes) must be named in
some C file of the list. A rows.h without a dispatch.h beside it is listed
as not checked, not as passed.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_dispatch  # noqa: E402

ENTRY = re.compile(r"^ZINC_ENTRY\s+(\w+)\s*$", re.M)


def main():
    args = sys.argv[1:]
    if "--asm" not in args or "--c" not in args:
        sys.exit("usage: entry_calls_test.py --asm FILE.S... --c FILE...")
    asm = args[args.index("--asm") + 1:args.index("--c")]
    csrc = args[args.index("--c") + 1:]
    texts = {f: open(f).read() for f in csrc}
    entries = sorted({e for f in asm for e in ENTRY.findall(open(f).read())})
    passed = failed = 0
    row_functions, unchecked = set(), {}
    for rows in sorted(f for f in csrc if os.path.basename(f) == "rows.h"):
        folder = os.path.dirname(rows)
        # The columns its spec.py's CALLS call by name.
        columns, calls = gen_dispatch.calls_of(rows)
        called = {call[1] for call in calls}
        fns = {gen_dispatch.function_of(value)
               for kind, what in gen_dispatch.read_rows(rows) if kind == "row"
               for column, value in zip(columns, what) if column in called}
        fns.discard(None)
        if os.path.exists(os.path.join(folder, "dispatch.h")):
            row_functions |= fns
        else:
            unchecked[rows] = fns
    for fn in sorted(row_functions):
        call = re.compile(r"\b%s\(" % re.escape(fn))
        where = [(f, i + 1) for f, t in texts.items() if os.path.basename(f) != "rows.h"
                 for i, line in enumerate(t.split("\n"))
                 if call.search(line) and not re.match(r"\s*(void|bool|extern)\b", line)]
        if where:
            passed += 1
            print("%s: called at %s" % (fn, ", ".join("%s:%d" % w for w in where[:3])))
        else:
            failed += 1
            print("FAILED: %s, a row's function, is called by name nowhere" % fn)
    not_checked = set().union(*unchecked.values()) if unchecked else set()
    for fn in entries:
        if fn in row_functions or fn in not_checked:
            continue
        name = re.compile(r"\b%s\b" % re.escape(fn))
        where = [f for f, t in texts.items() if os.path.basename(f) != "rows.h" and name.search(t)]
        if where:
            passed += 1
            print("%s: named in %s" % (fn, ", ".join(where[:3])))
        else:
            failed += 1
            print("FAILED: entry point %s is named in no C file" % fn)
    if len(entries) < 20:
        failed += 1
        print("FAILED: only %d entry points found" % len(entries))
    for rows, fns in sorted(unchecked.items()):
        print("not checked: %s has no dispatch.h beside it (%s)" % (rows, ", ".join(sorted(fns))))
    print("entry_calls_test: %d assembly entry points, %d row functions (%d assembly);"
          " %d passed, %d failed" % (len(entries), len(row_functions),
                                     len(row_functions & set(entries)), passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
