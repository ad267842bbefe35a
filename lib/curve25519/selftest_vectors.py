# SPDX-License-Identifier: MIT
"""Read by vectors/gen_selftest.py (which says what KINDS holds) to write
this primitive's vectors into lib/selftest/selftest_vectors.h."""
# A point with bit 255 set (which the ladder must ignore) and a public key
# from the base point: two ladders per row.
KINDS = [
    ("x25519", "x25519.txt",
     [("Scalar", "hex"), ("Point", "hex"), ("Output", "hex")],
     lambda src: src.endswith("X25519 vector 2") or "Alice's public key" in src),
]
