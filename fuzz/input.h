/* SPDX-License-Identifier: MIT */
/*
 * The shared input reader of the fuzz targets. A target reads its parameters
 * first (lengths, counter, split points, buffer layout, fill patterns), then
 * its keys, nonces and data, all from the front of the fuzzer's bytes. Every
 * byte string is a valid input: reads past the end return zeros, every value
 * is reduced into its range, so decoding never fails and is deterministic.
 * The byte format is specified in fuzz/README.md.
 */
#ifndef ZINC_FUZZ_INPUT_H
#define ZINC_FUZZ_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
	FUZZ_MAX_LEN = 8192,    /* cap of message lengths */
	FUZZ_MAX_AD_LEN = 2048, /* cap of associated data lengths */
	FUZZ_MAX_SPLITS = 8,    /* explicit chunk sizes of a streaming run */
};

struct fuzz_input {
	const uint8_t *data;
	size_t size;
	size_t pos;
	bool expand;            /* past the end: fuzz_expand_byte(seed, ..), not zeros */
	uint64_t seed;
};

/* Parameters every target decodes (some fields unused by some targets). */
struct fuzz_layout {
	unsigned misalign;      /* 0..63, for buffers that start after a guard page */
	bool in_place;          /* dst == src */
	bool guard_start;       /* buffers start after a guard page (else end at one) */
};

/* What the chacha20, poly1305 and blake2s targets read first, in this
 * order (and version-1 AEAD inputs, which read it themselves: version 2
 * changes the order after the pattern byte). */
struct fuzz_head {
	struct fuzz_layout layout;
	uint8_t pattern;        /* fuzz_fill's selector for the message */
	uint8_t key_pattern;    /* the same for the key */
	size_t len;             /* message length, fuzz_length(FUZZ_MAX_LEN) */
};

struct fuzz_splits {
	unsigned n;             /* explicit chunks; the rest goes in one last update */
	size_t chunk[FUZZ_MAX_SPLITS];
};

void fuzz_input_init(struct fuzz_input *in, const uint8_t *data, size_t size);
/* From now on, reads past the end give fuzz_expand_byte(seed, pos)
 * instead of zeros, seed the FNV-1a hash of the whole input: a few input
 * bytes stand for every field not written and a long message of
 * arbitrary-looking data, another for every change of those bytes (the
 * targets' version-2 inputs, fuzz/README.md). */
void fuzz_input_expand(struct fuzz_input *in);
/* Byte pos of the stream of seed: splitmix64 of seed + pos / 8, byte
 * pos % 8. */
uint8_t fuzz_expand_byte(uint64_t seed, size_t pos);
uint8_t fuzz_byte(struct fuzz_input *in);
uint16_t fuzz_u16(struct fuzz_input *in);
uint32_t fuzz_u32(struct fuzz_input *in);
/* n raw bytes, zeros past the end of the input. */
void fuzz_bytes(struct fuzz_input *in, uint8_t *out, size_t n);

/* A length 0..cap: 2 bytes, biased towards the length classes. */
size_t fuzz_length(struct fuzz_input *in, size_t cap);
/* A length 0..cap from 1 byte b (version-2 inputs): b even → the length
 * class (b >> 1) % 43 (capped), b odd → (b >> 1) * 65 % (cap + 1), which
 * steps through every residue mod 64 and 512 up to 8255. */
size_t fuzz_length8(struct fuzz_input *in, size_t cap);
/* An initial ChaCha20 block counter, biased towards 0, 2^31 and 2^32 - k. */
uint32_t fuzz_counter(struct fuzz_input *in);
/* Update chunk sizes for streaming APIs: fuzz_read_pieces(in, s, FUZZ_MAX_LEN). */
void fuzz_read_splits(struct fuzz_input *in, struct fuzz_splits *s);
/* A count byte, then that many (mod FUZZ_MAX_SPLITS + 1) sizes, each a
 * fuzz_length(cap): chunk sizes, or the entries of an iovec list. */
void fuzz_read_pieces(struct fuzz_input *in, struct fuzz_splits *s, size_t cap);
/* One byte: misalignment, in-place, guard side. */
void fuzz_read_layout(struct fuzz_input *in, struct fuzz_layout *l);
/* layout, pattern, key_pattern, len: four reads, five bytes. */
void fuzz_read_head(struct fuzz_input *in, struct fuzz_head *h);
/* n bytes of data (consumed from the input) shaped by the pattern selector:
 * runs of 0x00 / 0xff replace data as the README describes. */
void fuzz_fill(struct fuzz_input *in, uint8_t *out, size_t n, uint8_t pattern);

/* The length classes, for the corpus generator and the README. */
extern const size_t fuzz_length_classes[];
extern const size_t fuzz_nlength_classes;

/* Appends "name=hex" (at most 64 bytes shown) to buf of size cap. */
void fuzz_fmt_hex(char *buf, size_t cap, const char *name, const uint8_t *p, size_t n);
/* Appends printf-style text to buf of size cap. */
void fuzz_fmt(char *buf, size_t cap, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void fuzz_fmt_splits(char *buf, size_t cap, const struct fuzz_splits *s);
void fuzz_fmt_layout(char *buf, size_t cap, const struct fuzz_layout *l);

#endif
