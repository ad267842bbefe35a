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
# nothing outside ZINC_TESTING builds; selftest.c, its part of
# zinc_selftest() (<PRIMITIVE>_SELFTESTS), is in every build.
LIB_SRCS = {
    "common": ["lib/common/cpu.c", "lib/common/prefs.c", "lib/common/util.c"],
    "chacha20": [
        "lib/chacha20/chacha20.c",
        "lib/chacha20/entries.c",
        "lib/chacha20/selftest.c",
    ],
    "poly1305": [
        "lib/poly1305/poly1305.c",
        "lib/poly1305/poly1305-donna32.c",
        "lib/poly1305/poly1305-donna64.c",
        "lib/poly1305/poly1305-x86_64.c",
        "lib/poly1305/poly1305-arm64.c",
        "lib/poly1305/poly1305-arm.c",
        "lib/poly1305/poly1305-mips.c",
        "lib/poly1305/entries.c",
        "lib/poly1305/selftest.c",
    ],
    "chacha20poly1305": [
        "lib/chacha20poly1305/chacha20poly1305.c",
        "lib/chacha20poly1305/flat.c",
        "lib/chacha20poly1305/sg.c",
        "lib/chacha20poly1305/sg_plan.c",
        "lib/chacha20poly1305/entries.c",
        "lib/chacha20poly1305/selftest.c",
    ],
    "blake2s": [
        "lib/blake2s/blake2s.c",
        "lib/blake2s/entries.c",
        "lib/blake2s/selftest.c",
    ],
    "curve25519": [
        "lib/curve25519/curve25519.c",
        "lib/curve25519/curve25519-generic32.c",
        "lib/curve25519/curve25519-generic64.c",
        "lib/curve25519/curve25519-bmi2-adx.c",
        "lib/curve25519/curve25519-avx512ifma.c",
        "lib/curve25519/curve25519-neon.c",
        "lib/curve25519/curve25519-base-table.c",
        "lib/curve25519/entries.c",
        "lib/curve25519/selftest.c",
    ],
    "selftest": ["lib/selftest/selftest.c"],
    # The start-up above the primitives: detection, the choices and their
    # preferences, the ZINC_SELFTEST=1 self-test (lib/start/start.c); the
    # list of the primitives' descriptions (lib/start/primitives.c,
    # ZINC_TESTING builds).
    "start": ["lib/start/start.c", "lib/start/primitives.c"],
}

# The primitives: the keys of LIB_SRCS but the layers around them (common,
# selftest, start), each a folder lib/<primitive>/ whose header
# lib/<primitive>/<primitive>.h lists its choices and descriptions
# (<PRIMITIVE>_CHOICES, <PRIMITIVE>_DESCRIPTIONS). lib/start/primitives.h
# is the list C reads, written from this by lib/start/gen_primitives.py.
NOT_PRIMITIVES = ["common", "selftest", "start"]

def primitives():
    """The primitives' folders under lib/, in the order reports list them."""
    return [p for p in LIB_SRCS if p not in NOT_PRIMITIVES]

def unit_tests():
    """The unit test programs: lib/<key>/<key>_test.c for every key of LIB_SRCS but common (BUILD makes them, ci/emu.sh runs them)."""
    return [p + "_test" for p in LIB_SRCS if p != "common"]

# ---- Architectures (docs/DESIGN.md section 2, "Architectures") ----
# Every architecture zinc builds for, one entry each, keyed by the name of
# its configuration (`bazel test --config=<name>`, `ci/fuzz.sh --arch
# <name>`). Everything about an architecture derives from its entry and its
# folder arch/<dir>/ (ABI trampoline and the callee-saved set it checks,
# feature detection, assembly); two configurations of one instruction set
# (MIPS32 in both byte orders) share a folder. Fields:
#   dir        arch/<dir>/, the key of ASM_SRCS, ASM_DEFINES, ABI_CHECK_SRCS
#   triple     the GNU triple of Debian's cross compiler (gcc-<triple>)
#   debian     the Debian architecture of its multiarch packages ("" where
#              Debian 12 has no port: big-endian 32-bit MIPS)
#   qemu       the qemu-user program that runs it ("" on the host's own)
#   qemu_cpu   the CPU model qemu emulates (-cpu), "" for qemu's default
#              (mips64el: qemu 7.2's default n64 model, the 5KEf, ignores
#              writes to FCSR, which the ABI check sets; MIPS64R2-generic
#              is Debian's mips64r2 baseline and has them)
#   abi        the calling convention its ABI trampoline checks
#   big_endian True for the big-endian configurations
#   copts      options for its compiler beyond every build's
#   oracles_off the oracle adapters (ORACLE_OFF_DEFINES' keys) compiled to
#              their counting stubs there, each with the reason the
#              drivers print; the others link the <debian> multiarch
#              library (ci/lib.sh installs ARCH_PACKAGES of it). Debian's
#              libb2 outside x86-64 exports only the names zinc's own
#              functions have (blake2s, blake2s_init...): fuzz/BUILD links
#              a copy of its static library with them renamed to the _ref
#              names fuzz/oracles/libb2.c calls
#   libfuzzer  True where clang-19 has libFuzzer's runtime for it
#              (libclang-rt-19-dev:<debian>: compiler-rt builds none for
#              MIPS), so ci/fuzz.sh --arch runs libFuzzer under qemu-user
#              there and the standalone drivers' random mode elsewhere
#   unpacked   (optional) oracle libraries whose -dev:<debian> package
#              cannot be installed beside the host's, because multiarch
#              wants one version of a library for every architecture and
#              bookworm-security has built a newer OpenSSL for amd64, arm64
#              and armhf only: ci/lib.sh downloads the package and unpacks
#              it into UNPACKED_ROOT/<debian>, and the build takes its
#              headers and its static archive (ORACLE_PACKAGES) from there
# The reason the cross builds print for the oracles that run only on x86-64.
CROSS_ONLY_X86 = "cross builds link only libsodium, OpenSSL and libb2 (NSS and BoringSSL run in the x86-64 builds)"

# Where ci/lib.sh unpacks the packages of ARCHS' "unpacked" libraries, one
# folder per Debian architecture (the toolchains name it, so it is fixed).
UNPACKED_ROOT = "/var/cache/zinc/unpacked"

ARCHS = {
    "x86_64": {
        "libfuzzer": True, "dir": "x86_64", "triple": "x86_64-linux-gnu", "debian": "amd64",
        "qemu": "", "qemu_cpu": "", "abi": "System V AMD64", "big_endian": False, "copts": [], "oracles_off": {},
    },
    "arm64": {
        "libfuzzer": True, "dir": "arm64", "triple": "aarch64-linux-gnu", "debian": "arm64",
        "qemu": "qemu-aarch64", "qemu_cpu": "max", "abi": "AAPCS64", "big_endian": False, "copts": [],
        "oracles_off": {"nss": CROSS_ONLY_X86, "boringssl": CROSS_ONLY_X86},
    },
    "armhf": {
        "libfuzzer": True, "dir": "arm", "triple": "arm-linux-gnueabihf", "debian": "armhf",
        "qemu": "qemu-arm", "qemu_cpu": "max", "abi": "AAPCS, hard-float (VFP)", "big_endian": False,
        "copts": [],
        "oracles_off": {"nss": CROSS_ONLY_X86, "boringssl": CROSS_ONLY_X86},
    },
    "mips": {
        "libfuzzer": False, "dir": "mips", "triple": "mips-linux-gnu", "debian": "",
        "qemu": "qemu-mips", "qemu_cpu": "", "abi": "o32", "big_endian": True, "copts": [],
        "oracles_off": {"all": "Debian 12 has no big-endian 32-bit MIPS port, so no libraries to compare with: the rows are compared with the generic C alone"},
    },
    "mipsel": {
        "libfuzzer": False, "dir": "mips", "triple": "mipsel-linux-gnu", "debian": "mipsel",
        "qemu": "qemu-mipsel", "qemu_cpu": "", "abi": "o32", "big_endian": False, "copts": [],
        "oracles_off": {"nss": CROSS_ONLY_X86, "boringssl": CROSS_ONLY_X86},
        "unpacked": ["openssl"],
    },
    "mips64el": {
        "libfuzzer": False, "dir": "mips64", "triple": "mips64el-linux-gnuabi64", "debian": "mips64el",
        "qemu": "qemu-mips64el", "qemu_cpu": "MIPS64R2-generic", "abi": "n64", "big_endian": False, "copts": [],
        "oracles_off": {"nss": CROSS_ONLY_X86, "boringssl": CROSS_ONLY_X86},
        "unpacked": ["openssl"],
    },
    "s390x": {
        "libfuzzer": True, "dir": "s390x", "triple": "s390x-linux-gnu", "debian": "s390x",
        "qemu": "qemu-s390x", "qemu_cpu": "", "abi": "s390x ELF", "big_endian": True, "copts": [],
        "oracles_off": {"openssl": "libcrypto 3.0.20 for s390x aborts under qemu-s390x 7.2 before main (\"stack smashing detected\", statically or dynamically linked, with or without the vector facility)", "nss": CROSS_ONLY_X86, "boringssl": CROSS_ONLY_X86},
    },
}

# Assembly backends, by architecture folder (ARCHS' dir). Adding one: the
# .S file here, its ROW line in lib/<primitive>/rows.h (which makes the
# table row, the prototypes and the direct-call dispatch).
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
        "arch/x86_64/curve25519-avx512ifma.S",
    ],
    "arm64": [
        "arch/arm64/chacha20-neon.S",
        "arch/arm64/poly1305-arm64.S",
        "arch/arm64/poly1305-neon.S",
    ],
    "arm": [
        "arch/arm/chacha20-arm.S",
        "arch/arm/chacha20-neon.S",
        "arch/arm/poly1305-arm.S",
        "arch/arm/poly1305-neon.S",
        "arch/arm/blake2s-arm.S",
        "arch/arm/curve25519-neon.S",
    ],
    # MIPS32r2 o32, one source for both byte orders (mips and mipsel).
    "mips": [
        "arch/mips/chacha20-mips.S",
        "arch/mips/poly1305-mips.S",
    ],
    # MIPS64r2 n64 (mips64el).
    "mips64": [
        "arch/mips64/poly1305-mips64.S",
    ],
}

# The fuzz builds' library: with these defines every assembly entry point
# (its ZINC_ENTRY label, arch/abi-entry.h) runs through the ABI
# trampoline on every call, and the sources of ABI_CHECK_SRCS[arch] are
# added to the library (fuzz/README.md, "ABI checks"). The library users
# link has neither. BUILD, ci/oss-fuzz/build.sh, fuzz/planted/build.sh and
# the cross builds of ARCHS all take them from here.
FUZZ_DEFINES = ["ZINC_TESTING", "ZINC_ABI_CHECK"]
ABI_CHECK_SRCS = {
    "x86_64": ["arch/abi_check.c", "arch/x86_64/abi-check.S"],
    "arm64": ["arch/abi_check.c", "arch/arm64/abi-check.S"],
    "arm": ["arch/abi_check.c", "arch/arm/abi-check.S"],
    "mips": ["arch/abi_check.c", "arch/mips/abi-check.S"],
    "mips64": ["arch/abi_check.c", "arch/mips64/abi-check.S"],
    "s390x": ["arch/abi_check.c", "arch/s390x/abi-check.S"],
}

# Fuzz targets, one entry each: fuzz/<target>_fuzzer.c (with
# fuzz/<target>.dict, its dictionary, where there is one), corpus/<target>/.
# The scripts take the names from here too (`zinc_list FUZZ_TARGETS` prints
# them, one a line). Fields:
#   primitives  the primitives whose rows the target drives (a row is named
#               after its .S file, "<primitive>-<variant>"): on an
#               architecture with none of them the target compares only the
#               generic C, and its seeded random pass there is
#               RANDOM_INPUTS_GENERIC inputs instead of RANDOM_INPUTS
#   max_len     libFuzzer's -max_len (libfuzzer_options below): the longest
#               input that still changes what the target does, from its
#               format in fuzz/README.md. Unless a comment says otherwise:
#               parameters + keys + nonces + the largest message and AD
FUZZ_TARGETS = {
    "chacha20": {"primitives": ["chacha20"], "max_len": 8300},
    "poly1305": {"primitives": ["poly1305"], "max_len": 8300},
    # 5 parameter bytes, key, 25 limbs of 9 bytes, 40 blocks.
    "poly1305_state": {"primitives": ["poly1305"], "max_len": 902},
    "chacha20poly1305": {"primitives": ["chacha20", "poly1305", "chacha20poly1305"], "max_len": 10400},
    "xchacha20poly1305": {"primitives": ["chacha20", "poly1305", "chacha20poly1305"], "max_len": 10400},
    "blake2s": {"primitives": ["blake2s"], "max_len": 8600},
    "curve25519": {"primitives": ["curve25519"], "max_len": 80},
    # op (1) + five operands of 19 bytes + 32 bytes for frombytes.
    "curve25519_field": {"primitives": ["curve25519"], "max_len": 128},
}

RANDOM_INPUTS = 2000
RANDOM_INPUTS_GENERIC = 200

def random_inputs(target, arch):
    """The seeded random inputs of TARGET's test on ARCH (a key of ARCHS)."""
    rows = [f.split("/")[-1].rsplit(".", 1)[0] for f in ASM_SRCS.get(ARCHS[arch]["dir"], [])]
    for p in FUZZ_TARGETS[target]["primitives"]:
        for r in rows:
            if r.startswith(p + "-"):
                return RANDOM_INPUTS
    return RANDOM_INPUTS if arch == "x86_64" else RANDOM_INPUTS_GENERIC

# libFuzzer's -timeout, every target's: seconds one input may run before
# libFuzzer reports it as a hang.
FUZZ_TIMEOUT = 25

def libfuzzer_options(target):
    """TARGET's libFuzzer options, (name, value) pairs: ci/lib.sh's
    zinc_libfuzzer_flags gives them as -name=value (ci/fuzz.sh,
    fuzz/planted/measure.sh), ci/oss-fuzz/build.sh writes them into
    $OUT/<target>_fuzzer.options for OSS-Fuzz."""
    return [("max_len", FUZZ_TARGETS[target]["max_len"]), ("timeout", FUZZ_TIMEOUT)]

# The fuzz harness shared by every target (fuzz/README.md): input reader,
# guard pages, diagnosis. Not the targets, not fuzz/standalone.c.
FUZZ_SRCS = [
    "fuzz/guard.c",
    "fuzz/input.c",
    "fuzz/oracles/oracles.c",
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
    "arm": ["ZINC_ASM_ARM"],
    "mips": ["ZINC_ASM_MIPS"],
    "mips64": ["ZINC_ASM_MIPS64"],
    # No rows yet: the define turns on the checked entry points
    # (ZINC_ABI_CHECKED), which //:abi_checked_test drives.
    "s390x": ["ZINC_ASM_S390X"],
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

# The Debian -dev package of each oracle library the cross builds link
# (installed as <package>:<debian>).
ORACLE_PACKAGES = {
    "libsodium": "libsodium-dev",
    "openssl": "libssl-dev",
    "libb2": "libb2-dev",
}

# Oracle libraries the cross builds link as a copy of the static archive
# of their -dev package with some global names renamed (fuzz/BUILD's
# <lib>_ref_<arch>), and what that archive needs besides:
#   libb2, on every cross build: Debian's libb2 outside x86-64 exports the
#     names zinc's own functions have (blake2s, blake2s_init, ...);
#     fuzz/oracles/libb2.c calls them with _ref appended.
#   openssl, where it is unpacked (ARCHS' "unpacked"): only a static
#     libcrypto can be linked from an unpacked package, and on mips64el its
#     assembly's poly1305_init, _blocks and _emit are global there (the
#     shared library keeps them local), so they are renamed. MIPS32 has no
#     64-bit atomic instructions: libcrypto's come from libatomic.
ORACLE_ARCHIVES = {
    "libb2": {
        "archive": "libb2.a",
        "rename": {n: n + "_ref" for n in ["blake2s", "blake2s_init", "blake2s_init_key", "blake2s_init_param", "blake2s_update", "blake2s_final"]},
        "libs": [],
    },
    "openssl": {
        "archive": "libcrypto.a",
        "rename": {n: "openssl_" + n for n in ["poly1305_init", "poly1305_blocks", "poly1305_emit"]},
        "libs": ["-latomic"],
    },
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
        # Its own output base (ci/emu.sh), so no convenience symlinks: they
        # would point the checkout's bazel-<folder> at that output base,
        # which the main one's next `bazel test //...` would then walk.
        "bazel": ["-c", "opt", "--dynamic_mode=off", "--linkopt=-static", "--define=zinc_oracles=emu",
                  "--symlink_prefix=/"],
        "oracles_off": {"all": "static build for an emulated CPU (ci/emu.sh): the oracles run in the native builds"},
    },
    # ci/ct.sh: no sanitizers; DWARF 4, as valgrind 3.19 cannot read
    # clang's DWARF 5.
    # ZINC_TESTING for the primitives' descriptions ci/ct/ct.c walks.
    "ct": {"copts": [C_STD, "-O2", "-gdwarf-4"] + WARNINGS, "defines": ["ZINC_CT", "ZINC_TESTING"]},
    # ci/ct.sh's tracer (ci/ct/trace.c) for an architecture under qemu-user:
    # static, the calls only, each in a window of ci/qemu-plugin/insn_count.so.
    # No sibling calls, so each entry is reached by a call instruction (the
    # plugin finds a window's return address at the call; the kinds' call
    # functions would otherwise branch to the entry).
    "trace_qemu": {
        "copts": [C_STD, "-O2", "-gdwarf-4", "-fno-optimize-sibling-calls"] + WARNINGS,
        "defines": ["ZINC_TESTING", "ZINC_TRACE_QEMU"],
        "ldflags": ["-static"],
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

def arch_oracles_off_flags(arch):
    """The oracle_off_flags of every adapter architecture ARCH compiles out (ARCHS' oracles_off)."""
    off = ARCHS[arch]["oracles_off"]
    return [f for lib in off for f in oracle_off_flags(lib, off[lib])]

def arch_oracle_libs(arch):
    """The oracle libraries (ORACLE_LINKOPTS' keys) linked on ARCH."""
    off = ARCHS[arch]["oracles_off"]
    return [] if "all" in off else [lib for lib in ORACLE_LINKOPTS if lib not in off]

def arch_unpacked(arch):
    """The oracle libraries of ARCH that ci/lib.sh unpacks rather than installs."""
    return [lib for lib in ARCHS[arch].get("unpacked", []) if lib in arch_oracle_libs(arch)]

def arch_unpacked_includes(arch):
    """The header folders of ARCH's unpacked packages, multiarch folder first."""
    if not arch_unpacked(arch):
        return []
    root = "%s/%s/usr/include" % (UNPACKED_ROOT, ARCHS[arch]["debian"])
    return [root + "/" + ARCHS[arch]["triple"], root]

def arch_oracle_archives(arch):
    """ARCH's oracle libraries linked as renamed copies of their static
    archives (ORACLE_ARCHIVES): a dict, library to the archive's path."""
    a = ARCHS[arch]
    out = {}
    for lib in arch_oracle_libs(arch):
        if lib in arch_unpacked(arch):
            out[lib] = "%s/%s/usr/lib/%s/%s" % (UNPACKED_ROOT, a["debian"], a["triple"], ORACLE_ARCHIVES[lib]["archive"])
        elif lib == "libb2" and arch != "x86_64":
            out[lib] = "/usr/lib/%s/%s" % (a["triple"], ORACLE_ARCHIVES[lib]["archive"])
    return out

def arch_oracle_linkopts(arch):
    """What the harness links on ARCH for its oracle libraries besides the
    archive copies (arch_oracle_archives, fuzz/BUILD's dependencies): the
    others by name, and what the copies need."""
    copies = arch_oracle_archives(arch)
    out = []
    for lib in arch_oracle_libs(arch):
        out += ORACLE_ARCHIVES[lib]["libs"] if lib in copies else ORACLE_LINKOPTS[lib]
    return out

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
    ("CURVE25519_ASM_FOLD", "curve25519_field", 200),
    ("CURVE25519_ASM_SELECT", "curve25519", 100),
    ("CURVE25519_DIVSTEPS_ROW", "curve25519_field", 200),
    ("AEAD_LENGTHS", "chacha20poly1305", 100),
    ("AEAD_LENGTHS", "xchacha20poly1305", 100),
    ("AEAD_SG_KEYSTREAM", "chacha20poly1305", 200),
    ("AEAD_SG_PIECES", "chacha20poly1305", 200),
    ("AEAD_OPEN_TAIL", "xchacha20poly1305", 200),
    ("AEAD_STITCH_CARRY", "chacha20poly1305", 200),
    ("CHACHA20_AVX2_RBX", "chacha20", 200),
    ("CHACHA20_GENERIC_ROTATE", "chacha20", 20),
]

# The culprit the diagnosis of a planted bug must name (its "culprit:"
# line, fuzz/report.h): the row the patch breaks, outvoted by the other rows
# and the oracles. CHACHA20_GENERIC_ROTATE breaks the generic C, the row the
# others were once only compared with: it must be named, not the first
# assembly row that differs from it.
PLANTED_CULPRITS = {
    "CHACHA20_GENERIC_ROTATE": "chacha20-generic",
}

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
    "CURVE25519_DIVSTEPS_ROW",
    "AEAD_LENGTHS",
    "AEAD_STITCH_CARRY",
    "AEAD_OPEN_TAIL",
    "CHACHA20_GENERIC_ROTATE",
]

# Planted constant-time bugs (ci/ct.sh --plant): (NAME, ROW, METHODS). The patch
# fuzz/planted/patches/NAME.patch adds a secret-dependent branch or memory
# address to backend row ROW, which computes the same results (so the
# functional tests pass with it); ci/ct.sh must report ROW, and only rows
# that run the same code, as failing, by each of METHODS (ci/ct.sh's
# methods that run ROW: "valgrind,trace", or "trace" for a row valgrind
# cannot execute; ci/ct.sh --plant runs only those).
CT_PLANTED_BUGS = [
    # fe_cswap of the 64-bit generic C returns early when the bit is 0.
    ("CT_CSWAP", "curve25519-generic64", "valgrind,trace"),
    # chacha20-avx512vl's one-block tail reads the key row a second time
    # when bit 0 of the key's first byte is set (valgrind has no AVX-512).
    ("CT_CHACHA20_AVX512VL_BRANCH", "chacha20-avx512vl", "trace"),
    # poly1305_x86_64_init (the scalar row's, and the vector rows' init)
    # loads from a 256-byte table indexed by byte 3 of r.
    ("CT_POLY1305_TABLE", "poly1305-x86_64", "valgrind,trace"),
    # The BMI2+ADX ladder swaps with a branch on k_t ^ k_(t+1), then
    # steps with no swap of its own.
    ("CT_ADX_CSWAP_BRANCH", "curve25519-bmi2-adx", "valgrind,trace"),
]

# Planted bugs in the assembly of architectures other than the host's,
# caught under qemu-user by the suite of each configuration named (same form
# as PLANTED_BUGS, patches too, plus the ARCHS configurations that must
# catch it, comma-separated).
PLANTED_BUGS_ARCH = [
    ("CHACHA20_NEON_WRAP", "chacha20", 200, "arm64"),
    ("POLY1305_NEON_CARRY", "poly1305_state", 200, "arm64"),
    # poly1305-arm (32-bit ARM): the carry out of h0 + 5 q into h1 dropped
    # in the block loop's reduction.
    ("POLY1305_ARM_CARRY", "poly1305", 200, "armhf"),
    # poly1305-neon (32-bit ARM): a_0's carry into a_1 after the fold of
    # 5 (d_4 >> 26) into the lanes left out.
    ("POLY1305_ARM_NEON_CARRY", "poly1305_state", 200, "armhf"),
    # chacha20-mips: the tail's keystream copy leaves out word 15.
    ("CHACHA20_MIPS_TAIL", "chacha20", 200, "mips,mipsel"),
    # poly1305-mips: the reduction drops the carry out of h0 + 5 q.
    ("POLY1305_MIPS_CARRY", "poly1305", 200, "mips,mipsel"),
    # poly1305-mips64: d1's low word + hi(d0) drops its carry.
    ("POLY1305_MIPS64_CARRY", "poly1305", 200, "mips64el"),
    ("CHACHA20_ARM_TAIL", "chacha20", 200, "armhf"),
    ("CHACHA20_NEON32_STEP", "chacha20", 200, "armhf"),
    ("BLAKE2S_ARM_CARRY", "blake2s", 200, "armhf"),
    # curve25519-neon: the carry out of limb 9 folded into limb 0 times 11,
    # not 19 (every multiplication, squaring and 121666 f).
    ("CURVE25519_NEON_FOLD", "curve25519_field", 200, "armhf"),
]

# Planted byte-order bugs: (NAME, TARGET, N), patches as above. Each reads
# a word in the CPU's byte order where a little-endian load belongs, in a
# generic path: the big-endian configurations of ARCHS must catch it (as
# PLANTED_BUGS' tests do), and on every little-endian one, where it changes
# nothing, N inputs must run clean (fuzz/planted/check.sh --clean).
BYTE_ORDER_PLANTED_BUGS = [
    # poly1305-donna32 reads its third message word in native order.
    ("BYTE_ORDER_DONNA32", "poly1305", 200),
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
    # curve25519-avx512ifma: CARRY takes limb 3's carry at bit 52, not 51
    # (bit 51 of limb 3 is lost): wrong in a lane whenever that bit is set,
    # in about half of its multiplications, additions and subtractions.
    ("CURVE25519_IFMA_LANE_CARRY", "curve25519_field", 200),
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
