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
# than 3% off; --tune prints the lib/common/prefs.h lines this CPU would need.
# Exit status: 0 done; 1 build or run failure, or a row whose output differed
# from the public function's (a benchmark of a wrong answer means nothing); 2 usage error.
set -euo pipefail

usage() {
	echo "ci/bench.sh: $1 (usage: ci/bench.sh [--primitive P] [--sizes LIST] [--json FILE] [--svg FILE] [--quick] [--tune])" >&2
	exit 2
}

args=()
while [ $# -gt 0 ]; do
	case "$1" in
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
zinc_need bazel-bootstrap clang-19 libsodium-dev libssl-dev libb2-dev libgcrypt20-dev nettle-dev

# ZINC_BAZEL_OUTPUT_BASE (as in ci/lib.sh) keeps a developer's build apart
# from a shared workspace's; by default Bazel's own output base is used.
startup=()
[ -n "${ZINC_BAZEL_OUTPUT_BASE:-}" ] && startup+=("--output_base=$ZINC_BAZEL_OUTPUT_BASE")
CC="${ZINC_CC:-clang-19}" exec bazel "${startup[@]}" run -c opt --ui_event_filters=-info \
	--noshow_progress //bench:bench -- "${args[@]}"
