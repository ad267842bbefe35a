#!/usr/bin/env bash
# ci/install_test.sh — ci/install.sh works the way an application uses it:
# installs into a temporary prefix, checks the files, the soname and the
# symlinks, builds ci/install_test.c with
#   cc install_test.c $(pkg-config --cflags --libs zinc)
# and runs it against the installed library, found through LD_LIBRARY_PATH
# and through -Wl,-rpath (README's two runtime paths); links it against
# bazel-bin/libzinc.so as README says; then a --destdir install must
# stage the same files under DESTDIR with zinc.pc naming the prefix. The
# README's third way, a Bazel target depending on //:zinc, is
# //:zinc_dep_test.
# Ends with "install_test: N passed, M failed"; exit 1 on any failure.
set -uo pipefail
ZINC_PROG=ci/install_test.sh
. "$(dirname "$0")/lib.sh"
zinc_need pkg-config binutils

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # check WHAT COMMAND...
	local what=$1
	shift
	if "$@"; then passed=$((passed + 1)); else echo "FAILED: $what" >&2; failed=$((failed + 1)); fi
}

version=$(zinc_list VERSION) major=${version%%.*}
prefix="$tmp/prefix" lib="$tmp/prefix/lib"
check "ci/install.sh --prefix $prefix" "$ZINC_ROOT/ci/install.sh" --prefix "$prefix"
for h in "$ZINC_ROOT"/include/zinc/*.h; do
	check "header ${h##*/} installed" cmp -s "$h" "$prefix/include/zinc/${h##*/}"
done
check "libzinc.so.$version is a file" test -f "$lib/libzinc.so.$version" -a ! -L "$lib/libzinc.so.$version"
check "libzinc.so.$major -> libzinc.so.$version" test "$(readlink "$lib/libzinc.so.$major")" = "libzinc.so.$version"
check "libzinc.so -> libzinc.so.$major" test "$(readlink "$lib/libzinc.so")" = "libzinc.so.$major"
soname=$(LC_ALL=C readelf -d "$lib/libzinc.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
check "soname libzinc.so.$major (got '$soname')" test "$soname" = "libzinc.so.$major"

export PKG_CONFIG_PATH="$lib/pkgconfig"
check "pkg-config --modversion zinc = $version" test "$(pkg-config --modversion zinc)" = "$version"
cc=$(command -v cc || command -v "${CC:-clang-19}")
# shellcheck disable=SC2046  # pkg-config's output is meant to be split
check "cc install_test.c \$(pkg-config --cflags --libs zinc)" \
	"$cc" -o "$tmp/app" "$ZINC_ROOT/ci/install_test.c" $(pkg-config --cflags --libs zinc)
if [ -x "$tmp/app" ]; then
	needed=$(LC_ALL=C readelf -d "$tmp/app" | sed -n 's/.*(NEEDED).*\[\(libzinc[^]]*\)\]/\1/p')
	check "the program needs libzinc.so.$major (got '$needed')" test "$needed" = "libzinc.so.$major"
	resolved=$(LD_LIBRARY_PATH="$lib" ldd "$tmp/app" | awk '$1 == "libzinc.so.'"$major"'" { print $3 }')
	check "it loads the installed library (got '$resolved')" test "$resolved" = "$lib/libzinc.so.$major"
	check "the program runs and passes" env LD_LIBRARY_PATH="$lib" "$tmp/app"
else
	echo "FAILED: no program built: not run" >&2
	failed=$((failed + 1))
fi
# shellcheck disable=SC2046
check "cc install_test.c \$(pkg-config --cflags --libs zinc) -Wl,-rpath,PREFIX/lib" \
	"$cc" -o "$tmp/app-rpath" "$ZINC_ROOT/ci/install_test.c" $(pkg-config --cflags --libs zinc) -Wl,-rpath,"$lib"
if [ -x "$tmp/app-rpath" ]; then
	check "the program linked with -Wl,-rpath starts and passes" env -u LD_LIBRARY_PATH "$tmp/app-rpath"
else
	echo "FAILED: no program built with -Wl,-rpath: not run" >&2
	failed=$((failed + 1))
fi

# The README's other way: link bazel-bin/libzinc.so in place.
bazel_bin=$(cd "$ZINC_ROOT" && bazel build -c opt //:libzinc.so //:libzinc_soname >/dev/null 2>&1 &&
	bazel info -c opt bazel-bin 2>/dev/null)
check "bazel build -c opt //:libzinc.so //:libzinc_soname" test -f "$bazel_bin/libzinc.so.$major"
check "cc app.c -I include -L bazel-bin -lzinc -Wl,-rpath,bazel-bin" \
	"$cc" -o "$tmp/app-bazel" "$ZINC_ROOT/ci/install_test.c" -I"$ZINC_ROOT/include" \
	-L"$bazel_bin" -lzinc -Wl,-rpath,"$bazel_bin"
if [ -x "$tmp/app-bazel" ]; then
	check "the program linked against bazel-bin starts and passes" env -u LD_LIBRARY_PATH "$tmp/app-bazel"
else
	echo "FAILED: no program built against bazel-bin: not run" >&2
	failed=$((failed + 1))
fi

stage="$tmp/stage"
check "ci/install.sh --destdir $stage --prefix /opt/zinc" \
	"$ZINC_ROOT/ci/install.sh" --destdir "$stage" --prefix /opt/zinc
check "staged under DESTDIR/PREFIX" test -f "$stage/opt/zinc/lib/libzinc.so.$version"
check "staged zinc.pc names the prefix, not DESTDIR" grep -qx 'prefix=/opt/zinc' "$stage/opt/zinc/lib/pkgconfig/zinc.pc"
check "a relative --prefix is refused (exit 2)" bash -c '"$1" --prefix relative/dir >/dev/null 2>&1; [ $? = 2 ]' _ "$ZINC_ROOT/ci/install.sh"

echo "install_test: $passed passed, $failed failed"
[ "$failed" = 0 ]
