# SPDX-License-Identifier: MIT
"""What the generators write for chacha20: COLUMNS and CALLS, its dispatch.h
(lib/start/gen_dispatch.py); KINDS, its self-test vectors (vectors/gen_selftest.py)."""
COLUMNS = ["id", "name", "needs", "min_len", "xor_stream", "hchacha20"]
CALLS = [
    ("/* Row row's xor_stream, called by name. */\n"
     "static inline void chacha20_row_xor(enum chacha20_row row, uint32_t state[16],"
     " uint8_t *dst,\n\t\t\t\t    const uint8_t *src, size_t len)",
     "xor_stream", ["{fn}(state, dst, src, len);", "return;"], None),
    ("/* Row row's HChaCha20, called by name (a row must have one). */\n"
     "static inline void chacha20_row_hchacha20(enum chacha20_row row,\n"
     "\t\t\t\t\t  uint8_t out[HCHACHA20_OUT_SIZE],\n"
     "\t\t\t\t\t  const uint8_t nonce[HCHACHA20_NONCE_SIZE],\n"
     "\t\t\t\t\t  const uint8_t key[HCHACHA20_KEY_SIZE])",
     "hchacha20", ["{fn}(out, nonce, key);", "return;"], None),
]

KINDS = [
    ("chacha20", "chacha20.txt",
     [("Key", "hex"), ("Nonce", "hex"), ("Counter", "int"), ("Input", "hex"),
      ("Output", "hex")], lambda src: True),
    ("hchacha20", "hchacha20.txt",
     [("Key", "hex"), ("Nonce", "hex"), ("Output", "hex")], lambda src: True),
]
