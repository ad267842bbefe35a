# SPDX-License-Identifier: MIT
"""Read by vectors/gen_selftest.py (which says what KINDS holds) to write
this primitive's vectors into lib/selftest/selftest_vectors.h."""
KINDS = [
    ("chacha20poly1305", "chacha20poly1305.txt",
     [("Key", "hex"), ("Nonce", "hex"), ("AD", "hex"), ("Input", "hex"),
      ("Output", "hex"), ("Tag", "hex")], lambda src: True),
    ("xchacha20poly1305", "xchacha20poly1305.txt",
     [("Key", "hex"), ("Nonce", "hex"), ("AD", "hex"), ("Input", "hex"),
      ("Output", "hex"), ("Tag", "hex")], lambda src: True),
]
