"""The one list of what zinc is built from.

Bazel loads this file; ci/oss-fuzz/build.sh and the other scripts read it too
(it is plain Python data), so nothing here is listed anywhere else.
"""

# The library's version: libzinc.so.<major> is the soname (BUILD), and
# ci/install.sh names the file libzinc.so.<VERSION> and writes it into zinc.pc.
VERSION = "0.1.0"

# Generic C and dispatch, by primitive. The first file of each list holds the
# public functions and the backend table.
LIB_SRCS = {
    "common": ["lib/common/cpu.c", "lib/common/prefs.c", "lib/common/util.c"],
    "chacha20": ["lib/chacha20/chacha20.c"],
    "poly1305": [
        "lib/poly1305/poly1305.c",
        "lib/poly1305/poly1305-donna32.c",
        "lib/poly1305/poly1305-donna64.c",
        "lib/poly1305/poly1305-x86_64.c",
        "lib/poly1305/poly1305-arm64.c",
    ],
    "chacha20poly1305": ["lib/chacha20poly1305/chacha20poly1305.c"],
    "blake2s": ["lib/blake2s/blake2s.c"],
    "curve25519": [
        "lib/curve25519/curve25519.c",
        "lib/curve25519/curve25519-generic32.c",
        "lib/curve25519/curve25519-generic64.c",
        "lib/curve25519/curve25519-bmi2-adx.c",
        "lib/curve25519/curve25519-base-table.c",
    ],
    "selftest": ["lib/selftest/selftest.c"],
}

# Assembly backends, by architecture. Adding one: the .S file here, its ROW
# line in lib/<primitive>/rows.h (which makes the table row, the prototypes
# and the direct-call dispatch).
ASM_SRCS = {
    "x86_64": [
        "arch/x86_64/chacha20-ssse3.S",
        "arch/x86_64/chacha20-avx2.S",
        "arch/x86_64/chacha20-avx512vl.S",
        "arch/x86_64/chacha20-avx512.S",
        "arch/x86_64/chacha20poly1305-avx2.S",
        "arch/x86_64/chacha20poly1305-avx512ifma.S",
        "arch/x86_64/poly1305-x86_64.S",
        "arch/x86_64/poly1305-avx2.S",
        "arch/x86_64/poly1305-avx512.S",
        "arch/x86_64/poly1305-avx512ifma.S",
        "arch/x86_64/blake2s-avx.S",
        "arch/x86_64/blake2s-avx512vl.S",
        "arch/x86_64/curve25519-bmi2-adx.S",
    ],
    "arm64": [
        "arch/arm64/chacha20-neon.S",
        "arch/arm64/poly1305-arm64.S",
        "arch/arm64/poly1305-neon.S",
    ],
}

# The fuzz builds' library: with these defines every assembly entry point
# (its ZINC_ENTRY label, arch/abi-entry.h) runs through the ABI
# trampoline on every call, and the sources of ABI_CHECK_SRCS[arch] are
# added to the library (fuzz/README.md, "ABI checks"). The library users
# link has neither. BUILD, ci/oss-fuzz/build.sh, fuzz/planted/build.sh and
# ci/arm64.sh all take them from here.
FUZZ_DEFINES = ["ZINC_TESTING", "ZINC_ABI_CHECK"]
ABI_CHECK_SRCS = {
    "x86_64": ["arch/abi_check.c", "arch/x86_64/abi-check.S"],
    "arm64": ["arch/abi_check.c", "arch/arm64/abi-check.S"],
}

# Fuzz targets: fuzz/<target>_fuzzer.c, corpus/<target>/.
FUZZ_TARGETS = [
    "chacha20",
    "poly1305",
    "poly1305_state",
    "chacha20poly1305",
    "xchacha20poly1305",
    "blake2s",
    "curve25519",
    "curve25519_field",
]

# The fuzz harness shared by every target (fuzz/README.md): input reader,
# guard pages, diagnosis. Not the targets, not fuzz/standalone.c.
FUZZ_SRCS = [
    "fuzz/guard.c",
    "fuzz/input.c",
    "fuzz/report.c",
]

# Oracle adapters, by library; each compiles to a counting stub with
# -DZINC_NO_ORACLES (when its library is not instrumented for MSan).
ORACLE_SRCS = {
    "libsodium": ["fuzz/oracles/libsodium.c"],
    "openssl": ["fuzz/oracles/openssl.c"],
    "libb2": ["fuzz/oracles/libb2.c"],
    "nss": ["fuzz/oracles/nss.c"],
}

# Planted bugs (fuzz/planted/README.md): (NAME, TARGET, N). Each is the
# patch fuzz/planted/patches/NAME.patch (git diff from the top of the tree),
# one deliberate fault in one backend; the library built from a copy with
# it applied (BUILD's //:zinc_plant_<name>, ci/lib.sh's zinc_planted_tree)
# must be caught by the fuzz target TARGET within N seeded random inputs
# (//fuzz:planted_<name>_<target>_test). Every target has a line. The
# lists below name patches of the same form; //:planted_patches_test checks
# that each still applies.
PLANTED_BUGS = [
    ("POLY1305_CARRY", "poly1305", 200),
    ("POLY1305_AVX2_CARRY", "poly1305", 200),
    ("POLY1305_TAIL", "poly1305", 200),
    ("POLY1305_EMIT_CARRY", "poly1305_state", 200),
    ("POLY1305_TO26_TOP", "poly1305_state", 200),
    ("CHACHA20_TAIL", "chacha20", 200),
    ("BLAKE2S_FLAG", "blake2s", 1000),
    ("BLAKE2S_AVX_CARRY", "blake2s", 100),
    ("CURVE25519_REDUCE", "curve25519", 100),
    ("CURVE25519_ASM_FOLD", "curve25519_field", 20000),
    ("AEAD_LENGTHS", "chacha20poly1305", 100),
    ("AEAD_LENGTHS", "xchacha20poly1305", 100),
    ("AEAD_SG_KEYSTREAM", "chacha20poly1305", 200),
    ("AEAD_SG_PIECES", "chacha20poly1305", 200),
    ("AEAD_OPEN_TAIL", "xchacha20poly1305", 200),
    ("AEAD_STITCH_CARRY", "chacha20poly1305", 200),
    ("CHACHA20_AVX2_RBX", "chacha20", 200),
]

# The planted bugs zinc_selftest() must catch (//:selftest_plant_<name>_test):
# those its known answers and its 2 KiB row-vs-generic messages reach. The
# others need states (POLY1305_EMIT_CARRY, POLY1305_TO26_TOP,
# CURVE25519_ASM_FOLD), a counter past 2^32 (BLAKE2S_AVX_CARRY) or an
# interface (AEAD_SG_KEYSTREAM, AEAD_SG_PIECES) that only the fuzz targets
# drive.
SELFTEST_PLANTED_BUGS = [
    "POLY1305_CARRY",
    "POLY1305_AVX2_CARRY",
    "CHACHA20_TAIL",
    "BLAKE2S_FLAG",
    "CURVE25519_REDUCE",
    "AEAD_LENGTHS",
    "AEAD_STITCH_CARRY",
    "AEAD_OPEN_TAIL",
]

# Planted constant-time bugs (ci/ct.sh --plant): (NAME, ROW). The patch
# fuzz/planted/patches/NAME.patch adds a secret-dependent branch to backend
# row ROW, which computes the same results; ci/ct.sh must report ROW, and only
# rows that run the same code, as failing.
CT_PLANTED_BUGS = [
    ("CT_CSWAP", "curve25519-generic64"),
]

# Planted bugs in arm64 assembly, caught by the arm64 run under qemu-user
# (ci/arm64.sh --plant NAME; same form as PLANTED_BUGS, patches too).
# Bazel builds only x86-64, so they are not in PLANTED_BUGS.
PLANTED_BUGS_ARM64 = [
    ("CHACHA20_NEON_WRAP", "chacha20", 200),
    ("POLY1305_NEON_CARRY", "poly1305_state", 200),
]

# Planted bugs in rows that not every host can run (ci/emu.sh --plant, on
# the first model of ci/emu/models.txt): (NAME, TARGET, N). Each is the patch
# fuzz/planted/patches/NAME.patch (git diff from the top of the tree),
# applied to a copy of the tree; TARGET's standalone driver must catch it
# within N seeded random inputs on the emulated CPU.
EMU_PLANTED_BUGS = [
    # chacha20-avx512: block 9 of each 16 takes counter + 10.
    ("CHACHA20_AVX512_CTR", "chacha20", 200),
    # blake2s-avx512vl: one index of round 9's vpermi2d table is wrong
    # (message word 7 taken twice, word 1 not at all).
    ("BLAKE2S_AVX512VL_PERM", "blake2s", 200),
    # blake2s-avx512vl advances t with vpaddd, not vpaddq: t[0] wraps at
    # 2^32 without carrying into t[1] (the target's chosen start counter).
    ("BLAKE2S_AVX512VL_CARRY", "blake2s", 200),
    # poly1305-avx512ifma's lane carry out of limb 2 taken at bit 44, not
    # 42 (bits 42-43 of every t_2 dropped); REDUCE in poly1305-ifma-macros.h,
    # so chacha20poly1305-avx512ifma's lanes have it too.
    ("POLY1305_IFMA_LANE_CARRY", "poly1305", 200),
    # chacha20poly1305-avx512ifma: the stitched step's reduction drops the
    # carry out of limb 1 into limb 2 (messages of 1089 bytes and more).
    ("AEAD_AVX512_STITCH_CARRY", "chacha20poly1305", 200),
]
