#!/usr/bin/env python3
"""Every file and folder path the documentation names exists.

Reads the Markdown files given as arguments (README.md, docs/*.md and the
READMEs of the folders), takes each `code span` and each link target that
looks like a path of this tree (it starts with a top-level folder or names
a top-level file), and checks that it exists in the source tree: the one
the first argument's real path is in (Bazel hands the test symlinks into
it; BUILD tags the test "external", so that no cached result answers for a
tree that changed). Placeholders (<name>, *, {a,b}, ...) are skipped, as
are components in capitals (NAME, TARGET) or of one letter (corpus/t/). Prints each missing path with the file
and line that names it, then "paths_test: N passed, M failed".
"""
import os
import re
import sys

TOP = ("lib", "arch", "ci", "fuzz", "docs", "vectors", "bench", "corpus", "include",
       "toolchain", "third_party", ".ci", ".clusterfuzzlite", ".github")
TOP_FILES = ("sources.bzl", "BUILD", "WORKSPACE", "zinc.lds", ".bazelrc", "README.md",
             "zinc_so_test.sh")
PATHLIKE = re.compile(r"^[A-Za-z0-9_.+/-]+$")


def candidates(text):
    for m in re.finditer(r"`([^`\n]+)`", text):
        yield m.start(), m.group(1), False
    for m in re.finditer(r"\]\(([^)\s#]+)(#[^)]*)?\)", text):
        yield m.start(), m.group(1), True


def main(docs):
    root = os.path.dirname(os.path.realpath(docs[0]))
    while not os.path.exists(os.path.join(root, "sources.bzl")):
        parent = os.path.dirname(root)
        if parent == root:
            sys.exit("paths_test: cannot find the top of the tree from " + docs[0])
        root = parent
    passed = failed = 0
    for doc in docs:
        rel_doc = os.path.relpath(os.path.realpath(doc), root)
        text = open(doc, encoding="utf-8").read()
        for at, token, is_link in candidates(text):
            token = token.split(":")[0] if not is_link else token
            if not PATHLIKE.match(token) or "://" in token:
                continue
            if is_link:
                path = os.path.normpath(os.path.join(os.path.dirname(rel_doc), token))
            else:
                path = os.path.normpath(token)
            first = path.split("/")[0]
            if path.startswith(".."):
                continue
            if not ((first in TOP and "/" in token) or path in TOP_FILES):
                continue
            # placeholders: NAME, TARGET, t (corpus/<t>/ written plainly)
            if any(re.fullmatch(r"[A-Z][A-Z_]+|[a-z]", os.path.splitext(c)[0]) and
                   os.path.splitext(c)[0] not in ("README", "BUILD", "WORKSPACE")
                   for c in path.split("/")):
                continue
            if os.path.exists(os.path.join(root, path)):
                passed += 1
            else:
                failed += 1
                line = text.count("\n", 0, at) + 1
                print("%s:%d: names %s, which does not exist" % (rel_doc, line, token))
    print("paths_test: %d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: paths_test.py DOC.md...")
    sys.exit(main(sys.argv[1:]))
