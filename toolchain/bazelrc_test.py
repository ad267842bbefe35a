#!/usr/bin/env python3
"""Every architecture of ARCHS (sources.bzl) that qemu-user runs has its
--config line in .bazelrc, exactly as toolchain/BUILD names its parts, and
.bazelrc has no such line for an architecture ARCHS does not list.

    toolchain/bazelrc_test.py SOURCES_BZL BAZELRC
Prints "bazelrc_test: N passed, M failed".
"""
import re
import sys


def main(sources, bazelrc):
    ns = {}
    exec(open(sources).read(), ns)
    lines = open(bazelrc).read().splitlines()
    cross = [a for a, d in ns["ARCHS"].items() if d["qemu"]]
    passed = failed = 0
    for a in cross:
        want = ("build:%s --config=cross --cpu=%s --platforms=//toolchain:%s_platform "
                "--run_under=//toolchain:qemu_%s" % (a, a, a, a))
        if want in lines:
            passed += 1
        else:
            failed += 1
            print(".bazelrc: no line '%s'" % want)
    for line in lines:
        m = re.match(r"build:(\S+) --config=cross\b", line)
        if m and m.group(1) not in cross:
            failed += 1
            print(".bazelrc: --config=%s is not an architecture of ARCHS" % m.group(1))
    print("bazelrc_test: %d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: bazelrc_test.py SOURCES_BZL BAZELRC")
    sys.exit(main(sys.argv[1], sys.argv[2]))
