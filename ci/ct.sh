#!/bin/bash
# SPDX-License-Identifier: MIT
# Constant-time check, two methods (docs/ct.md), on every backend row:
#
#  valgrind  memcheck with the secrets marked undefined (ci/ct/ct.c says
#            what is secret): every branch and memory address computed from
#            them is reported, with the stack. Rows, AEAD pairs and the
#            public functions. Valgrind has no AVX-512, so the runs use
#            ZINC_CPU_DISABLE=avx512f,avx512vl,avx512ifma; its CPUID hides
#            ADX, so the BMI2+ADX curve25519 row is called directly when
#            this CPU has BMI2 and ADX.
#  trace     trace equivalence (x86-64 hosts, ci/ct/trace.c): each entry
#            point of each row this CPU runs, AVX-512 included, single-
#            stepped under ptrace with different secrets on the same public
#            inputs; the instruction addresses, memory operands' addresses
#            and sizes, and masked accesses' opmasks must be equal.
#  trace under Bochs  the same tracer, built static, run by ci/emu.sh
#            --program in the Bochs guest of ci/emu/models.txt's first model
#            (AVX-512F/VL/IFMA) on the rows this CPU lacks (an x86-64 host
#            without AVX-512), in the quick form; --emu-trace forces it for
#            rows this CPU has.
#
# The last lines say, per row, which method checked it and which rows
# neither could, and why. The library, ci/ct/ct.c and ci/ct/trace.c are
# compiled outside Bazel without sanitizers (sources.bzl's configuration
# ct: -O2 -gdwarf-4 -DZINC_CT), the sources taken from sources.bzl too.
# Exit 0 when every checked row is clean, 1 when one is not, 2 on a usage,
# install or build error.
set -u
ZINC_PROG=ct.sh
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<EOF
usage: ci/ct.sh [--quick] [--cc COMPILER]... [--only valgrind|trace] [--arch ARCH]...
                [--plant NAME] [--counts FILE] [--emu-trace ROW[,ROW...]]

  --quick      a few length classes and cases, one compiler (what ci/test.sh
               runs): valgrind's quick form; the tracer with 2 secret pairs
               per class at 5 length classes, each call compared on its
               first 20,000 steps (the X25519 ladders are longer). Default:
               every length class 0..4096, every key size and case, with gcc
               and clang-19 (each can turn constant-time C into branches its
               own way); the tracer with 8 pairs at 32 classes, whole calls
  --only M     run one method (valgrind or trace)
  --arch ARCH  trace ARCH's rows under qemu-user (a qemu configuration of
               sources.bzl's ARCHS; repeatable; "none": no architecture).
               Default: arm64 with --quick, every qemu architecture without;
               none with --plant
  --counts F   write "rows-passed rows-failed checks-passed checks-failed"
               to F (ci/test.sh's counted suites): a row passes when a
               method checked it and none failed it (a row neither could
               run here is not counted); the checks are valgrind's checked
               groups and the tracer's compared pairs
  --cc CC      compile with CC (repeatable; replaces the default compilers)
  --emu-trace ROWS  also trace these x86-64 rows (comma-separated; repeatable)
               in the Bochs guest of ci/emu.sh, as the rows this CPU lacks
               always are (quick form: 2 pairs at 5 length classes, calls cut
               after 20,000 steps)
  --plant NAME build with the planted constant-time bug NAME of sources.bzl's
               CT_PLANTED_BUGS (fuzz/planted/patches/NAME.patch, applied to a
               copy of the tree); each method CT_PLANTED_BUGS names for it
               must then fail on that bug's row (the tracer traces that row
               only): ci/ct.sh reports whether each did, exit 0 when all
               did, 1 when one did not
EOF
}

quick=0
archs=()
counts=
only=
plant=
ccs=()
emu_rows=()
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) quick=1 ;;
	--cc) [ $# -ge 2 ] || zinc_die "--cc needs a compiler"
		ccs+=("$2"); shift ;;
	--arch) [ $# -ge 2 ] || zinc_die "--arch needs an architecture"
		[ "$2" = none ] || zinc_is_arch "$2" || zinc_die "--arch: $2 is not in ARCHS"
		archs+=("$2"); shift ;;
	--counts) [ $# -ge 2 ] || zinc_die "--counts needs a file"
		counts=$2; shift ;;
	--only) case "${2:-}" in valgrind|trace) ;; *) zinc_die "--only takes valgrind or trace" ;; esac
		only=$2; shift ;;
	--plant) [ $# -ge 2 ] || zinc_die "--plant needs a planted bug's name"
		plant=$2; shift ;;
	--emu-trace) [ $# -ge 2 ] || zinc_die "--emu-trace needs rows"
		IFS=, read -r -a r <<<"$2"; emu_rows+=("${r[@]}"); shift ;;
	-h|--help) usage; exit 0 ;;
	*) usage >&2; zinc_die "unknown argument $1" ;;
	esac
	shift
done
if [ ${#ccs[@]} -eq 0 ]; then
	ccs=(gcc clang-19)
	[ "$quick" = 1 ] && ccs=(gcc)
fi
plant_row=
if [ -n "$plant" ]; then
	plant_row=$(zinc_list CT_PLANTED_BUGS | awk -v n="$plant" '$1 == n { print $2 }')
	plant_methods=$(zinc_list CT_PLANTED_BUGS | awk -v n="$plant" '$1 == n { print $3 }')
	[ -n "$plant_row" ] || zinc_die "--plant: unknown constant-time bug $plant (known: $(zinc_list CT_PLANTED_BUGS | cut -d' ' -f1 | tr '\n' ' '))"
fi

host=$(uname -m)
run_valgrind=1 run_trace=0
[ "$host" = x86_64 ] && run_trace=1
[ "$only" = trace ] && run_valgrind=0
[ "$only" = valgrind ] && run_trace=0
# A planted bug: the methods that run its row (CT_PLANTED_BUGS), unless --only.
if [ -n "$plant" ] && [ -z "$only" ]; then
	case ",$plant_methods," in *,valgrind,*) ;; *) run_valgrind=0 ;; esac
fi
[ ${#emu_rows[@]} -gt 0 ] && [ "$run_trace" = 0 ] && zinc_die "--emu-trace: the tracer runs on x86-64 hosts, without --only valgrind"
[ "$only" = trace ] && [ "$host" != x86_64 ] && zinc_die "--only trace: the tracer is for x86-64 hosts (this is $host)"
pkgs=(valgrind python3 libc6-dev binutils)
[ "$run_trace" = 1 ] && pkgs+=(libcapstone-dev gcc)
for cc in "${ccs[@]}"; do
	case "$cc" in gcc) pkgs+=(gcc) ;; clang-19) pkgs+=(clang-19) ;; esac
done
zinc_need "${pkgs[@]}"
for cc in "${ccs[@]}"; do
	command -v "$cc" >/dev/null || zinc_die "compiler $cc not found"
done

mapfile -t srcs < <(zinc_list LIB_SRCS)
asm_arch=
if [ "$(uname -m)" = x86_64 ]; then
	asm_arch=x86_64
	mapfile -t asm < <(zinc_list ASM_SRCS x86_64)
	srcs+=("${asm[@]}")
fi
# From the top of the tree (or of the planted copy).
mapfile -t cflags < <(zinc_list cflags ct "$asm_arch" .)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/zinc-ct.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# The sources are compiled from here: with --plant, a copy of the tree with
# the planted bug's patch, its debug information naming this tree's files.
src_root=$ZINC_ROOT map=()
if [ -n "$plant" ]; then
	zinc_planted_tree "$plant" "$tmp/tree" || exit 2
	src_root=$tmp/tree
	map=(-ffile-prefix-map="$src_root=$ZINC_ROOT")
fi
status=0
start=$(date +%s)
vg_log=$tmp/valgrind.log trace_log=$tmp/trace.log emu_log=$tmp/emu.log
: >"$vg_log"
: >"$trace_log"
: >"$emu_log"
# The Bochs model the emulated trace runs on: ci/emu/models.txt's first
# (every feature a row needs but ADX, which stays native).
emu_model=$(awk '!/^#/ && NF { print $1; exit }' "$ZINC_ROOT/ci/emu/models.txt")
# planted_caught LOG METHOD: the planted row fails in LOG, and no row of
# another primitive does (the public functions may: they run the row).
# Valgrind's lines name the primitive before the row, the tracers' do not.
planted_caught() {
	grep -qE "^FAIL +([a-z0-9]+ )?$plant_row " "$1" &&
		! grep -E '^FAIL ' "$1" | grep -v -- "${plant_row%%-*}-" |
			grep -v '^FAIL  *[a-z0-9]* public ' | grep -q .
}
planted_verdict=0
# planted_traced METHOD LOG: the verdict of a trace method on the planted row.
planted_traced() {
	if planted_caught "$2"; then
		echo "planted $plant caught by $1: row $plant_row's traces differ, rows of other primitives' do not"
	else
		echo "planted $plant NOT caught as expected by $1: row $plant_row's traces should differ, and only rows of its primitive"
		planted_verdict=1
	fi
}
# verdict WHAT LOG CODE SUMMARY: a method's exit CODE into status; only a
# run that got to its SUMMARY line in LOG counts (valgrind may give up).
verdict() {
	local code=$3
	grep -qE "$4" "$2" || code=2
	case "$code" in
	0) ;;
	1) status=1 ;;
	*) echo "ct.sh: $1 itself failed (exit $code)"; exit 2 ;;
	esac
}
vg_args=()
# Valgrind's CPUID hides ADX: the row is called directly where the host has it.
grep -qw adx /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo && vg_args+=(--adx-direct)
[ "$quick" = 1 ] || vg_args+=(--full)
if [ "$run_valgrind" = 1 ]; then
	for cc in "${ccs[@]}"; do
		bin=$tmp/ct-$cc
		echo "== valgrind memcheck, $cc ${cflags[*]}  (${#srcs[@]} library sources from sources.bzl${plant:+, with fuzz/planted/patches/$plant.patch})"
		if ! (cd "$src_root" && zinc_cc "$cc" "$bin" "${cflags[@]}" "${map[@]}" -- "${srcs[@]}" ci/ct/ct.c) >"$tmp/build.log" 2>&1; then
			cat "$tmp/build.log" >&2
			zinc_die "build with $cc failed"
		fi
		t0=$(date +%s)
		ZINC_CPU_DISABLE=avx512f,avx512vl,avx512ifma valgrind --tool=memcheck -q \
			--track-origins=yes --error-limit=no --num-callers=16 --read-var-info=yes \
			"$bin" "${vg_args[@]}" 2>&1 | tee "$tmp/run.log"
		code=${PIPESTATUS[0]}
		cat "$tmp/run.log" >>"$vg_log"
		echo "valgrind ($cc): $(($(date +%s) - t0)) s"
		verdict "the check under valgrind ($cc)" "$tmp/run.log" "$code" '^ct: [0-9]+ checked'
		if [ -n "$plant" ]; then
			if ! grep -qE "^(ok|FAIL) +[a-z0-9]+ $plant_row " "$tmp/run.log"; then
				echo "planted $plant: valgrind does not run row $plant_row (see its line above); the tracer must catch it"
				[ "$run_trace" = 1 ] || planted_verdict=1
			elif planted_caught "$tmp/run.log"; then
				echo "planted $plant caught by valgrind ($cc): row $plant_row fails, rows of other primitives pass"
			else
				echo "planted $plant NOT caught as expected by valgrind ($cc): row $plant_row should fail, and only rows of its primitive"
				planted_verdict=1
			fi
		fi
	done
fi
if [ "$run_trace" = 1 ]; then
	# The first compiler; -no-pie (addresses as addr2line reads them) and
	# -z now (no lazy binding inside a traced call).
	cc=${ccs[0]}
	bin=$tmp/trace-$cc
	echo "== trace equivalence, $cc ${cflags[*]}  (ci/ct/trace.c${plant:+, with fuzz/planted/patches/$plant.patch})"
	if ! (cd "$src_root" && zinc_cc "$cc" "$bin" "${cflags[@]}" "${map[@]}" \
		-- "${srcs[@]}" ci/ct/trace.c -- -no-pie -Wl,-z,now -lcapstone) >"$tmp/build.log" 2>&1; then
		cat "$tmp/build.log" >&2
		zinc_die "build of the tracer with $cc failed"
	fi
	trace_args=()
	[ "$quick" = 1 ] && trace_args=(--quick --pairs 2 --max-steps 20000)
	# A planted bug: its row only (valgrind, which is quick, runs them all).
	[ -n "$plant" ] && trace_args+=(--row "$plant_row")
	t0=$(date +%s)
	"$bin" "${trace_args[@]}" 2>&1 | tee "$trace_log"
	code=${PIPESTATUS[0]}
	echo "trace ($cc): $(($(date +%s) - t0)) s"
	verdict "the tracer" "$trace_log" "$code" '^trace: [0-9]+ rows traced'
	# The rows this CPU lacks (the tracer's "needs" lines), and any forced,
	# are traced again in the Bochs guest below.
	mapfile -t lacked < <(awk '$1 == "not" && $2 == "traced" && $4 == "needs" { print $3 }' "$trace_log")
	mapfile -t emu_rows < <(printf '%s\n' "${emu_rows[@]}" "${lacked[@]}" | grep . | sort -u)
	if [ -n "$plant" ] && printf '%s\n' "${lacked[@]}" | grep -qx -- "$plant_row"; then
		echo "planted $plant: this CPU lacks row $plant_row; the tracer under Bochs must catch it"
	elif [ -n "$plant" ]; then
		planted_traced "the tracer" "$trace_log"
	fi
fi
if [ ${#emu_rows[@]} -gt 0 ]; then
	bin=$tmp/trace-$cc-static
	echo "== trace under Bochs ($emu_model, ci/emu.sh --program): ${emu_rows[*]}; $cc ${cflags[*]} -static"
	if ! (cd "$src_root" && zinc_cc "$cc" "$bin" "${cflags[@]}" "${map[@]}" \
		-- "${srcs[@]}" ci/ct/trace.c -- -no-pie -static -Wl,-z,now -lcapstone) >"$tmp/build.log" 2>&1; then
		cat "$tmp/build.log" >&2
		zinc_die "static build of the tracer with $cc failed"
	fi
	emu_args=(--quick --pairs 2 --max-steps 20000)
	for r in "${emu_rows[@]}"; do emu_args+=(--row "$r"); done
	t0=$(date +%s)
	"$ZINC_ROOT/ci/emu.sh" --cpu "$emu_model" --program "$bin" "${emu_args[@]}" >"$tmp/emu.raw" 2>&1
	code=$?
	# The guest has no addr2line: its "(? at ?)" are resolved here, from
	# the static build's debug information.
	while IFS= read -r l; do
		if [[ "$l" =~ ^(.*\ (0x[0-9a-f]+):\ .*)\(\?\ at\ \?\)$ ]]; then
			printf '%s(%s)\n' "${BASH_REMATCH[1]}" \
				"$(addr2line -f -e "$bin" "${BASH_REMATCH[2]}" | paste -sd ' ' | sed 's/ / at /')"
		else
			printf '%s\n' "$l"
		fi
	done <"$tmp/emu.raw" | tee "$emu_log"
	echo "trace under Bochs ($emu_model): $(($(date +%s) - t0)) s"
	verdict "the tracer under Bochs" "$emu_log" "$code" '^trace: [0-9]+ rows traced'
	if [ -n "$plant" ]; then
		if ! printf '%s\n' "${emu_rows[@]}" | grep -qx -- "$plant_row"; then
			:
		else
			planted_traced "the tracer under Bochs ($emu_model)" "$emu_log"
		fi
	fi
fi

# Other architectures: trace.c's calls under qemu-user with the plugin's
# windows logged (the first max_log instructions of each, and its count),
# compared by ci/ct/qemu_compare.py.
if [ ${#archs[@]} -eq 0 ]; then
	if [ -n "$plant" ] || [ "$only" = valgrind ]; then
		archs=()
	elif [ "$quick" = 1 ]; then
		archs=(arm64)
	else
		mapfile -t archs < <(zinc_arch_names)
	fi
fi
# "none" names no architecture.
mapfile -t archs < <(printf '%s\n' "${archs[@]}" | grep -vx none | grep .)
max_log=300000
[ "$quick" = 1 ] && max_log=20000
plugin=
for a in "${archs[@]}"; do
	qemu=$(zinc_list ARCHS "$a" qemu)
	[ -n "$qemu" ] || zinc_die "--arch $a: not a qemu-user architecture"
	zinc_arch_install "$a" >&2 || zinc_die "cannot install what $a needs"
	if [ -z "$plugin" ]; then
		plugin=$("$ZINC_ROOT/ci/qemu-plugin/build.sh" "$tmp/plugin") || exit 2
	fi
	triple=$(zinc_list ARCHS "$a" triple) cpu=$(zinc_list ARCHS "$a" qemu_cpu)
	dir=$(zinc_list ARCHS "$a" dir)
	mapfile -t qflags < <(zinc_list cflags trace_qemu "$dir" .)
	mapfile -t qcopts < <(zinc_list ARCHS "$a" copts)
	mapfile -t qld < <(zinc_list CONFIGS trace_qemu ldflags)
	mapfile -t qsrcs < <(zinc_list LIB_SRCS; zinc_list ASM_SRCS "$dir" 2>/dev/null)
	bin=$tmp/trace-$a
	echo "== trace equivalence under $qemu${cpu:+ -cpu $cpu}, $triple-gcc ${qflags[*]} ${qcopts[*]} ${qld[*]}"
	if ! (cd "$src_root" && zinc_cc "$triple-gcc" "$bin" "${qflags[@]}" "${qcopts[@]}" "${map[@]}" \
		-- "${qsrcs[@]}" ci/ct/trace.c -- "${qld[@]}") >"$tmp/build.log" 2>&1; then
		cat "$tmp/build.log" >&2
		zinc_die "build of the tracer for $a failed"
	fi
	qargs=()
	[ "$quick" = 1 ] && qargs=(--quick --pairs 2)
	t0=$(date +%s)
	"$qemu" ${cpu:+-cpu "$cpu"} -plugin "$plugin,log=$tmp/$a.log,max=$max_log,out=$tmp/$a.counts" 		"$bin" "${qargs[@]}" >"$tmp/$a.map" || zinc_die "the tracer's calls failed under $qemu"
	python3 "$ZINC_ROOT/ci/ct/qemu_compare.py" "$a" "$tmp/$a.map" "$tmp/$a.log" "$bin" 		"$triple-addr2line" "$(($(date +%s) - t0))" | tee "$tmp/$a.out"
	code=${PIPESTATUS[0]}
	cat "$tmp/$a.out" >>"$trace_log"
	rm -f "$tmp/$a.log"
	echo "trace under $qemu: $(($(date +%s) - t0)) s"
	verdict "the tracer under $qemu" "$tmp/$a.out" "$code" '^trace: [0-9]+ rows traced'
	if [ -n "$plant" ]; then
		if grep -qE "^FAIL +$a/$plant_row " "$tmp/$a.out" &&
			! grep -E '^FAIL ' "$tmp/$a.out" | grep -qv -- "/${plant_row%%-*}-"; then
			echo "planted $plant caught under $qemu: row $a/$plant_row's traces differ, rows of other primitives' do not"
		else
			echo "planted $plant NOT caught as expected under $qemu: row $a/$plant_row's traces should differ, and only rows of its primitive"
			planted_verdict=1
		fi
	fi
done

if [ -n "$plant" ]; then
	echo "ct.sh: $(($(date +%s) - start)) s in all"
	exit "$planted_verdict"
fi

# Per row: which method checked it. Valgrind's lines name the primitive,
# then the row ("public": its public functions); "A + B" rows are AEAD pairs.
echo
echo "== per row (valgrind: ${ccs[*]}; trace: ${ccs[0]}):"
python3 - "$vg_log" "$trace_log" "$run_valgrind" "$run_trace" "$counts" "$emu_log" "$emu_model" <<'PY'
import re, sys
vg, tr, ran_vg, ran_tr, counts, emu, emu_model = sys.argv[1:8]
METHODS = ("valgrind", "trace", "bochs")
rows, order = {}, []
def row(name):
    if name not in rows:
        rows[name] = {m: None for m in METHODS}
        order.append(name)
    return rows[name]
def mark(r, method, verdict):
    old = r[method]
    if old is None or old.startswith("not") or verdict.startswith("FAIL"):
        if not (old and old.startswith("FAIL")):
            r[method] = verdict
for line in open(vg):
    m = re.match(r"^(ok|FAIL|not checked) +(\S+)(?: (\S+))?(?: (\S+))?(.*)$", line)
    if not m or m.group(3) in (None, "public") or m.group(4) == "+":
        continue
    name = m.group(3)
    if m.group(1) == "not checked":
        why = line.split(":", 1)[1].strip() if ":" in line else ""
        mark(row(name), "valgrind", "not checked (" + why + ")")
    else:
        mark(row(name), "valgrind", m.group(1))
for log, method in ((tr, "trace"), (emu, "bochs")):
    for line in open(log):
        m = re.match(r"^(ok|FAIL) +(\S+) +traced: (.*)$", line)
        if m:
            mark(row(m.group(2)), method, m.group(1) + " (" + m.group(3).strip() + ")")
            continue
        m = re.match(r"^not traced +(\S+) +(.*)$", line)
        if m:
            mark(row(m.group(1)), method, "not traced (" + m.group(2).strip() + ")")
neither = []
for name in order:
    r = rows[name]
    checked = [k for k in METHODS if r[k] and not r[k].startswith("not")]
    def say(k, ran):
        if r[k]:
            return r[k]
        if k == "valgrind" and "/" in name:
            return "not run (valgrind runs this host's rows; this row is traced under qemu-user)"
        return "not run (--only)" if ran == "0" else "no line for this row"
    print("  %-30s %-9s valgrind: %s" % (name, "+".join(checked) or "NEITHER", say("valgrind", ran_vg)))
    print("  %-30s %-9s trace: %s" % ("", "", say("trace", ran_tr)))
    if r["bochs"]:
        print("  %-30s %-9s trace under Bochs (%s): %s" % ("", "", emu_model, r["bochs"]))
    if not checked:
        neither.append(name)
print("rows neither method checked: %s" % (", ".join(neither) if neither else "none"))
if counts:
    failed = [n for n in order if any((rows[n][k] or "").startswith("FAIL") for k in METHODS)]
    passed = [n for n in order if n not in failed and n not in neither]
    cp = cf = 0
    for line in open(vg):
        m = re.match(r"^ct: (\d+) checked .*?, (\d+) failed", line)
        if m:
            cp += int(m.group(1)); cf += int(m.group(2))
    for line in (l for f in (tr, emu) for l in open(f)):
        m = re.match(r"^trace: \d+ rows traced, (\d+) .*? compared, (\d+) differ", line)
        if m:
            cp += int(m.group(1)) - int(m.group(2)); cf += int(m.group(2))
    with open(counts, "w") as f:
        # A row neither method could run here (a host without AVX-512) is
        # named above, not counted either way.
        f.write("%d %d %d %d\n" % (len(passed), len(failed), cp, cf))
PY
echo "ct.sh: valgrind with ${#ccs[@]} compiler(s)$([ "$run_valgrind" = 1 ] || echo ' (not run)'), trace$([ "$run_trace" = 1 ] || echo ' (not run natively)')$([ ${#emu_rows[@]} -gt 0 ] && echo " and under Bochs ($emu_model: ${emu_rows[*]})")$([ ${#archs[@]} -gt 0 ] && echo " and under qemu-user (${archs[*]})"); $(($(date +%s) - start)) s in all"
exit $status
