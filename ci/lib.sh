# SPDX-License-Identifier: MIT
# shellcheck shell=bash
# Shell helpers the ci/ scripts share (source it; it defines functions and a
# few variables): installing missing Debian packages, lists from sources.bzl
# (the one place lists live, FUZZ_TARGETS among them) and running Bazel.
#
# Environment:
#   ZINC_CC                 compiler for Bazel (default clang-19)
#   ZINC_BAZEL_OUTPUT_BASE  Bazel --output_base (default: Bazel's own); the
#                           AFL++ build uses "<it>-afl" (another compiler)
#   BAZEL                   the bazel command (default bazel)

ZINC_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Prints to stderr.
zinc_say() { printf '%s\n' "$*" >&2; }

# One-line reason, exit 2 (usage, missing file, build error).
zinc_die() { printf '%s: %s\n' "${ZINC_PROG:-${0##*/}}" "$*" >&2; exit 2; }

# zinc_installed PKG[:ARCH]: true when dpkg has PKG installed: for ARCH, or
# else the native or an architecture-independent build. (`dpkg -s PKG`
# fails on a name installed for two architectures, as libsodium-dev is once
# ci/test.sh adds libsodium-dev:arm64 for --config=arm64.)
zinc_installed() {
	local arch=
	case "$1" in *:*) arch=${1#*:} ;; esac
	dpkg-query -W -f='${Architecture} ${db:Status-Abbrev}\n' "$1" 2>/dev/null |
		awk -v a="$arch" -v n="$(dpkg --print-architecture)" '
			$2 == "ii" && (a != "" ? $1 == a : ($1 == n || $1 == "all")) { ok = 1 }
			END { exit !ok }'
}

# apt-get's options for every install and update: another step may be
# installing at the same time (ci/test.sh --full runs ci/ct.sh beside the
# rest), so an install waits up to 15 minutes for dpkg's lock, not fail.
ZINC_APT_WAIT=(-o DPkg::Lock::Timeout=900)

# zinc_install PKG...: apt-get installs the Debian packages that dpkg does
# not know as installed (nothing when all are there); fails when it cannot.
zinc_install() {
	local missing=() p sudo=
	for p in "$@"; do
		zinc_installed "$p" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	[ "$(id -u)" = 0 ] || sudo=sudo
	zinc_say "installing: ${missing[*]}"
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get "${ZINC_APT_WAIT[@]}" install -y -qq "${missing[@]}" >&2 && return 0
	$sudo apt-get "${ZINC_APT_WAIT[@]}" update -qq >&2 || true
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get "${ZINC_APT_WAIT[@]}" install -y -qq "${missing[@]}" >&2
}

# zinc_need PKG...: zinc_install, or exit 2 saying what could not be installed.
zinc_need() { zinc_install "$@" || zinc_die "cannot install $*"; }

# The packages every build of zinc needs: compiler with sanitizer and fuzzer
# runtimes (and llvm-symbolizer), Bazel, and the oracle libraries (NSS for
# fuzz/oracles/nss.c; BoringSSL's android/libcrypto.so.0, which
# fuzz/oracles/boringssl.c loads at run time and needs no headers of; libgcrypt
# and nettle for //bench:bench, which //... builds). afl++ is installed on
# top by ci/fuzz.sh -e afl.
ZINC_BUILD_PACKAGES=(clang-19 libclang-rt-19-dev llvm-19 bazel-bootstrap python3
	libsodium-dev libssl-dev libb2-dev libnss3-dev android-libboringssl libgcrypt20-dev
	nettle-dev patch)

# zinc_arch_install ARCH: what building and testing ARCH (a key of ARCHS
# in sources.bzl) under qemu-user needs: its cross compiler, qemu-user, and
# the -dev packages of the oracle libraries it links (ORACLE_PACKAGES), for
# its Debian architecture (added to dpkg first); those its "unpacked" list
# names are downloaded and unpacked into UNPACKED_ROOT/<debian> instead.
# With "libfuzzer" as the second argument, also what clang-19 needs to link
# libFuzzer for it (clang's runtime and the C++ library of that
# architecture). Nothing for the host's own.
zinc_arch_install() {
	local a=$1 what=${2:-} triple debian pkgs=() unpacked sudo= l
	triple=$(zinc_list ARCHS "$a" triple) || return 1
	debian=$(zinc_list ARCHS "$a" debian)
	[ "$(zinc_list ARCHS "$a" qemu)" ] || return 0
	pkgs=("gcc-$triple" qemu-user)
	if [ -n "$debian" ]; then
		[ "$(id -u)" = 0 ] || sudo=sudo
		if ! dpkg --print-foreign-architectures | grep -qx "$debian"; then
			zinc_say "dpkg --add-architecture $debian"
			$sudo dpkg --add-architecture "$debian" && $sudo apt-get "${ZINC_APT_WAIT[@]}" update -qq >&2 || return 1
		fi
		unpacked=$(zinc_list arch_unpacked "$a")
		for l in $(zinc_list arch_oracle_libs "$a"); do
			case " $unpacked " in
			*" $l "*) zinc_unpack "$(zinc_list ORACLE_PACKAGES "$l")" "$debian" || return 1 ;;
			*) pkgs+=("$(zinc_list ORACLE_PACKAGES "$l"):$debian") ;;
			esac
		done
		[ "$what" = libfuzzer ] &&
			pkgs+=(clang-19 "libclang-rt-19-dev:$debian" "libstdc++-12-dev-$debian-cross")
	fi
	zinc_install "${pkgs[@]}"
}

# zinc_unpack PACKAGE DEBIAN: PACKAGE:DEBIAN's files (the candidate version
# apt would install) unpacked into UNPACKED_ROOT/DEBIAN, unless that version
# is there already (its control file's Version is the stamp).
zinc_unpack() {
	local p=$1 d=$2 root want have tmp sudo=
	[ "$(id -u)" = 0 ] || sudo=sudo
	root=$(zinc_list UNPACKED_ROOT)/$d
	want=$(apt-cache policy "$p:$d" | awk '/Candidate:/ { print $2 }')
	[ -n "$want" ] && [ "$want" != "(none)" ] || { zinc_say "apt has no $p:$d"; return 1; }
	have=$(cat "$root/.$p.version" 2>/dev/null)
	[ "$have" = "$want" ] && return 0
	zinc_say "unpacking $p:$d $want into $root (it cannot be installed beside the host's version)"
	tmp=$(mktemp -d) && chmod 755 "$tmp" || return 1
	(cd "$tmp" && apt-get download -q "$p:$d=$want" >&2) &&
		$sudo mkdir -p "$root" && $sudo dpkg -x "$tmp"/*.deb "$root" &&
		echo "$want" | $sudo tee "$root/.$p.version" >/dev/null
	local rc=$?
	rm -rf "$tmp"
	return $rc
}

# zinc_cc CC OUT CFLAG... -- SOURCE... [-- LDFLAG...]: the program OUT
# from the SOURCEs, each compiled to its own object (in OUT.o/) with the
# CFLAGs, as many at once as there are CPUs, then linked with both flag
# lists: one compiler command over every source keeps one core busy.
zinc_cc() {
	local cc=$1 out=$2 cflags=() srcs=() ldflags=() objs=() pids=() s o rc=0 n
	shift 2
	while [ $# -gt 0 ] && [ "$1" != -- ]; do cflags+=("$1"); shift; done
	[ $# -gt 0 ] && shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do srcs+=("$1"); shift; done
	[ $# -gt 0 ] && shift
	ldflags=("$@")
	n=$(nproc 2>/dev/null || echo 1)
	mkdir -p "$out.o" || return 1
	for s in "${srcs[@]}"; do
		o=$out.o/$(echo "$s" | tr / _).o
		objs+=("$o")
		"$cc" "${cflags[@]}" -c "$s" -o "$o" &
		pids+=($!)
		if [ ${#pids[@]} -ge "$n" ]; then
			wait "${pids[0]}" || rc=1
			pids=("${pids[@]:1}")
		fi
	done
	for s in "${pids[@]}"; do wait "$s" || rc=1; done
	[ "$rc" = 0 ] && "$cc" "${cflags[@]}" -o "$out" "${objs[@]}" "${ldflags[@]}"
}

# zinc_arch_names: the ARCHS that run under qemu-user, one a line.
zinc_arch_names() {
	local a
	for a in $(zinc_list ARCHS); do
		[ -n "$(zinc_list ARCHS "$a" qemu)" ] && echo "$a"
	done
	return 0
}

# zinc_is_arch NAME: true when NAME is a key of ARCHS.
zinc_is_arch() {
	local a
	for a in $(zinc_list ARCHS); do [ "$a" = "$1" ] && return 0; done
	return 1
}

# zinc_arch_standalones LOG ARCH TARGET...: builds the standalone drivers
# of the fuzz targets for ARCH (bazel --config=ARCH) and prints a folder
# whose <target>_standalone runs each under qemu-user (the configuration's
# test runner, //toolchain:qemu_ARCH), for scripts that run a program by
# its path (ci/fuzz.sh, ci/reproduce.sh).
zinc_arch_standalones() {
	local log=$1 a=$2 bin out t
	shift 2
	zinc_arch_install "$a" >>"$log" 2>&1 || zinc_die "cannot install what $a needs (log: $log)"
	bin=$(zinc_build "$log" --config="$a" //toolchain:qemu_"$a" \
		$(printf '//fuzz:%s_standalone\n' "$@")) || exit 2
	out=$ZINC_ROOT/arch-out/$a
	mkdir -p "$out" || zinc_die "cannot create $out"
	for t in "$@"; do
		printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$bin/toolchain/qemu_$a.sh" "$bin/fuzz/${t}_standalone" \
			>"$out/${t}_standalone"
		chmod +x "$out/${t}_standalone"
	done
	echo "$out"
}

# zinc_list NAME [ARG...]: prints a value of sources.bzl, one item a line;
# the one reader of sources.bzl, which holds every list and every build's
# flags (plain Python data: python3 reads it; ci/oss-fuzz/build.sh sources
# this file too). A function is called with the ARGs (`zinc_list cflags ct
# x86_64 .`: ci/ct.sh's compiler flags); otherwise each ARG is a key into a
# dict (`zinc_list ASM_SRCS arm64`, `zinc_list CONFIGS emu bazel`), and a
# dict left gives all its values, or its keys when the values are dicts
# (records by name: `zinc_list FUZZ_TARGETS` prints the targets). A tuple
# prints as its fields separated by spaces, a string, bool or number as
# itself. An unknown name or key: a line saying so, exit 1.
# Installs python3 first where it is missing (before a script's zinc_need).
zinc_list() {
	command -v python3 >/dev/null 2>&1 || zinc_need python3
	python3 - "$ZINC_ROOT/sources.bzl" "$@" <<'PY'
import sys
ns = {}
exec(open(sys.argv[1]).read(), ns)
name, args = sys.argv[2], sys.argv[3:]
try:
    value = ns[name]
    if callable(value):
        value, args = value(*args), []
    for k in args:
        value = value[k]
except (KeyError, TypeError) as e:
    sys.exit("zinc_list: sources.bzl has no %s (%s: %s)" % (" ".join(sys.argv[2:]), type(e).__name__, e))
if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
    value = list(value)
elif isinstance(value, dict):
    value = [f for v in value.values() for f in ([v] if isinstance(v, str) else v)]
elif isinstance(value, (str, bool, int)):
    value = [value]
for v in value:
    print(" ".join(map(str, v)) if isinstance(v, tuple) else v)
PY
}

# zinc_libfuzzer_flags TARGET: the libFuzzer flags ci/fuzz.sh and
# fuzz/planted/measure.sh give TARGET, one a line: sources.bzl's
# libfuzzer_options (max_len from FUZZ_TARGETS, timeout) as -name=value, and
# -dict=fuzz/TARGET.dict where there is one.
zinc_libfuzzer_flags() {
	local t=$1 name value
	zinc_list libfuzzer_options "$t" | while read -r name value; do
		echo "-$name=$value"
	done
	[ -f "$ZINC_ROOT/fuzz/$t.dict" ] && echo "-dict=$ZINC_ROOT/fuzz/$t.dict"
	return 0
}

# zinc_planted_tree NAME DIR: makes DIR (new or empty, outside the tree: a
# copy's BUILD files under it would be packages of Bazel's //...) a copy of
# the working tree, the files git tracks or would add (without git: all but
# .git and the build outputs), with the planted bug NAME in it: its patch,
# fuzz/planted/patches/NAME.patch, applied by fuzz/planted/apply.sh. The one
# way the scripts build a planted variant (ci/ct.sh,
# fuzz/planted/build.sh, ci/emu.sh; Bazel's is in BUILD). Returns 1, with a
# line naming the patch, when it is missing or does not apply.
zinc_planted_tree() {
	local name=$1 dir=$2
	mkdir -p "$dir" || { zinc_say "cannot create $dir"; return 1; }
	[ -z "$(ls -A "$dir")" ] || { zinc_say "zinc_planted_tree: $dir is not empty"; return 1; }
	case "$(cd "$dir" && pwd -P)/" in
	"$(cd "$ZINC_ROOT" && pwd -P)"/*)
		zinc_say "zinc_planted_tree: $dir is inside the tree (Bazel would build the copy's packages)"
		return 1 ;;
	esac
	if git -C "$ZINC_ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		# Files deleted in the working tree are still listed: left out.
		(cd "$ZINC_ROOT" && git ls-files -z -co --exclude-standard |
			while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
			tar --null -T - -cf -) | tar -C "$dir" -xf -
	else
		tar -C "$ZINC_ROOT" --exclude=./.git --exclude='./bazel-*' --exclude='./*-out*' \
			-cf - . | tar -C "$dir" -xf -
	fi || { zinc_say "cannot copy the tree to $dir"; return 1; }
	"$ZINC_ROOT/fuzz/planted/apply.sh" "$ZINC_ROOT/fuzz/planted/patches/$name.patch" "$dir"
}

# Prints FUZZ_TARGETS from sources.bzl, one a line.
zinc_fuzz_targets() { zinc_list FUZZ_TARGETS; }

# zinc_is_target NAME: true when NAME is one of the fuzz targets.
zinc_is_target() {
	local t
	for t in $(zinc_fuzz_targets); do
		[ "$t" = "$1" ] && return 0
	done
	return 1
}

# zinc_bazel [--afl] ARGS...: bazel with the chosen output base, from the
# repository root.
zinc_bazel() {
	local startup=() base="${ZINC_BAZEL_OUTPUT_BASE:-}"
	if [ "${1:-}" = --afl ]; then
		shift
		base="${base:-${XDG_CACHE_HOME:-$HOME/.cache}/zinc-bazel}-afl"
	fi
	[ -n "$base" ] && startup=(--output_base="$base")
	(cd "$ZINC_ROOT" && CC="${ZINC_CC:-clang-19}" "${BAZEL:-bazel}" "${startup[@]}" "$@")
}

# zinc_build LOG [--afl] BAZEL-ARGS...: bazel build, its output in LOG
# (shown on failure); then prints the bazel-bin folder of that configuration.
zinc_build() {
	local log="$1" afl=() opts=() a
	shift
	if [ "${1:-}" = --afl ]; then afl=(--afl); shift; fi
	for a in "$@"; do
		case "$a" in //*) ;; *) opts+=("$a") ;; esac
	done
	if ! zinc_bazel "${afl[@]}" build "$@" >>"$log" 2>&1; then
		grep -v 'Cannot export local symbol' "$log" | tail -n 40 >&2
		zinc_die "build failed: bazel build $* (full log: $log)"
	fi
	zinc_bazel "${afl[@]}" info "${opts[@]}" bazel-bin 2>>"$log" ||
		zinc_die "bazel info failed (log: $log)"
}

# A symbolizer for sanitizer reports, when one is installed.
for _s in /usr/lib/llvm-19/bin/llvm-symbolizer /usr/bin/llvm-symbolizer-19 /usr/bin/llvm-symbolizer; do
	if [ -x "$_s" ]; then
		export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-$_s}"
		break
	fi
done
unset _s
