#!/bin/bash -eu
# SPDX-License-Identifier: MIT
#
# OSS-Fuzz / ClusterFuzzLite build of zinc's fuzz targets, run by base-builder's
# `compile` with the zinc checkout in $SRC/zinc (and, optionally, libsodium's
# source in $SRC/libsodium). It uses only what base-builder provides: $CC $CXX
# $CFLAGS $CXXFLAGS $LIB_FUZZING_ENGINE $SANITIZER $FUZZING_ENGINE $SRC $WORK
# $OUT ($ARCHITECTURE), and python3 to read sources.bzl, the one list of
# sources, targets and flags that Bazel reads too (through the checkout's
# ci/lib.sh, as every script does; the flags are its CONFIGS oss_fuzz).
#
# For each target t in FUZZ_TARGETS it writes to $OUT:
#   t_fuzzer                  linked with $LIB_FUZZING_ENGINE (by $CXX)
#   t_fuzzer_seed_corpus.zip  corpus/t/ including corpus/t/regressions/
#   t_fuzzer.dict             when fuzz/t.dict exists
#   t_fuzzer.options          its libFuzzer options, written from sources.bzl
#                             (libfuzzer_options: max_len from FUZZ_TARGETS)
#
# Oracles: libsodium is built from $SRC/libsodium with $CFLAGS when that
# folder exists (so MemorySanitizer sees instrumented code), else the system
# static library is used. OpenSSL 3 and libb2 are the system static
# libraries. A library that MemorySanitizer cannot see (not built here), or an
# OpenSSL older than 3, has its adapter compiled out, its struct zinc_oracle
# with no operation (sources.bzl's oracle_off_flags on that one file:
# -DZINC_NO_LIBSODIUM ..., with -DZINC_ORACLES_OFF_WHY giving the reason the
# targets count). NSS's adapter is always compiled out here (-DZINC_NO_NSS;
# see "NSS" below), and so
# is BoringSSL's (-DZINC_NO_BORINGSSL; see "BoringSSL" below). Under
# MemorySanitizer the assembly backends are left out as well
# (ZINC_ASM_X86_64 is defined only when they are assembled in).

ZINC=$SRC/zinc
BUILD=$WORK/zinc-build
ARCH=${ARCHITECTURE:-x86_64}
# zinc_list: sources.bzl's lists and flags.
# shellcheck source=ci/lib.sh
. "$ZINC/ci/lib.sh"

rm -rf "$BUILD"
mkdir -p "$BUILD/obj" "$OUT"

# FUZZ_DEFINES: ZINC_TESTING, and the ABI check of every assembly entry
# point (its sources, ABI_CHECK_SRCS, go in with the assembly, and
# ASM_DEFINES of asm_arch with them).
asm=() asm_arch=
if [ "$SANITIZER" != memory ] && [ "$ARCH" = x86_64 ]; then
	mapfile -t asm < <(zinc_list ASM_SRCS x86_64)
	[ ${#asm[@]} -gt 0 ] && asm_arch=x86_64
	echo "zinc: assembly backends in: ${asm[*]:-none}"
	[ ${#asm[@]} -gt 0 ] && mapfile -t -O ${#asm[@]} asm < <(zinc_list ABI_CHECK_SRCS x86_64)
else
	echo "zinc: assembly backends left out (SANITIZER=$SANITIZER, ARCHITECTURE=$ARCH)"
fi

# ---- oracle libraries ----
# off[lib]: why that adapter is compiled to the counting stub (empty: it is
# not); archive[lib]: the static library folded into it.
declare -A off=([libsodium]= [openssl]= [libb2]= [nss]= [boringssl]=) archive=()
sodium_inc=()
static_lib() { # static_lib NAME: the path of the system's NAME.a, if any
	local p
	for p in "$($CC -print-file-name="$1.a")" "/usr/lib/$(uname -m)-linux-gnu/$1.a" "/usr/lib/$1.a"; do
		[ -f "$p" ] && { echo "$p"; return 0; }
	done
	return 1
}
if [ -d "$SRC/libsodium" ]; then
	echo "zinc: building libsodium from $SRC/libsodium with \$CFLAGS"
	sodium_opts=(--disable-shared --enable-static --disable-pie --prefix="$BUILD/sodium")
	[ "$SANITIZER" = memory ] && sodium_opts+=(--disable-asm)
	mkdir -p "$BUILD/sodium-build"
	(
		cd "$SRC/libsodium"
		[ -x configure ] || ./autogen.sh -s >/dev/null
		cd "$BUILD/sodium-build"
		"$SRC/libsodium/configure" "${sodium_opts[@]}" CC="$CC" CFLAGS="$CFLAGS" >configure.log
		make -j"$(nproc)" >make.log
		make install >/dev/null
	)
	sodium_inc=(-I"$BUILD/sodium/include")
	archive[libsodium]=$BUILD/sodium/lib/libsodium.a
elif [ "$SANITIZER" = memory ]; then
	off[libsodium]="no \$SRC/libsodium, and the system library is not instrumented"
else
	archive[libsodium]=$(static_lib libsodium) || off[libsodium]="no static libsodium"
fi
if [ "$SANITIZER" = memory ]; then
	off[openssl]="the system library is not instrumented"
	off[libb2]="the system library is not instrumented"
else
	if ! echo '#include <openssl/core_names.h>' | $CC -E -x c - >/dev/null 2>&1; then
		off[openssl]="OpenSSL 3 headers not found"
	else
		archive[openssl]=$(static_lib libcrypto) || off[openssl]="no static libcrypto"
	fi
	archive[libb2]=$(static_lib libb2) || off[libb2]="no static libb2"
fi
# NSS: never here (CONFIGS oss_fuzz adapters_off). Its -dev package has no
# static libraries (libnss3 loads libsoftokn3 and libfreeblpriv3 with dlopen
# at NSS_NoDB_Init), the runner image has no NSS to load, and under MSan it
# would not be instrumented.
off[nss]=$(zinc_list CONFIGS oss_fuzz adapters_off nss)
# BoringSSL: never here either (adapters_off). fuzz/oracles/boringssl.c
# loads Debian's android/libcrypto.so.0 at run time (dlmopen), which the
# runner image does not have and MSan could not see into.
off[boringssl]=$(zinc_list CONFIGS oss_fuzz adapters_off boringssl)
for lib in libsodium openssl libb2 nss boringssl; do
	[ -n "${off[$lib]}" ] && echo "zinc: $lib oracle compiled out: ${off[$lib]}"
done

# fold OBJ ARCHIVE: links into OBJ the members of ARCHIVE it needs, then
# leaves global only what OBJ itself defined. The oracle libraries are static
# (the runner image has none of them), and a static library's internal
# globals may clash with zinc's names: OpenSSL's libcrypto.a has its own
# global poly1305_init.
fold() {
	nm -g --defined-only "$1" | awk '{ print $3 }' >"$1.keep"
	ld -r -o "$1.all" "$1" "$2"
	objcopy --keep-global-symbols="$1.keep" "$1.all" "$1"
}

# ---- compile ----
mapfile -t common < <(zinc_list cflags oss_fuzz "$asm_arch" "$ZINC")
[ ${#common[@]} -gt 0 ] || { echo "zinc: cannot read the flags from sources.bzl" >&2; exit 1; }
objs=()
compile() { # compile FILE EXTRA-FLAGS...: into $BUILD/obj, appended to objs
	local src=$1 obj
	shift
	obj=$BUILD/obj/$(echo "${src%.*}" | tr / _).o
	$CC $CFLAGS "${common[@]}" "$@" -c "$ZINC/$src" -o "$obj"
	objs+=("$obj")
}
for f in $(zinc_list LIB_SRCS) "${asm[@]}" $(zinc_list FUZZ_SRCS); do
	compile "$f"
done
for lib in libsodium openssl libb2 nss boringssl; do
	extra=()
	if [ -n "${off[$lib]}" ]; then
		mapfile -t extra < <(zinc_list oracle_off_flags "$lib" "${off[$lib]}")
	elif [ "$lib" = libsodium ]; then
		extra=("${sodium_inc[@]}")
	fi
	for f in $(zinc_list ORACLE_SRCS "$lib"); do
		compile "$f" "${extra[@]}"
		if [ -z "${off[$lib]}" ]; then
			fold "${objs[-1]}" "${archive[$lib]}"
		fi
	done
done
ar rcs "$BUILD/libzinc_fuzz.a" "${objs[@]}"
mapfile -t libs < <(zinc_list CONFIGS oss_fuzz libs)

# ---- link the targets, corpora, dictionaries, options ----
for t in $(zinc_list FUZZ_TARGETS); do
	objs=()
	compile "fuzz/${t}_fuzzer.c"
	# Pure C, but linked by $CXX as OSS-Fuzz requires ($LIB_FUZZING_ENGINE
	# may be C++).
	$CXX $CXXFLAGS "${objs[@]}" "$BUILD/libzinc_fuzz.a" "${libs[@]}" \
		$LIB_FUZZING_ENGINE -o "$OUT/${t}_fuzzer"

	rm -f "$OUT/${t}_fuzzer_seed_corpus.zip"
	(cd "$ZINC/corpus/$t" && find . -type f | sort | zip -q -j -@ "$OUT/${t}_fuzzer_seed_corpus.zip")
	[ -f "$ZINC/fuzz/$t.dict" ] && cp "$ZINC/fuzz/$t.dict" "$OUT/${t}_fuzzer.dict"
	{
		echo "# Generated by ci/oss-fuzz/build.sh from sources.bzl (libfuzzer_options, FUZZ_TARGETS)."
		echo "[libfuzzer]"
		zinc_list libfuzzer_options "$t" | while read -r name value; do
			echo "$name = $value"
		done
	} >"$OUT/${t}_fuzzer.options"
	echo "zinc: built $OUT/${t}_fuzzer"
done
