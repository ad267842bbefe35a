"""The one list of what zinc is built from, and how each build compiles it.

Bazel loads this file; every script reads it through ci/lib.sh's zinc_list
(it is plain Python data, read with python3), ci/oss-fuzz/build.sh too, so
nothing here is written anywhere else.
"""

# The library's version: libzinc.so.<major> is the soname (BUILD), and
# ci/install.sh names the file libzinc.so.<VERSION> and writes it into zinc.pc.
VERSION = "0.1.0"

# Generic C and dispatch, by primitive. The first file of each list holds the
# public functions and the backend table; entries.c, the description of each
# row's entry points for the harness (lib/common/entry.h), compiles to
# nothing outside ZINC_TESTING builds.
LIB_SRCS = {
    "common": ["lib/common/cpu.c", "lib/common/prefs.c", "lib/common/util.c"],
    "chacha20": [
        "lib/chacha20/chacha20.c",
        "lib/chacha20/entries.c",
    ],
    "poly1305": [
        "lib/poly1305/poly1305.c",
        "lib/poly1305/poly1305-donna32.c",
        "lib/poly1305/poly1305-donna64.c",
        "lib/poly1305/poly1305-x86_64.c",
        "lib/poly1305/poly1305-arm64.c",
        "lib/poly1305/entries.c",
    ],
    "chacha20poly1305": [
        "lib/chacha20poly1305/chacha20poly1305.c",
        "lib/chacha20poly1305/open.c",
        "lib/chacha20poly1305/sg.c",
        "lib/chacha20poly1305/sg_plan.c",
        "lib/chacha20poly1305/harness.c",
        "lib/chacha20poly1305/entries.c",
    ],
    "blake2s": [
        "lib/blake2s/blake2s.c",
        "lib/blake2s/entries.c",
    ],
    "curve25519": [
        "lib/curve25519/curve25519.c",
        "lib/curve25519/curve25519-generic32.c",
        "lib/curve25519/curve25519-generic64.c",
        "lib/curve25519/curve25519-bmi2-adx.c",
        "lib/curve25519/curve25519-base-table.c",
        "lib/curve25519/entries.c",
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

# ---- How each build compiles (docs/DESIGN.md section 6) ----
# The flags and defines of every configuration, here and nowhere else.
# Bazel load()s them (BUILD, fuzz/BUILD, bench/BUILD, vectors/BUILD); the
# scripts get them from ci/lib.sh's zinc_list: `zinc_list cflags ct x86_64 .`
# prints ci/ct.sh's flags one a line, `zinc_list CONFIGS emu bazel` one field.
# What exists only per run stays in the script: a planted copy's
# -ffile-prefix-map, OSS-Fuzz's $CFLAGS, the compiler, sources and outputs.
# Bazel's sanitizer and engine options are .bazelrc's configs.

C_STD = "-std=gnu11"
WARNINGS = ["-Wall", "-Wextra", "-Wno-unused-parameter"]

# Every C file Bazel compiles (library, tests, harness, bench, vectors).
COPTS = [C_STD] + WARNINGS

# Include folders, from the top of the tree (or of a planted copy): sources
# name zinc's internal headers from the top ("lib/common/util.h") and the
# public ones as <zinc/...>. Bazel has the top on its quote path already.
INCLUDES = [".", "include"]

# Defined when that architecture's assembly (ASM_SRCS) is in the build.
ASM_DEFINES = {
    "x86_64": ["ZINC_ASM_X86_64"],
    "arm64": ["ZINC_ASM_ARM64"],
}

# The oracle libraries (the keys of ORACLE_SRCS), for the builds that link
# them dynamically (fuzz/BUILD's harness, fuzz/planted/build.sh). NSS:
# `pkg-config --cflags --libs nss` on Debian 12, less the libraries
# fuzz/oracles/nss.c does not call (smime3, ssl3, plds4, plc4).
ORACLE_COPTS = {
    "nss": ["-isystem", "/usr/include/nss", "-isystem", "/usr/include/nspr"],
}
ORACLE_LINKOPTS = {
    "libsodium": ["-lsodium"],
    "openssl": ["-lcrypto"],
    "libb2": ["-lb2"],
    "nss": ["-lnss3", "-lnssutil3", "-lnspr4"],
}

# The define that compiles one oracle adapter ("all": every one) to its
# counting stub (fuzz/oracles/oracles.h); ZINC_ORACLES_OFF_WHY, a C string,
# is the reason the stub counts.
ORACLE_OFF_DEFINES = {
    "libsodium": "ZINC_NO_LIBSODIUM",
    "openssl": "ZINC_NO_OPENSSL",
    "libb2": "ZINC_NO_LIBB2",
    "nss": "ZINC_NO_NSS",
    "boringssl": "ZINC_NO_BORINGSSL",
    "all": "ZINC_NO_ORACLES",
}

ARM64_COPTS = [C_STD, "-O2", "-g"] + WARNINGS + [
    "-fsanitize=undefined",
    "-fsanitize-undefined-trap-on-error",
]

# NSS has no static libraries (libnss3 loads softokn3 and freebl with
# dlopen), and fuzz/oracles/boringssl.c loads Debian's shared BoringSSL with
# dlmopen, which a static program cannot: the static arm64 programs compile
# both adapters to the stub. One reason for both, as ZINC_ORACLES_OFF_WHY is
# defined once per adapter on the same command line.
ARM64_ORACLES_OFF_WHY = "arm64 static build: NSS has no static libraries, BoringSSL is a shared library loaded at run time"
ARM64_ORACLES_OFF = {"nss": ARM64_ORACLES_OFF_WHY, "boringssl": ARM64_ORACLES_OFF_WHY}

# Each configuration: "copts" (compiler options), "defines", "oracles_off"
# (adapter: why it is a stub; on every file of the build), and where a
# script needs them "lib_copts" (lib/ files only), "ldflags" (before the
# objects), "libs" (after them), "bazel" (Bazel options).
CONFIGS = {
    # //:zinc_lib, the library users link (//:zinc, //:libzinc.so).
    "library": {"copts": COPTS, "defines": []},
    # //:zinc_testing, for the tests: counts the row each public call ran.
    "testing": {"copts": COPTS, "defines": ["ZINC_TESTING"]},
    # //:zinc_fuzz, the harness and the fuzz targets: FUZZ_DEFINES.
    "fuzz": {"copts": COPTS, "defines": FUZZ_DEFINES},
    # Bazel's --config=msan harness (the rest is in .bazelrc).
    "msan": {"oracles_off": {"all": "MSan build: the system libraries are not instrumented"}},
    # ci/emu.sh: the static programs an emulated CPU runs, built by Bazel.
    "emu": {
        "bazel": ["-c", "opt", "--dynamic_mode=off", "--linkopt=-static", "--define=zinc_oracles=emu"],
        "oracles_off": {"all": "static build for an emulated CPU (ci/emu.sh): the oracles run in the native builds"},
    },
    # ci/ct.sh: no sanitizers; DWARF 4, as valgrind 3.19 cannot read
    # clang's DWARF 5.
    "ct": {"copts": [C_STD, "-O2", "-gdwarf-4"] + WARNINGS, "defines": ["ZINC_CT"]},
    # ci/arm64.sh, cross-compiled and linked statically with UBSan in trap
    # mode (no runtime library): the tests' library, harness and programs...
    "arm64": {
        "copts": ARM64_COPTS,
        "defines": ["ZINC_TESTING"],
        "oracles_off": ARM64_ORACLES_OFF,
        "ldflags": ["-static"],
        "libs": ["-lpthread"],
    },
    # ... the fuzz drivers' library (FUZZ_DEFINES, ABI_CHECK_SRCS) ...
    "arm64_fuzz": {"copts": ARM64_COPTS, "defines": FUZZ_DEFINES, "oracles_off": ARM64_ORACLES_OFF},
    # ... and with --libfuzzer, by clang: coverage, no comparison tracing
    # in lib/ (as .bazelrc's libfuzzer config), linked dynamically.
    "arm64_libfuzzer": {
        "copts": [
            C_STD,
            "-O1",
            "-g",
            "-fno-omit-frame-pointer",
            "-Wno-unused-command-line-argument",
            "-fsanitize=fuzzer-no-link,undefined",
            "-fno-sanitize-recover=all",
        ],
        "lib_copts": ["-fno-sanitize-coverage=trace-cmp"],
        "defines": FUZZ_DEFINES,
        "ldflags": ["-fsanitize=fuzzer,undefined"],
        "libs": ["-lpthread", "-ldl"],
    },
    # fuzz/planted/build.sh: one target, ASan + UBSan, the oracles linked
    # (ORACLE_COPTS, ORACLE_LINKOPTS); libFuzzer adds -fsanitize=fuzzer.
    "planted": {
        "copts": [
            C_STD,
            "-O1",
            "-g",
            "-fno-omit-frame-pointer",
            "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all",
        ],
        "defines": FUZZ_DEFINES,
    },
    # ci/oss-fuzz/build.sh, after OSS-Fuzz's $CFLAGS. It compiles an
    # adapter to its stub, with that adapter's ORACLE_OFF_DEFINES and the
    # reason on its file only, when the build cannot link its library:
    # "adapters_off" always, the others as it finds them.
    "oss_fuzz": {
        "copts": [C_STD],
        "defines": FUZZ_DEFINES,
        "adapters_off": {
            "nss": "NSS has no static libraries (libnss3 dlopens softokn3 and freebl) and the runner image has no NSS",
            "boringssl": "Debian's BoringSSL is a shared library loaded at run time (dlmopen) and the runner image has none",
        },
        "libs": ["-ldl", "-lpthread"],
    },
    # ci/coverage.sh: OSS-Fuzz's coverage build. "env_cflags" are the
    # $CFLAGS it gives ci/oss-fuzz/build.sh; the engine, fuzz/standalone.c,
    # is compiled with them and this configuration's flags.
    "coverage": {
        "env_cflags": [
            "-O1",
            "-fno-omit-frame-pointer",
            "-gline-tables-only",
            "-fprofile-instr-generate",
            "-fcoverage-mapping",
        ],
        "copts": [C_STD],
        "defines": ["ZINC_TESTING"],
    },
}

def oracle_off_flags(lib, why):
    """The defines that compile the adapter LIB (a key of ORACLE_OFF_DEFINES) to its stub, counting WHY."""
    return ["-D" + ORACLE_OFF_DEFINES[lib], '-DZINC_ORACLES_OFF_WHY="%s"' % why]

def oracles_off_flags(name):
    """The oracle_off_flags of every adapter configuration NAME compiles out."""
    off = CONFIGS[name].get("oracles_off", {})
    return [f for lib in off for f in oracle_off_flags(lib, off[lib])]

def cflags(name, arch = "", root = "."):
    """A script's compiler flags for configuration NAME, one argument each.

    Its copts, -I each of INCLUDES under ROOT (the top of the tree or of a
    planted copy), -D its defines and, when ARCH is a key of ASM_DEFINES
    (its assembly is in), that architecture's, then its oracles_off_flags.
    """
    c = CONFIGS[name]
    incs = [root if d == "." else (d if root == "." else root + "/" + d) for d in INCLUDES]
    defines = c.get("defines", []) + ASM_DEFINES.get(arch, [])
    return c.get("copts", []) + ["-I" + d for d in incs] + ["-D" + d for d in defines] + oracles_off_flags(name)

def bazel_copts(flags):
    """FLAGS as Bazel copts, which Bazel splits like a shell: one holding a space or a quote is quoted."""
    return ["'%s'" % f.replace("'", "'\\''") if (" " in f or '"' in f or "'" in f) else f for f in flags]

# Oracle adapters, by library; each compiles to a counting stub with
# -DZINC_NO_ORACLES (when its library is not instrumented for MSan).
ORACLE_SRCS = {
    "libsodium": ["fuzz/oracles/libsodium.c"],
    "openssl": ["fuzz/oracles/openssl.c"],
    "libb2": ["fuzz/oracles/libb2.c"],
    "nss": ["fuzz/oracles/nss.c"],
    "boringssl": ["fuzz/oracles/boringssl.c"],
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
    # chacha20-avx512: block 9 of each 16 takes counter + 10 (the 32- and
    # 16-block steps: messages of 1024 bytes and more).
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
    # poly1305-avx512 carries r^16's limb 4 into limb 0 once, not times 5
    # (the one carry pass after r^8 r^8 in its powers).
    ("POLY1305_AVX512_R16_CARRY", "poly1305", 200),
    # chacha20poly1305-avx512ifma: the stitched step's reduction drops the
    # carry out of limb 1 into limb 2 (messages of 1089 bytes and more).
    ("AEAD_AVX512_STITCH_CARRY", "chacha20poly1305", 200),
]

# Proofs (ci/prove.sh, docs/prove.md): (FILE, FUNCTIONS), one Frama-C run
# each. WP must prove every ACSL contract, and every run-time-error
# obligation, of these functions of FILE (comma-separated, no spaces), and
# the lemmas of each FILE. The rest of each file (the ladder step and
# loop, the inversion, byte conversions) has no contracts yet.
PROVE_UNITS = [
    # The two largest first, each a unit of its own. fe_mul and fe_sq call
    # one column helper each (column10, column5) whose contract WP proves
    # once: before, with the 100 products written out in fe_mul, WP's own
    # simplifier (Qed) took 2-5 s for each of its 466 obligations (1786 s on
    # a Zen 5), now fe_mul and column10 are 137 obligations, 50 ms of Qed
    # each (docs/prove.md).
    ("lib/curve25519/curve25519-generic32.c", "fe_mul,column10"),
    ("lib/curve25519/curve25519-generic32.c", "fe_sq,column5"),
    ("lib/curve25519/curve25519-generic32.c",
     "M,limb_bits,fe_copy,fe_set,fe_add,fe_sub,fe_carry,fe_mul_a24,fe_reduce," +
     "fe_cswap,fe_sqn"),
    ("lib/poly1305/poly1305-donna32.c",
     "get_unaligned_le32,poly1305_donna32_init,column," +
     "poly1305_donna32_blocks,carry,poly1305_donna32_emit"),
]

# Planted bound violations (ci/prove.sh --plant NAME): (NAME, FILE,
# FUNCTION). The patch fuzz/planted/patches/NAME.patch breaks a bound of
# FUNCTION; some obligation of FUNCTION must then not be proved.
PROVE_PLANTED_BUGS = [
    # poly1305-donna32's block loop stops its carry chain one step short:
    # h0 keeps 5 (d4 >> 26) without carrying into h1.
    ("PROVE_POLY1305_CARRY", "lib/poly1305/poly1305-donna32.c", "poly1305_donna32_blocks"),
]
