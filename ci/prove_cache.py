#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Authenticates the proof cache of ci/prove.sh (docs/prove.md).

usage: prove_cache.py sign KEYFILE TOOLS DIR
       prove_cache.py verify KEYFILE TOOLS DIR OUT

DIR holds Frama-C WP's cache entries (one NAME.json a goal and prover,
NAME the digest WP computes of the prover's input) and MACS, one line
"HMAC  NAME.json" an entry: HMAC-SHA256, under the key in KEYFILE, of the
TOOLS string (the versions of Frama-C, Why3 and the provers, and the
timeout), the entry's name and its bytes.

sign: writes DIR/MACS for every entry in DIR (after ci/prove.sh has
filled DIR with a run of its own).
verify: copies to OUT (new, empty) the entries whose HMAC is right, and
prints one line per entry left out ("unauthenticated NAME: REASON"), then
"N authenticated, M left out". A missing DIR or MACS, a MACS line that is
not "HEX  NAME.json", an entry MACS lists that is missing, or an
authenticated entry that is not JSON: a line saying so, exit 2.
"""
import hashlib
import hmac
import json
import os
import re
import shutil
import sys

LINE = re.compile(r"^([0-9a-f]{64})  ([0-9a-zA-Z_.-]+\.json)$")


def die(msg):
    print("prove_cache.py: " + msg, file=sys.stderr)
    sys.exit(2)


def read_key(path):
    try:
        with open(path, "rb") as f:
            key = f.read().strip()
    except OSError as e:
        die("cannot read the cache key %s (%s)" % (path, e.strerror))
    if len(key) < 32:
        die("the cache key %s is shorter than 32 bytes" % path)
    return key


def mac(key, tools, name, data):
    h = hmac.new(key, digestmod=hashlib.sha256)
    for part in (b"zinc prove cache 1", tools.encode(), name.encode()):
        h.update(len(part).to_bytes(8, "little") + part)
    h.update(data)
    return h.hexdigest()


def entries(d):
    return sorted(n for n in os.listdir(d) if n.endswith(".json"))


def sign(key, tools, d):
    lines = []
    for name in entries(d):
        with open(os.path.join(d, name), "rb") as f:
            lines.append("%s  %s\n" % (mac(key, tools, name, f.read()), name))
    with open(os.path.join(d, "MACS"), "w") as f:
        f.writelines(lines)
    print("%d entries signed" % len(lines))


def verify(key, tools, d, out):
    if not os.path.isdir(d):
        die("no proof cache directory %s (ci/prove.sh --full proves without it)" % d)
    macs_path = os.path.join(d, "MACS")
    if not os.path.isfile(macs_path):
        die("%s has no MACS file (ci/prove.sh --update-cache writes it)" % d)
    listed = {}
    with open(macs_path, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            m = LINE.match(line.rstrip("\n"))
            if not m:
                die("%s:%d: not \"HMAC  NAME.json\": %r" % (macs_path, n, line[:80]))
            listed[m.group(2)] = m.group(1)
    os.makedirs(out)
    good = bad = 0
    for name, want in sorted(listed.items()):
        path = os.path.join(d, name)
        if not os.path.isfile(path):
            die("%s lists %s, which is missing" % (macs_path, name))
        with open(path, "rb") as f:
            data = f.read()
        if not hmac.compare_digest(mac(key, tools, name, data), want):
            print("unauthenticated %s: its HMAC does not match (edited, or another"
                  " key or tool version)" % name)
            bad += 1
            continue
        try:
            # WP writes OCaml's floats: "1." for 1.0, which JSON lacks.
            json.loads(re.sub(rb"(\d)\.(?=[\s,}])", rb"\1.0", data))
        except ValueError as e:
            die("%s is authenticated but not JSON (%s)" % (path, e))
        shutil.copyfile(path, os.path.join(out, name))
        good += 1
    for name in entries(d):
        if name not in listed:
            print("unauthenticated %s: not in MACS" % name)
            bad += 1
    print("%d authenticated, %d left out" % (good, bad))


def main(argv):
    if len(argv) == 4 and argv[0] == "sign":
        sign(read_key(argv[1]), argv[2], argv[3])
    elif len(argv) == 5 and argv[0] == "verify":
        verify(read_key(argv[1]), argv[2], argv[3], argv[4])
    else:
        die("usage: prove_cache.py sign KEYFILE TOOLS DIR | verify KEYFILE TOOLS DIR OUT")


if __name__ == "__main__":
    main(sys.argv[1:])
