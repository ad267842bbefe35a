#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The seed corpus generator of the fuzz targets (standard library only).

Writes inputs in the byte format of fuzz/README.md (each target's decode()
reads them in the order encoded here: keep the two in step) so that every
length class is present (0, 1, 15, 16, 17, 63, 64, 65, ... 4095, 4096, 4097
and multi-block sizes), with ChaCha20 counters near 2^32 and 2^31, in-place
and misaligned buffers, 0x00 / 0xff / run fills of data and keys, streaming
split points, AEAD associated-data lengths, every BLAKE2s output and key
length and BLAKE2s start counters near 2^32 and 2^64, and low-order, non-canonical and twist points for X25519.

Each seed carries tags (its length class, its counter, ...). With --fuzzers
the raw seeds are minimized with libFuzzer's merge, then seeds are added
back until every tag of the raw set is present again, so minimizing never
loses a class. Files are named by their SHA-1, like libFuzzer's.

  python3 fuzz/gen_corpus.py --out corpus --clean \\
      --fuzzers "$(bazel info --config=asan --config=libfuzzer bazel-bin)/fuzz"
"""

import argparse
import hashlib
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile

def _fuzz_targets():
    """FUZZ_TARGETS of sources.bzl (plain Python data), the one list."""
    ns = {}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sources.bzl")
    with open(path) as f:
        exec(f.read(), ns)
    return ns["FUZZ_TARGETS"]


TARGETS = _fuzz_targets()

MAX_LEN = 8192       # FUZZ_MAX_LEN
MAX_AD_LEN = 2048    # FUZZ_MAX_AD_LEN
MAX_HMAC_KEY = 256   # blake2s_fuzzer.c

LENGTHS = [0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257,
           511, 512, 513, 1023, 1024, 1025, 4095, 4096, 4097]
MULTI_BLOCK = [192, 320, 448, 768, 1536, 2048, 3072, 6144, 8192]
ALL_LENGTHS = sorted(LENGTHS + MULTI_BLOCK)

# Message bytes actually written: the message is the last field of every
# format and the reader gives zeros past the end of the input, so longer
# messages end in zeros and the files stay small. A few seeds are written
# in full (FULL_LENGTHS).
WRITTEN = 320
FULL_LENGTHS = {1023, 4097}


# --- the encodings of fuzz/input.c -------------------------------------------

def layout(misalign=0, in_place=False, guard_start=False):
    return bytes([(misalign & 63) | (64 if in_place else 0) | (128 if guard_start else 0)])


def length(n):
    """fuzz_length: an odd u16 is a literal length (v >> 1)."""
    return struct.pack("<H", (n << 1) | 1)


def counter(c):
    """fuzz_counter: one selector byte (+ a u32 for "anything")."""
    if c < 64:
        return bytes([c << 2])
    if c >= 0xffffffff - 63:
        return bytes([((0xffffffff - c) << 2) | 1])
    if 0x80000000 - 32 <= c < 0x80000000 + 32:
        return bytes([((c - (0x80000000 - 32)) << 2) | 3])
    return bytes([2]) + struct.pack("<I", c)


def splits(chunks):
    assert len(chunks) <= 8
    return bytes([len(chunks)]) + b"".join(length(c) for c in chunks)


PAT_DATA, PAT_00, PAT_FF = 0, 1, 2


def pat_runs(log2_run):
    """fuzz_fill pattern 3: runs of 2^log2_run bytes of data, 0xff, 0x00."""
    return 3 | (log2_run << 2)


class Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.seeds = []
        self.i = 0

    def bytes(self, n):
        return bytes(self.rng.getrandbits(8) for _ in range(n))

    def msg(self, n, full=False):
        return self.bytes(n if full or n in FULL_LENGTHS else min(n, WRITTEN))

    def layout(self, **kw):
        """Cycles through misalignments, in-place and guard sides."""
        i = self.i
        self.i += 1
        lay = dict(misalign=(i * 13) % 64, in_place=bool(i & 1), guard_start=bool(i & 2))
        lay.update(kw)
        tags = set()
        if lay["in_place"]:
            tags.add("in-place")
        if lay["guard_start"] and lay["misalign"]:
            tags.add("misaligned")
        if lay["guard_start"]:
            tags.add("guard-start")
        else:
            tags.add("guard-end")
        return layout(**lay), tags

    def add(self, data, tags):
        self.seeds.append((bytes(data), set(tags)))


def fill_tags(pattern, what):
    return {PAT_DATA: set(), PAT_00: {what + "-00"}, PAT_FF: {what + "-ff"}}.get(
        pattern, {what + "-runs"})


# --- one function per target, in the order of its decode() ------------------

def gen_chacha20(g):
    def seed(n, ctr=0, pattern=PAT_DATA, key_pattern=PAT_DATA, chunks=(), tags=(), **kw):
        lay, t = g.layout(**kw)
        data = (lay + bytes([pattern, key_pattern]) + length(n) + counter(ctr) +
                splits(list(chunks)) + g.bytes(32) + g.bytes(12) + g.msg(n))
        t |= {("len", n)} | fill_tags(pattern, "data") | fill_tags(key_pattern, "key")
        g.add(data, t | set(tags) | ({"splits"} if chunks else set()))

    for n in ALL_LENGTHS:
        seed(n, ctr=g.rng.choice([0, 1, 7]))
        seed(n, ctr=0xffffffff)                     # wraps after one block
    for c in [0xffffffff, 0xfffffffe, 0xfffffffd, 0xfffffffc, 0xfffffff8,
              0xfffffff0, 0xffffffe0, 0xffffffc1, 0x7fffffff, 0x80000000,
              0x7ffffff0, 0x12345678]:
        for n in (64, 129, 1024, 4097):
            seed(n, ctr=c, tags={("counter", c)})
    for p in (PAT_00, PAT_FF, pat_runs(0), pat_runs(3), pat_runs(6)):
        seed(1024, pattern=p)
        seed(257, key_pattern=p)
    for chunks in ([1, 15, 16, 17, 63, 64, 65], [64, 64, 128], [0, 1, 0, 200],
                   [511, 1], [4095, 1]):
        seed(1024 if sum(chunks) < 1024 else 4097, ctr=0xfffffffe, chunks=chunks)
    for m in (1, 15, 31, 63):
        seed(256, misalign=m, guard_start=True, in_place=False)
        seed(256, misalign=m, guard_start=True, in_place=True)


def gen_poly1305(g):
    def seed(n, pattern=PAT_DATA, key_pattern=PAT_DATA, chunks=(), tags=(), **kw):
        lay, t = g.layout(**kw)
        data = (lay + bytes([pattern, key_pattern]) + length(n) + splits(list(chunks)) +
                g.bytes(32) + g.msg(n))
        t |= {("len", n)} | fill_tags(pattern, "data") | fill_tags(key_pattern, "key")
        g.add(data, t | set(tags) | ({"splits"} if chunks else set()))

    for n in ALL_LENGTHS:
        seed(n)
        seed(n, pattern=PAT_FF, key_pattern=PAT_FF)   # every limb at its maximum
    for p in (PAT_00, pat_runs(0), pat_runs(2), pat_runs(4)):
        for kp in (PAT_DATA, PAT_00, PAT_FF):
            seed(256, pattern=p, key_pattern=kp)
    for chunks in ([1, 15, 16, 17, 31, 32, 33, 64], [16, 16, 16], [0, 15, 1],
                   [63, 65, 127, 129], [255, 257, 511, 513]):
        seed(2048 if sum(chunks) > 512 else 512, chunks=chunks)
    for m in (1, 3, 8, 33):
        seed(129, misalign=m, guard_start=True)
    # An update shorter than the rest of a partly filled block (it only
    # adds to the buffer): two small chunks in a row, also after a block.
    for chunks in ([1, 1], [3, 5], [17, 1, 1, 13], [0, 7, 8, 0, 15]):
        seed(64, chunks=chunks, tags={("small-after-partial", tuple(chunks))})


def gen_poly1305_state(g):
    """flags (bit 0 pad bit, bit 1 r all ones, bit 2 warm), blocks - 1, groups, key and
    message patterns, key, 5 h limbs and 20 lane limbs (a selector byte and
    8 value bytes each: selector % 8 = 0, 1 the bound, 2 just under it,
    3 zero, 4 a run of ones, else the value), message."""
    def limbs(n, sels):
        return b"".join(bytes([sels[i % len(sels)]]) + g.bytes(8) for i in range(n))

    def seed(flags, nblocks, groups, sels, tags=()):
        data = (bytes([flags, nblocks - 1, groups, PAT_DATA, PAT_DATA]) + g.bytes(32) +
                limbs(5, sels) + limbs(20, sels) + g.bytes(40 * 16))
        g.add(data, {("blocks", nblocks), ("groups", groups), ("flags", flags)} | set(tags))

    for sels, tag in (([0], "max"), ([2], "under"), ([3], "zero"), ([4], "ones"),
                      ([5], "value"), ([0, 3], "max-zero"), ([3, 0], "zero-max")):
        for flags in range(8):
            seed(flags, 1, 0, sels, {tag})
            seed(flags, 8, 3, sels, {tag})
            seed(flags, 24, 2, sels, {tag})
        for nblocks in (2, 4, 7, 9, 12, 23, 25, 31, 40):
            seed(3, nblocks, nblocks % 4, sels, {tag})
            seed(7, nblocks, nblocks % 4, sels, {tag})


def gen_aead(g, nonce_size, sg=False):
    def seed(n, ad_len=0, flip=(0, 0), pattern=PAT_DATA, key_pattern=PAT_DATA, tags=(),
             entries=None, repeat=False, **kw):
        lay, t = g.layout(**kw)
        data = (lay + bytes([pattern, key_pattern]) + length(n) + length(ad_len) +
                struct.pack("<H", flip[0]) + bytes([flip[1]]) + g.bytes(32) +
                g.bytes(nonce_size) + g.bytes(ad_len))
        if entries is None:
            data += g.msg(n)
        else:
            # The iovec entry sizes follow the whole message (each at most
            # SG_MAX_ENTRY = 255 in aead_fuzzer.h; the last entry is the rest).
            assert all(e <= 255 for e in entries)
            # Then the repeat byte: odd, the sizes repeat (SG_LIST_MAX).
            data += g.msg(n, full=True) + splits(entries) + (b"\x01" if repeat else b"")
        t |= {("len", n), ("ad", ad_len)} | fill_tags(pattern, "data") | \
            fill_tags(key_pattern, "key")
        g.add(data, t | set(tags))

    for n in ALL_LENGTHS:
        seed(n, ad_len=g.rng.choice([0, 13, 16]), flip=(g.rng.randrange(65536), g.rng.randrange(256)))
    for a in [0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 257, 1024, 2048]:
        seed(g.rng.choice([0, 1, 16, 64, 100]), ad_len=a)
    for n in (0, 1, 15, 16, 17):
        seed(n, ad_len=0, flip=(0, 0), tags={"short"})
        seed(n, ad_len=0, flip=(n + 15, 7), tags={"flip-tag"})
    for p in (PAT_00, PAT_FF, pat_runs(0), pat_runs(5)):
        seed(512, ad_len=16, pattern=p)
        seed(64, ad_len=0, key_pattern=p)
    for m in (1, 7, 15, 63):
        seed(1025, ad_len=17, misalign=m, guard_start=True)
    if not sg:
        return
    # Scatter-gather lists: 1-byte and empty entries, a 64-byte block cut
    # across entries, the tag cut at every point, a WireGuard-sized packet.
    seed(114, ad_len=12, entries=[1] * 8, tags={("sg", "1-byte")})
    seed(64, ad_len=0, entries=[0, 1, 0, 62, 0, 1, 0, 0], tags={("sg", "empty")})
    seed(200, ad_len=13, entries=[20, 50, 1, 63, 65], flip=(70, 3), tags={("sg", "block-cut")})
    seed(130, ad_len=0, entries=[64, 64, 1], tags={("sg", "block-edges")})
    seed(600, ad_len=3, entries=[33, 97, 1, 130, 47, 200], tags={("sg", "block-cut")})
    seed(300, ad_len=0, entries=[100, 10, 90], guard_start=True, tags={("sg", "block-cut")})
    for cut in (1, 8, 15):
        seed(100, ad_len=16, entries=[100 + cut], flip=(100 + cut, 1), tags={("sg", "tag-cut")})
    seed(0, ad_len=5, entries=[0, 3, 0, 5], tags={("sg", "tag-only")})
    seed(1420, ad_len=16, entries=[20, 255, 255, 1], tags={("sg", "packet")})
    seed(1420, ad_len=16, entries=[20, 255], flip=(1419, 5), guard_start=True, misalign=3,
         tags={("sg", "packet")})
    # Repeated sizes: lists of many short entries. With entries of 16 bytes
    # the stitched kernel's first step lies in exactly 32 pieces (as many as
    # a kernel call takes); of 15, 7 or 3 bytes, in more (those steps go two
    # passes); 200 / 16 bytes mixes whole steps and steps in pieces.
    seed(1100, ad_len=0, entries=[16], repeat=True, tags={("sg", "repeated")})
    seed(1420, ad_len=16, entries=[15], repeat=True, tags={("sg", "repeated")})
    seed(2049, ad_len=0, entries=[7], repeat=True, flip=(1000, 2), tags={("sg", "repeated")})
    seed(700, ad_len=13, entries=[3, 1, 0], repeat=True, tags={("sg", "repeated")})
    seed(4160, ad_len=0, entries=[200, 16], repeat=True, tags={("sg", "repeated")})


def gen_chacha20poly1305(g):
    gen_aead(g, 12, sg=True)


def gen_xchacha20poly1305(g):
    gen_aead(g, 24)


def gen_blake2s(g):
    def seed(n, outlen=32, keylen=0, hmac_keylen=0, pattern=PAT_DATA, key_pattern=PAT_DATA,
             chunks=(), tags=(), t_sel=None, **kw):
        lay, t = g.layout(**kw)
        data = (lay + bytes([pattern, key_pattern]) + length(n) +
                bytes([(outlen + 2) % 34, keylen]) + length(hmac_keylen) +
                splits(list(chunks)) + g.bytes(keylen) + g.bytes(hmac_keylen) +
                g.msg(n, full=t_sel is not None))
        if t_sel is not None:                       # the start counter follows the message
            data += bytes([t_sel]) + g.bytes(8)
            t.add(("t-start", t_sel))
        t |= {("len", n), ("outlen", outlen), ("keylen", keylen), ("hmac-keylen", hmac_keylen)}
        t |= fill_tags(pattern, "data") | fill_tags(key_pattern, "key")
        g.add(data, t | set(tags) | ({"splits"} if chunks else set()))

    for n in ALL_LENGTHS:
        seed(n, outlen=32, keylen=g.rng.choice([0, 32]))
    for o in range(34):                              # 0 and 33 are rejected
        seed(g.rng.choice([0, 3, 64, 65]), outlen=o, keylen=g.rng.randrange(33))
    for k in range(34):
        seed(g.rng.choice([0, 64, 100]), outlen=g.rng.randrange(1, 33), keylen=k)
    for hk in (0, 1, 31, 32, 33, 63, 64, 65, 128, 255, 256):
        seed(g.rng.choice([0, 1, 64, 129]), hmac_keylen=hk)
    for chunks in ([1, 63, 64, 65], [64, 64], [0, 64, 0, 64], [128, 1], [63, 1, 64]):
        seed(sum(chunks) if sum(chunks) % 64 == 0 else 256, chunks=chunks)
        seed(sum(chunks) + 64, chunks=chunks, keylen=32)
    for p in (PAT_00, PAT_FF, pat_runs(0), pat_runs(6)):
        seed(256, pattern=p, keylen=32, key_pattern=p)
    for m in (1, 5, 32, 63):
        seed(193, misalign=m, guard_start=True)
    # Start counters near 2^32 (0), near 2^64 (1) and anywhere (2); last, so
    # that the seeds above stay as they were.
    for t_sel in (0, 1, 2):
        for n in (1, 64, 65, 200):
            seed(n, keylen=g.rng.choice([0, 32]), t_sel=t_sel, chunks=[n // 3])


# Points for the raw mode (point_sel 0), little-endian: 0, 1, p - 1, p, p + 1,
# 2^255 - 1, 2^255 + 9 (bit 255 set on the base point), the twist point 2.
P25519 = 2**255 - 19
RAW_POINTS = {"zero": 0, "one": 1, "p-1": P25519 - 1, "p": P25519, "p+1": P25519 + 1,
              "2^255-1": 2**255 - 1, "9+2^255": 9 + 2**255, "twist-2": 2,
              "2^255-20": 2**255 - 20}


def gen_curve25519(g):
    def seed(point_sel, point=None, scalar_pattern=PAT_DATA, tags=(), **kw):
        lay, t = g.layout(**kw)
        pt = g.bytes(32) if point is None else point.to_bytes(32, "little")
        data = lay + bytes([scalar_pattern, point_sel]) + g.bytes(32) + pt
        t |= fill_tags(scalar_pattern, "scalar") | {("mode", point_sel & 7)}
        g.add(data, t | set(tags))

    for _ in range(4):
        seed(0)                                     # random point
    for name, u in RAW_POINTS.items():
        seed(0, point=u, tags={("raw", name)})
    for k in range(7):                              # the target's low-order table
        seed(1 | (k << 3), tags={("low-order", k)})
        seed(1 | (k << 3), scalar_pattern=PAT_FF, tags={("low-order-ff", k)})
    for k in (0, 1, 2, 17, 18):                     # p + k, non-canonical
        seed(2 | (k << 3), tags={("p+k", k)})
    for k in (1, 2, 3 | (3 << 2)):                  # point filled 0x00 / 0xff / runs
        seed(3 | (k << 3), tags={("point-fill", k)})
    for sp in (PAT_DATA, PAT_00, PAT_FF, pat_runs(0), pat_runs(3)):
        seed(4, scalar_pattern=sp, tags={("base", sp)})   # base point
    seed(5)                                         # bit 255 set
    seed(6)                                         # all 0xff
    seed(7)
    for m in (1, 8, 31, 63):
        seed(0, misalign=m, guard_start=True)


FIELD_OPS = ["add", "sub", "mul", "sq", "mul_a24", "invert", "frombytes", "tobytes",
             "ladder_step"]


def gen_curve25519_field(g):
    """op byte, five operands (shape, 8-byte seed, 10 limb selectors), then
    32 bytes for frombytes (fuzz/README.md)."""
    def operand(shape, sels=None, seed=None):
        sels = bytes(sels) if sels is not None else g.bytes(10)
        return bytes([shape]) + (g.bytes(8) if seed is None else seed) + sels

    def seed(op, operands, raw=None, tags=()):
        ops = list(operands) + [operand(0)] * (5 - len(operands))
        g.add(bytes([op]) + b"".join(ops) + (g.bytes(32) if raw is None else raw),
              {("op", FIELD_OPS[op])} | set(tags))

    for op in range(len(FIELD_OPS)):
        seed(op, [operand(0, [0] * 10)] * 5, tags={"all-max"})       # every limb at its bound
        seed(op, [operand(0, [6] * 10)] * 5, tags={"all-min"})       # -max on signed rows
        seed(op, [operand(0)] * 5, tags={"per-limb"})
        for base in range(7):                      # 0 (-: near 2^256), p, 2p, 2^254, 2^255, 2^128
            for delta in (0, 1, 0xff, 0xed):
                seed(op, [operand(3 | (base << 2), seed=bytes([delta]) + g.bytes(7))] * 5,
                     tags={("base", base, delta)})
    for raw in (b"\xff" * 32, b"\xed" + b"\xff" * 30 + b"\x7f", b"\xee" + b"\xff" * 31):
        seed(6, [], raw=raw, tags={("raw", raw[0], raw[31])})
    # ladder_step on two different points (the seeds above give all five
    # operands alike), unswapped and swapped (bit 0 of the first raw byte)
    for swap in (0, 1):
        for sels in ([0] * 10, [6] * 10, None):
            ops = [operand(0, sels), operand(0), operand(3 | (4 << 2)), operand(0), operand(0)]
            seed(8, ops, raw=bytes([swap]) + g.bytes(31), tags={("swap", swap, str(sels))})


GENERATORS = {t: globals()["gen_" + t] for t in TARGETS}


def sha1(data):
    return hashlib.sha1(data).hexdigest()


def minimize(target, seeds, fuzzers, work):
    """libFuzzer merge, then add back seeds for any tag the merge dropped."""
    raw = os.path.join(work, target + ".raw")
    out = os.path.join(work, target + ".min")
    os.makedirs(raw)
    os.makedirs(out)
    for data, _ in seeds:
        with open(os.path.join(raw, sha1(data)), "wb") as f:
            f.write(data)
    binary = os.path.join(fuzzers, target + "_fuzzer")
    proc = subprocess.run([binary, "-merge=1", out, raw], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT)
    if proc.returncode != 0:
        sys.stdout.write(proc.stdout.decode(errors="replace")[-3000:])
        sys.exit("%s: libFuzzer merge failed (exit %d)" % (target, proc.returncode))
    kept = set(os.listdir(out))
    by_name = {sha1(d): (d, t) for d, t in seeds}
    have = set()
    for name in kept:
        have |= by_name[name][1] if name in by_name else set()
    merged = len(kept)
    for data, tags in seeds:                        # in generation order
        if tags - have:
            kept.add(sha1(data))
            have |= tags
    print("%s: %d raw seeds, %d after merge, %d with every tag" %
          (target, len(seeds), merged, len(kept)))
    return [by_name[n] for n in sorted(kept) if n in by_name]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="corpus", help="corpus root (default corpus)")
    ap.add_argument("--fuzzers", help="folder of the libFuzzer <t>_fuzzer binaries: "
                    "minimize with -merge=1")
    ap.add_argument("--clean", action="store_true",
                    help="first remove the files of corpus/<t>/ (never regressions/)")
    ap.add_argument("--seed", type=int, default=2024, help="PRNG seed (default 2024)")
    ap.add_argument("targets", nargs="*", default=TARGETS)
    args = ap.parse_args()
    for t in args.targets:
        if t not in GENERATORS:
            sys.exit("unknown target %s" % t)
    work = tempfile.mkdtemp(prefix="zinc-corpus-")
    try:
        for t in args.targets:
            g = Gen("%d:%s" % (args.seed, t))
            GENERATORS[t](g)
            seeds = g.seeds
            if args.fuzzers:
                seeds = minimize(t, seeds, args.fuzzers, work)
            else:
                print("%s: %d seeds" % (t, len(seeds)))
            d = os.path.join(args.out, t)
            os.makedirs(os.path.join(d, "regressions"), exist_ok=True)
            if args.clean:
                for name in os.listdir(d):
                    p = os.path.join(d, name)
                    if os.path.isfile(p) and not name.startswith(("README", ".")):
                        os.remove(p)
            for data, _ in seeds:
                with open(os.path.join(d, sha1(data)), "wb") as f:
                    f.write(data)
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
