#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Trace equivalence under qemu-user: compares the windows of a plugin log.

    ci/ct/qemu_compare.py ARCH MAP LOG PROGRAM ADDR2LINE SECONDS

ci/ct.sh runs ci/ct/trace.c built for ARCH with -DZINC_TRACE_QEMU under
qemu-user with ci/qemu-plugin/insn_count.so (log=LOG, max=N): the program
prints one MAP line per call ("call ID ROW PRIMITIVE KIND LENGTH SECRET")
and arms a window for it; the plugin logs, per window, each executed
instruction's address ("I addr") and each memory access ("R addr bytes",
"W addr bytes"), the first N instructions, and the window's whole
instruction count ("end ID COUNT"). The windows of one (row, entry, length)
are compared with secret 0's, the count too: the first difference is
printed as ci/ct/trace.c prints it (the instruction's function and
file:line from ADDR2LINE on PROGRAM), and each row's line and the summary
line as trace.c's, rows named ARCH/ROW. SECONDS: the qemu run's time.
Exit 0 when every window equals its reference, 1 when one does not, 2 when
the log is not whole (a window missing, not closed, or a plugin error).
"""
import subprocess
import sys


def where(addr2line, program, addr):
    try:
        out = subprocess.run([addr2line, "-f", "-e", program, addr], capture_output=True,
                             text=True, check=False).stdout.split("\n")
        return "%s at %s" % (out[0], out[1])
    except (OSError, IndexError):
        return "?"


def main():
    arch, map_file, log_file, program, addr2line, seconds = sys.argv[1:7]
    calls = {}
    for line in open(map_file):
        f = line.split()
        if len(f) == 7 and f[0] == "call":
            calls[int(f[1])] = (f[2], f[3], f[4], int(f[5]), int(f[6]))
    windows, counts, cur, errors = {}, {}, None, []
    with open(log_file) as log:
        for line in log:
            c = line[0]
            if c in "IRW":
                if cur is not None:
                    cur.append(line.rstrip("\n"))
            elif line.startswith("window "):
                cur = windows.setdefault(int(line.split()[1]), [])
            elif line.startswith("end "):
                f = line.split()
                counts[int(f[1])] = int(f[2])
                cur = None
    for i in calls:
        if i not in counts:
            errors.append("call %d (%s %s) has no closed window in the log" % (i, calls[i][0], calls[i][2]))
    if errors or not calls:
        for e in errors or ["no calls"]:
            print("qemu_compare: %s" % e)
        return 2
    ref, rows, order, failed, compared = {}, {}, [], 0, 0
    for i in sorted(calls):
        row, prim, kind, length, secret = calls[i]
        name = "%s/%s" % (arch, row)
        if name not in rows:
            rows[name] = {"kinds": [], "classes": 0, "calls": 0, "steps": 0, "failed": 0, "cut": 0}
            order.append(name)
        r = rows[name]
        if kind not in r["kinds"]:
            r["kinds"].append(kind)
        key = (row, kind, length)
        r["calls"] += 1
        r["steps"] += counts[i]
        r["cut"] += sum(1 for x in windows.get(i, []) if x[0] == "I") < counts[i]
        if secret == 0:
            ref[key] = i
            r["classes"] += 1
            continue
        compared += 1
        a, b = windows.get(ref[key], []), windows.get(i, [])
        diff = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), None)
        if diff is None and len(a) == len(b) and counts[ref[key]] == counts[i]:
            continue
        failed += 1
        r["failed"] += 1
        if diff is None:
            diff = min(len(a), len(b))
        step = sum(1 for x in a[:diff] if x[0] == "I")
        last = next((x.split()[1] for x in reversed(a[:diff]) if x[0] == "I"), None)
        if diff < len(a) and diff < len(b):
            what = "the instruction executed" if a[diff][0] == "I" and b[diff][0] == "I" else \
                "a memory access" if a[diff][0] != "I" and b[diff][0] != "I" else \
                "a memory access against an instruction"
        else:
            what = "the instruction count (%d against %d)" % (counts[ref[key]], counts[i])
        print("FAIL  %-30s %s %s, %d bytes: traces differ at step %d: %s" % (name, prim, kind, length, step, what))
        if last:
            print("    after 0x%s  (%s)" % (last, where(addr2line, program, "0x" + last)))
        for tag, t in (("A", a), ("B", b)):
            if diff < len(t):
                x = t[diff].split()
                at = x[1] if x[0] == "I" else last
                print("    secret %s: %s  (%s)" % (tag, t[diff], where(addr2line, program, "0x" + at) if at else "?"))
        print("    secrets: A is secret 0 of this class, B secret %d (their seeds: ci/ct/trace.c's secret_seed)" % secret)
    for name in order:
        r = rows[name]
        print("%s  %-30s traced: %s; %d (entry, length) classes, %d calls, %d steps under qemu%s" % (
            "FAIL" if r["failed"] else "ok  ", name, ",".join(r["kinds"]), r["classes"], r["calls"], r["steps"],
            " (%d calls compared on their first logged instructions and their count only)" % r["cut"] if r["cut"] else ""))
    print("trace: %d rows traced, %d (entry, length, pair) traces compared, %d differ, %s s under qemu-user (%s). "
          "Equal traces are evidence, not proof: only the secrets tried were compared, and the latency of "
          "data-dependent instructions is not in a trace." % (len(order), compared, failed, seconds, arch))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
