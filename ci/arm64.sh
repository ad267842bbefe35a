#!/bin/bash
# SPDX-License-Identifier: MIT
# The arm64 build of zinc on an x86-64 machine: cross-compiled with Debian's
# gcc-aarch64-linux-gnu and run under qemu-user (README "arm64").
#
# Sources come from sources.bzl (LIB_SRCS, ASM_SRCS["arm64"], FUZZ_SRCS,
# ORACLE_SRCS, FUZZ_TARGETS), as for Bazel and ci/oss-fuzz/build.sh, and so
# do the flags (CONFIGS arm64, arm64_fuzz and arm64_libfuzzer); the
# test programs are found the way BUILD finds them (lib/*/*_test.c, the
# arm64 ABI check, the vectors runner). Everything is linked statically
# (libsodium, OpenSSL and libb2 from their :arm64 multiarch packages) with
# UndefinedBehaviorSanitizer in trap mode (no runtime library needed).
# AddressSanitizer does not run under qemu-user; the fuzz harness's guard
# pages still catch out-of-bounds accesses by the assembly.
#
# Then, unless --build: every unit test, the ABI check, the vectors runner
# (with every feature and with ZINC_CPU_DISABLE=neon), and each fuzz
# target's standalone driver over corpus/<t>/ (regressions included) and
# --random N inputs (N/10 for a target with no arm64 row), all under
# qemu-aarch64. Ends with "N passed, M failed" (programs), after the sum of
# the programs' own assertion counts.
# Exit 0 when everything passed, 1 when something failed, 2 on a usage,
# install or build error.
set -u
ZINC_PROG=arm64.sh
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<EOF
usage: ci/arm64.sh [--build] [--libfuzzer] [--random N] [--counts FILE] [--plant NAME]

  --build        build only (into \$ZINC_ARM64_OUT, default arm64-out/)
  --libfuzzer    also build each target's libFuzzer binary (clang-19
                 --target=aarch64-linux-gnu, UBSan) into libfuzzer/bin/,
                 with qemu wrappers in libfuzzer/fuzz/ (ci/fuzz.sh --arch arm64)
  --random N     seeded random inputs per fuzz target (default 2000)
  --counts FILE  also write "programs-passed programs-failed
                 assertions-passed assertions-failed" to FILE (ci/test.sh)
  --plant NAME   build from a copy of the tree with the planted bug NAME
                 (one of PLANTED_BUGS_ARM64 in sources.bzl: the patch
                 fuzz/planted/patches/NAME.patch) and check that its fuzz
                 target catches it
EOF
}

random=2000
build_only=0
libfuzzer=0
counts=
plant=
while [ $# -gt 0 ]; do
	case "$1" in
	--build) build_only=1 ;;
	--libfuzzer) libfuzzer=1 ;;
	--random) [ $# -ge 2 ] || zinc_die "--random needs a number"
		random=$2; shift ;;
	--counts) [ $# -ge 2 ] || zinc_die "--counts needs a file"
		counts=$2; shift ;;
	--plant) [ $# -ge 2 ] || zinc_die "--plant needs a planted bug's name"
		plant=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	*) usage >&2; zinc_die "unknown argument $1" ;;
	esac
	shift
done
[[ "$random" =~ ^[0-9]+$ ]] || zinc_die "--random: not a number: $random"

ZINC_ARM64_PACKAGES=(gcc-aarch64-linux-gnu qemu-user python3
	libsodium-dev:arm64 libssl-dev:arm64 libb2-dev:arm64)
CC=("${ZINC_ARM64_CC:-aarch64-linux-gnu-gcc}")
QEMU=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
OUT=${ZINC_ARM64_OUT:-$ZINC_ROOT/arm64-out}

# The :arm64 packages need the architecture known to dpkg first.
install_arm64() {
	local sudo=
	[ "$(id -u)" = 0 ] || sudo=sudo
	if ! dpkg --print-foreign-architectures | grep -qx arm64; then
		zinc_say "dpkg --add-architecture arm64"
		$sudo dpkg --add-architecture arm64 && $sudo apt-get update -qq >&2 ||
			zinc_die "cannot add the arm64 architecture to dpkg"
	fi
	zinc_need "${ZINC_ARM64_PACKAGES[@]}"
	# libFuzzer: clang's arm64 compiler-rt, and the arm64 libstdc++ it needs.
	[ $libfuzzer = 1 ] && zinc_need clang-19 libclang-rt-19-dev:arm64 g++-aarch64-linux-gnu
}
install_arm64

planted_target=
if [ -n "$plant" ]; then
	planted_target=$(zinc_list PLANTED_BUGS_ARM64 | awk -v b="$plant" '$1 == b { print $2 " " $3 }')
	[ -n "$planted_target" ] ||
		zinc_die "unknown planted bug $plant (PLANTED_BUGS_ARM64: $(zinc_list PLANTED_BUGS_ARM64 | awk '{ print $1 }' | tr '\n' ' '))"
	OUT=$OUT-plant-$(echo "$plant" | tr 'A-Z' 'a-z')
fi

# The sources are compiled from SRC: the tree, or with --plant a copy of it
# with the planted bug's patch applied (debug information names the tree's
# files), in a temporary folder: a copy under the tree would add its BUILD
# files to Bazel's //...
SRC=$ZINC_ROOT
PREFIX_MAP=()
if [ -n "$plant" ]; then
	SRC=$(mktemp -d "${TMPDIR:-/tmp}/zinc-arm64-plant.XXXXXX") || zinc_die "no temporary folder"
	trap 'rm -rf "$SRC"' EXIT
	zinc_planted_tree "$plant" "$SRC" || exit 2
	PREFIX_MAP=(-ffile-prefix-map="$SRC=$ZINC_ROOT")
fi

# ---- build ----
# cflags CONFIG: CONFIG's flags (sources.bzl) for the sources in $SRC. The
# static programs compile the NSS and BoringSSL adapters to the counting
# form that reports each of their comparisons as not compared (NSS has no
# static libraries; BoringSSL's is loaded at run time with dlmopen, which a
# static program cannot do): sources.bzl's ARM64_ORACLES_OFF.
cflags() {
	zinc_list cflags "$1" arm64 "$SRC"
	[ ${#PREFIX_MAP[@]} -eq 0 ] || printf '%s\n' "${PREFIX_MAP[@]}"
}
mapfile -t CFLAGS < <(cflags arm64)
mapfile -t LDFLAGS < <(zinc_list CONFIGS arm64 ldflags)
mapfile -t LIBS < <(zinc_list CONFIGS arm64 libs)

mkdir -p "$OUT/obj" "$OUT/bin" || zinc_die "cannot create $OUT"
buildlog=$OUT/build.log
: >"$buildlog"

# obj SRC: the object file of SRC.
OBJ=$OUT/obj
obj() { echo "$OBJ/$(echo "${1%.*}" | tr / _).o"; }
LIB_ONLY_FLAGS=()  # for lib/ sources only

# compile SRC...: every SRC to its object, two at a time.
compile() {
	local src pids=() bad=0 p extra
	for src in "$@"; do
		[ -f "$SRC/$src" ] || zinc_die "missing source $src (listed in sources.bzl?)"
		extra=()
		case "$src" in lib/*) extra=("${LIB_ONLY_FLAGS[@]}") ;; esac
		"${CC[@]}" "${CFLAGS[@]}" "${extra[@]}" -c "$SRC/$src" -o "$(obj "$src")" >>"$buildlog" 2>&1 &
		pids+=($!)
		if [ ${#pids[@]} -ge "$(nproc)" ]; then
			wait "${pids[0]}" || bad=1
			pids=("${pids[@]:1}")
		fi
	done
	for p in "${pids[@]}"; do wait "$p" || bad=1; done
	if [ $bad = 1 ]; then
		cat "$buildlog" >&2
		zinc_die "compile failed (log: $buildlog)"
	fi
}

# link NAME SRC...: bin/NAME from the sources' objects and the libraries
# (libzinc_testing.a, or $LINK_LIB).
LINK_LIB=
link() {
	local name=$1 objs=() s
	shift
	for s in "$@"; do objs+=("$(obj "$s")"); done
	"${CC[@]}" "${LDFLAGS[@]}" "${CFLAGS[@]}" "${objs[@]}" "${LINK_LIB:-$OUT/libzinc_testing.a}" "${LIBS[@]}" \
		-o "$OUT/bin/$name" >>"$buildlog" 2>&1 ||
		{ cat "$buildlog" >&2; zinc_die "link of $name failed (log: $buildlog)"; }
}

mapfile -t lib_srcs < <(zinc_list LIB_SRCS; zinc_list ASM_SRCS arm64)
mapfile -t harness_srcs < <(zinc_list FUZZ_SRCS; zinc_list ORACLE_SRCS)
# The fuzz drivers' library: the same sources with FUZZ_DEFINES (every
# assembly entry point through the ABI check) and ABI_CHECK_SRCS.
mapfile -t abi_srcs < <(zinc_list ABI_CHECK_SRCS arm64)
mapfile -t targets < <(zinc_fuzz_targets)
unit_tests=()
for f in "$SRC"/lib/*/*_test.c; do unit_tests+=("${f#"$SRC"/}"); done
test_srcs=("${unit_tests[@]}" arch/arm64/abi_test.c arch/arm64/abi-check.S
	vectors/vectors_test.c vectors/vectors.c fuzz/standalone.c)
if [ -n "$plant" ]; then # only the target that must catch it
	unit_tests=()
	targets=("${planted_target%% *}")
	test_srcs=(fuzz/standalone.c)
fi
for t in "${targets[@]}"; do test_srcs+=("fuzz/${t}_fuzzer.c"); done

echo "== arm64: cross-compiling with ${CC[*]} into $OUT"
echo "   oracles compiled out: nss, boringssl (static build: NSS has no static libraries, BoringSSL is a shared library loaded at run time)"
echo "   assembly: $(zinc_list ASM_SRCS arm64 | tr '\n' ' ')"
compile "${lib_srcs[@]}" "${harness_srcs[@]}" "${test_srcs[@]}"
rm -f "$OUT/libzinc_testing.a"
lib_objs=()
for s in "${lib_srcs[@]}" "${harness_srcs[@]}"; do lib_objs+=("$(obj "$s")"); done
# Each oracle adapter is linked with its static library and then keeps only
# its own global symbols, as ci/oss-fuzz/build.sh does: libcrypto.a has a
# global poly1305_init of its own.
declare -A archive=([libsodium]=libsodium.a [openssl]=libcrypto.a [libb2]=libb2.a)
for lib in "${!archive[@]}"; do
	a=/usr/lib/aarch64-linux-gnu/${archive[$lib]}
	[ -f "$a" ] || zinc_die "missing $a (from the $lib :arm64 -dev package)"
	# Debian's arm64 libb2 is a single-implementation build: it exports
	# blake2s_* without the _ref variants fuzz/oracles/libb2.c calls
	# (the names it shares with zinc are the reason it calls those).
	if [ "$lib" = libb2 ] && ! aarch64-linux-gnu-nm -g --defined-only "$a" | grep -q ' blake2s_ref$'; then
		renames=()
		for f in blake2s blake2s_init blake2s_init_key blake2s_init_param blake2s_update blake2s_final; do
			renames+=(--redefine-sym "$f=${f}_ref")
		done
		aarch64-linux-gnu-objcopy "${renames[@]}" "$a" "$OUT/libb2_ref.a" ||
			zinc_die "cannot rename libb2's symbols"
		a=$OUT/libb2_ref.a
	fi
	for s in $(zinc_list ORACLE_SRCS "$lib"); do
		o=$(obj "$s")
		aarch64-linux-gnu-nm -g --defined-only "$o" | awk '{ print $3 }' >"$o.keep"
		aarch64-linux-gnu-ld -r -o "$o.all" "$o" "$a" &&
			aarch64-linux-gnu-objcopy --keep-global-symbols="$o.keep" "$o.all" "$o" ||
			zinc_die "cannot fold $a into $o"
	done
done
aarch64-linux-gnu-ar rcs "$OUT/libzinc_testing.a" "${lib_objs[@]}" ||
	zinc_die "ar failed"
# libzinc_fuzz.a: lib/ again, with FUZZ_DEFINES, and the same harness.
testing_cflags=("${CFLAGS[@]}")
mapfile -t CFLAGS < <(cflags arm64_fuzz)
OBJ=$OUT/obj-fuzz
mkdir -p "$OBJ"
compile "${lib_srcs[@]}" "${abi_srcs[@]}"
fuzz_objs=()
for s in "${lib_srcs[@]}" "${abi_srcs[@]}"; do fuzz_objs+=("$(obj "$s")"); done
OBJ=$OUT/obj
for s in "${harness_srcs[@]}"; do fuzz_objs+=("$(obj "$s")"); done
CFLAGS=("${testing_cflags[@]}")
rm -f "$OUT/libzinc_fuzz.a"
aarch64-linux-gnu-ar rcs "$OUT/libzinc_fuzz.a" "${fuzz_objs[@]}" || zinc_die "ar failed"
for f in "${unit_tests[@]}"; do
	n=${f##*/}; n=${n%.c}
	# BUILD names lib/chacha20/dispatch_test.c chacha20_dispatch_test.
	[ "$n" = dispatch_test ] && n=$(basename "$(dirname "$f")")_dispatch_test
	link "$n" "$f"
done

if [ -z "$plant" ]; then
	link abi_test arch/arm64/abi_test.c arch/arm64/abi-check.S
	link vectors_test vectors/vectors_test.c vectors/vectors.c
fi
# bin/qemu/NAME runs bin/NAME under qemu-aarch64, for the scripts that run
# a program by its path (fuzz/planted/check.sh, ci/fuzz.sh, ci/reproduce.sh).
mkdir -p "$OUT/bin/qemu"
LINK_LIB=$OUT/libzinc_fuzz.a
for t in "${targets[@]}"; do
	link "${t}_standalone" "fuzz/${t}_fuzzer.c" fuzz/standalone.c
	printf '#!/bin/sh\nexec %s "%s" "$@"\n' "${QEMU[*]}" "$OUT/bin/${t}_standalone" \
		>"$OUT/bin/qemu/${t}_standalone"
	chmod +x "$OUT/bin/qemu/${t}_standalone"
done
# Compiler warnings (not the linker's about glibc functions in static links).
grep -A4 -E '^[^ ]+:[0-9]+:[0-9]+: warning:' "$buildlog" >&2
echo "   built: $(cd "$OUT/bin" && ls -p | grep -v / | tr '\n' ' ')"

# libFuzzer binaries: the library and harness again with coverage (no
# comparison tracing in lib/, as in .bazelrc's libfuzzer config) and UBSan;
# the oracle objects folded above are reused. A static libFuzzer binary
# crashes under qemu-user and its RSS-limit thread hangs there, so they are
# dynamic executables (the arm64 libraries come from the multiarch
# packages) and the wrappers add -rss_limit_mb=0.
if [ $libfuzzer = 1 ]; then
	LF=$OUT/libfuzzer
	mkdir -p "$LF/obj" "$LF/bin" "$LF/fuzz"
	CC=(clang-19 --target=aarch64-linux-gnu)
	mapfile -t CFLAGS < <(cflags arm64_libfuzzer)
	mapfile -t LIB_ONLY_FLAGS < <(zinc_list CONFIGS arm64_libfuzzer lib_copts)
	mapfile -t LDFLAGS < <(zinc_list CONFIGS arm64_libfuzzer ldflags)
	mapfile -t LIBS < <(zinc_list CONFIGS arm64_libfuzzer libs)
	OBJ=$LF/obj
	echo "== arm64: libFuzzer build with ${CC[*]} into $LF"
	compile "${lib_srcs[@]}" "${abi_srcs[@]}" $(zinc_list FUZZ_SRCS) \
		$(printf 'fuzz/%s_fuzzer.c\n' "${targets[@]}")
	lf_objs=()
	for s in "${lib_srcs[@]}" "${abi_srcs[@]}" $(zinc_list FUZZ_SRCS); do
		lf_objs+=("$(obj "$s")")
	done
	OBJ=$OUT/obj
	for s in $(zinc_list ORACLE_SRCS); do lf_objs+=("$(obj "$s")"); done
	OBJ=$LF/obj
	for t in "${targets[@]}"; do
		"${CC[@]}" "${LDFLAGS[@]}" "${lf_objs[@]}" "$(obj "fuzz/${t}_fuzzer.c")" \
			"${LIBS[@]}" -o "$LF/bin/${t}_fuzzer" >>"$buildlog" 2>&1 ||
			{ tail -n 30 "$buildlog" >&2; zinc_die "libFuzzer link of $t failed (log: $buildlog)"; }
		printf '#!/bin/sh\nexec %s "%s" -rss_limit_mb=0 "$@"\n' "${QEMU[*]}" "$LF/bin/${t}_fuzzer" \
			>"$LF/fuzz/${t}_fuzzer"
		chmod +x "$LF/fuzz/${t}_fuzzer"
	done
	echo "   built: $(cd "$LF/bin" && ls | tr '\n' ' ')"
fi
[ $build_only = 1 ] && exit 0

# ---- a planted bug: its target must catch it ----
if [ -n "$plant" ]; then
	read -r t n <<<"$planted_target"
	echo "== arm64: planted bug $plant must be caught by $t within $n inputs"
	"$ZINC_ROOT/fuzz/planted/check.sh" "$OUT/bin/qemu/${t}_standalone" "$n"
	exit $?
fi

# ---- run ----
# Programs run under qemu, $(nproc) at a time, the longest first; each is
# reported (in the order queued) with its time and what it compared or
# skipped, and counted once, by its exit status (and, where given, a line
# its output must hold).
jobs=$(nproc 2>/dev/null || echo 1)
labels=() logs=() expects=()
# queue LABEL [--expect REGEX]... [VAR=VALUE...] -- PROGRAM ARGS...
queue() {
	local label=$1 expect= envs=() log
	shift
	while [ "$1" = --expect ]; do expect+=$2$'\n'; shift 2; done
	while [ "$1" != -- ]; do envs+=("$1"); shift; done
	shift
	log=$OUT/run-${#labels[@]}.log
	labels+=("$label"); logs+=("$log"); expects+=("$expect")
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
	(
		t0=$(date +%s)
		cd "$ZINC_ROOT" && env "${envs[@]}" "${QEMU[@]}" "$OUT/bin/$1" "${@:2}" >"$log" 2>&1
		echo "$? $(($(date +%s) - t0))" >"$log.rc"
	) &
}

# Targets with an arm64 row get the full --random count; the others (generic
# C only on arm64) a tenth of it. A row is named after its file
# (arch/arm64/chacha20-neon.S: row chacha20-neon), which is checked here.
arm64_rows=()
for f in $(zinc_list ASM_SRCS arm64); do
	arm64_rows+=("$(basename "$f" .S)")
done
random_for() { # random_for TARGET: the --random count for TARGET
	local list row
	list=$("${QEMU[@]}" "$OUT/bin/${1}_standalone" --list) || zinc_die "${1}_standalone --list failed"
	for row in "${arm64_rows[@]}"; do
		grep -q "backend $row " <<<"$list" && { echo "$random"; return; }
	done
	echo $((random / 10))
}
for row in "${arm64_rows[@]}"; do
	found=0
	for t in "${targets[@]}"; do
		"${QEMU[@]}" "$OUT/bin/${t}_standalone" --list | grep -q "backend $row " && found=1
	done
	[ $found = 1 ] || zinc_die "no fuzz target lists a backend $row (rows are named after their .S file)"
done

start=$(date +%s)
for t in curve25519 blake2s; do # the slow ones first
	case " ${targets[*]} " in *" $t "*) ;; *) continue ;; esac
	n=$(random_for "$t")
	queue "${t}_standalone --random $n" -- "${t}_standalone" --random "$n" --seed 1
done
for f in "${unit_tests[@]}" abi_test; do
	n=${f##*/}; n=${n%.c}
	[ "$n" = dispatch_test ] && n=$(basename "$(dirname "$f")")_dispatch_test
	queue "$n" -- "$n"
done
queue "vectors_test (every row, every feature subset)" -- vectors_test vectors
queue "vectors_test with ZINC_CPU_DISABLE=neon (NEON rows must be skipped)" \
	--expect 'chacha20-neon +skipped: needs \{neon\}' --expect 'poly1305-neon +skipped: needs \{neon\}' \
	ZINC_CPU_DISABLE=neon -- vectors_test vectors
for t in "${targets[@]}"; do
	queue "${t}_standalone corpus/$t (with regressions/)" -- "${t}_standalone" "corpus/$t"
	case "$t" in curve25519|blake2s) continue ;; esac
	n=$(random_for "$t")
	queue "${t}_standalone --random $n" -- "${t}_standalone" --random "$n" --seed 1
done
wait

passed=0 failed=0 checks_passed=0 checks_failed=0
for i in "${!labels[@]}"; do
	log=${logs[$i]}
	missing=
	while IFS= read -r re; do
		[ -n "$re" ] && ! grep -qE "$re" "$log" && missing=$re
	done <<<"${expects[$i]}"
	read -r rc secs <"$log.rc" 2>/dev/null || { rc=unknown; secs=?; }
	echo "== arm64: ${labels[$i]} ($secs s)"
	grep -E '^[A-Za-z0-9_./-]+: (ran [0-9]+ inputs|[0-9]+ passed)|skipped|has no|not compared|compiled out' "$log" | sed 's/^/   /'
	counts_lines=$(grep -hE '^[A-Za-z0-9_./-]+: [0-9]+ passed, [0-9]+ failed$' "$log")
	checks_passed=$((checks_passed + $(awk '{s += $2} END {print s + 0}' <<<"$counts_lines")))
	checks_failed=$((checks_failed + $(awk '{s += $4} END {print s + 0}' <<<"$counts_lines")))
	if [ "$rc" != 0 ]; then
		tail -n 30 "$log"
		echo "FAILED (exit $rc): ${labels[$i]} (log: $log)"
		failed=$((failed + 1))
	elif [ -n "$missing" ]; then
		echo "FAILED: ${labels[$i]}: no line matching '$missing' (log: $log)"
		failed=$((failed + 1))
	else
		passed=$((passed + 1))
	fi
done
echo "arm64 run under qemu took $(($(date +%s) - start)) s ($jobs at a time)"
echo "arm64 assertions inside the test programs: $checks_passed passed, $checks_failed failed"
echo "arm64: $passed passed, $failed failed"
[ -n "$counts" ] && echo "$passed $failed $checks_passed $checks_failed" >"$counts"
[ "$failed" = 0 ]
