# SPDX-License-Identifier: MIT
"""Read by lib/start/gen_dispatch.py (which says what COLUMNS and CALLS
hold) to write lib/curve25519/dispatch.h."""
COLUMNS = ["id", "name", "needs", "scalarmult", "scalarmult_base", "field"]
CALLS = [
    ("/* Row row's functions, called by name. */\n"
     "static inline void curve25519_row_scalarmult(enum curve25519_row row,\n"
     "\t\t\t\t\t     uint8_t out[CURVE25519_KEY_SIZE],\n"
     "\t\t\t\t\t     const uint8_t scalar[CURVE25519_KEY_SIZE],\n"
     "\t\t\t\t\t     const uint8_t point[CURVE25519_KEY_SIZE])",
     "scalarmult", ["{fn}(out, scalar, point);", "return;"], None),
    ("static inline void curve25519_row_scalarmult_base(enum curve25519_row row,\n"
     "\t\t\t\t\t\t  uint8_t out[CURVE25519_KEY_SIZE],\n"
     "\t\t\t\t\t\t  const uint8_t scalar[CURVE25519_KEY_SIZE])",
     "scalarmult_base", ["{fn}(out, scalar);", "return;"], None),
]
