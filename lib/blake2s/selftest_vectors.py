# SPDX-License-Identifier: MIT
"""Read by vectors/gen_selftest.py (which says what KINDS holds) to write
this primitive's vectors into lib/selftest/selftest_vectors.h."""
import re

# RFC 7693's one BLAKE2s vector, then keyed answers of the BLAKE2 reference
# at the lengths where the buffering changes course: empty, one byte, a
# block less one, one block, one block and a byte, a length whose second
# half completes a partly filled buffer, and the longest.
KINDS = [
    ("blake2s", "blake2s.txt",
     [("Key", "hex"), ("Input", "hex"), ("Output", "hex")], lambda src: True),
    ("blake2s", "blake2s_keyed_kat.txt",
     [("Key", "hex"), ("Input", "hex"), ("Output", "hex")],
     lambda src: re.search(r"input length (0|1|63|64|65|100|255),", src) is not None),
]
