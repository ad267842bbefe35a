# SPDX-License-Identifier: MIT
"""What the generators write for chacha20poly1305: COLUMNS and CALLS, its dispatch.h
(lib/start/gen_dispatch.py); KINDS, its self-test vectors (vectors/gen_selftest.py)."""
COLUMNS = ["id", "name", "needs", "min_len", "kernel", "steps", "open"]
CALLS = [
    ("/* Row row's kernel, called by name (the row must have one). */\n"
     "static inline void chacha20poly1305_row_kernel(enum chacha20poly1305_row row,\n"
     "\t\t\t\t\t       const struct chacha20poly1305_bulk *b,\n"
     "\t\t\t\t\t       uint8_t *dst, const uint8_t *src, size_t len)",
     "kernel", ["{fn}(b, dst, src, len);", "return;"], "__builtin_trap();"),
    ("/* Row row's steps kernel, called by name (the row must have one). */\n"
     "static inline void chacha20poly1305_row_steps(enum chacha20poly1305_row row,\n"
     "\t\t\t\t\t      const struct chacha20poly1305_bulk *b,\n"
     "\t\t\t\t\t      const struct chacha20poly1305_step *steps, size_t len)",
     "steps", ["{fn}(b, steps, len);", "return;"], "__builtin_trap();"),
    ("/* Row row's decryption kernel, called by name (the row must have one). */\n"
     "static inline void chacha20poly1305_row_open(enum chacha20poly1305_row row,\n"
     "\t\t\t\t\t     const struct chacha20poly1305_bulk *b, uint8_t *dst,\n"
     "\t\t\t\t\t     const struct chacha20poly1305_step *steps,\n"
     "\t\t\t\t\t     size_t len)",
     "open", ["{fn}(b, dst, steps, len);", "return;"], "__builtin_trap();"),
]

KINDS = [
    ("chacha20poly1305", "chacha20poly1305.txt",
     [("Key", "hex"), ("Nonce", "hex"), ("AD", "hex"), ("Input", "hex"),
      ("Output", "hex"), ("Tag", "hex")], lambda src: True),
    ("xchacha20poly1305", "xchacha20poly1305.txt",
     [("Key", "hex"), ("Nonce", "hex"), ("AD", "hex"), ("Input", "hex"),
      ("Output", "hex"), ("Tag", "hex")], lambda src: True),
]
