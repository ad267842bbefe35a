/* SPDX-License-Identifier: MIT */
/*
 * /init of the emulated machine (ci/emu.sh): mounts /dev and /proc, sends
 * its output to the first serial port (a file on the host), prints the CPU
 * flags the guest sees, runs each line of /emu/run.txt, and powers off.
 *
 * A line of run.txt is "LABEL<TAB>ENV<TAB>PROGRAM ARG...": ENV is "-" or
 * space-separated NAME=VALUE settings, the arguments are split on spaces.
 * Each program runs in / with its output on the serial port between
 *   === zinc-emu begin N LABEL
 *   === zinc-emu end N rc=STATUS secs=S
 * (STATUS 128+signal when it was killed), and after the last one
 *   === zinc-emu done
 * so that the host can tell a finished run from a guest that stopped.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

enum { MAX_ARGS = 64, MAX_ENV = 16 };

static void console(void)
{
	int fd;

	mkdir("/dev", 0755);
	mkdir("/proc", 0755);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	mount("proc", "/proc", "proc", 0, NULL);
	fd = open("/dev/ttyS0", O_RDWR | O_NOCTTY);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
}

static void print_flags(void)
{
	char line[8192];
	FILE *f = fopen("/proc/cpuinfo", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "flags", 5)) {
			printf("=== zinc-emu cpu %s", strchr(line, ':') + 2);
			break;
		}
	if (f)
		fclose(f);
}

/* Splits s on sep into out (at most max), returns the count. */
static int split(char *s, const char *sep, char **out, int max)
{
	int n = 0;

	for (char *t = strtok(s, sep); t && n < max - 1; t = strtok(NULL, sep))
		out[n++] = t;
	out[n] = NULL;
	return n;
}

static int run(char *line)
{
	char *fields[4], *argv[MAX_ARGS], *envp[MAX_ENV + 2];
	int status, n = 0;
	pid_t pid;

	line[strcspn(line, "\n")] = 0;
	fields[0] = strtok(line, "\t");
	fields[1] = strtok(NULL, "\t");
	fields[2] = strtok(NULL, "\t");
	if (!fields[0] || !fields[1] || !fields[2])
		return -1;
	envp[n++] = "PATH=/bin";
	if (strcmp(fields[1], "-"))
		n += split(fields[1], " ", envp + n, MAX_ENV);
	envp[n] = NULL;
	split(fields[2], " ", argv, MAX_ARGS);
	pid = fork();
	if (pid == 0) {
		execve(argv[0], argv, envp);
		perror(argv[0]);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return 126;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(void)
{
	char line[4096], label[512];
	FILE *list;
	int n = 0;

	console();
	print_flags();
	list = fopen("/emu/run.txt", "r");
	if (!list)
		printf("=== zinc-emu error: no /emu/run.txt\n");
	while (list && fgets(line, sizeof(line), list)) {
		struct timespec t0, t1;

		snprintf(label, sizeof(label), "%.*s", (int)strcspn(line, "\t"), line);
		printf("=== zinc-emu begin %d %s\n", n, label);
		clock_gettime(CLOCK_MONOTONIC, &t0);
		int rc = run(line);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		fflush(stderr);
		printf("=== zinc-emu end %d rc=%d secs=%ld\n", n, rc, (long)(t1.tv_sec - t0.tv_sec));
		n++;
	}
	printf("=== zinc-emu done\n");
	fflush(stdout);
	tcdrain(1);
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
