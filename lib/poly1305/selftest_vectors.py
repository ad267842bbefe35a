# SPDX-License-Identifier: MIT
"""Read by vectors/gen_selftest.py (which says what KINDS holds) to write
this primitive's vectors into lib/selftest/selftest_vectors.h."""
KINDS = [
    ("poly1305", "poly1305.txt",
     [("Key", "hex"), ("Input", "hex"), ("Tag", "hex")], lambda src: True),
]
