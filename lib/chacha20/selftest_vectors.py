# SPDX-License-Identifier: MIT
"""Read by vectors/gen_selftest.py (which says what KINDS holds) to write
this primitive's vectors into lib/selftest/selftest_vectors.h."""
KINDS = [
    ("chacha20", "chacha20.txt",
     [("Key", "hex"), ("Nonce", "hex"), ("Counter", "int"), ("Input", "hex"),
      ("Output", "hex")], lambda src: True),
    ("hchacha20", "hchacha20.txt",
     [("Key", "hex"), ("Nonce", "hex"), ("Output", "hex")], lambda src: True),
]
