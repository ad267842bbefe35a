# SPDX-License-Identifier: MIT
"""Read by lib/start/gen_dispatch.py (which says what COLUMNS and CALLS
hold) to write lib/blake2s/dispatch.h."""
COLUMNS = ["id", "name", "needs", "min_len", "compress"]
CALLS = [
    ("/* Row row's compression function, called by name. */\n"
     "static inline void blake2s_row_compress(enum blake2s_row row,"
     " struct blake2s_state *state,\n"
     "\t\t\t\t\tconst uint8_t *block, size_t nblocks, uint32_t inc)",
     "compress", ["{fn}(state, block, nblocks, inc);", "return;"], None),
]
