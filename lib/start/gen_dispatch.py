#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes a primitive's direct-call dispatch from its rows.h.

usage: gen_dispatch.py lib/<primitive>/rows.h > lib/<primitive>/dispatch.h

rows.h stays the one table; this writes out, for each of the primitive's
by-name calls (CALLS below: which column of a ROW line names the function,
and how it is called), the chain of zinc_row_is() tests a public function
runs, one test per row that has the function, under the same #if lines as
the rows. So `git grep poly1305_avx2_blocks` finds the line that calls it.
//:dispatch_fresh_test fails when a dispatch.h differs from what this
writes now.

A column names a function as fn, as WRAP(fn) (HCHACHA20(fn), MAC(fn),
KERNEL(fn) ...), or none as NO_WRAP or NULL: a row without the function
gets the call's `missing` statement, or no test at all when it has none.
"""
import os
import re
import sys

# For each primitive (its folder's name): the prefix of its row ids, the
# columns of its ROW lines, and its by-name calls: (head, column, the
# statements that call fn, the statement for a row without one or None,
# what follows the chain).
TRAP = "__builtin_trap();"
CALLS = {
    "chacha20": {
        "id": "CHACHA20_ROW_",
        "columns": ["id", "name", "needs", "min_len", "xor_stream", "hchacha20"],
        "calls": [
            ("/* Row row's xor_stream, called by name. */\n"
             "static inline void chacha20_row_xor(enum chacha20_row row, uint32_t state[16],"
             " uint8_t *dst,\n\t\t\t\t    const uint8_t *src, size_t len)",
             "xor_stream", ["{fn}(state, dst, src, len);", "return;"], None, TRAP),
            ("/* Row row's HChaCha20, called by name (a row must have one). */\n"
             "static inline void chacha20_row_hchacha20(enum chacha20_row row,\n"
             "\t\t\t\t\t  uint8_t out[HCHACHA20_OUT_SIZE],\n"
             "\t\t\t\t\t  const uint8_t nonce[HCHACHA20_NONCE_SIZE],\n"
             "\t\t\t\t\t  const uint8_t key[HCHACHA20_KEY_SIZE])",
             "hchacha20", ["{fn}(out, nonce, key);", "return;"], None, TRAP),
        ],
    },
    "poly1305": {
        "id": "POLY1305_ROW_",
        "columns": ["id", "name", "needs", "min_len", "state_size", "init", "blocks", "emit",
                    "mac", "test"],
        "calls": [
            ("/* Row row's functions, called by name. */\n"
             "static inline void poly1305_row_init(uint32_t row, void *state, const uint8_t r[16])",
             "init", ["{fn}(state, r);", "return;"], None, TRAP),
            ("static inline void poly1305_row_blocks(uint32_t row, void *state, const uint8_t *in,"
             " size_t len,\n\t\t\t\t       uint32_t padbit)",
             "blocks", ["{fn}(state, in, len, padbit);", "return;"], None, TRAP),
            ("static inline void poly1305_row_emit(uint32_t row, void *state,"
             " uint8_t mac[POLY1305_MAC_SIZE],\n\t\t\t\t     const uint32_t s[4])",
             "emit", ["{fn}(state, mac, s);", "return;"], None, TRAP),
            ("/* Row row's one-shot entry, called by name: false for a row without one. */\n"
             "static inline bool poly1305_row_mac_entry(uint32_t row, uint8_t mac[POLY1305_MAC_SIZE],\n"
             "\t\t\t\t\t  const uint8_t *in, size_t len,\n"
             "\t\t\t\t\t  const uint8_t key[POLY1305_KEY_SIZE])",
             "mac", ["{fn}(mac, in, len, key);", "return true;"], "return false;", TRAP),
        ],
    },
    "chacha20poly1305": {
        "id": "CHACHA20POLY1305_ROW_",
        "columns": ["id", "name", "needs", "min_len", "kernel", "steps", "open"],
        "calls": [
            ("/* Row row's kernel, called by name (the row must have one). */\n"
             "static inline void chacha20poly1305_row_kernel(enum chacha20poly1305_row row,\n"
             "\t\t\t\t\t       const struct chacha20poly1305_bulk *b,\n"
             "\t\t\t\t\t       uint8_t *dst, const uint8_t *src, size_t len)",
             "kernel", ["{fn}(b, dst, src, len);", "return;"], TRAP, TRAP),
            ("/* Row row's steps kernel, called by name (the row must have one). */\n"
             "static inline void chacha20poly1305_row_steps(enum chacha20poly1305_row row,\n"
             "\t\t\t\t\t      const struct chacha20poly1305_bulk *b,\n"
             "\t\t\t\t\t      const struct chacha20poly1305_step *steps, size_t len)",
             "steps", ["{fn}(b, steps, len);", "return;"], TRAP, TRAP),
            ("/* Row row's decryption kernel, called by name (the row must have one). */\n"
             "static inline void chacha20poly1305_row_open(enum chacha20poly1305_row row,\n"
             "\t\t\t\t\t     const struct chacha20poly1305_bulk *b, uint8_t *dst,\n"
             "\t\t\t\t\t     const struct chacha20poly1305_step *steps,\n"
             "\t\t\t\t\t     size_t len)",
             "open", ["{fn}(b, dst, steps, len);", "return;"], TRAP, TRAP),
        ],
    },
    "blake2s": {
        "id": "BLAKE2S_ROW_",
        "columns": ["id", "name", "needs", "min_len", "compress"],
        "calls": [
            ("/* Row row's compression function, called by name. */\n"
             "static inline void blake2s_row_compress(enum blake2s_row row,"
             " struct blake2s_state *state,\n"
             "\t\t\t\t\tconst uint8_t *block, size_t nblocks, uint32_t inc)",
             "compress", ["{fn}(state, block, nblocks, inc);", "return;"], None, TRAP),
        ],
    },
    "curve25519": {
        "id": "CURVE25519_ROW_",
        "columns": ["id", "name", "needs", "scalarmult", "scalarmult_base", "field"],
        "calls": [
            ("/* Row row's functions, called by name. */\n"
             "static inline void curve25519_row_scalarmult(enum curve25519_row row,\n"
             "\t\t\t\t\t     uint8_t out[CURVE25519_KEY_SIZE],\n"
             "\t\t\t\t\t     const uint8_t scalar[CURVE25519_KEY_SIZE],\n"
             "\t\t\t\t\t     const uint8_t point[CURVE25519_KEY_SIZE])",
             "scalarmult", ["{fn}(out, scalar, point);", "return;"], None, TRAP),
            ("static inline void curve25519_row_scalarmult_base(enum curve25519_row row,\n"
             "\t\t\t\t\t\t  uint8_t out[CURVE25519_KEY_SIZE],\n"
             "\t\t\t\t\t\t  const uint8_t scalar[CURVE25519_KEY_SIZE])",
             "scalarmult_base", ["{fn}(out, scalar);", "return;"], None, TRAP),
        ],
    },
}

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


def chain(spec, items, call):
    head, column, body, missing, end = call
    col = spec["columns"].index(column)
    lines = []
    for kind, what in items:
        if kind == "if":
            lines.append(what)
            continue
        if len(what) != len(spec["columns"]):
            sys.exit("gen_dispatch.py: a ROW with %d columns, %d expected: %s"
                     % (len(what), len(spec["columns"]), what))
        fn, test = function_of(what[col]), "zinc_row_is(row, %s%s)" % (spec["id"], what[0])
        if fn:
            lines.append("\tif (%s) {" % test)
            lines += ["\t\t" + s.format(fn=fn) for s in body]
            lines.append("\t}")
        elif missing:
            lines.append("\tif (%s)" % test)
            lines.append("\t\t" + missing)
    return head + "\n{\n" + "\n".join(prune(lines)) + "\n\t" + end + "\n}\n"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen_dispatch.py lib/<primitive>/rows.h")
    rows = sys.argv[1]
    folder = os.path.dirname(os.path.normpath(rows))
    primitive = os.path.basename(folder)
    if primitive not in CALLS:
        sys.exit("gen_dispatch.py: no calls described for %s" % primitive)
    spec, items = CALLS[primitive], read_rows(rows)
    guard = "ZINC_LIB_%s_DISPATCH_H" % primitive.upper()
    out = ["/* SPDX-License-Identifier: MIT */",
           "/* GENERATED by lib/start/gen_dispatch.py from lib/%s/rows.h:" % primitive,
           " *   python3 lib/start/gen_dispatch.py lib/%s/rows.h > lib/%s/dispatch.h"
           % (primitive, primitive),
           " * Do not edit; //:dispatch_fresh_test fails when this is stale.",
           " *",
           " * Each row's functions called by name, for the public functions: a chain",
           " * of zinc_row_is() tests (lib/common/cpu.h), one per row that has the",
           " * function, that ends in a trap for an id that matches no row. Included by",
           " * lib/%s/%s.h after the row ids and the prototypes. */" % (primitive, primitive),
           "#ifndef " + guard,
           "#define " + guard,
           ""]
    out.append("\n".join(chain(spec, items, call) for call in spec["calls"]))
    out.append("#endif")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
