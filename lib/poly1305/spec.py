# SPDX-License-Identifier: MIT
"""What the generators write for poly1305: COLUMNS and CALLS, its dispatch.h
(lib/start/gen_dispatch.py); KINDS, its self-test vectors (vectors/gen_selftest.py)."""
COLUMNS = ["id", "name", "needs", "min_len", "state_size", "init", "blocks", "emit",
           "mac", "test"]
CALLS = [
    ("/* Row row's functions, called by name. */\n"
     "static inline void poly1305_row_init(uint32_t row, void *state, const uint8_t r[16])",
     "init", ["{fn}(state, r);", "return;"], None),
    ("static inline void poly1305_row_blocks(uint32_t row, void *state, const uint8_t *in,"
     " size_t len,\n\t\t\t\t       uint32_t padbit)",
     "blocks", ["{fn}(state, in, len, padbit);", "return;"], None),
    ("static inline void poly1305_row_emit(uint32_t row, void *state,"
     " uint8_t mac[POLY1305_MAC_SIZE],\n\t\t\t\t     const uint32_t s[4])",
     "emit", ["{fn}(state, mac, s);", "return;"], None),
    ("/* Row row's one-shot entry, called by name: false for a row without one. */\n"
     "static inline bool poly1305_row_mac_entry(uint32_t row, uint8_t mac[POLY1305_MAC_SIZE],\n"
     "\t\t\t\t\t  const uint8_t *in, size_t len,\n"
     "\t\t\t\t\t  const uint8_t key[POLY1305_KEY_SIZE])",
     "mac", ["{fn}(mac, in, len, key);", "return true;"], "return false;"),
]

KINDS = [
    ("poly1305", "poly1305.txt",
     [("Key", "hex"), ("Input", "hex"), ("Tag", "hex")], lambda src: True),
]
