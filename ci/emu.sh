#!/bin/bash
# SPDX-License-Identifier: MIT
# zinc's x86-64 test programs on emulated CPUs (docs/emu.md): every backend
# runs on a CPU with exactly the features of a model in ci/emu/models.txt,
# whatever the host has (AVX-512 rows on an AVX2 laptop, and the AVX2 rows
# with AVX-512 really absent rather than masked).
#
#   ci/emu.sh [--full] [--cpu M[,M...]] [--counts FILE]
#   ci/emu.sh --cpu M --random N TARGET      fuzz TARGET's standalone driver on M
#   ci/emu.sh --cpu M --testcase FILE TARGET  run one input (ci/reproduce.sh --cpu)
#   ci/emu.sh --plant NAME[,NAME...]|all      planted bugs (EMU_PLANTED_BUGS) must
#                                             be caught on the first model, in one boot
#   ci/emu.sh [--cpu M] --program FILE [ARG...]  run one static program FILE (built
#                                             by the caller, e.g. ci/ct.sh's tracer) with
#                                             ARGs on M (default: the first model), no
#                                             Bazel build; its whole output is printed
#                                             and its exit status is emu.sh's
#
# Bochs 2.7 (Debian's bochs, with its EVEX support) boots Debian's packaged
# kernel from a small FAT disk image (syslinux), with an initramfs holding
# ci/emu/init.c as /init and the test programs, built statically by Bazel
# (-c opt, no sanitizers: a static ASan runtime does not exist; the oracle
# adapters compiled out, as the oracles run in the native builds). The
# console is the first serial port, written to a file; init runs each
# program between markers and powers off. A guest that does not boot, does
# not finish or is killed by the time limit fails with one line saying so.
#
# Default (ci/test.sh's quick form): on every model the vectors runner
# (every row, the public API under the model's full feature set) and
# cpu_test; on the first model also abi_test and each fuzz target's
# standalone driver over its corpus and 200 random inputs (every row
# against the generic C; Curve25519's scalar rows corpus only). Guests boot
# in parallel, one per core: about 10 minutes on 2 cores. --full: every
# unit, dispatch, ABI and self-test program, the vectors runner under every
# feature subset and every random pass, on every model (hours). Ends with
# "N passed, M failed" (programs).
# Emulated timings mean nothing: speed figures come from native runs only.
# ZINC_EMU_TIMEOUT: a guest's time limit in seconds (1200; --full 10800).
# ZINC_EMU_KERNEL_ARGS: more kernel arguments, e.g. "loglevel=7
# earlycon=uart8250,io,0x3f8,115200" to see the whole boot on the console.
# Exit 0 all passed, 1 something failed, 2 usage, install or build error.
set -u
ZINC_PROG=emu.sh
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

usage() {
	sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'
}

full=0 cpus= random= testcase= target= plant= counts= program=
program_args=()
timeout_s=${ZINC_EMU_TIMEOUT:-}
while [ $# -gt 0 ]; do
	case "$1" in
	--full) full=1 ;;
	--cpu) [ $# -ge 2 ] || zinc_die "--cpu needs a model name"; cpus=$2; shift ;;
	--random) [ $# -ge 2 ] || zinc_die "--random needs a number"; random=$2; shift ;;
	--testcase) [ $# -ge 2 ] || zinc_die "--testcase needs a file"; testcase=$2; shift ;;
	--plant) [ $# -ge 2 ] || zinc_die "--plant needs a planted bug's name"; plant=$2; shift ;;
	--counts) [ $# -ge 2 ] || zinc_die "--counts needs a file"; counts=$2; shift ;;
	--program) [ $# -ge 2 ] || zinc_die "--program needs a file"; program=$2
		shift 2; program_args=("$@"); break ;;
	-h | --help) usage; exit 0 ;;
	-*) zinc_die "unknown option $1 (see --help)" ;;
	*) [ -z "$target" ] || zinc_die "one target at a time"; target=$1 ;;
	esac
	shift
done
[ -z "$random" ] || [[ "$random" =~ ^[0-9]+$ ]] || zinc_die "--random: not a number: $random"
# A guest's time limit: 20 minutes; 3 hours for --full's, which run every
# program and random pass (Curve25519's alone about 20 minutes interpreted).
if [ -z "$timeout_s" ]; then
	timeout_s=1200
	[ $full = 1 ] && timeout_s=10800
fi
[[ "$timeout_s" =~ ^[0-9]+$ ]] || zinc_die "ZINC_EMU_TIMEOUT: not a number of seconds: $timeout_s"
if [ -n "$random$testcase" ]; then
	[ -n "$target" ] || zinc_die "--random and --testcase need a TARGET"
	zinc_is_target "$target" || zinc_die "unknown target $target (targets: $(zinc_fuzz_targets | tr '\n' ' '))"
fi
if [ -n "$program" ]; then
	[ -z "$random$testcase$plant$target" ] || zinc_die "--program runs alone (no --random, --testcase, --plant or TARGET)"
	[ -f "$program" ] && [ -x "$program" ] || zinc_die "--program $program: no such executable file"
	# init splits a run line on spaces.
	for a in "${program_args[@]}"; do
		[[ "$a" == *[[:space:]]* || -z "$a" ]] && zinc_die "--program: an argument with a space, or empty: '$a'"
	done
fi
if [ -n "$testcase" ]; then
	[ -f "$testcase" ] && [ -r "$testcase" ] || zinc_die "testcase $testcase: no such readable file"
	testcase=$(cd "$(dirname "$testcase")" && pwd)/$(basename "$testcase")
fi

# ---- the models: one list, ci/emu/models.txt ----
declare -A bochs_model model_features model_disable
models=()
while read -r name bmodel feats disable; do
	case "$name" in '' | '#'*) continue ;; esac
	models+=("$name"); bochs_model[$name]=$bmodel; model_features[$name]=$feats
	model_disable[$name]=${disable:--}
done <"$ZINC_ROOT/ci/emu/models.txt"
if [ -n "$cpus" ]; then
	IFS=, read -r -a chosen <<<"$cpus"
	for m in "${chosen[@]}"; do
		[ -n "${bochs_model[$m]:-}" ] || zinc_die "unknown model $m (ci/emu/models.txt: ${models[*]})"
	done
else
	chosen=("${models[@]}")
fi

zinc_need bochs bochs-term bochsbios vgabios syslinux syslinux-common mtools dosfstools \
	cpio "${ZINC_BUILD_PACKAGES[@]}"
cache=${XDG_CACHE_HOME:-$HOME/.cache}/zinc-emu
mkdir -p "$cache" || zinc_die "cannot create $cache"
work=$(mktemp -d) || zinc_die "no temporary directory"
trap 'rm -rf "$work"' EXIT

# ---- the kernel: Debian's, from its package ----
kernel() {
	[ -s "$cache/vmlinuz" ] && return
	local pkg deb
	pkg=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
	if [ -z "$pkg" ]; then
		apt-get "${ZINC_APT_WAIT[@]}" update -qq >&2
		pkg=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
	fi
	[ -n "$pkg" ] || zinc_die "cannot find the package linux-image-amd64 depends on"
	(cd "$work" && apt-get download "$pkg" >/dev/null 2>&1) || zinc_die "apt-get download $pkg failed"
	deb=$(ls "$work"/"$pkg"_*.deb 2>/dev/null | head -n 1)
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$work" --wildcards './boot/vmlinuz-*' ||
		zinc_die "no vmlinuz in $deb"
	mv "$work"/boot/vmlinuz-* "$cache/vmlinuz" && rm -rf "$work/boot" "$deb"
	echo "$pkg" >"$cache/vmlinuz.package"
}

# ---- the programs: built statically by Bazel, from the tree in $1 ----
# cpu_test, abi_test and every unit test (sources.bzl's unit_tests; a
# primitive's ends with its dispatch-hit test).
mapfile -t unit_programs < <(zinc_list unit_tests)
[ ${#unit_programs[@]} -gt 0 ] || zinc_die "cannot read unit_tests from sources.bzl"
unit_programs=(cpu_test abi_test "${unit_programs[@]}")
# The options: sources.bzl's configuration emu (static, -c opt, the oracle
# adapters compiled to their stubs).
mapfile -t emu_opts < <(zinc_list CONFIGS emu bazel)
[ ${#emu_opts[@]} -gt 0 ] || zinc_die "cannot read CONFIGS emu from sources.bzl"
build() { # build ROOT OUTPUT_BASE TARGET...: prints bazel-bin
	local root=$1 base=$2 log=$work/build.log
	shift 2
	(cd "$root" && CC=clang-19 bazel --output_base="$base" build "${emu_opts[@]}" "$@" >>"$log" 2>&1 &&
		CC=clang-19 bazel --output_base="$base" info "${emu_opts[@]}" bazel-bin 2>>"$log") ||
		{ grep -v 'Cannot export local symbol' "$log" | tail -n 30 >&2; zinc_die "static build failed (log kept: $log)"; }
}

# ---- one guest ----
# boot MODEL RUNLIST: boots MODEL with the initramfs in $work/root and the
# programs of RUNLIST; the serial output is left in $work/serial-MODEL.
boot() {
	local model=$1 dir=$work/boot-$1 t0
	mkdir -p "$dir"
	# /init, the data and only the programs this guest's run list names
	# (the third field's first word): the BIOS reads the initramfs from
	# the emulated disk and the kernel unpacks it, both slowly under
	# Bochs, so a guest that runs two programs does not carry thirty.
	# Then its run list as a second cpio archive (the kernel unpacks
	# concatenated archives in order).
	mkdir -p "$dir/overlay/emu" && cp "$2" "$dir/overlay/emu/run.txt"
	local progs
	progs=$(cut -f3 "$2" | awk '{ print "." $1 }' | sort -u)
	{ (cd "$work/root" && { find . ! -path './bin/*' ! -path './emu/run.txt' ! -path ./emu; echo "$progs"; } | cpio -o -H newc --quiet)
	  (cd "$dir/overlay" && find . ! -path . | cpio -o -H newc --quiet); } >"$dir/initrd" ||
		zinc_die "cpio failed"
	# A FAT image of 130 cylinders x 16 heads x 63 sectors: Bochs takes
	# that geometry as given.
	truncate -s $((130 * 16 * 63 * 512)) "$dir/disk.img"
	local size=$(( $(stat -c %s "$cache/vmlinuz") + $(stat -c %s "$dir/initrd") ))
	[ "$size" -lt $((60 * 1024 * 1024)) ] || zinc_die "kernel + initramfs of $size bytes do not fit the disk image"
	mkfs.fat -F 16 -n ZINC "$dir/disk.img" >/dev/null && syslinux --install "$dir/disk.img" ||
		zinc_die "cannot make the boot image"
	cat >"$dir/syslinux.cfg" <<-EOF
	DEFAULT zinc
	PROMPT 0
	TIMEOUT 0
	LABEL zinc
	  KERNEL vmlinuz
	  INITRD initrd
	  APPEND console=ttyS0 quiet clearcpuid=pku,xsaves,xsavec,fsrm mitigations=off nokaslr ${ZINC_EMU_KERNEL_ARGS:-}
	EOF
	mcopy -i "$dir/disk.img" "$dir/syslinux.cfg" ::syslinux.cfg &&
		mcopy -i "$dir/disk.img" "$cache/vmlinuz" ::vmlinuz &&
		mcopy -i "$dir/disk.img" "$dir/initrd" ::initrd || zinc_die "mcopy failed"
	cat >"$dir/bochsrc" <<-EOF
	megs: 1024
	cpu: model=${bochs_model[$model]}, count=1
	romimage: file=/usr/share/bochs/BIOS-bochs-latest
	vgaromimage: file=/usr/share/bochs/VGABIOS-lgpl-latest
	display_library: term
	ata0-master: type=disk, path=$dir/disk.img, mode=flat, cylinders=130, heads=16, spt=63
	boot: disk
	com1: enabled=1, mode=file, dev=$work/serial-$model
	speaker: enabled=0
	sound: waveoutdrv=dummy, waveindrv=dummy, midioutdrv=dummy
	log: $dir/bochs.log
	panic: action=fatal
	error: action=report
	info: action=ignore
	debug: action=ignore
	EOF
	echo c >"$dir/rc"
	: >"$work/serial-$model"
	# Each console line with the host's time, as it arrives.
	tail -F -n +1 -s 0.5 "$work/serial-$model" 2>/dev/null |
		while IFS= read -r l; do printf '%(%s)T %s\n' -1 "${l%$'\r'}"; done >"$work/serial-$model.ts" &
	local watcher=$!
	t0=$(date +%s)
	# Bochs's debugger reads "c" (continue) from the rc file, and with the
	# debugger its term display draws the guest's screen on a
	# pseudo-terminal of its own ("Bochs connected to screen /dev/pts/N"
	# in its output). Nobody looks at that screen, but it must be read:
	# once the terminal's buffer is full, Bochs blocks writing to it and
	# the guest stops (seen in long runs, --full's). The drainer reads it
	# raw into nothing until Bochs closes it.
	TERM=xterm timeout "$timeout_s" \
		bochs -q -f "$dir/bochsrc" -rc "$dir/rc" </dev/null >"$dir/bochs.out" 2>&1 &
	local bochs=$!
	(
		for _ in $(seq 1200); do
			pts=$(sed -n 's|^Bochs connected to screen "\(/dev/pts/[0-9]*\)".*|\1|p' "$dir/bochs.out" 2>/dev/null)
			if [ -n "$pts" ]; then
				stty -F "$pts" raw -echo 2>/dev/null
				exec cat "$pts" >/dev/null 2>&1
			fi
			kill -0 "$bochs" 2>/dev/null || exit 0
			sleep 0.5
		done
	) &
	local drainer=$!
	wait "$bochs"
	local rc=$? t1
	kill "$drainer" 2>/dev/null; wait "$drainer" 2>/dev/null
	t1=$(date +%s)
	sleep 1
	pkill -P "$watcher" 2>/dev/null; kill "$watcher" 2>/dev/null; wait "$watcher" 2>/dev/null
	pkill -f "tail -F -n +1 -s 0.5 $work/serial-$model" 2>/dev/null
	local ready status=ok
	ready=$(awk '$2 == "===" && $3 == "zinc-emu" && $4 == "cpu" { print $1; exit }' "$work/serial-$model.ts")
	if [ $rc = 124 ]; then
		status="killed after the time limit of $timeout_s s"
	elif ! grep -q '^=== zinc-emu cpu' "$work/serial-$model"; then
		status="the guest did not boot (no output from init; bochs log: $dir/bochs.log)"
	elif ! grep -q '^=== zinc-emu done' "$work/serial-$model"; then
		status="the guest stopped before its programs had finished"
	fi
	# Read back by the report (boots run in parallel, in subshells).
	printf '%s\n%s\n%s\n' "$(( ${ready:-$t1} - t0 ))" "$((t1 - t0))" "$status" >"$dir/result"
	return 0
}

# check_features MODEL: the guest's CPU flags hold the model's features and
# no AVX-512 feature the model lacks.
check_features() {
	local flags f
	flags=" $(sed -n 's/^=== zinc-emu cpu //p' "$work/serial-$1" | tr -d '\r') "
	for f in ${model_features[$1]//,/ }; do
		[[ "$flags" == *" $f "* ]] || { echo "guest lacks $f"; return 1; }
	done
	for f in avx2 avx512f avx512vl avx512ifma; do
		[[ ",${model_features[$1]}," == *",$f,"* ]] && continue
		[[ "$flags" == *" $f "* ]] && { echo "guest has $f, which the model should not"; return 1; }
	done
	return 0
}

# ---- what runs ----
# runlist FILE MODEL-INDEX: the programs for one model.
runlist() {
	local file=$1 first=$2 t env=-
	[ "${model_disable[$3]}" = - ] || env=ZINC_CPU_DISABLE=${model_disable[$3]}
	: >"$file"
	if [ -n "$random" ]; then
		printf '%s\t%s\t/bin/%s\n' "${target}_standalone --random $random" "$env" "${target}_standalone --random $random --seed 1" >>"$file"
		return
	fi
	if [ -n "$program" ]; then
		printf '%s\t%s\t/bin/%s\n' "${program##*/} ${program_args[*]}" "$env" "${program##*/} ${program_args[*]}" >>"$file"
		return
	fi
	if [ -n "$testcase" ]; then
		printf '%s\t%s\t/bin/%s\n' "${target}_standalone $(basename "$testcase")" "$env" "${target}_standalone /testcase" >>"$file"
		return
	fi
	if [ -n "$plant" ]; then
		local name t n
		for name in "${plants[@]}"; do
			read -r t n <<<"${plant_of[$name]}"
			printf '%s\t%s\t/bin/%s\n' "$name: ${t}_standalone --random $n" "$env" \
				"${t}_standalone_plant_$name --random $n --seed 1" >>"$file"
		done
		return
	fi
	if [ $full = 1 ]; then
		printf '%s\t%s\t/bin/vectors_test /vectors\n' "vectors_test" "$env" >>"$file"
	else
		printf '%s\t%s\t/bin/vectors_test --full-set-only /vectors\n' "vectors_test --full-set-only" "$env" >>"$file"
	fi
	for p in "${unit_programs[@]}"; do
		if [ $full = 1 ] || [[ $p == cpu_test ]] || { [ "$first" = 1 ] && [[ $p == abi_test ]]; }; then
			printf '%s\t%s\t/bin/%s\n' "$p" "$env" "$p" >>"$file"
		fi
	done
	if [ $full = 1 ] || [ "$first" = 1 ]; then
		for t in $(zinc_fuzz_targets); do
			printf '%s\t%s\t/bin/%s\n' "${t}_standalone corpus/$t" "$env" "${t}_standalone /corpus/$t" >>"$file"
			# Curve25519's rows are scalar (nothing the models differ in but
			# BMI2/ADX): its corpus replay shows the features gate them; the
			# random pass, 20 minutes interpreted, is left to --full.
			[ $full = 0 ] && [[ $t == curve25519* ]] && continue
			printf '%s\t%s\t/bin/%s\n' "${t}_standalone --random 200" "$env" "${t}_standalone --random 200 --seed 1" >>"$file"
		done
	fi
}

# ---- a planted bug: built from a patched copy of the tree ----
root=$ZINC_ROOT base=$cache/bazel
declare -A plant_of
plants=()
if [ -n "$plant" ]; then
	while read -r name t n; do plant_of[$name]="$t $n"; done < <(zinc_list EMU_PLANTED_BUGS)
	if [ "$plant" = all ]; then
		plants=("${!plant_of[@]}")
	else
		IFS=, read -r -a plants <<<"$plant"
	fi
	for name in "${plants[@]}"; do
		[ -n "${plant_of[$name]:-}" ] || zinc_die "unknown planted bug $name (EMU_PLANTED_BUGS: ${!plant_of[*]})"
	done
fi

kernel
mkdir -p "$work/root/bin" || zinc_die "cannot lay out the initramfs"
clang-19 -O2 -static -Wall -Wextra -o "$work/root/init" "$ZINC_ROOT/ci/emu/init.c" ||
	zinc_die "cannot build ci/emu/init.c"
if [ -n "$program" ]; then
	cp "$program" "$work/root/bin/" || zinc_die "cannot copy $program"
else
targets=(//vectors:vectors_test)
for p in "${unit_programs[@]}"; do targets+=("//:$p"); done
for t in $(zinc_fuzz_targets); do targets+=("//fuzz:${t}_standalone"); done
# Each planted bug: its target's driver, built from a patched copy of the
# tree; the copy is laid again at one path for each, so Bazel rebuilds only
# what the patch changed.
for name in "${plants[@]}"; do
	read -r t n <<<"${plant_of[$name]}"
	rm -rf "$work/tree"
	zinc_planted_tree "$name" "$work/tree" || exit 2
	echo "== emu: building ${t}_standalone with the planted $name"
	pbin=$(build "$work/tree" "$cache/bazel-plant" "//fuzz:${t}_standalone") || exit 2
	cp "$pbin/fuzz/${t}_standalone" "$work/root/bin/${t}_standalone_plant_$name" || zinc_die "no planted binary"
done
echo "== emu: building the test programs statically (bazel -c opt, --linkopt=-static)"
bin=$(build "$root" "$base" "${targets[@]}") || exit 2
for p in "${unit_programs[@]}"; do cp "$bin/$p" "$work/root/bin/"; done
cp "$bin/vectors/vectors_test" "$work/root/bin/"
for t in $(zinc_fuzz_targets); do cp "$bin/fuzz/${t}_standalone" "$work/root/bin/"; done
cp -r "$ZINC_ROOT/vectors" "$ZINC_ROOT/corpus" "$work/root/"
[ -n "$testcase" ] && cp "$testcase" "$work/root/testcase"
fi

# ---- run and report ----
# The guests boot in parallel, one per core (Bochs runs on one thread),
# and are reported in the order of the list.
[ -n "$plant" ] && chosen=("${chosen[0]}")  # the first model (AVX-512) only
if [ -n "$program" ]; then
	[ ${#chosen[@]} -eq 1 ] || [ -z "$cpus" ] || zinc_die "--program runs on one model"
	chosen=("${chosen[0]}")
fi
jobs=$(nproc 2>/dev/null || echo 1)
first=1 t_all=$(date +%s)
for model in "${chosen[@]}"; do
	runlist "$work/run-$model.txt" $first "$model"
	first=0
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
	echo "== emu: booting $model (bochs model ${bochs_model[$model]}, $(wc -l <"$work/run-$model.txt") programs$([ "${model_disable[$model]}" = - ] || echo ", ZINC_CPU_DISABLE=${model_disable[$model]}: Bochs gets those instructions wrong, ci/emu/models.txt"))"
	boot "$model" "$work/run-$model.txt" &
done
wait
echo "== emu: every guest finished in $(( $(date +%s) - t_all )) s of wall time ($jobs at a time)"
passed=0 failed=0 checks_passed=0 checks_failed=0 first=1
for model in "${chosen[@]}"; do
	{ read -r boot_ready; read -r boot_secs; read -r boot_status; } <"$work/boot-$model/result" ||
		{ boot_ready=0 boot_secs=0 boot_status="no result from the guest's runner"; }
	echo "== emu: $model"
	serial=$work/serial-$model
	tr -d '\r' <"$serial" >"$serial.txt"
	if [ "$boot_status" != ok ] && ! grep -q '^=== zinc-emu begin' "$serial.txt"; then
		echo "FAILED: $model: $boot_status ($boot_secs s)"
		tail -n 20 "$serial.txt"
		failed=$((failed + 1)); first=0; continue
	fi
	if ! why=$(check_features "$model"); then
		echo "FAILED: $model: $why (flags: $(sed -n 's/^=== zinc-emu cpu //p' "$serial.txt"))"
		failed=$((failed + 1))
	fi
	i=0
	while IFS=$'\t' read -r label _; do
		out=$(awk -v b="=== zinc-emu begin $i " -v e="=== zinc-emu end $i " \
			'index($0, b) == 1 { on = 1; next } index($0, e) == 1 { print; exit } on' "$serial.txt")
		end=$(tail -n 1 <<<"$out")
		rc=$(sed -n 's/^=== zinc-emu end [0-9]* rc=\([0-9-]*\).*/\1/p' <<<"$end")
		secs=$(awk -v b="zinc-emu begin $i " -v e="zinc-emu end $i " '
			index($0, b) { t = $1 } index($0, e) { print $1 - t; exit }' "$serial.ts")
		echo "== emu $model: $label (${secs:-?} s in Bochs)"
		grep -E '^[A-Za-z0-9_./-]+: (ran [0-9]+ inputs|[0-9]+ passed)|vectors ran|skipped|not usable|not compared|compiled out' <<<"$out" | sed 's/^/   /'
		lines=$(grep -hE '^[A-Za-z0-9_./-]+: [0-9]+ passed, [0-9]+ failed$' <<<"$out")
		checks_passed=$((checks_passed + $(awk '{s += $2} END {print s + 0}' <<<"$lines")))
		checks_failed=$((checks_failed + $(awk '{s += $4} END {print s + 0}' <<<"$lines")))
		if [ -n "$program" ]; then
			grep -v '^=== zinc-emu' <<<"$out"
			program_rc=${rc:-none}
			[ "$rc" = 0 ] && passed=$((passed + 1)) || failed=$((failed + 1))
		elif [ -n "$plant" ]; then
			if grep -q '==== zinc fuzz MISMATCH ====' <<<"$out" && [ "$rc" != 0 ]; then
				echo "   caught: $(grep -m1 -E '^(culprit|impls|what|verdict):' <<<"$out")"
				passed=$((passed + 1))
			else
				echo "FAILED: planted bug ${label%%:*} was not caught on $model (exit ${rc:-none})"
				failed=$((failed + 1))
			fi
		elif [ -n "$testcase" ]; then
			sed -n '/==== zinc fuzz/,$p' <<<"$out" | grep -v '^=== zinc-emu'
			[ "$rc" = 0 ] && passed=$((passed + 1)) || failed=$((failed + 1))
		elif [ "$rc" = 0 ]; then
			passed=$((passed + 1))
		else
			tail -n 20 <<<"$out" | grep -v '^=== zinc-emu'
			echo "FAILED (${rc:+exit $rc}${rc:-did not finish}): $model: $label"
			failed=$((failed + 1))
		fi
		i=$((i + 1))
	done <"$work/run-$model.txt"
	echo "   $model: $boot_status; booted to /init in $boot_ready s, $boot_secs s in Bochs in all"
	first=0
done
echo "emu assertions inside the test programs: $checks_passed passed, $checks_failed failed"
echo "emu: $passed passed, $failed failed"
[ -n "$counts" ] && echo "$passed $failed $checks_passed $checks_failed" >"$counts"
# --program: its exit status (0 or 1), 2 for anything else (a guest that did
# not run it to its end, a program killed or failing to start).
if [ -n "$program" ]; then
	case "${program_rc:-none}" in 0 | 1) exit "$program_rc" ;; *) exit 2 ;; esac
fi
[ "$failed" = 0 ]
