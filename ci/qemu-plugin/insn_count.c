/* SPDX-License-Identifier: MIT */
/*
 * insn_count.so: a QEMU TCG plugin (qemu-user, the plugin API of
 * include/qemu/qemu-plugin.h, version 1 as in qemu 7.2) that counts the
 * guest instructions one function call executes, for bench/count.c
 * (bench/README.md, "Instruction counts under qemu").
 *
 *   qemu-<arch> -plugin /path/insn_count.so[,out=FILE][,log=FILE][,max=N] PROGRAM
 *   QEMU_PLUGIN='file=/path/insn_count.so,out=FILE' qemu-<arch> PROGRAM
 *
 * The window. The guest arms a count with a system call the plugin sees in
 * its syscall callback: getpid (any call would do; getpid changes nothing)
 * with its first four argument registers set to
 *
 *   COUNT_MAGIC, id, entry >> 16, entry & 0xffff
 *
 * (halves, so that a 32-bit guest's sign-extended registers cannot change
 * them). entry is the address of a function F the guest is about to call.
 * The plugin then waits for the first execution of a translation block that
 * starts at F (bit 0 cleared: a Thumb function pointer has it set). At that
 * moment the block executed just before it ended with the call instruction
 * (a call ends a block on every target qemu has; a MIPS call's block ends
 * after its delay slot), so that block's end address is where F returns to.
 * The window is open from F's first instruction until the first block that
 * starts at that return address executes: exactly the instructions of this
 * call of F, its callees included, F's return instruction last. Nothing of
 * the caller is in it.
 *
 * The count. Every guest instruction adds 1 to a counter (an inline add,
 * at the start of the instruction, so an instruction counts once it begins:
 * a conditionally executed one whose condition fails counts too, as it does
 * in a CPU's retired-instruction counter). A block's execution callback
 * runs before its first instruction's add, so the counter read when F's
 * block starts holds everything before F, and read when the return block
 * starts, everything through F's return: their difference is the window's
 * instruction count, with no calibration and no estimate. qemu-user is
 * deterministic for such code (no interrupts, one vCPU), so the same call
 * counts the same every time; bench/count.c measures each call twice and
 * bench/count_table.py fails if the two differ.
 *
 * Output: one line "count ID N" per closed window, to FILE (out=FILE) or
 * else to qemu's stderr. A window armed twice, or armed and never closed
 * by the time the program exits, is an "error ..." line (a plugin cannot
 * change qemu's exit status: bench/count_table.py fails on those lines and
 * on windows without a count); "done ..." ends the output.
 *
 * log=FILE (for a later constant-time trace comparison; nothing here
 * compares): inside each window, every executed instruction's address
 * ("I <addr>") and every memory access ("R <addr> <bytes>" or "W ..."),
 * in execution order, between "window ID" and "end ID N" lines. It makes
 * every instruction call back into the plugin, so it is slow. max=N logs
 * only each window's first N instructions (and their accesses); the count
 * is of them all. ci/ct/qemu_compare.py compares these logs (ci/ct.sh).
 *
 * Single-threaded guests only: the window's state is one set of globals
 * (the counting program is single-threaded; a second vCPU is reported).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu/qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

/* "ZINC" in ASCII: below 2^31, so a 32-bit guest's register reads the same
 * sign-extended or not. bench/count.c has the same number. */
#define COUNT_MAGIC 0x5a494e43u

enum state { IDLE, ARMED, IN };

struct block {
	uint64_t vaddr;	/* first instruction */
	uint64_t end;	/* address after the last instruction */
};

static uint64_t insns;		/* every guest instruction executed so far */
static enum state state = IDLE;
static uint64_t id, entry, ret_addr, start;
static uint64_t last_end;	/* end of the block executed last */
static unsigned long windows, errors;
static bool other_vcpu;
static FILE *out, *trace;
static uint64_t log_max;	/* max=N: instructions logged per window, 0: all */

/* Inside a window, and within its first log_max instructions. */
static bool logging(void)
{
	return state == IN && (!log_max || insns - start <= log_max);
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void say(const char *fmt, ...)
{
	char line[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (out) {
		fputs(line, out);
		fflush(out);
	} else {
		/* Not qemu_plugin_outs: qemu's log drops it without -d plugin. */
		fputs(line, stderr);
	}
}

static void block_exec(unsigned int vcpu, void *udata)
{
	const struct block *b = udata;

	if (vcpu != 0)
		other_vcpu = true;
	if (state == ARMED && b->vaddr == entry) {
		state = IN;
		ret_addr = last_end;
		start = insns;
		if (trace)
			fprintf(trace, "window %" PRIu64 "\n", id);
	} else if (state == IN && b->vaddr == ret_addr) {
		state = IDLE;
		windows++;
		say("count %" PRIu64 " %" PRIu64 "\n", id, insns - start);
		if (trace)
			fprintf(trace, "end %" PRIu64 " %" PRIu64 "\n", id, insns - start);
	}
	last_end = b->end;
}

static void insn_exec(unsigned int vcpu, void *udata)
{
	if (logging())
		fprintf(trace, "I %" PRIx64 "\n", (uint64_t)(uintptr_t)udata);
}

static void mem_access(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr,
		       void *udata)
{
	if (logging())
		fprintf(trace, "%c %" PRIx64 " %u\n", qemu_plugin_mem_is_store(info) ? 'W' : 'R',
			vaddr, 1u << qemu_plugin_mem_size_shift(info));
}

static void tb_trans(qemu_plugin_id_t pid, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	struct block *b = malloc(sizeof(*b));

	if (!b || n == 0) {
		free(b);
		return;
	}
	/* Blocks are retranslated now and then: each translation has its own
	 * (never freed; a few bytes a block). */
	b->vaddr = qemu_plugin_tb_vaddr(tb);
	b->end = b->vaddr;
	qemu_plugin_register_vcpu_tb_exec_cb(tb, block_exec, QEMU_PLUGIN_CB_NO_REGS, b);
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t a = qemu_plugin_insn_vaddr(insn);

		if (a + qemu_plugin_insn_size(insn) > b->end)
			b->end = a + qemu_plugin_insn_size(insn);
		qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
							   &insns, 1);
		if (trace) {
			qemu_plugin_register_vcpu_insn_exec_cb(insn, insn_exec,
							       QEMU_PLUGIN_CB_NO_REGS,
							       (void *)(uintptr_t)a);
			qemu_plugin_register_vcpu_mem_cb(insn, mem_access, QEMU_PLUGIN_CB_NO_REGS,
							 QEMU_PLUGIN_MEM_RW, NULL);
		}
	}
}

static void syscall_enter(qemu_plugin_id_t pid, unsigned int vcpu, int64_t num, uint64_t a1,
			  uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6,
			  uint64_t a7, uint64_t a8)
{
	if (a1 != COUNT_MAGIC)
		return;
	if (state != IDLE) {
		errors++;
		say("error %" PRIu64 " armed again before window %" PRIu64 " closed\n", a2, id);
	}
	id = a2;
	entry = ((a3 << 16) | (a4 & 0xffff)) & ~(uint64_t)1;
	state = ARMED;
}

static void at_exit(qemu_plugin_id_t pid, void *udata)
{
	if (state != IDLE) {
		errors++;
		say("error %" PRIu64 " window %s at exit\n", id,
		    state == ARMED ? "armed but its function never ran" : "never closed");
	}
	if (other_vcpu) {
		errors++;
		say("error 0 a second vCPU (thread) ran: counts are for one thread only\n");
	}
	say("done %lu windows, %lu errors, %" PRIu64 " instructions in all\n", windows, errors,
	    insns);
	if (out)
		fclose(out);
	if (trace)
		fclose(trace);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t pid, const qemu_info_t *info,
					   int argc, char **argv)
{
	if (info->system_emulation) {
		fprintf(stderr, "insn_count: for qemu-user only\n");
		return -1;
	}
	for (int i = 0; i < argc; i++) {
		const char *eq = strchr(argv[i], '=');
		FILE **f = NULL;

		if (eq && !strncmp(argv[i], "max=", 4)) {
			log_max = strtoull(eq + 1, NULL, 10);
			continue;
		}
		if (eq && !strncmp(argv[i], "out=", 4))
			f = &out;
		else if (eq && !strncmp(argv[i], "log=", 4))
			f = &trace;
		if (!f) {
			fprintf(stderr, "insn_count: unknown argument %s (out=FILE, log=FILE, max=N)\n",
				argv[i]);
			return -1;
		}
		*f = fopen(eq + 1, "w");
		if (!*f) {
			fprintf(stderr, "insn_count: cannot open %s\n", eq + 1);
			return -1;
		}
	}
	if (trace)
		fprintf(trace, "target %s\n", info->target_name);
	qemu_plugin_register_vcpu_tb_trans_cb(pid, tb_trans);
	qemu_plugin_register_vcpu_syscall_cb(pid, syscall_enter);
	qemu_plugin_register_atexit_cb(pid, at_exit, NULL);
	return 0;
}
