#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# ci/oss-fuzz/check.sh — OSS-Fuzz's build and check_build, emulated without
# Docker. For each sanitizer/engine pair: copies the checkout to a temporary
# $SRC/zinc (and libsodium's source to $SRC/libsodium, as the Dockerfile
# clones it), sets the environment base-builder's `compile` would
# (CC, CXX, CFLAGS, CXXFLAGS, LIB_FUZZING_ENGINE, SANITIZER, FUZZING_ENGINE,
# ARCHITECTURE, SRC, WORK, OUT), runs ci/oss-fuzz/build.sh from $SRC/zinc, and
# then checks what check_build checks: every target in $OUT exists with its
# seed corpus, is instrumented for the sanitizer and engine, runs every seed,
# then 2000 fresh inputs, and exits cleanly. Under MemorySanitizer it also
# checks that nothing uninstrumented is linked beyond the C runtime.
#
#   ci/oss-fuzz/check.sh [--quick] [--keep] [--libsodium DIR|none] [PAIR...]
#
# PAIR is SANITIZER/ENGINE, optionally /nosodium (no $SRC/libsodium: the
# system-library fallback). Default: address/libfuzzer undefined/libfuzzer
# memory/libfuzzer address/afl memory/libfuzzer/nosodium.
# --quick: address/libfuzzer/nosodium only (what ci/test.sh runs).
# --libsodium DIR: libsodium source to use (default: Debian's libsodium
# source package, fetched once with apt-get source into ~/.cache/zinc);
# `none` makes every pair /nosodium.
# --keep: keep the temporary folder (its path is printed).
#
# Differences from the real thing, on purpose: Debian's clang-19 instead of
# OSS-Fuzz's clang; CXXFLAGS without -stdlib=libc++ (zinc has no C++; Debian
# has no MSan-built libc++); AFL++ is Debian's 4.04c (afl-clang-fast drives
# clang-14) with its libAFLDriver.a as $LIB_FUZZING_ENGINE.
#
# Exit: 0 every pair passed, 1 a check failed, 2 usage or setup error.
set -uo pipefail
ZINC_PROG=ci/oss-fuzz/check.sh
. "$(dirname "$0")/../lib.sh"

die() { echo "$ZINC_PROG: $*" >&2; exit 2; }

quick= keep= sodium_src=auto pairs=()
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) quick=1 ;;
	--keep) keep=1 ;;
	--libsodium) [ $# -ge 2 ] || die "--libsodium needs DIR or none"; sodium_src=$2; shift ;;
	-h|--help) sed -n '3,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) die "unknown option $1" ;;
	*) pairs+=("$1") ;;
	esac
	shift
done
if [ ${#pairs[@]} -eq 0 ]; then
	if [ -n "$quick" ]; then
		pairs=(address/libfuzzer/nosodium)
	else
		pairs=(address/libfuzzer undefined/libfuzzer memory/libfuzzer address/afl
			memory/libfuzzer/nosodium)
	fi
fi

pkgs=(clang-19 libclang-rt-19-dev llvm-19 python3 zip unzip binutils libsodium-dev libssl-dev libb2-dev)
for p in "${pairs[@]}"; do
	case "$p" in
	*/afl*) pkgs+=(afl++ libclang-rt-14-dev) ;;
	esac
	case "$p" in
	*/nosodium) ;;
	*) [ "$sodium_src" != none ] && pkgs+=(autoconf automake libtool make dpkg-dev) ;;
	esac
done
zinc_install "${pkgs[@]}" || die "cannot install ${pkgs[*]}"

# ---- libsodium source (the Dockerfile clones it; here: Debian's source) ----
fetch_sodium() {
	local cache="${XDG_CACHE_HOME:-$HOME/.cache}/zinc/libsodium-src" apt=$1
	if [ ! -d "$cache/src" ]; then
		zinc_say "fetching libsodium source (Debian source package) into $cache"
		rm -rf "$cache" && mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$cache" || return 1
		. /etc/os-release
		echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian ${VERSION_CODENAME:-bookworm} main" >"$apt/src.list"
		local o=(-o Dir::Etc::SourceList="$apt/src.list" -o Dir::Etc::SourceParts=/dev/null
			-o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -o APT::Sandbox::User=root)
		apt-get "${o[@]}" update >"$apt/log" 2>&1 &&
			(cd "$cache" && apt-get "${o[@]}" source --download-only libsodium >>"$apt/log" 2>&1) &&
			mkdir -p "$cache/src" &&
			tar -C "$cache/src" --strip-components=1 -xzf "$cache"/libsodium_*.orig.tar.* ||
			{ cat "$apt/log" >&2; rm -rf "$cache"; return 1; }
	fi
	echo "$cache/src"
}

tmp=$(mktemp -d /tmp/zinc-oss-fuzz.XXXXXX) || die "mktemp failed"
if [ -n "$keep" ]; then echo "keeping $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi

need_sodium=
for p in "${pairs[@]}"; do case "$p" in */nosodium) ;; *) need_sodium=1 ;; esac; done
if [ -n "$need_sodium" ]; then
	case "$sodium_src" in
	none) ;;
	auto) sodium_src=$(fetch_sodium "$tmp/apt") || die "cannot fetch libsodium source (use --libsodium DIR or none)" ;;
	*) [ -f "$sodium_src/configure.ac" ] || die "$sodium_src is not a libsodium source tree" ;;
	esac
fi

# The checkout as the Dockerfile's git clone would have it (the working tree,
# so uncommitted changes are checked too), without build outputs.
mkdir -p "$tmp/tree"
tar -C "$ZINC_ROOT" --exclude=./.git --exclude='./bazel-*' --exclude=./fuzz-out \
	--exclude=./coverage-out -cf - . | tar -C "$tmp/tree" -xf - || die "cannot copy the checkout"

# ---- OSS-Fuzz's compiler flags (base-clang / base-builder) ----
BASE_CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
UBSAN_CHECKS=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unsigned-integer-overflow,unreachable,vla-bound,vptr
san_flags() {
	case "$1" in
	address) echo "-fsanitize=address -fsanitize-address-use-after-scope" ;;
	# unsigned-integer-overflow is a coverage signal only: recoverable, and
	# silenced at run time (silence_unsigned_overflow=1).
	undefined) echo "-fsanitize=$UBSAN_CHECKS -fno-sanitize-recover=${UBSAN_CHECKS/unsigned-integer-overflow,/}" ;;
	memory) echo "-fsanitize=memory -fsanitize-memory-track-origins" ;;
	*) return 1 ;;
	esac
}
# base-runner's run-time options (the parts that matter here).
RUN_ENV=(
	ASAN_OPTIONS=alloc_dealloc_mismatch=0:allocator_may_return_null=1:detect_leaks=1:detect_stack_use_after_return=1:handle_abort=1:handle_segv=1:strict_memcmp=1:symbolize=1:dedup_token_length=3
	UBSAN_OPTIONS=print_stacktrace=1:print_summary=1:silence_unsigned_overflow=1:halt_on_error=1:symbolize=1:dedup_token_length=3
	MSAN_OPTIONS=print_stats=1:symbolize=1:dedup_token_length=3:halt_on_error=1
	AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1
	AFL_SKIP_CRASHES=0 AFL_QUIET=1
)

# options_flags FILE: the [libfuzzer] section of a .options file as -key=value.
options_flags() {
	[ -f "$1" ] || return 0
	awk '/^\[/{s = ($0 == "[libfuzzer]")} s && /=/{gsub(/[ \t]/, ""); print "-" $0}' "$1"
}


rows=() failed=0
row() { rows+=("$(printf '%-28s %-18s %-5s %-17s %-17s %s' "$@")"); }

check_pair() { # check_pair SANITIZER ENGINE WITH_SODIUM
	local san=$1 eng=$2 sodium=$3 name="$1/$2" d flags cc cxx lfe
	[ -n "$sodium" ] || name="$name/nosodium"
	d="$tmp/${name//\//-}"
	flags=$(san_flags "$san") || { row "$name" "-" "-" "-" "-" "unknown sanitizer"; failed=1; return; }
	case "$eng" in
	libfuzzer) cc=clang-19 cxx=clang++-19 lfe=-fsanitize=fuzzer flags="$flags -fsanitize=fuzzer-no-link" ;;
	afl) cc=afl-clang-fast cxx=afl-clang-fast++ lfe=/usr/lib/afl/libAFLDriver.a ;;
	*) row "$name" "-" "-" "-" "-" "unknown engine"; failed=1; return ;;
	esac
	mkdir -p "$d/src" "$d/work" "$d/out"
	cp -a "$tmp/tree" "$d/src/zinc"
	[ -n "$sodium" ] && cp -a "$sodium_src" "$d/src/libsodium"
	cp "$d/src/zinc/ci/oss-fuzz/build.sh" "$d/src/build.sh"

	echo "== $name: build.sh (log: ${keep:+$d/}build.log)"
	local env_build=(env -i PATH="$PATH" HOME="$HOME" LANG=C.UTF-8
		CC="$cc" CXX="$cxx" CFLAGS="$BASE_CFLAGS $flags" CXXFLAGS="$BASE_CFLAGS $flags"
		LIB_FUZZING_ENGINE="$lfe" SANITIZER="$san" FUZZING_ENGINE="$eng" ARCHITECTURE=x86_64
		SRC="$d/src" WORK="$d/work" OUT="$d/out"
		ASAN_OPTIONS=detect_leaks=0:detect_odr_violation=0 AFL_QUIET=1)
	if ! (cd "$d/src/zinc" && "${env_build[@]}" bash -eux "$d/src/build.sh") >"$d/build.log" 2>&1; then
		tail -n 30 "$d/build.log"
		row "$name" "(all)" "-" "-" "-" "BUILD FAILED"
		failed=1
		return
	fi
	grep '^zinc: ' "$d/build.log" | grep -v '^zinc: built' | sed 's/^/   /'

	local t bin seeds n res1 res2 note inst libs bad
	for t in $(zinc_fuzz_targets); do
		bin="$d/out/${t}_fuzzer"
		note=
		if [ ! -x "$bin" ] || [ ! -f "$d/out/${t}_fuzzer_seed_corpus.zip" ]; then
			row "$name" "$t" "-" "-" "-" "MISSING in \$OUT"
			failed=1
			continue
		fi
		# Instrumented for the sanitizer and the engine (what bad_build_check looks for).
		inst=yes
		local syms sects
		syms=$(nm "$bin" 2>/dev/null) sects=$(readelf -S "$bin" 2>/dev/null)
		case "$san" in
		address) grep -q ' __asan_report_load' <<<"$syms" || inst=no ;;
		undefined) grep -q ' __ubsan_handle_' <<<"$syms" || inst=no ;;
		memory) grep -q ' __msan_' <<<"$syms" || inst=no ;;
		esac
		case "$eng" in
		libfuzzer) grep -qE '__sancov_(cntrs|guards)' <<<"$sects" || inst=no ;;
		afl) grep -q ' __afl_area_ptr' <<<"$syms" || inst=no ;;
		esac
		# Which oracle libraries are inside (statically, folded into the adapters).
		local oracles=
		grep -qE ' crypto_(stream_chacha20_ietf_xor_ic|onetimeauth_poly1305|scalarmult_curve25519)$' <<<"$syms" &&
			oracles+=libsodium,
		grep -qE ' EVP_(CIPHER_fetch|MAC_fetch|PKEY_derive)$' <<<"$syms" && oracles+=openssl,
		grep -q ' blake2s_init_key_ref$' <<<"$syms" && oracles+=libb2,
		oracles=${oracles%,}
		# Dynamic libraries: none of the oracle libraries (the runner image
		# has none). Under MSan only the C runtime and what the engine needs
		# (Debian's libFuzzer uses libstdc++; OSS-Fuzz's has a private
		# libc++), and no oracle that was not built here with $CFLAGS.
		libs=$(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
		bad=$(for l in $libs; do
			case "$l" in
			libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*|libresolv.so.*|ld-linux-x86-64.so.*) ;;
			libstdc++.so.*|libgcc_s.so.*) ;;
			*) echo "$l" ;;
			esac
		done)
		if [ "$san" = memory ]; then
			case ",$oracles," in
			*,openssl,*|*,libb2,*) bad+=" uninstrumented-oracle:$oracles" ;;
			*,libsodium,*) [ -n "$sodium" ] || bad+=" uninstrumented-oracle:libsodium" ;;
			esac
		fi
		[ -n "$bad" ] && { note="not allowed: $(echo $bad)"; inst=no; }

		seeds="$d/seeds/$t" && mkdir -p "$seeds" "$d/fresh/$t"
		unzip -q -o "$d/out/${t}_fuzzer_seed_corpus.zip" -d "$seeds"
		n=$(find "$seeds" -type f | wc -l)
		local opts=() dict=()
		mapfile -t opts < <(options_flags "$d/out/${t}_fuzzer.options")
		[ -f "$d/out/${t}_fuzzer.dict" ] && dict=(-dict="$d/out/${t}_fuzzer.dict")
		if [ "$eng" = libfuzzer ]; then
			# Every seed once (-runs=0 still executes the corpus), then 2000
			# fresh inputs from an empty corpus.
			env "${RUN_ENV[@]}" "$bin" -rss_limit_mb=2560 "${opts[@]}" "${dict[@]}" -runs=0 \
				"$seeds" >"$d/$t.seeds.log" 2>&1 && res1="ok $n" || res1="FAIL $n"
			env "${RUN_ENV[@]}" "$bin" -rss_limit_mb=2560 "${opts[@]}" "${dict[@]}" -runs=2000 -seed=1 \
				"$d/fresh/$t" >"$d/$t.fresh.log" 2>&1 && res2="ok 2000" || res2="FAIL 2000"
			grep -q INITED "$d/$t.seeds.log" || res1="FAIL $n"
		else
			# The AFL++ driver runs each file given once; then afl-fuzz
			# itself for about 2000 executions from the seeds.
			env "${RUN_ENV[@]}" "$bin" "$seeds"/* >"$d/$t.seeds.log" 2>&1 &&
				res1="ok $n" || res1="FAIL $n"
			# afl-fuzz insists on its own sanitizer options.
			env "${RUN_ENV[@]}" ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0 \
				UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0:silence_unsigned_overflow=1 \
				MSAN_OPTIONS=exit_code=86:symbolize=0 \
				timeout 600 afl-fuzz -E 2000 -i "$seeds" -o "$d/afl-$t" ${dict[0]:+-x "$d/out/${t}_fuzzer.dict"} \
				-t 25000 -- "$bin" >"$d/$t.fresh.log" 2>&1 && res2="ok 2000" || res2="FAIL 2000"
			if [ -d "$d/afl-$t/default/crashes" ] &&
				[ -n "$(ls -A "$d/afl-$t/default/crashes" | grep -v README)" ]; then
				res2="CRASH 2000"
			fi
		fi
		case "$res1 $res2 $inst" in
		*FAIL*|*CRASH*|*no)
			failed=1
			[ -z "$note" ] && note="FAILED"
			for f in "$d/$t.seeds.log" "$d/$t.fresh.log"; do
				grep -qE 'ERROR|MISMATCH|FAIL|PROGRAM ABORT|Aborted' "$f" && { echo "--- $f"; tail -n 25 "$f"; }
			done
			;;
		*) note="ok, oracles: ${oracles:-none}" ;;
		esac
		row "$name" "$t" "$inst" "$res1" "$res2" "$note"
	done
	echo "   \$OUT: $(cd "$d/out" && ls | tr '\n' ' ')"
	set -- $(zinc_fuzz_targets)
	echo "   linked: $(readelf -d "$d/out/${1}_fuzzer" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
}

for p in "${pairs[@]}"; do
	IFS=/ read -r san eng extra <<<"$p"
	sodium=
	[ "$extra" != nosodium ] && [ "$sodium_src" != none ] && sodium=1
	check_pair "$san" "$eng" "$sodium"
done

echo
printf '%-28s %-18s %-5s %-17s %-17s %s\n' "sanitizer/engine" "target" "instr" "seeds (n)" "fresh (runs)" "result"
printf '%s\n' "${rows[@]}"
echo
if [ "$failed" = 0 ]; then
	echo "check.sh: all ${#pairs[@]} pair(s) passed"
else
	echo "check.sh: FAILED"
fi
exit "$failed"
