/* SPDX-License-Identifier: MIT */
/*
 * The ChaCha20-Poly1305 sizes that more than one place must agree on: the C
 * of lib/chacha20poly1305/, the stitched kernels
 * (arch/x86_64/chacha20poly1305-*.S, which include this file) and the
 * tests. Plain #defines, so that the assembler reads them too. Each is tied
 * to what it must agree with: by a _Static_assert in chacha20poly1305.h
 * (the kernels' argument structs) or aead.h (the construction), by an .if
 * in the kernel, and in the tests that restate them.
 */
#ifndef ZINC_LIB_CHACHA20POLY1305_SIZES_H
#define ZINC_LIB_CHACHA20POLY1305_SIZES_H

/* A step: the bytes a kernel encrypts and MACs per turn of its loop, eight
 * ChaCha20 blocks (its batch) and 32 Poly1305 blocks. A kernel call takes
 * at least one step's worth; scatter-gather lists are given to it in steps
 * (struct chacha20poly1305_step). */
#define CHACHA20POLY1305_STEP 512

/* Where a kernel finds the fields of its arguments (chacha20poly1305.h):
 * struct chacha20poly1305_bulk's poly (chacha is at 0); struct
 * chacha20poly1305_step's pieces (at and piece are at 0) and its size, the
 * stride of a table of steps; struct chacha20poly1305_piece's len (at is
 * at 0) and its size. */
#define CHACHA20POLY1305_BULK_POLY 8
#define CHACHA20POLY1305_STEP_PIECES 8
#define CHACHA20POLY1305_STEP_SIZE 16
#define CHACHA20POLY1305_PIECE_LEN 8
#define CHACHA20POLY1305_PIECE_SIZE 16

/* Scatter-gather (sg_plan.c): a kernel call over a list takes up to this
 * many steps and this many pieces. */
#define CHACHA20POLY1305_SG_STEPS 32
#define CHACHA20POLY1305_SG_PIECES 32

/* Decryption's one pass (flat.c) holds up to OPEN_MAX bytes of plaintext on
 * the stack until the tag checks: eight steps. With a long message's head
 * (one ChaCha20 block, 64 bytes, HEAD_LONG in aead.h) before them, it takes
 * ciphertexts up to OPEN_MAX_LEN bytes. */
#define CHACHA20POLY1305_OPEN_MAX (8 * CHACHA20POLY1305_STEP)
#define CHACHA20POLY1305_OPEN_MAX_LEN (64 + CHACHA20POLY1305_OPEN_MAX)

#endif
