#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tables of guest instructions for ci/bench.sh --arch (bench/README.md).

    count_table.py CASES COUNTS

CASES is bench/count.c's standard output ("case ID1 ID2 PRIMITIVE KIND LEN
NAME", "skip ...", "features ..."), COUNTS the plugin's
(ci/qemu-plugin/insn_count.c: "count ID N", "error ...", "done ...").
Checks first that an empty function's call counted 1 or 2 instructions
(its return, and MIPS's delay slot). Prints, per primitive, each case's instructions per byte at each size (per
operation where LEN is 0) and its ratio to the primitive's reference (KIND
"ref": the generic C row). Exit status 1 when the plugin reported an error,
a window has no count, a case's two counts differ (the count would not be
exact) or count.c reported a wrong output.
"""
import sys


def main(cases_path, counts_path):
    counts, errors = {}, []
    for line in open(counts_path):
        f = line.split()
        if f and f[0] == "count":
            counts[int(f[1])] = int(f[2])
        elif f and f[0] == "error":
            errors.append(line.strip())
    order, table, skipped, features, empty = [], {}, {}, None, None
    for line in open(cases_path):
        f = line.split(maxsplit=7)
        if not f:
            continue
        if f[0] == "features":
            features = line.split(maxsplit=1)[1].strip()
        elif f[0] == "empty":
            empty = [counts.get(int(f[1])), counts.get(int(f[2]))]
            # Its return instruction, and on MIPS the delay slot after it.
            if empty[0] != empty[1] or empty[0] not in (1, 2):
                errors.append("an empty function counted %s instructions, not 1 or 2:"
                              " the window is not one call" % empty)
        elif f[0] == "fail":
            errors.append("wrong output: " + line.strip())
        elif f[0] == "skip":
            skipped.setdefault(f[1], []).append(" ".join(f[2:]))
        elif f[0] == "case":
            a, b, prim, kind, size, name = int(f[1]), int(f[2]), f[3], f[4], int(f[5]), f[6].strip()
            if a not in counts or b not in counts:
                errors.append("no count for %s %s %d" % (prim, name, size))
                continue
            if counts[a] != counts[b]:
                errors.append("%s %s %d: two calls counted %d and %d" % (prim, name, size, counts[a], counts[b]))
            if prim not in table:
                order.append(prim)
                table[prim] = {"rows": [], "sizes": []}
            t = table[prim]
            if size not in t["sizes"]:
                t["sizes"].append(size)
            key = (kind, name)
            if key not in [r[0] for r in t["rows"]]:
                t["rows"].append((key, {}))
            dict(t["rows"])[key][size] = counts[a]
    if empty is None:
        errors.append("no empty-function check in the program's output")
    else:
        print("an empty function's call counts %s (its return; MIPS: and the delay slot)" % empty[0])
    if features is not None:
        print("zinc's CPU features under this qemu CPU model: %s" % features)
    for prim in order:
        t = table[prim]
        sizes = t["sizes"]
        per_op = sizes == [0]
        ref = next((v for (k, v) in t["rows"] if k[0] == "ref"), None)
        print()
        unit = "instructions per operation" if per_op else "instructions per byte"
        print("## %s (%s; gen/this = the generic C reference's count over this one's: above 1 is fewer instructions than the generic C)" % (prim, unit))
        head = ["case", "kind"]
        for s in sizes:
            head.append("per op" if s == 0 else "%d B" % s)
        for s in sizes:
            head.append("gen/this" if s == 0 else "gen/this %d" % s)
        rows = []
        for (kind, name), v in t["rows"]:
            r = [name, kind]
            for s in sizes:
                n = v.get(s)
                r.append("-" if n is None else (str(n) if s == 0 else "%.2f" % (n / s)))
            for s in sizes:
                n, base = v.get(s), (ref or {}).get(s)
                r.append("-" if not n or not base else "%.2f" % (base / n))
            rows.append(r)
        widths = [max(len(x[i]) for x in [head] + rows) for i in range(len(head))]
        print("| " + " | ".join(h.ljust(w) for h, w in zip(head, widths)) + " |")
        print("|" + "|".join("-" * (w + 1) + ("-" if i < 2 else ":") for i, w in enumerate(widths)) + "|")
        for r in rows:
            print("| " + " | ".join(x.ljust(w) if i < 2 else x.rjust(w)
                                    for i, (x, w) in enumerate(zip(r, widths))) + " |")
        for s in skipped.get(prim, []):
            print("not counted (this CPU model lacks it): %s" % s)
    for e in errors:
        print("ERROR: %s" % e, file=sys.stderr)
    return 1 if errors or not order else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: count_table.py CASES COUNTS")
    sys.exit(main(sys.argv[1], sys.argv[2]))
