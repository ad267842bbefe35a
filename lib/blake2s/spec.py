# SPDX-License-Identifier: MIT
"""What the generators write for blake2s: COLUMNS and CALLS, its dispatch.h
(lib/start/gen_dispatch.py); KINDS, its self-test vectors (vectors/gen_selftest.py)."""
import re

COLUMNS = ["id", "name", "needs", "min_len", "compress"]
CALLS = [
    ("/* Row row's compression function, called by name. */\n"
     "static inline void blake2s_row_compress(enum blake2s_row row,"
     " struct blake2s_state *state,\n"
     "\t\t\t\t\tconst uint8_t *block, size_t nblocks, uint32_t inc)",
     "compress", ["{fn}(state, block, nblocks, inc);", "return;"], None),
]

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
