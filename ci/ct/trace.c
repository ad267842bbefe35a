/* SPDX-License-Identifier: MIT */
/*
 * Constant-time check by trace equivalence (x86-64, Linux), run by
 * ci/ct.sh: every entry point of every row this CPU runs
 * (lib/<p>/entries.c), at several length classes, called with different
 * secrets on the same public inputs; the traces of the calls must be equal.
 *
 * A trace is what a call of the entry point does, from its first
 * instruction to its return (the harness around it is not traced), one
 * record per executed instruction: its address, the stack pointer, and
 * for each memory operand (decoded by Capstone) its address, size and
 * access, with the opmask's value for an AVX-512 masked access (a mask that
 * depends on a secret selects secret-dependent bytes). A difference between
 * two calls is a branch or an address that depends on what differed.
 *
 * How: the program forks; the child runs the calls and the parent traces
 * it with ptrace, single-stepping the window (from a marker int3 just
 * before the call to the entry's return; the instructions between the
 * marker and the entry are stepped, not recorded). The child is a fork of
 * the parent, so the parent decodes each instruction from its own copy of
 * the code at the same address. Linked without PIE and with -z now (no
 * lazy binding inside a window).
 *
 * What differs between the calls of one class: everything the entry's
 * setup makes from its seed (keys, states, nonces, counters, scalars,
 * points) and the message's bytes; what stays: the entry, the length, the
 * buffers' addresses and the layout of pieces. Secret 0 is traced first;
 * each other secret is a pair with it (all are then equal to each other).
 *
 * Equal traces over many secrets are evidence, not proof: a branch taken
 * on a secret bit no secret tried differs on is not seen, nor is the
 * timing of instructions whose latency depends on their operands.
 *
 *   trace [--quick] [--pairs N] [--max-steps N] [--row NAME]...
 *
 * --quick: the length classes 0, 17, 64, 577 and 1345 (each entry at those
 * it takes); else 32 classes from 0 to 4096. --pairs: secrets compared with
 * the first (default 8). --max-steps: a call's trace is cut after N steps
 * and compared on that prefix (ci/ct.sh --quick: the X25519 ladders, 10^5
 * to 2 10^6 steps a call, are then compared on their first iterations).
 *
 * Exit 0 when every trace is equal, 1 when one is not, 2 on an error.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifndef ZINC_TRACE_QEMU
#include <capstone/capstone.h>
#include <cpuid.h>
#include <elf.h>
#include <errno.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#endif

#include "lib/common/cpu.h"
#include "lib/common/entry.h"
#include "lib/start/primitives.h"

enum { MAX_SECRETS = 64, MAX_ROWS = 64 };

static const size_t quick_lens[] = { 0, 17, 64, 577, 1345 };
static const size_t full_lens[] = { 0,   1,   15,  16,  17,  31,   32,   33,   63,   64,  65,
				    127, 128, 129, 255, 256, 257,  383,  384,  511,  512, 513,
				    575, 576, 577, 1023, 1024, 1025, 1345, 1420, 4095, 4096 };

/* Every primitive's entry points (lib/start/primitives.h). */
static const struct zinc_entries *const primitives[] = {
#define PRIMITIVE(p, P) &p##_entries,
#include "lib/start/primitives.h"
};

/* What the child tells the parent at each marker (shared memory). */
struct marker {
	const void *fn;
	int entry, secret;
	size_t len;
};

#ifndef ZINC_TRACE_QEMU
static struct marker *shared;
#endif
static const char *only_rows[MAX_ROWS];
static size_t nonly;
static unsigned npairs = 8;
static bool quick;
/* Steps traced of a call at most (0: all); a call cut there is compared
 * on that prefix, and counted as cut. */
static unsigned long max_steps;

/* ---- The calls (the child) ---- */

static uint8_t msg[ZINC_CASE_MAX_LEN + 64] __attribute__((aligned(64)));
static struct zinc_call call;

static uint64_t secret_seed(int s)
{
	return 0x5eed0000u + (uint64_t)s * 0x9e3779b97f4a7c15ull;
}

static void secret_message(int s, size_t len)
{
	uint64_t seed = secret_seed(s) ^ 0xa5a5a5a5u;

	memset(msg, 0, sizeof(msg));
	zinc_case_fill(msg, len, &seed);
}

static const struct zinc_entry *entry_at(int i, const char **prim)
{
	for (size_t p = 0; p < sizeof(primitives) / sizeof(primitives[0]); p++) {
		if ((size_t)i < primitives[p]->n) {
			*prim = primitives[p]->primitive;
			return &primitives[p]->entry[i];
		}
		i -= (int)primitives[p]->n;
	}
	return NULL;
}

static bool row_selected(const char *row)
{
	if (!nonly)
		return true;
	for (size_t i = 0; i < nonly; i++)
		if (!strcmp(only_rows[i], row))
			return true;
	return false;
}

/* The length classes an entry is called at: each distinct fitted length
 * once (curve25519's entries take none: one class). */
static size_t entry_lens(const struct zinc_entry *e, size_t out[], size_t max)
{
	const size_t *lens = quick ? quick_lens : full_lens;
	size_t nlens = quick ? sizeof(quick_lens) / sizeof(quick_lens[0])
			     : sizeof(full_lens) / sizeof(full_lens[0]);
	size_t n = 0;

	for (size_t i = 0; i < nlens && n < max; i++) {
		size_t len = zinc_entry_len(e, lens[i]), j;

		if (len == SIZE_MAX || len > ZINC_CASE_MAX_LEN)
			continue;
		for (j = 0; j < n && out[j] != len; j++)
			;
		if (j == n)
			out[n++] = len;
		if (e->kind->fit && e->kind->fit(1) == 1 && e->kind->fit(16) == SIZE_MAX)
			break; /* no length: one class */
	}
	return n;
}

#ifdef ZINC_TRACE_QEMU
/* "ZINC", as ci/qemu-plugin/insn_count.c's COUNT_MAGIC. */
#define WINDOW_MAGIC 0x5a494e43L
static unsigned ncalls;
#endif

static void one_call(int i, const struct zinc_entry *e, size_t len, int s)
{
	struct zinc_case c = { msg, len, secret_seed(s) };

	secret_message(s, len);
	memset(&call, 0, sizeof(call));
	e->kind->setup(e, &c, &call);
#ifdef ZINC_TRACE_QEMU
	/* The plugin's window (ci/qemu-plugin/insn_count.c): armed by getpid
	 * with the magic, the call's number and the entry's address in
	 * halves; the line tells ci/ct/qemu_compare.py what the call was. */
	const char *prim = "?";
	uintptr_t a = (uintptr_t)e->fn;

	entry_at(i, &prim);
	printf("call %u %s %s %s %zu %d\n", ncalls, e->row, prim, e->kind->name, len, s);
	fflush(stdout);
	syscall(SYS_getpid, (long)WINDOW_MAGIC, (long)ncalls++, (long)(a >> 16), (long)(a & 0xffff));
#else
	shared->fn = e->fn;
	shared->entry = i;
	shared->secret = s;
	shared->len = len;
	__asm__ volatile("int3" ::: "memory");
#endif
	e->kind->call(e->fn, call.arg);
}

static void child(int nsecrets)
{
	const char *prim;
	const struct zinc_entry *e;

#ifndef ZINC_TRACE_QEMU
	if (ptrace(PTRACE_TRACEME, 0, 0, 0))
		_exit(3);
	raise(SIGSTOP);
#endif
	for (int i = 0; (e = entry_at(i, &prim)); i++) {
		size_t lens[64], n;

		if (!e->fn || !row_selected(e->row) || !zinc_cpu_have(e->features))
			continue;
		n = entry_lens(e, lens, 64);
		for (size_t l = 0; l < n; l++)
			for (int s = 0; s < nsecrets; s++)
				one_call(i, e, lens[l], s);
	}
	_exit(0);
}

static void usage(FILE *f)
{
	fprintf(f, "usage: trace [--quick] [--pairs N] [--max-steps N] [--row NAME]...  (ci/ct.sh)\n");
}

/* The options; false on a bad one. */
static bool options(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick")) {
			quick = true;
		} else if (!strcmp(argv[i], "--pairs") && i + 1 < argc) {
			npairs = (unsigned)atoi(argv[++i]);
			if (npairs < 1 || npairs >= MAX_SECRETS)
				return false;
		} else if (!strcmp(argv[i], "--max-steps") && i + 1 < argc) {
			max_steps = strtoul(argv[++i], NULL, 10);
		} else if (!strcmp(argv[i], "--row") && i + 1 < argc && nonly < MAX_ROWS) {
			only_rows[nonly++] = argv[++i];
		} else {
			return false;
		}
	}
	return true;
}

#ifdef ZINC_TRACE_QEMU
/*
 * Under qemu-user (ci/ct.sh --arch): the calls only, each in a window of the
 * plugin, which logs its instructions and memory accesses (log=FILE, the
 * first max=N instructions); ci/ct/qemu_compare.py compares the windows.
 * --max-steps is the plugin's.
 */
int main(int argc, char **argv)
{
	if (!options(argc, argv)) {
		usage(stderr);
		return 2;
	}
	child((int)npairs + 1);
}
#else
/* ---- Decoding (the parent) ---- */

static csh cs;
static size_t opmask_offset; /* of k0 in the XSAVE area (CPUID 0xd, 5) */

/* A decoded instruction: its memory operands, how to find their address. */
struct mem_op {
	x86_reg seg, base, index;
	int scale;
	int64_t disp;
	uint8_t size, access;
};

struct insn {
	uint64_t addr;
	uint8_t len, nmem;
	int8_t mask; /* opmask register number, -1: none */
	bool fallback; /* decoded by decode_vex */
	struct mem_op mem[3];
	char text[192];
};

/* Open addressing by address; the rows are a few thousand instructions. */
enum { CACHE = 1 << 16 };
static struct insn *cache;

static uint64_t reg_value(const struct user_regs_struct *r, x86_reg reg, uint64_t next_rip,
			  bool *ok)
{
	switch (reg) {
	case X86_REG_INVALID: return 0;
	case X86_REG_RAX: return r->rax;
	case X86_REG_RBX: return r->rbx;
	case X86_REG_RCX: return r->rcx;
	case X86_REG_RDX: return r->rdx;
	case X86_REG_RSI: return r->rsi;
	case X86_REG_RDI: return r->rdi;
	case X86_REG_RBP: return r->rbp;
	case X86_REG_RSP: return r->rsp;
	case X86_REG_R8: return r->r8;
	case X86_REG_R9: return r->r9;
	case X86_REG_R10: return r->r10;
	case X86_REG_R11: return r->r11;
	case X86_REG_R12: return r->r12;
	case X86_REG_R13: return r->r13;
	case X86_REG_R14: return r->r14;
	case X86_REG_R15: return r->r15;
	case X86_REG_RIP: return next_rip;
	case X86_REG_EAX: return (uint32_t)r->rax;
	case X86_REG_EBX: return (uint32_t)r->rbx;
	case X86_REG_ECX: return (uint32_t)r->rcx;
	case X86_REG_EDX: return (uint32_t)r->rdx;
	case X86_REG_ESI: return (uint32_t)r->rsi;
	case X86_REG_EDI: return (uint32_t)r->rdi;
	case X86_REG_EBP: return (uint32_t)r->rbp;
	case X86_REG_ESP: return (uint32_t)r->rsp;
	case X86_REG_R8D: return (uint32_t)r->r8;
	case X86_REG_R9D: return (uint32_t)r->r9;
	case X86_REG_R10D: return (uint32_t)r->r10;
	case X86_REG_R11D: return (uint32_t)r->r11;
	case X86_REG_R12D: return (uint32_t)r->r12;
	case X86_REG_R13D: return (uint32_t)r->r13;
	case X86_REG_R14D: return (uint32_t)r->r14;
	case X86_REG_R15D: return (uint32_t)r->r15;
	case X86_REG_FS: return r->fs_base;
	case X86_REG_GS: return r->gs_base;
	case X86_REG_CS: case X86_REG_DS: case X86_REG_ES: case X86_REG_SS: return 0;
	default: *ok = false; return 0;
	}
}

static unsigned long fallbacks;

static const x86_reg gpr[16] = {
	X86_REG_RAX, X86_REG_RCX, X86_REG_RDX, X86_REG_RBX, X86_REG_RSP, X86_REG_RBP,
	X86_REG_RSI, X86_REG_RDI, X86_REG_R8,  X86_REG_R9,  X86_REG_R10, X86_REG_R11,
	X86_REG_R12, X86_REG_R13, X86_REG_R14, X86_REG_R15,
};

/*
 * Capstone 4.0.2 leaves some VEX and EVEX instructions undecoded (the EVEX
 * shift-immediate group 0F 72, vprold among them; vbroadcasti128). Their
 * encoding is regular, so for those this decodes the prefix (VEX C4/C5,
 * EVEX 62), opcode, ModRM, SIB, displacement and immediate itself: the
 * length (four-byte EVEX or two/three-byte VEX, an immediate byte where
 * the map has one: 0F3A always; in 0F, 70-73, C2, C4-C6) and the memory
 * operand's address as base + index * scale + displacement. EVEX scales a
 * one-byte displacement by the operand's size, which is not decoded here:
 * the address recorded is then off the true one by a constant of that
 * instruction, the same in every call, so differences between calls are
 * kept. The size is recorded as 0 (not decoded), an EVEX opmask on a
 * memory form as for the others. trace_call checks after each step that
 * the instruction was as long as decoded. Anything else Capstone cannot
 * decode stops the tracer.
 */
static bool decode_vex(uint64_t addr, struct insn *in)
{
	const uint8_t *b = (const uint8_t *)(uintptr_t)addr;
	unsigned map, op, mod, rm, n, rx = 0, bx = 0, imm, mask = 0;
	bool evex = b[0] == 0x62;

	if (evex) {
		map = b[1] & 7;
		rx = !(b[1] & 0x40);
		bx = !(b[1] & 0x20);
		mask = b[3] & 7;
		n = 4;
	} else if (b[0] == 0xc4) {
		map = b[1] & 0x1f;
		rx = !(b[1] & 0x40);
		bx = !(b[1] & 0x20);
		n = 3;
	} else if (b[0] == 0xc5) {
		map = 1;
		n = 2;
	} else {
		return false;
	}
	if (map < 1 || map > 3)
		return false;
	op = b[n++];
	mod = b[n] >> 6;
	rm = b[n++] & 7;
	imm = map == 3 || (map == 1 && ((op >= 0x70 && op <= 0x73) || op == 0xc2 ||
					(op >= 0xc4 && op <= 0xc6)));
	memset(in, 0, sizeof(*in));
	in->addr = addr;
	in->mask = -1;
	in->fallback = true;
	if (mod != 3) {
		struct mem_op *m = &in->mem[in->nmem++];

		*m = (struct mem_op){ X86_REG_INVALID, X86_REG_INVALID, X86_REG_INVALID, 1, 0, 0, 0 };
		if (rm == 4) {
			unsigned sib = b[n++], idx = (sib >> 3 & 7) | rx << 3, base = sib & 7;

			m->scale = 1 << (sib >> 6);
			if (idx != 4)
				m->index = gpr[idx];
			if (base == 5 && mod == 0) {
				m->disp = (int32_t)(b[n] | b[n + 1] << 8 | b[n + 2] << 16 |
						    (uint32_t)b[n + 3] << 24);
				n += 4;
			} else {
				m->base = gpr[base | bx << 3];
			}
		} else if (rm == 5 && mod == 0) {
			m->base = X86_REG_RIP;
			m->disp = (int32_t)(b[n] | b[n + 1] << 8 | b[n + 2] << 16 |
					    (uint32_t)b[n + 3] << 24);
			n += 4;
		} else {
			m->base = gpr[rm | bx << 3];
		}
		if (mod == 1) {
			m->disp = (int8_t)b[n++];
		} else if (mod == 2) {
			m->disp = (int32_t)(b[n] | b[n + 1] << 8 | b[n + 2] << 16 |
					    (uint32_t)b[n + 3] << 24);
			n += 4;
		}
		if (mask)
			in->mask = (int8_t)mask;
	}
	in->len = (uint8_t)(n + imm);
	snprintf(in->text, sizeof(in->text), "%s map %u opcode %02x%s (Capstone 4.0.2 does not "
		 "decode it; objdump -d names it)", evex ? "EVEX" : "VEX", map, op,
		 mod == 3 ? ", registers only" : ", one memory operand");
	fallbacks++;
	return true;
}

static const struct insn *decode(uint64_t addr)
{
	size_t h = (size_t)(addr * 0x9e3779b97f4a7c15ull >> 48) & (CACHE - 1);
	struct insn *in;
	cs_insn *ci;

	while (cache[h].len && cache[h].addr != addr)
		h = (h + 1) & (CACHE - 1);
	in = &cache[h];
	if (in->len)
		return in;
	/* The child is a fork of this process: the same code at addr. */
	if (cs_disasm(cs, (const uint8_t *)(uintptr_t)addr, 16, addr, 1, &ci) != 1) {
		if (!decode_vex(addr, in)) {
			fprintf(stderr, "trace: cannot decode the instruction at %#lx\n",
				(unsigned long)addr);
			exit(2);
		}
		return in;
	}
	in->addr = addr;
	in->len = (uint8_t)ci->size;
	in->mask = -1;
	snprintf(in->text, sizeof(in->text), "%s %s", ci->mnemonic, ci->op_str);
	const char *k = strstr(ci->op_str, "{k");
	if (k && k[2] >= '1' && k[2] <= '7')
		in->mask = (int8_t)(k[2] - '0');
	for (int i = 0; i < ci->detail->x86.op_count; i++) {
		const cs_x86_op *op = &ci->detail->x86.operands[i];

		if (op->type != X86_OP_MEM)
			continue;
		/* lea computes an address and accesses nothing; nop's
		 * operand is not read. */
		if (ci->id == X86_INS_LEA || ci->id == X86_INS_NOP)
			continue;
		if (in->nmem == 3) {
			fprintf(stderr, "trace: more than 3 memory operands at %#lx\n",
				(unsigned long)addr);
			exit(2);
		}
		in->mem[in->nmem++] = (struct mem_op){ op->mem.segment, op->mem.base, op->mem.index,
						       op->mem.scale, op->mem.disp, op->size,
						       op->access };
	}
	cs_free(ci, 1);
	return in;
}

/* ---- Tracing (the parent) ---- */

/* A trace: per step rip, rsp, n, then n times (address, size | access << 8
 * | masked << 16, mask). */
struct trace {
	uint64_t *w;
	size_t n, cap, steps;
	bool cut; /* stopped at max_steps */
};

static void put(struct trace *t, uint64_t v)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 1 << 16;
		t->w = realloc(t->w, t->cap * sizeof(*t->w));
		if (!t->w) {
			fprintf(stderr, "trace: out of memory\n");
			exit(2);
		}
	}
	t->w[t->n++] = v;
}

static pid_t pid;

static void die_ptrace(const char *what)
{
	fprintf(stderr, "trace: %s: %s\n", what, strerror(errno));
	kill(pid, SIGKILL);
	exit(2);
}

static void step(void)
{
	int st;

	if (ptrace(PTRACE_SINGLESTEP, pid, 0, 0))
		die_ptrace("PTRACE_SINGLESTEP");
	if (waitpid(pid, &st, 0) != pid)
		die_ptrace("waitpid");
	if (!WIFSTOPPED(st) || WSTOPSIG(st) != SIGTRAP) {
		fprintf(stderr, "trace: the child stopped on %s inside a window\n",
			WIFSTOPPED(st) ? strsignal(WSTOPSIG(st)) : "exit");
		kill(pid, SIGKILL);
		exit(2);
	}
}

static void regs(struct user_regs_struct *r)
{
	if (ptrace(PTRACE_GETREGS, pid, 0, r))
		die_ptrace("PTRACE_GETREGS");
}

static uint64_t opmask(int k)
{
	static uint8_t xsave[16384] __attribute__((aligned(64)));
	struct iovec iov = { xsave, sizeof(xsave) };
	uint64_t v;

	if (ptrace(PTRACE_GETREGSET, pid, (void *)NT_X86_XSTATE, &iov))
		die_ptrace("PTRACE_GETREGSET NT_X86_XSTATE");
	if (opmask_offset + 8 * 8 > iov.iov_len) {
		fprintf(stderr, "trace: the XSAVE area has no opmask registers\n");
		exit(2);
	}
	memcpy(&v, xsave + opmask_offset + 8 * (size_t)k, 8);
	return v;
}

/* From the marker to the entry, then the window into t. */
static void trace_call(const void *fn, struct trace *t)
{
	struct user_regs_struct r;
	uint64_t ret, rsp0;
	unsigned long guard = 0;

	t->n = t->steps = 0;
	t->cut = false;
	for (regs(&r); r.rip != (uint64_t)(uintptr_t)fn; regs(&r)) {
		if (++guard > 100000) {
			fprintf(stderr, "trace: the entry at %p was not reached\n", fn);
			kill(pid, SIGKILL);
			exit(2);
		}
		step();
	}
	rsp0 = r.rsp;
	errno = 0;
	ret = (uint64_t)ptrace(PTRACE_PEEKDATA, pid, (void *)(uintptr_t)rsp0, 0);
	if (errno)
		die_ptrace("PTRACE_PEEKDATA");
	while (!(r.rip == ret && r.rsp == rsp0 + 8)) {
		const struct insn *in = decode(r.rip);

		if (max_steps && t->steps == max_steps) {
			t->cut = true; /* the caller's PTRACE_CONT runs the rest */
			return;
		}
		uint64_t next = r.rip + in->len;

		put(t, r.rip);
		put(t, r.rsp);
		put(t, in->nmem);
		for (int i = 0; i < in->nmem; i++) {
			const struct mem_op *m = &in->mem[i];
			bool ok = true;
			uint64_t a = reg_value(&r, m->seg, next, &ok) + reg_value(&r, m->base, next, &ok) +
				     reg_value(&r, m->index, next, &ok) * (uint64_t)m->scale +
				     (uint64_t)m->disp;

			if (!ok) {
				fprintf(stderr, "trace: unhandled address register in %s at %#lx\n",
					in->text, (unsigned long)r.rip);
				kill(pid, SIGKILL);
				exit(2);
			}
			put(t, a);
			put(t, m->size | (uint64_t)m->access << 8 | (uint64_t)(in->mask >= 0) << 16);
			put(t, in->mask >= 0 ? opmask(in->mask) : 0);
		}
		t->steps++;
		step();
		regs(&r);
		if (in->fallback && r.rip != next) {
			fprintf(stderr, "trace: %s at %#lx is not %u bytes long\n", in->text,
				(unsigned long)(next - in->len), in->len);
			kill(pid, SIGKILL);
			exit(2);
		}
	}
}

static char exe[4096];

/* "function at file:line" of an address (addr2line, from debug info). */
static void where(uint64_t addr, char *buf, size_t size)
{
	char cmd[4200], fn[512] = "?", line[1024] = "?";
	FILE *p;

	snprintf(cmd, sizeof(cmd), "addr2line -f -e '%s' %#lx", exe, (unsigned long)addr);
	p = popen(cmd, "r");
	if (p) {
		if (fgets(fn, sizeof(fn), p))
			fn[strcspn(fn, "\n")] = 0;
		if (fgets(line, sizeof(line), p))
			line[strcspn(line, "\n")] = 0;
		pclose(p);
	}
	snprintf(buf, size, "%s at %s", fn, line);
}

static void show_insn(const char *who, uint64_t rip)
{
	char w[1600];

	where(rip, w, sizeof(w));
	printf("    %s %#lx: %s  (%s)\n", who, (unsigned long)rip, decode(rip)->text, w);
}

static void show_secret(char tag, int s, size_t len)
{
	printf("    secret %c: seed %#llx (the setup's keys, states, nonce, scalars), message of %zu bytes"
	       " from seed %#llx, first bytes",
	       tag, (unsigned long long)secret_seed(s), len,
	       (unsigned long long)(secret_seed(s) ^ 0xa5a5a5a5u));
	secret_message(s, len);
	for (size_t i = 0; i < 16 && i < len; i++)
		printf(" %02x", msg[i]);
	printf("\n");
}

/* Compares b with a (the reference); prints the first difference. */
static bool same(const struct trace *a, const struct trace *b, const char *row, const char *prim,
		 const char *kind, size_t len, int sa, int sb)
{
	size_t i = 0, j = 0, stepno = 0;
	uint64_t prev = 0;

	while (i < a->n && j < b->n) {
		uint64_t ra = a->w[i], rb = b->w[j], na = a->w[i + 2], nb = b->w[j + 2];
		const char *what = NULL;
		size_t op = 0;

		if (ra != rb)
			what = "the instruction executed";
		else if (a->w[i + 1] != b->w[j + 1])
			what = "the stack pointer";
		else if (na != nb)
			what = "the number of memory operands";
		else
			for (op = 0; op < na && !what; op++) {
				const uint64_t *x = &a->w[i + 3 + 3 * op], *y = &b->w[j + 3 + 3 * op];

				if (x[0] != y[0])
					what = "a memory operand's address";
				else if (x[1] != y[1])
					what = "a memory operand's size or access";
				else if (x[2] != y[2])
					what = "a masked access's opmask";
			}
		if (what) {
			printf("FAIL  %-30s %s %s, %zu bytes: traces differ at step %zu: %s\n", row,
			       prim, kind, len, stepno, what);
			if (ra != rb) {
				show_insn("after", prev);
				show_insn("secret A runs", ra);
				show_insn("secret B runs", rb);
			} else {
				show_insn("at", ra);
				if (op) {
					const uint64_t *x = &a->w[i + 3 + 3 * (op - 1)],
						       *y = &b->w[j + 3 + 3 * (op - 1)];
					printf("    operand %zu: secret A %#lx (%lu bytes, mask %#lx), "
					       "secret B %#lx (%lu bytes, mask %#lx)\n",
					       op, (unsigned long)x[0], (unsigned long)(x[1] & 0xff),
					       (unsigned long)x[2], (unsigned long)y[0],
					       (unsigned long)(y[1] & 0xff), (unsigned long)y[2]);
				}
			}
			show_secret('A', sa, len);
			show_secret('B', sb, len);
			return false;
		}
		prev = ra;
		i += 3 + 3 * na;
		j += 3 + 3 * nb;
		stepno++;
	}
	if (i < a->n || j < b->n) {
		printf("FAIL  %-30s %s %s, %zu bytes: one trace ends at step %zu, the other does not\n",
		       row, prim, kind, len, stepno);
		show_insn("last common", prev);
		show_secret('A', sa, len);
		show_secret('B', sb, len);
		return false;
	}
	return true;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Per row: what was traced. */
struct row_sum {
	const char *row;
	char entries[160];
	unsigned classes, calls, failed, cut;
	unsigned long long steps;
	double seconds;
};

static struct row_sum rows[MAX_ROWS];
static size_t nrows;

static struct row_sum *row_of(const char *name)
{
	for (size_t i = 0; i < nrows; i++)
		if (!strcmp(rows[i].row, name))
			return &rows[i];
	if (nrows == MAX_ROWS) {
		fprintf(stderr, "trace: more than %d rows\n", MAX_ROWS);
		exit(2);
	}
	rows[nrows].row = name;
	return &rows[nrows++];
}

int main(int argc, char **argv)
{
	int nsecrets, st, failed = 0;
	unsigned long compared = 0;
	struct trace ref = { 0 }, cur = { 0 };
	int cur_entry = -1;
	size_t cur_len = 0;
	unsigned entry_classes = 0;
	double t0 = now(), te = 0;
	unsigned long long entry_steps = 0;
	unsigned eax, ebx, ecx, edx;

	if (!options(argc, argv)) {
		usage(stderr);
		return 2;
	}
	nsecrets = (int)npairs + 1;
	if (readlink("/proc/self/exe", exe, sizeof(exe) - 1) < 0) {
		perror("trace: /proc/self/exe");
		return 2;
	}
	if (!__get_cpuid_count(0xd, 5, &eax, &ebx, &ecx, &edx) || !eax) {
		opmask_offset = SIZE_MAX / 2; /* no AVX-512: no masked access runs */
	} else {
		opmask_offset = ebx;
	}
	if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK ||
	    cs_option(cs, CS_OPT_DETAIL, CS_OPT_ON) != CS_ERR_OK) {
		fprintf(stderr, "trace: Capstone does not open\n");
		return 2;
	}
	cache = calloc(CACHE, sizeof(*cache));
	shared = mmap(NULL, sizeof(*shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (!cache || shared == MAP_FAILED) {
		fprintf(stderr, "trace: out of memory\n");
		return 2;
	}
	printf("trace equivalence (%s: %u secret pairs per length class, each secret against the "
	       "first; %s)\n", quick ? "quick" : "full", npairs,
	       max_steps ? "calls cut after --max-steps" : "whole calls");
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("trace: fork");
		return 2;
	}
	if (pid == 0)
		child(nsecrets);
	if (waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st)) {
		fprintf(stderr, "trace: the child did not stop for tracing\n");
		return 2;
	}
	ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_EXITKILL);
	for (;;) {
		const struct zinc_entry *e;
		const char *prim;
		struct row_sum *rs;

		if (ptrace(PTRACE_CONT, pid, 0, 0))
			die_ptrace("PTRACE_CONT");
		if (waitpid(pid, &st, 0) != pid)
			die_ptrace("waitpid");
		if (WIFEXITED(st) || WIFSIGNALED(st)) {
			if (!WIFEXITED(st) || WEXITSTATUS(st)) {
				fprintf(stderr, "trace: the calls' process ended badly (status %#x)\n", st);
				return 2;
			}
			break;
		}
		if (WSTOPSIG(st) != SIGTRAP) {
			fprintf(stderr, "trace: the child stopped on %s\n", strsignal(WSTOPSIG(st)));
			kill(pid, SIGKILL);
			return 2;
		}
		e = entry_at(shared->entry, &prim);
		rs = row_of(e->row);
		if (shared->entry != cur_entry) {
			if (cur_entry >= 0) {
				const char *pp;
				const struct zinc_entry *pe = entry_at(cur_entry, &pp);

				printf("  %-30s %s %-16s %2u length classes, %.2f s, %llu steps\n",
				       pe->row, pp, pe->kind->name, entry_classes, now() - te, entry_steps);
				fflush(stdout);
			}
			cur_entry = shared->entry;
			entry_classes = 0;
			entry_steps = 0;
			te = now();
			cur_len = SIZE_MAX;
			snprintf(rs->entries + strlen(rs->entries), sizeof(rs->entries) - strlen(rs->entries),
				 "%s%s", rs->entries[0] ? "," : "", e->kind->name);
		}
		if (shared->len != cur_len) {
			cur_len = shared->len;
			entry_classes++;
			rs->classes++;
		}
		{
			double t = now();
			int s = shared->secret;
			size_t len = shared->len;

			trace_call(shared->fn, s ? &cur : &ref);
			rs->calls++;
			rs->cut += (s ? cur.cut : ref.cut);
			rs->steps += s ? cur.steps : ref.steps;
			entry_steps += s ? cur.steps : ref.steps;
			compared += s != 0;
			if (s && !same(&ref, &cur, e->row, prim, e->kind->name, len, 0, s)) {
				rs->failed++;
				failed++;
			}
			rs->seconds += now() - t;
		}
	}
	if (cur_entry >= 0) {
		const char *pp;
		const struct zinc_entry *pe = entry_at(cur_entry, &pp);

		printf("  %-30s %s %-16s %2u length classes, %.2f s, %llu steps\n", pe->row, pp,
		       pe->kind->name, entry_classes, now() - te, entry_steps);
	}
	for (size_t i = 0; i < nrows; i++) {
		printf("%s  %-30s traced: %s; %u (entry, length) classes, %u calls, %llu steps, %.1f s",
		       rows[i].failed ? "FAIL" : "ok  ", rows[i].row, rows[i].entries, rows[i].classes,
		       rows[i].calls, rows[i].steps, rows[i].seconds);
		if (rows[i].cut)
			printf(" (%u calls compared on their first %lu steps only)", rows[i].cut,
			       max_steps);
		printf("\n");
	}
	/* The rows not traced: the CPU lacks what they need. */
	for (size_t p = 0; p < sizeof(primitives) / sizeof(primitives[0]); p++)
		for (size_t i = 0; i < primitives[p]->n; i++) {
			const struct zinc_entry *e = &primitives[p]->entry[i];
			char need[128];

			bool any = false;

			if (!row_selected(e->row) ||
			    (i && !strcmp(primitives[p]->entry[i - 1].row, e->row)))
				continue;
			for (size_t j = i; j < primitives[p]->n &&
					   !strcmp(primitives[p]->entry[j].row, e->row); j++)
				any |= primitives[p]->entry[j].fn != NULL;
			if (!any) {
				printf("not traced  %-30s has no entry point of its own (lib/%s/entries.c): "
				       "the rows it calls are traced as themselves\n", e->row,
				       primitives[p]->primitive);
				continue;
			}
			if (zinc_cpu_have(e->features))
				continue;
			zinc_cpu_format(e->features, need, sizeof(need));
			printf("not traced  %-30s needs %s, which this CPU (or ZINC_CPU_DISABLE) does not give\n",
			       e->row, need);
		}
	printf("trace: %lu VEX/EVEX instructions decoded without Capstone (each checked to be as "
	       "long as decoded)\n", fallbacks);
	printf("trace: %zu rows traced, %lu (entry, length, pair) traces compared, %d differ, %.1f s. "
	       "Equal traces are evidence, not proof: only the secrets tried were compared, and the "
	       "latency of data-dependent instructions is not in a trace.\n",
	       nrows, compared, failed, now() - t0);
	return failed ? 1 : 0;
}
#endif
