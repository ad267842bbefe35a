#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""No indirect call or jump on the public paths of libzinc.so (x86-64).

usage: direct_calls_test.py LIBZINC_SO DISPATCH_H...

DISPATCH_H: every primitive's lib/<primitive>/dispatch.h (BUILD passes
them, one per folder of sources.bzl's primitives()).

Disassembles the library with objdump and walks, from every exported
function, the functions reachable through direct calls and jumps (tail
calls and branches into other functions included). Fails on any indirect
call or jump (`call *...`, `jmp *...`, with or without notrack) in a
function so reached: the row dispatch (lib/<primitive>/rows.h) must reach
its backend by name, and the compiler must not have turned the dispatch
into a jump table. Every row function a dispatch.h calls by name (written
from rows.h by lib/start/gen_dispatch.py) that this build has as a function
of its own must be among the functions the walk reaches, the assembly rows
included: a walk that stopped at the dispatch would prove nothing about the
calls that matter. (A row function the compiler inlined into its caller
has no symbol to find; they are counted and named.)

What it does not cover, and says so in its output:
- calls into other libraries through the PLT (memcpy, memset, getrandom,
  pthread_once, ...): a shared library reaches libc through the GOT, an
  indirect jump in the PLT stub, as every library does; they are listed.
  A call to one of zinc's own exported functions through the PLT is a
  failure: the library is linked with -Bsymbolic-functions to bind them;
- code reached only through a pointer handed to another library: the
  one-time start-up lib/start/start.c passes to pthread_once (CPU
  detection, the choices, and the self-test ZINC_SELFTEST=1 runs once,
  which walks the tables);
- zinc_selftest() itself, which runs every table row through its pointer
  by design: instead it is walked to check that the detector finds those
  indirect calls, so that a blind walk cannot pass;
- the other architectures' builds (bazel test --config=<arch>: its libzinc.so is not checked).
"""
import re
import subprocess
import sys

HEADER = re.compile(r"^([0-9a-f]+) <([^>]+)>:$")
INSN = re.compile(r"^\s*([0-9a-f]+):\s+(.*)$")
DIRECT = re.compile(r"^(?:bnd\s+)?(call|jmp|j[a-z]+)\s+[0-9a-f]+ <([^+>]+)(?:\+0x[0-9a-f]+)?>")
INDIRECT = re.compile(r"^(?:notrack\s+|bnd\s+)*(call|jmp)\s+\*")
EXCLUDED = {"zinc_selftest"}


def die(msg):
    print("direct_calls_test: " + msg, file=sys.stderr)
    sys.exit(2)


def run(cmd):
    try:
        return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    except FileNotFoundError:
        die(cmd[0] + " not found (binutils; ci/test.sh installs it)")
    except subprocess.CalledProcessError as e:
        die(" ".join(cmd) + " failed: " + e.stderr.strip())


def disassemble(so):
    """{function: [(address, instruction text)]}"""
    funcs, cur = {}, None
    for line in run(["objdump", "-d", "--no-show-raw-insn", "-M", "att", so]).splitlines():
        m = HEADER.match(line)
        if m:
            cur = funcs.setdefault(m.group(2), [])
            continue
        m = INSN.match(line)
        if m and cur is not None:
            cur.append((m.group(1), m.group(2).strip()))
    return funcs


exported_names = set()

# A row function called by name in a dispatch.h: the statement of an
# "if (zinc_row_is(row, ...))" or "else if (...)" of the chain, an assembly
# row's inside an "#ifdef ZINC_ASM_<ARCH>" block (a row without the function
# has a return or a trap there instead).
ROW_TEST = re.compile(r"^\s*(?:else )?if \(zinc_row_is\(row, \w+\)\)$")
ROW_CALL = re.compile(r"^\s*(?:return )?(?!__builtin_trap\b)(\w+)\(")


def row_functions(path):
    """{row function lib/<primitive>/dispatch.h calls by name: the
    ZINC_ASM_<ARCH> of its #ifdef block, "" for the generic C}"""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError as e:
        die("cannot read %s: %s" % (path, e.strerror))
    named, arch = {}, ""
    for i, line in enumerate(lines):
        if line.startswith("#if"):
            arch = line.split()[1] if line.startswith("#ifdef ZINC_ASM_") else ""
        elif line.startswith("#endif"):
            arch = ""
        elif ROW_TEST.match(line) and i + 1 < len(lines):
            m = ROW_CALL.match(lines[i + 1])
            if m:
                named[m.group(1)] = arch
    return named


# The assembly define of the library's architecture, by objdump's format.
ASM_OF_FORMAT = {"elf64-x86-64": "ZINC_ASM_X86_64"}


def build_arch(so):
    out = run(["objdump", "-f", so])
    for fmt, define in ASM_OF_FORMAT.items():
        if "file format " + fmt in out:
            return define
    die("%s: not a format this test knows (%s)" % (so, ", ".join(ASM_OF_FORMAT)))


def walk(funcs, roots):
    """Functions reachable from roots by direct calls/jumps; PLT leaves;
    indirect branches found as (function, address, instruction)."""
    seen, plt, bad = set(), set(), []
    todo = list(roots)
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        for addr, insn in funcs.get(f, []):
            if INDIRECT.match(insn):
                bad.append((f, addr, insn))
                continue
            m = DIRECT.match(insn)
            if not m:
                continue
            target = m.group(2)
            if target.endswith("@plt"):
                if target[:-4] in exported_names:
                    # zinc calling its own exported function through
                    # the GOT (link with -Bsymbolic-functions).
                    bad.append((f, addr, insn + " (own symbol through the PLT)"))
                else:
                    plt.add(target)
            elif target != f and target in funcs:
                todo.append(target)
    return seen, plt, bad


def main():
    if len(sys.argv) < 3:
        die("usage: direct_calls_test.py LIBZINC_SO DISPATCH_H...")
    so, dispatch = sys.argv[1], sys.argv[2:]
    exported = sorted(
        line.split()[2]
        for line in run(["nm", "-D", "--defined-only", so]).splitlines()
        if len(line.split()) == 3 and line.split()[1] == "T"
    )
    exported_names.update(exported)
    funcs = disassemble(so)
    passed = failed = 0

    def check(ok, msg):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAILED: " + msg)

    roots = [f for f in exported if f not in EXCLUDED]
    check(len(roots) >= 20, "only %d exported functions found: %s" % (len(roots), roots))
    for f in roots:
        check(f in funcs, "exported %s not found in the disassembly" % f)
    reached, plt, bad = walk(funcs, roots)
    for f, addr, insn in bad:
        check(False, "indirect branch in %s at %s: %s" % (f, addr, insn))
    check(not bad, "%d indirect branches on the public paths" % len(bad))
    # The walk must reach the backends by name: if it stopped at the
    # dispatch, it would prove nothing about the calls that matter. The
    # rows' functions are those each dispatch.h calls by name.
    this_arch = build_arch(so)
    rows, asm, inlined, other = [], [], [], []
    for path in dispatch:
        named = row_functions(path)
        check(bool(named), "%s calls no row function: not a dispatch.h of gen_dispatch.py" % path)
        for f, arch in sorted(named.items()):
            if arch and arch != this_arch:
                other.append(f)
                continue
            if f not in funcs:
                check(not arch, "%s's assembly row function %s is not in the library" % (path, f))
                inlined.append(f)
                continue
            rows.append(f)
            if arch:
                asm.append(f)
            check(f in reached, "the walk from the exported functions did not reach %s's row"
                  " function %s" % (path, f))
    check(len(asm) >= 4, "only these assembly row functions are in the library: %s" % asm)
    # The detector itself: zinc_selftest runs every row through the table.
    _, _, selftest_bad = walk(funcs, ["zinc_selftest"])
    check(bool(selftest_bad), "no indirect call found from zinc_selftest, which calls rows through"
          " the tables: the detector is blind")

    print("direct_calls_test: walked %d exported functions and %d functions reachable from"
          " them by direct calls/jumps, the %d row functions of the dispatch.h files among them"
          " (%d of them assembly rows'): %d indirect branches"
          % (len(roots), len(reached), len(rows), len(asm), len(bad)))
    print("  not covered: calls through the PLT into other libraries (%s),"
          " code run through pthread_once (the start-up: CPU detection, the choices, the"
          " ZINC_SELFTEST=1 self-test), zinc_selftest() (walked only to check the detector: %d indirect"
          " calls found there), generic row functions inlined into their dispatch (no symbol"
          " to find: %s), the other architectures' builds and their %d row functions"
          % (", ".join(sorted(plt)) or "none", len(selftest_bad), ", ".join(inlined) or "none",
             len(other)))
    print("direct_calls_test: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
