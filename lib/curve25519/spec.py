# SPDX-License-Identifier: MIT
"""What the generators write for curve25519: COLUMNS and CALLS, its dispatch.h
(lib/start/gen_dispatch.py); KINDS, its self-test vectors (vectors/gen_selftest.py)."""
COLUMNS = ["id", "name", "needs", "scalarmult", "scalarmult_base", "field"]
CALLS = [
    ("/* Row row's functions, called by name. */\n"
     "static inline void curve25519_row_scalarmult(enum curve25519_row row,\n"
     "\t\t\t\t\t     uint8_t out[CURVE25519_KEY_SIZE],\n"
     "\t\t\t\t\t     const uint8_t scalar[CURVE25519_KEY_SIZE],\n"
     "\t\t\t\t\t     const uint8_t point[CURVE25519_KEY_SIZE])",
     "scalarmult", ["{fn}(out, scalar, point);", "return;"], None),
    ("static inline void curve25519_row_scalarmult_base(enum curve25519_row row,\n"
     "\t\t\t\t\t\t  uint8_t out[CURVE25519_KEY_SIZE],\n"
     "\t\t\t\t\t\t  const uint8_t scalar[CURVE25519_KEY_SIZE])",
     "scalarmult_base", ["{fn}(out, scalar);", "return;"], None),
]

# A point with bit 255 set (which the ladder must ignore) and a public key
# from the base point: two ladders per row.
KINDS = [
    ("x25519", "x25519.txt",
     [("Scalar", "hex"), ("Point", "hex"), ("Output", "hex")],
     lambda src: src.endswith("X25519 vector 2") or "Alice's public key" in src),
]
