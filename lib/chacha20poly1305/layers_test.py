#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""lib/chacha20poly1305/ flows one way: no file refers to a function or
table that a file above it defines.

  layers_test.py AEAD_H FILE.c...

The order is the one aead.h's comment lists, top first (its lines
" *   name.c  what it is"); every .c file given must be in it. A name counts
as defined by a file when the file defines it at top level without
"static", and as referred to when it appears outside comments and strings.
"""
import re
import sys


def code(text):
    """text without its comments and string literals."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    return re.sub(r'"(\\.|[^"\\\n])*"', '""', text)


def defined(text):
    """The names a file defines for others: a function, or a table."""
    names = set()
    top = r"^(?!static\b|typedef\b|extern\b)[A-Za-z_][\w \*]*?\b(\w+)"
    for m in re.finditer(top + r"\s*\(", text, re.M):
        end = text.find("\n{", m.end())
        if end >= 0 and ";" not in text[m.end():end]:
            names.add(m.group(1))
    names.update(re.findall(top + r"\s*(?:\[[^\]]*\])?\s*[=;]", text, re.M))
    return names


def main(argv):
    header, files = argv[1], argv[2:]
    with open(header) as f:
        order = re.findall(r"^ \*   (\w+\.c)\s", f.read(), re.M)
    by_name = {f.rsplit("/", 1)[-1]: f for f in files}
    missing = sorted(set(by_name) - set(order))
    if len(order) < 2 or missing:
        print(f"layers_test: aead.h lists {order}; not listed: {missing}")
        return 1
    texts = {}
    for name in order:
        with open(by_name[name]) as f:
            texts[name] = code(f.read())
    bad = 0
    for i, name in enumerate(order):
        up = [(sym, above) for above in order[:i] for sym in sorted(defined(texts[above]))
              if re.search(rf"\b{sym}\b", texts[name])]
        for sym, above in up:
            print(f"layers_test: {name} refers to {sym}, defined by {above} above it")
        print(f"layers_test: {name} defines {sorted(defined(texts[name]))}; "
              f"{len(up)} references to the {i} files above")
        bad += len(up)
    print(f"layers_test: {len(order)} files, {bad} upward references")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
