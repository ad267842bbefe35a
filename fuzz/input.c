/* SPDX-License-Identifier: MIT */
/*
 * The shared input reader: turns the fuzzer's bytes into parameters and data
 * (format in fuzz/README.md), zeros once the input runs out.
 */
#include "fuzz/input.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Every length class a backend distinguishes: around the 16-byte Poly1305
 * block, the 64-byte ChaCha20 / BLAKE2s block, and the 2-, 4-, 8- and 16-way
 * SIMD batches (128, 256, 512, 1024 bytes) and their multiples. */
const size_t fuzz_length_classes[] = {
	0,    1,    15,   16,   17,   31,   32,   33,   63,   64,   65,
	127,  128,  129,  191,  192,  193,  255,  256,  257,  383,  384,
	385,  511,  512,  513,  767,  768,  769,  1023, 1024, 1025, 2047,
	2048, 2049, 4095, 4096, 4097, 6143, 6144, 6145, 8191, 8192,
};
const size_t fuzz_nlength_classes =
	sizeof(fuzz_length_classes) / sizeof(fuzz_length_classes[0]);

void fuzz_input_init(struct fuzz_input *in, const uint8_t *data, size_t size)
{
	in->data = data;
	in->size = size;
	in->pos = 0;
	in->expand = false;
	in->seed = 0;
}

void fuzz_input_expand(struct fuzz_input *in)
{
	uint64_t h = 0xcbf29ce484222325u;

	for (size_t i = 0; i < in->size; i++)
		h = (h ^ in->data[i]) * 0x100000001b3u;
	in->seed = h;
	in->expand = true;
}

uint8_t fuzz_expand_byte(uint64_t seed, size_t pos)
{
	uint64_t z = seed + (uint64_t)(pos / 8 + 1) * 0x9e3779b97f4a7c15u;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	z ^= z >> 31;
	return (uint8_t)(z >> (8 * (pos % 8)));
}

uint8_t fuzz_byte(struct fuzz_input *in)
{
	if (in->pos >= in->size) {
		if (!in->expand)
			return 0;
		return fuzz_expand_byte(in->seed, in->pos++);
	}
	return in->data[in->pos++];
}

uint16_t fuzz_u16(struct fuzz_input *in)
{
	uint16_t lo = fuzz_byte(in);

	return (uint16_t)(lo | fuzz_byte(in) << 8);
}

uint32_t fuzz_u32(struct fuzz_input *in)
{
	uint32_t lo = fuzz_u16(in);

	return lo | (uint32_t)fuzz_u16(in) << 16;
}

void fuzz_bytes(struct fuzz_input *in, uint8_t *out, size_t n)
{
	size_t avail = in->pos < in->size ? in->size - in->pos : 0;
	size_t take = n < avail ? n : avail;

	if (take)
		memcpy(out, in->data + in->pos, take);
	in->pos += take;
	if (n > take && in->expand) {
		for (size_t i = take; i < n; i++)
			out[i] = fuzz_expand_byte(in->seed, in->pos++);
	} else if (n > take) {
		memset(out + take, 0, n - take);
	}
}

size_t fuzz_length(struct fuzz_input *in, size_t cap)
{
	uint16_t v = fuzz_u16(in);
	size_t len;

	if (v & 1)
		return (size_t)(v >> 1) % (cap + 1);
	len = fuzz_length_classes[(v >> 1) % fuzz_nlength_classes];
	return len < cap ? len : cap;
}

size_t fuzz_length8(struct fuzz_input *in, size_t cap)
{
	uint8_t b = fuzz_byte(in);
	size_t len;

	if (b & 1)
		return (size_t)(b >> 1) * 65 % (cap + 1);
	len = fuzz_length_classes[(b >> 1) % fuzz_nlength_classes];
	return len < cap ? len : cap;
}

uint32_t fuzz_counter(struct fuzz_input *in)
{
	uint8_t s = fuzz_byte(in);
	uint32_t k = s >> 2;

	switch (s & 3) {
	case 0:
		return k;                       /* 0 .. 63 */
	case 1:
		return 0xffffffffu - k;         /* wraps within 1 .. 64 blocks */
	case 2:
		return fuzz_u32(in);            /* anything */
	default:
		return 0x80000000u - 32 + k;    /* around the sign bit */
	}
}

void fuzz_read_pieces(struct fuzz_input *in, struct fuzz_splits *s, size_t cap)
{
	s->n = fuzz_byte(in) % (FUZZ_MAX_SPLITS + 1);
	for (unsigned i = 0; i < s->n; i++)
		s->chunk[i] = fuzz_length(in, cap);
}

void fuzz_read_splits(struct fuzz_input *in, struct fuzz_splits *s)
{
	fuzz_read_pieces(in, s, FUZZ_MAX_LEN);
}

void fuzz_read_layout(struct fuzz_input *in, struct fuzz_layout *l)
{
	uint8_t b = fuzz_byte(in);

	l->misalign = b & 63;
	l->in_place = b & 64;
	l->guard_start = b & 128;
}

void fuzz_read_head(struct fuzz_input *in, struct fuzz_head *h)
{
	fuzz_read_layout(in, &h->layout);
	h->pattern = fuzz_byte(in);
	h->key_pattern = fuzz_byte(in);
	h->len = fuzz_length(in, FUZZ_MAX_LEN);
}

void fuzz_fill(struct fuzz_input *in, uint8_t *out, size_t n, uint8_t pattern)
{
	size_t run = (size_t)1 << ((pattern >> 2) & 7);

	fuzz_bytes(in, out, n);
	switch (pattern & 3) {
	case 0:
		break;
	case 1:
		memset(out, 0x00, n);
		break;
	case 2:
		memset(out, 0xff, n);
		break;
	default:
		/* Runs of `run` bytes: data, 0xff, 0x00, data, 0xff, ... */
		for (size_t i = 0; i < n; i++) {
			size_t kind = (i / run) % 3;

			if (kind)
				out[i] = kind == 1 ? 0xff : 0x00;
		}
	}
}

void fuzz_fmt(char *buf, size_t cap, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used + 1 >= cap)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, cap - used, fmt, ap);
	va_end(ap);
}

void fuzz_fmt_hex(char *buf, size_t cap, const char *name, const uint8_t *p, size_t n)
{
	size_t shown = n < 64 ? n : 64;

	fuzz_fmt(buf, cap, " %s=", name);
	for (size_t i = 0; i < shown; i++)
		fuzz_fmt(buf, cap, "%02x", p[i]);
	if (shown < n)
		fuzz_fmt(buf, cap, "...(%zu bytes)", n);
}

void fuzz_fmt_splits(char *buf, size_t cap, const struct fuzz_splits *s)
{
	fuzz_fmt(buf, cap, " splits=[");
	for (unsigned i = 0; i < s->n; i++)
		fuzz_fmt(buf, cap, "%s%zu", i ? "," : "", s->chunk[i]);
	fuzz_fmt(buf, cap, "%srest]", s->n ? "," : "");
}

void fuzz_fmt_layout(char *buf, size_t cap, const struct fuzz_layout *l)
{
	fuzz_fmt(buf, cap, " guard=%s misalign=%u in_place=%d",
		 l->guard_start ? "start" : "end", l->guard_start ? l->misalign : 0,
		 l->in_place);
}
