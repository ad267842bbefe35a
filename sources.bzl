"""The one list of what zinc is built from.

Bazel loads this file; ci/oss-fuzz/build.sh and the other scripts read it too
(it is plain Python data), so nothing here is listed anywhere else.
"""

# Generic C and dispatch, by primitive. The first file of each list holds the
# public functions and the backend table.
LIB_SRCS = {
    "common": ["lib/common/cpu.c", "lib/common/util.c"],
    "chacha20": ["lib/chacha20/chacha20.c"],
    "poly1305": [
        "lib/poly1305/poly1305.c",
        "lib/poly1305/poly1305-donna32.c",
        "lib/poly1305/poly1305-donna64.c",
    ],
    "chacha20poly1305": ["lib/chacha20poly1305/chacha20poly1305.c"],
    "blake2s": ["lib/blake2s/blake2s.c"],
    "curve25519": [
        "lib/curve25519/curve25519.c",
        "lib/curve25519/curve25519-generic32.c",
        "lib/curve25519/curve25519-generic64.c",
    ],
}

# Assembly backends, by architecture. Adding one: the .S file here, its row in
# the primitive's table (lib/<primitive>/<primitive>.c).
ASM_SRCS = {
    "x86_64": [],
    "arm64": [],
}

# Fuzz targets: fuzz/<target>_fuzzer.c, corpus/<target>/.
FUZZ_TARGETS = [
    "chacha20",
    "poly1305",
    "chacha20poly1305",
    "xchacha20poly1305",
    "blake2s",
    "curve25519",
]
