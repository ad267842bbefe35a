#!/bin/bash
# SPDX-License-Identifier: MIT
# Reproduces fuzzer testcases with the standalone debug ASan + UBSan build of
# their target and prints the diagnosis (fuzz/README.md) and its culprit:
# the row, oracle or zinc as a whole that the other rows and oracles outvoted.
#
# The target comes from --target, else from the testcase's name: OSS-Fuzz's
# clusterfuzz-testcase[-minimized]-<t>_fuzzer-..., else the nearest folder
# of its path named after a target (fuzz-out/<time>/<t>/crashes/crash-...,
# fuzz-out/<time>/<t>/afl/main/crashes/id:..., corpus/<t>/regressions/...).
# Exit 0 when every testcase runs clean, 1 when one reproduces a failure,
# 2 when a file is missing or unreadable or the target cannot be determined.
set -u
ZINC_PROG=reproduce.sh
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<EOF
usage: ci/reproduce.sh [--target T] [--arch ARCH] [--cpu MODEL] [--minimize] [--add] TESTCASE...

  --target T   the fuzz target (default: from the testcase's name or path)
  --arch ARCH  another architecture of ARCHS in sources.bzl:
               $(zinc_list ARCHS | tr '\n' ' ')
               its standalone build (bazel --config=ARCH: UBSan in trap
               mode, no ASan) under qemu-user, with the same diagnosis;
               --minimize needs x86_64's libFuzzer build (default x86_64)
  --cpu MODEL  run it on an emulated CPU of ci/emu/models.txt (ci/emu.sh:
               Bochs; the static -c opt build, oracles compiled out), for a
               crash only a CPU the host lacks shows (an AVX-512 bot's)
  --minimize   shrink a reproducing testcase with libFuzzer's crash
               minimization; writes TESTCASE.min beside it
  --add        copy the testcase (the minimized one with --minimize) to
               corpus/<t>/regressions/<sha1>
  targets: $(zinc_fuzz_targets | tr '\n' ' ')
EOF
}

target=
cpu=
arch=x86_64
minimize=0
add=0
files=()
while [ $# -gt 0 ]; do
	case "$1" in
	--target) [ $# -ge 2 ] || zinc_die "--target needs a target name"
		target=$2; shift ;;
	--target=*) target=${1#--target=} ;;
	--arch) [ $# -ge 2 ] || zinc_die "--arch needs an architecture of ARCHS (sources.bzl)"
		arch=$2; shift ;;
	--cpu) [ $# -ge 2 ] || zinc_die "--cpu needs a model name (ci/emu/models.txt)"
		cpu=$2; shift ;;
	--minimize) minimize=1 ;;
	--add) add=1 ;;
	-h|--help) usage; exit 0 ;;
	--) shift; files+=("$@"); break ;;
	-*) usage >&2; zinc_die "unknown option $1" ;;
	*) files+=("$1") ;;
	esac
	shift
done
[ ${#files[@]} -gt 0 ] || { usage >&2; zinc_die "no testcase given"; }
zinc_is_arch "$arch" || zinc_die "--arch: unknown architecture $arch ($(zinc_list ARCHS | tr '\n' ' '))"
[ "$arch" != x86_64 ] && [ "$minimize" = 1 ] &&
	zinc_die "--minimize runs libFuzzer, which is built for x86_64 only (not --arch $arch)"
[ -z "$target" ] || zinc_is_target "$target" ||
	zinc_die "unknown target $target (targets: $(zinc_fuzz_targets | tr '\n' ' '))"

# The target of testcase $1, or nothing.
infer_target() {
	local f=$1 base t dir
	base=${f##*/}
	if [[ "$base" =~ ^clusterfuzz-testcase-(minimized-)?(.+)_fuzzer- ]]; then
		t=${BASH_REMATCH[2]}
		zinc_is_target "$t" && { echo "$t"; return; }
	fi
	dir=$(cd "$(dirname "$f")" 2>/dev/null && pwd -P) || return
	while [ -n "$dir" ] && [ "$dir" != / ]; do
		t=${dir##*/}
		t=${t%_fuzzer}
		zinc_is_target "$t" && { echo "$t"; return; }
		dir=${dir%/*}
	done
}

# Check everything before building anything.
declare -a tgt
for i in "${!files[@]}"; do
	f=${files[$i]}
	[ -e "$f" ] || zinc_die "$f: no such file"
	[ -f "$f" ] || zinc_die "$f: not a regular file"
	[ -r "$f" ] || zinc_die "$f: not readable"
	t=${target:-$(infer_target "$f")}
	[ -n "$t" ] || zinc_die "$f: cannot tell the target from its name or path; pass --target T"
	tgt[$i]=$t
done

if [ -n "$cpu" ]; then
	[ "$arch" = x86_64 ] && [ "$minimize" = 0 ] && [ "$add" = 0 ] ||
		zinc_die "--cpu runs x86-64 testcases only, without --minimize or --add"
	status=0
	for i in "${!files[@]}"; do
		echo "== ${tgt[$i]}: ${files[$i]} on an emulated $cpu"
		"$ZINC_ROOT/ci/emu.sh" --cpu "$cpu" --testcase "${files[$i]}" "${tgt[$i]}"
		code=$?
		[ "$code" = 2 ] && exit 2
		[ "$code" = 0 ] || status=1
	done
	exit $status
fi

zinc_need "${ZINC_BUILD_PACKAGES[@]}"
log=$(mktemp "${TMPDIR:-/tmp}/zinc-reproduce.XXXXXX")
trap 'rm -f "$log" "$log.err"' EXIT
if [ "$arch" != x86_64 ]; then
	echo "building the $arch standalone build (bazel --config=$arch) ..." >&2
	abin=$(zinc_arch_standalones "$log" "$arch" $(printf '%s\n' "${tgt[@]}" | sort -u)) || exit 2
	standalone() { echo "$abin/$1_standalone"; }
else
	labels=$(printf '//fuzz:%s_standalone\n' "${tgt[@]}" | sort -u)
	echo "building the standalone debug ASan + UBSan build ..." >&2
	bin=$(zinc_build "$log" -c dbg --config=asan $labels) || exit 2
	standalone() { echo "$bin/fuzz/$1_standalone"; }
fi
if [ "$minimize" = 1 ] && [ "$arch" = x86_64 ]; then
	labels=$(printf '//fuzz:%s_fuzzer\n' "${tgt[@]}" | sort -u)
	fbin=$(zinc_build "$log" --config=asan --config=libfuzzer $labels) || exit 2
fi

status=0
for i in "${!files[@]}"; do
	f=${files[$i]} t=${tgt[$i]}
	echo "== $t: $f"
	# The subshell's own stderr is discarded so that bash does not add an
	# "Aborted" line to the diagnosis; the driver's is kept (for its
	# culprit line) and then shown on ours.
	("$(standalone "$t")" "$f" 2>"$log.err"; exit $?) 2>/dev/null
	code=$?
	cat "$log.err" >&2
	keep=$f
	if [ "$code" = 0 ]; then
		echo "$f: testcase ran clean"
	elif [ "$code" = 2 ]; then
		# The standalone driver's own "cannot read" (one line on stderr).
		status=2
		continue
	else
		# The diagnosis's culprit: the side the rows and oracles outvoted
		# (fuzz/report.h), or none for a sanitizer report.
		culprit=$(sed -n 's/^culprit: //p' "$log.err" | head -n 1)
		echo "$f: reproduces ($t, culprit: ${culprit:-none named, see the report above}, exit status $code)"
		[ "$status" = 2 ] || status=1
		if [ "$minimize" = 1 ]; then
			min="$f.min"
			echo "minimizing to $min ..."
			if "$fbin/fuzz/${t}_fuzzer" -minimize_crash=1 -runs="${ZINC_MINIMIZE_RUNS:-100000}" \
				-exact_artifact_path="$min" "$f" >"$log.min" 2>&1 && [ -s "$min" ]; then
				echo "minimized: $(wc -c <"$f") -> $(wc -c <"$min") bytes: $min"
				keep=$min
			else
				echo "minimization failed (libFuzzer output follows)"
				tail -n 20 "$log.min"
			fi
			rm -f "$log.min"
		fi
	fi
	if [ "$add" = 1 ]; then
		sum=$(sha1sum "$keep" | cut -d' ' -f1)
		dest="$ZINC_ROOT/corpus/$t/regressions/$sum"
		mkdir -p "${dest%/*}"
		cp "$keep" "$dest" && echo "added ${dest#"$ZINC_ROOT"/}"
	fi
done
exit $status
