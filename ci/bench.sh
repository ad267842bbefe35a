#!/usr/bin/env bash
# ci/bench.sh — cycles per byte (or per operation) of every zinc backend this
# CPU can run, the dispatched public functions, and libsodium / OpenSSL 3 /
# libb2 / libgcrypt / nettle doing the same, side by side (bench/README.md
# explains the output).
#
#   ci/bench.sh [--primitive P[,P...]] [--sizes N,N,...] [--json FILE] [--svg FILE] [--quick] [--tune]
#
# P: a primitive of the benchmark's table (bench/cases.c; an unknown name
#    makes it list them). Sizes default to 64,256,576,1420,4096,16384,1048576.
# --quick is a tiny run (64 bytes, a few batches) that shows the benchmark still
# works; ci/test.sh runs it. Nothing here is a timed assertion.
# Each table ends with "zinc public / fastest row", "<<" where dispatch is more
# than 3% off; --tune prints the lib/start/prefs.h lines this CPU would need.
# Exit status: 0 done; 1 build or run failure, or a row whose output differed
# from the public function's (a benchmark of a wrong answer means nothing); 2 usage error.
#
#   ci/bench.sh --arch A
#
# A: an architecture of ARCHS in sources.bzl. Other than x86_64 (the host:
# the benchmark above), no timing: it builds bench/count.c for A (bazel
# build --config=A --config=count) and the qemu plugin
# ci/qemu-plugin/insn_count.so, runs the program under qemu-user with the
# plugin, and prints the guest instructions each backend row and public
# function executes per byte at 64, 1420 and 16384 bytes (per operation for
# HChaCha20, HMAC and X25519), and the generic C reference's count over each
# (bench/README.md, "Instruction counts under qemu"). Instruction counts,
# not time. Takes no other option. Exit status 1 also when a count is not
# exact (two calls counted differently, or an empty function's call not 1 or
# 2 instructions) or the plugin reports an error; 2 when the plugin's header
# cannot be had or a build fails (ci/lib.sh's zinc_die).
set -euo pipefail

usage() {
	echo "ci/bench.sh: $1 (usage: ci/bench.sh [--primitive P] [--sizes LIST] [--json FILE] [--svg FILE] [--quick] [--tune], or ci/bench.sh --arch A)" >&2
	exit 2
}

args=()
arch=
while [ $# -gt 0 ]; do
	case "$1" in
	--arch)
		[ $# -ge 2 ] || usage "missing value after $1"
		[ -z "$arch" ] || usage "--arch given twice"
		arch=$2
		shift ;;
	--quick | --tsc | --tune) args+=("$1") ;;
	--primitive | --sizes | --json | --svg | --cpu)
		[ $# -ge 2 ] || usage "missing value after $1"
		case "$1" in
		--primitive)
			# The names are checked by the benchmark, against its table.
			[[ "$2" =~ ^[a-z0-9_]+(,[a-z0-9_]+)*$ ]] || usage "--primitive wants comma-separated names: $2" ;;
		--sizes)
			[[ "$2" =~ ^[0-9]+(,[0-9]+)*$ ]] || usage "--sizes wants comma-separated byte counts: $2" ;;
		--json | --svg)
			# bazel run starts the program elsewhere: pass absolute paths.
			dir=$(dirname -- "$2")
			[ -d "$dir" ] || usage "no such directory for $1: $dir"
			set -- "$1" "$(cd "$dir" && pwd)/$(basename -- "$2")" "${@:3}" ;;
		--cpu)
			[[ "$2" =~ ^-?[0-9]+$ ]] || usage "--cpu wants a CPU number (-1: do not pin)" ;;
		esac
		args+=("$1" "$2")
		shift ;;
	-h | --help)
		sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
		exit 0 ;;
	*) usage "unknown argument: $1" ;;
	esac
	shift
done

cd "$(dirname "$0")/.."

ZINC_PROG=ci/bench.sh
. ci/lib.sh

# count_arch A: the instruction counts of every row under qemu-user for A.
count_arch() {
	local a=$1 triple qemu cpu work log bin plugin status=0 qver how
	triple=$(zinc_list ARCHS "$a" triple)
	qemu=$(zinc_list ARCHS "$a" qemu)
	cpu=$(zinc_list ARCHS "$a" qemu_cpu)
	work=$ZINC_ROOT/arch-out/$a/count
	mkdir -p "$work" || zinc_die "cannot create $work"
	log=$work/build.log
	: >"$log"
	zinc_need bazel-bootstrap python3 "gcc-$triple" qemu-user
	plugin=$(ci/qemu-plugin/build.sh "$ZINC_ROOT/arch-out/qemu-plugin") || exit 2
	bin=$(zinc_build "$log" --config="$a" --config=count //bench:count //toolchain:qemu_"$a") || exit 2
	# The plugin's lines go to their own file (out=); qemu-user reads
	# QEMU_PLUGIN like -plugin, so the configuration's own runner
	# (//toolchain:qemu_A: its -L, -E and -cpu) runs the program.
	# Where ARCHS gives no -cpu, the model qemu 7.2 picks for a (non-R6)
	# ELF of this architecture (its linux-user/<arch>/target_elf.h), named
	# through QEMU_CPU so that the header says for certain which ran.
	unset QEMU_CPU
	if [ -z "$cpu" ]; then
		case $qemu in
		qemu-mips | qemu-mipsel) cpu=24Kf ;;
		qemu-mips64 | qemu-mips64el) cpu=5KEf ;;
		qemu-s390x) cpu=qemu ;;
		qemu-aarch64 | qemu-arm) cpu=any ;;
		*) zinc_die "no default qemu CPU model known for $qemu: give ARCHS[\"$a\"] a qemu_cpu" ;;
		esac
		export QEMU_CPU=$cpu
	fi
	rm -f "$work/counts" "$work/cases"
	QEMU_PLUGIN="file=$plugin,out=$work/counts" "$bin/toolchain/qemu_$a.sh" "$bin/bench/count" \
		>"$work/cases" || status=1
	qver=$("$qemu" --version | head -n 1)
	echo "# $a: guest instructions counted under qemu-user, NOT time or cycles"
	how="ARCHS[\"$a\"] qemu_cpu, -cpu"
	[ -z "${QEMU_CPU:-}" ] || how="qemu's default for this ELF, set as QEMU_CPU"
	echo "qemu: $qver; CPU model: $cpu ($how)"
	echo "compiler: $("$triple-gcc" --version | head -n 1), -O2 (.bazelrc), bazel --config=$a --config=count"
	echo "plugin: ci/qemu-plugin/insn_count.c; each count is one call, from the function's first instruction to its return, callees included"
	python3 bench/count_table.py "$work/cases" "$work/counts" || status=1
	[ "$status" -eq 0 ] || zinc_say "ci/bench.sh --arch $a: failed (program output: $work/cases, plugin output: $work/counts)"
	return "$status"
}

if [ -n "$arch" ]; then
	zinc_is_arch "$arch" || usage "unknown --arch $arch (one of: $(zinc_list ARCHS | paste -sd ' '))"
	[ -z "$(zinc_list ARCHS "$arch" qemu)" ] || {
		[ ${#args[@]} -eq 0 ] || usage "--arch $arch takes no other option (${args[*]})"
		count_arch "$arch"
		exit
	}
fi
zinc_need bazel-bootstrap clang-19 libsodium-dev libssl-dev libb2-dev libgcrypt20-dev nettle-dev

# ZINC_BAZEL_OUTPUT_BASE (as in ci/lib.sh) keeps a developer's build apart
# from a shared workspace's; by default Bazel's own output base is used.
startup=()
[ -n "${ZINC_BAZEL_OUTPUT_BASE:-}" ] && startup+=("--output_base=$ZINC_BAZEL_OUTPUT_BASE")
CC="${ZINC_CC:-clang-19}" exec bazel "${startup[@]}" run -c opt --ui_event_filters=-info \
	--noshow_progress //bench:bench -- "${args[@]}"
