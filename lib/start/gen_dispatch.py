#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes a primitive's direct-call dispatch from its rows.h.

usage: gen_dispatch.py lib/<primitive>/rows.h > lib/<primitive>/dispatch.h

rows.h stays the one table; this writes out, for each of the primitive's
by-name calls, the chain of zinc_row_is() tests a public function runs, one
if / else if per row that has the function, under the same #if lines as the
rows, its last else a trap. So `git grep poly1305_avx2_blocks` finds the line that
calls it. //:dispatch_fresh_test fails when a dispatch.h differs from what
this writes now.

The calls live beside rows.h, in lib/<primitive>/spec.py (the primitive's
tables for the generators), which names no module and sets, for this script,
two lists:
  COLUMNS  the columns of its ROW lines, in order;
  CALLS    per by-name call, a tuple (the function's head, the column that
           names fn, two statements: the call of fn and the function's
           return after the chain, and the statement for a row without
           one or None for no test at all).
A row id is the primitive's name in capitals, _ROW_, then the id column.
A column names a function as fn, as WRAP(fn) (HCHACHA20(fn), MAC(fn),
KERNEL(fn) ...), or none as NO_WRAP or NULL.
"""
import os
import re
import sys



def calls_of(rows):
    """The COLUMNS and CALLS of the spec.py beside rows.h."""
    path = os.path.join(os.path.dirname(rows), "spec.py")
    if not os.path.exists(path):
        sys.exit("gen_dispatch.py: no %s describes the calls of %s" % (path, rows))
    spec = {}
    exec(open(path).read(), spec)
    return spec["COLUMNS"], spec["CALLS"]


CONDITIONAL = re.compile(r"#\s*(if|ifdef|ifndef|elif|else|endif)\b.*")
WRAPPED = re.compile(r"^[A-Z][A-Z0-9_]*\((\w+)\)$")
NONE = re.compile(r"^(NO_[A-Z0-9_]+|NULL)$")
IDENT = re.compile(r"^\w+$")


def split_args(text):
    """The top-level comma-separated arguments of a ROW(...) body."""
    args, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
    args.append(cur.strip())
    return args


def read_rows(path):
    """rows.h as a list of items in order: ("if", directive line) for the
    conditional lines, ("row", [arguments]) for the ROW lines."""
    text = re.sub(r"/\*.*?\*/", " ", open(path).read(), flags=re.S)
    items, pos = [], 0
    while pos < len(text):
        nl = text.find("\n", pos)
        nl = len(text) if nl < 0 else nl
        line = text[pos:nl].strip()
        if line.startswith("ROW("):
            depth, j = 0, pos + text[pos:].index("ROW(") + 3
            start = j + 1
            while True:
                depth += text[j] == "("
                depth -= text[j] == ")"
                if depth == 0:
                    break
                j += 1
            items.append(("row", split_args(" ".join(text[start:j].split()))))
            nl = text.find("\n", j)
            nl = len(text) if nl < 0 else nl
        elif CONDITIONAL.match(line):
            items.append(("if", " ".join(line.split())))
        pos = nl + 1
    return items


def function_of(value):
    """The function a column names, or None."""
    m = WRAPPED.match(value)
    if m:
        return m.group(1)
    if NONE.match(value):
        return None
    if IDENT.match(value):
        return value
    sys.exit("gen_dispatch.py: cannot read a function from %r" % value)


def prune(lines):
    """Drops #if ... #endif blocks with no code between them."""
    out = []
    for line in lines:
        out.append(line)
        if out[-1] == "#endif":
            k = len(out) - 2
            while k >= 0 and out[k].startswith(("#elif", "#else")):
                k -= 1
            if k >= 0 and out[k].startswith("#if"):
                del out[k:]
    return out


def chain(prefix, columns, items, call):
    """The function: its head, then an if / else if for each row that has
    the function (its call) or a statement for a row without one (missing),
    under rows.h's #if lines, and a last else that traps; then the return
    of the call's statements, unless it is a plain return."""
    head, column, body, missing = call
    if len(body) != 2 or not body[1].startswith("return"):
        sys.exit("gen_dispatch.py: a call's statements are its call, then a return: %r" % body)
    col = columns.index(column)
    lines, depth, first = [], 0, True
    for kind, what in items:
        if kind == "if":
            depth += what.startswith("#if") - (what == "#endif")
            lines.append(what)
            continue
        if len(what) != len(columns):
            sys.exit("gen_dispatch.py: a ROW with %d columns, %d expected: %s"
                     % (len(what), len(columns), what))
        fn = function_of(what[col])
        statement = body[0].format(fn=fn) if fn else missing
        if not statement:
            continue
        if first and depth:
            sys.exit("gen_dispatch.py: the first row of the %s chain is under an #if" % column)
        lines.append("\t%sif (zinc_row_is(row, %s%s))" % ("" if first else "else ", prefix, what[0]))
        lines.append("\t\t" + statement)
        first = False
    lines = prune(lines) + ["\telse", "\t\t__builtin_trap();"]
    if body[1] != "return;":
        lines.append("\t" + body[1])
    return head + "\n{\n" + "\n".join(lines) + "\n}\n"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen_dispatch.py lib/<primitive>/rows.h")
    rows = sys.argv[1]
    folder = os.path.dirname(os.path.normpath(rows))
    primitive = os.path.basename(folder)
    columns, calls = calls_of(rows)
    items = read_rows(rows)
    guard = "ZINC_LIB_%s_DISPATCH_H" % primitive.upper()
    out = ["/* SPDX-License-Identifier: MIT */",
           "/* GENERATED by lib/start/gen_dispatch.py from lib/%s/rows.h:" % primitive,
           " *   python3 lib/start/gen_dispatch.py lib/%s/rows.h > lib/%s/dispatch.h"
           % (primitive, primitive),
           " * Do not edit; //:dispatch_fresh_test fails when this is stale.",
           " *",
           " * Each row's functions called by name, for the public functions: a chain",
           " * of zinc_row_is() tests (lib/common/cpu.h), one per row that has the",
           " * function, whose last else traps for an id that matches no row. Included by",
           " * lib/%s/%s.h after the row ids and the prototypes. */" % (primitive, primitive),
           "#ifndef " + guard,
           "#define " + guard,
           ""]
    prefix = primitive.upper() + "_ROW_"
    out.append("\n".join(chain(prefix, columns, items, call) for call in calls))
    out.append("#endif")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
