/* SPDX-License-Identifier: MIT */
/*
 * The benchmark's SVG chart: one panel per measured primitive, two panels a
 * row, in one self-contained file. Per-byte primitives are drawn as cycles
 * per byte against message size, both axes logarithmic, one line per
 * implementation with its name at the line's right end (names pushed apart
 * where lines end close together). Per-operation primitives are horizontal
 * bars. The public function is the thick black line, backends are solid,
 * oracles dashed.
 */
#include "bench/bench.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PANEL_W = 720, PANEL_H = 400, LEFT = 62, RIGHT = 280, TOP = 44, BOTTOM = 48 };

static const char *const backend_colors[] = {
	"#1f77b4", "#2ca02c", "#17becf", "#9467bd", "#8c564b", "#bcbd22", "#7f7f7f",
};
static const char *const oracle_colors[] = {
	"#d62728", "#ff7f0e", "#e377c2", "#a0522d",
};

static const char *color(const struct bench_primitive *p, unsigned idx)
{
	unsigned nb = 0, no = 0;

	for (unsigned i = 0; i < idx; i++) {
		nb += p->cases[i].kind == KIND_BACKEND;
		no += p->cases[i].kind == KIND_ORACLE;
	}
	switch (p->cases[idx].kind) {
	case KIND_PUBLIC:
		return "#000000";
	case KIND_BACKEND:
		return backend_colors[nb % (sizeof(backend_colors) / sizeof(backend_colors[0]))];
	default:
		return oracle_colors[no % (sizeof(oracle_colors) / sizeof(oracle_colors[0]))];
	}
}

static void put_escaped(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else
			fputc(*s, f);
	}
}

static void size_label(char *buf, size_t n, size_t size)
{
	if (size >= 1048576 && size % 1048576 == 0)
		snprintf(buf, n, "%zuM", size / 1048576);
	else if (size >= 4096 && size % 1024 == 0)
		snprintf(buf, n, "%zuK", size / 1024);
	else
		snprintf(buf, n, "%zu", size);
}

static unsigned public_index(const struct bench_primitive *p)
{
	for (unsigned i = 0; i < p->ncases; i++)
		if (p->cases[i].kind == KIND_PUBLIC)
			return i;
	return 0;
}

struct label {
	double y, want;
	unsigned idx;
};

static int cmp_label(const void *a, const void *b)
{
	const struct label *x = a, *y = b;

	return (x->want > y->want) - (x->want < y->want);
}

static void line_panel(FILE *f, const struct bench_primitive *p, const size_t *sizes,
		       unsigned nsizes, const char *unit)
{
	const double pw = PANEL_W - LEFT - RIGHT, ph = PANEL_H - TOP - BOTTOM;
	double lo = INFINITY, hi = 0, xmin = INFINITY, xmax = 0;
	struct label labels[BENCH_MAX_CASES];
	char buf[32];

	for (unsigned s = 0; s < nsizes; s++) {
		xmin = fmin(xmin, log2((double)sizes[s]));
		xmax = fmax(xmax, log2((double)sizes[s]));
		for (unsigned i = 0; i < p->ncases; i++) {
			lo = fmin(lo, p->cases[i].median[s]);
			hi = fmax(hi, p->cases[i].median[s]);
		}
	}
	if (xmax == xmin)
		xmin -= 1, xmax += 1;
	lo = log10(lo * 0.85);
	hi = log10(hi * 1.15);
	if (hi - lo < 0.5)
		lo -= 0.25, hi += 0.25;
#define X(sz) (LEFT + pw * (log2((double)(sz)) - xmin) / (xmax - xmin))
#define Y(v) (TOP + ph * (hi - log10(v)) / (hi - lo))
	fprintf(f, "<text x='%d' y='24' font-size='15' font-weight='bold'>", LEFT);
	put_escaped(f, p->name);
	fprintf(f, "</text><text x='%d' y='38' font-size='11' fill='#555'>", LEFT);
	put_escaped(f, p->title);
	fprintf(f, "; %s/byte, log scales</text>\n", unit);
	fprintf(f, "<rect x='%d' y='%d' width='%.0f' height='%.0f' fill='none' stroke='#999'/>\n",
		LEFT, TOP, pw, ph);
	/* y grid at 1, 2, 5 x 10^k */
	for (int e = (int)floor(lo) - 1; e <= (int)ceil(hi); e++)
		for (int m = 1; m <= 5; m += m == 1 ? 1 : 3) {
			double v = m * pow(10, e);

			if (log10(v) < lo || log10(v) > hi)
				continue;
			fprintf(f, "<line x1='%d' x2='%.1f' y1='%.1f' y2='%.1f' stroke='#e4e4e4'/>"
				"<text x='%d' y='%.1f' font-size='10' text-anchor='end'>%g</text>\n",
				LEFT, LEFT + pw, Y(v), Y(v), LEFT - 4, Y(v) + 3, v);
		}
	for (unsigned s = 0; s < nsizes; s++) {
		size_label(buf, sizeof(buf), sizes[s]);
		fprintf(f, "<line x1='%.1f' x2='%.1f' y1='%d' y2='%.1f' stroke='#e4e4e4'/>"
			"<text x='%.1f' y='%.1f' font-size='10' text-anchor='middle'>%s</text>\n",
			X(sizes[s]), X(sizes[s]), TOP, TOP + ph, X(sizes[s]), TOP + ph + 14, buf);
	}
	fprintf(f, "<text x='%.1f' y='%.1f' font-size='11' text-anchor='middle'>message size,"
		" bytes</text>\n", LEFT + pw / 2, TOP + ph + 32);
	/* The public function first, so the backend it runs shows on top. */
	for (unsigned k = 0; k < p->ncases; k++) {
		unsigned i = (k + public_index(p)) % p->ncases;
		const struct bench_case *c = &p->cases[i];
		const char *dash = c->kind == KIND_ORACLE ? " stroke-dasharray='7,4'" : "";
		double w = c->kind == KIND_PUBLIC ? 3 : 1.6;

		fprintf(f, "<polyline fill='none' stroke='%s' stroke-width='%.1f'%s points='",
			color(p, i), w, dash);
		for (unsigned s = 0; s < nsizes; s++)
			fprintf(f, "%.1f,%.1f ", X(sizes[s]), Y(c->median[s]));
		fprintf(f, "'/>\n");
		for (unsigned s = 0; s < nsizes; s++)
			fprintf(f, "<circle cx='%.1f' cy='%.1f' r='2.5' fill='%s'/>\n", X(sizes[s]),
				Y(c->median[s]), color(p, i));
		labels[i].idx = i;
		labels[i].want = labels[i].y = Y(c->median[nsizes - 1]);
	}
	/* Push the end labels apart, 12 px at least, keeping their order. */
	qsort(labels, p->ncases, sizeof(labels[0]), cmp_label);
	for (unsigned i = 1; i < p->ncases; i++)
		if (labels[i].y < labels[i - 1].y + 12)
			labels[i].y = labels[i - 1].y + 12;
	double over = labels[p->ncases - 1].y - (PANEL_H - 8);
	for (unsigned i = 0; over > 0 && i < p->ncases; i++)
		labels[i].y -= over;
	for (unsigned i = 0; i < p->ncases; i++) {
		const struct bench_case *c = &p->cases[labels[i].idx];
		double x0 = X(sizes[nsizes - 1]) + 4;

		fprintf(f, "<polyline fill='none' stroke='%s' stroke-width='0.8' points='%.1f,%.1f"
			" %.1f,%.1f %.1f,%.1f'/>", color(p, labels[i].idx), x0, labels[i].want,
			x0 + 10, labels[i].y, x0 + 16, labels[i].y);
		fprintf(f, "<text x='%.1f' y='%.1f' font-size='11' fill='%s'%s>", x0 + 19,
			labels[i].y + 4, color(p, labels[i].idx),
			c->kind == KIND_PUBLIC ? " font-weight='bold'" : "");
		put_escaped(f, c->name);
		fprintf(f, " %.2f</text>\n", c->median[nsizes - 1]);
	}
#undef X
#undef Y
}

static void bar_panel(FILE *f, const struct bench_primitive *p, const char *unit)
{
	const double left = 250, pw = PANEL_W - left - 90;
	double hi = 0, bh = fmin(26, (PANEL_H - TOP - 20.0) / p->ncases);

	for (unsigned i = 0; i < p->ncases; i++)
		hi = fmax(hi, p->cases[i].median[0]);
	fprintf(f, "<text x='%d' y='24' font-size='15' font-weight='bold'>", LEFT);
	put_escaped(f, p->name);
	fprintf(f, "</text><text x='%d' y='38' font-size='11' fill='#555'>", LEFT);
	put_escaped(f, p->title);
	fprintf(f, "; %s per operation (shorter is faster)</text>\n", unit);
	for (unsigned i = 0; i < p->ncases; i++) {
		const struct bench_case *c = &p->cases[i];
		double y = TOP + 8 + i * bh, w = pw * c->median[0] / hi;

		fprintf(f, "<text x='%.1f' y='%.1f' font-size='11' text-anchor='end'%s>",
			left - 6, y + bh / 2 + 4, c->kind == KIND_PUBLIC ? " font-weight='bold'" : "");
		put_escaped(f, c->name);
		fprintf(f, "</text><rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' fill='%s'"
			"%s/>", left, y + 2, w, bh - 4, color(p, i),
			c->kind == KIND_ORACLE ? " fill-opacity='0.6'" : "");
		if (c->median[0] >= 10000)
			fprintf(f, "<text x='%.1f' y='%.1f' font-size='11'>%.1fk</text>\n", left + w + 4,
				y + bh / 2 + 4, c->median[0] / 1000);
		else
			fprintf(f, "<text x='%.1f' y='%.1f' font-size='11'>%.0f</text>\n", left + w + 4,
				y + bh / 2 + 4, c->median[0]);
	}
}

bool bench_write_svg(const char *path, const size_t *sizes, unsigned nsizes, const char *unit)
{
	unsigned n = 0, k = 0;
	FILE *f = fopen(path, "w");

	if (!f) {
		perror(path);
		return false;
	}
	for (unsigned i = 0; i < bench_nprimitives; i++)
		n += bench_primitives[i].measured;
	unsigned cols = n > 1 ? 2 : 1, rows = (n + cols - 1) / cols;
	fprintf(f, "<?xml version='1.0' encoding='UTF-8'?>\n"
		"<svg xmlns='http://www.w3.org/2000/svg' width='%u' height='%u'"
		" font-family='DejaVu Sans, Arial, sans-serif'>\n"
		"<rect width='100%%' height='100%%' fill='white'/>\n",
		cols * PANEL_W, rows * PANEL_H);
	for (unsigned i = 0; i < bench_nprimitives; i++) {
		const struct bench_primitive *p = &bench_primitives[i];

		if (!p->measured)
			continue;
		fprintf(f, "<g transform='translate(%u,%u)'>\n", (k % cols) * PANEL_W,
			(k / cols) * PANEL_H);
		if (p->per_op)
			bar_panel(f, p, unit);
		else
			line_panel(f, p, sizes, nsizes, unit);
		fprintf(f, "</g>\n");
		k++;
	}
	fprintf(f, "</svg>\n");
	return fclose(f) == 0;
}
