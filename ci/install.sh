#!/usr/bin/env bash
# ci/install.sh — installs zinc like a system library:
#
#   ci/install.sh [--prefix DIR] [--destdir DIR]
#
# builds //:libzinc.so (bazel -c opt, CC=clang-19 unless $ZINC_CC) and installs
#   PREFIX/include/zinc/*.h
#   PREFIX/lib/libzinc.so.VERSION     (soname libzinc.so.MAJOR, set in BUILD)
#   PREFIX/lib/libzinc.so.MAJOR -> libzinc.so.VERSION
#   PREFIX/lib/libzinc.so       -> libzinc.so.MAJOR   (for -lzinc)
#   PREFIX/lib/pkgconfig/zinc.pc
# so that an application builds with  cc app.c $(pkg-config --cflags --libs zinc)
# (PKG_CONFIG_PATH=PREFIX/lib/pkgconfig when PREFIX is not searched by default).
# VERSION is VERSION in sources.bzl. PREFIX (default /usr/local) must be an
# absolute path: it is written into zinc.pc. --destdir DIR puts the files
# under DIR/PREFIX instead (staging for a package), zinc.pc still saying PREFIX.
# Exit status: 0 installed; 1 build or copy failure; 2 usage error.
set -euo pipefail
ZINC_PROG=ci/install.sh
. "$(dirname "$0")/lib.sh"

usage() {
	zinc_die "$1 (usage: ci/install.sh [--prefix DIR] [--destdir DIR])"
}

prefix=/usr/local destdir=
while [ $# -gt 0 ]; do
	case "$1" in
	--prefix | --destdir)
		[ $# -ge 2 ] && [ -n "$2" ] || usage "missing value after $1"
		if [ "$1" = --prefix ]; then prefix=$2; else destdir=$2; fi
		shift 2 ;;
	-h | --help)
		sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
		exit 0 ;;
	*) usage "unknown argument: $1" ;;
	esac
done
case "$prefix" in
/*) ;;
*) usage "--prefix must be an absolute path (it goes into zinc.pc): $prefix" ;;
esac
prefix=${prefix%/}
[ -n "$prefix" ] || prefix=/

version=$(zinc_list VERSION)
case "$version" in
[0-9]*.[0-9]*.[0-9]*) ;;
*) zinc_die "sources.bzl: VERSION is not MAJOR.MINOR.PATCH: '$version'" ;;
esac
major=${version%%.*}

zinc_need "${ZINC_BUILD_PACKAGES[@]}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
bin=$(zinc_build "$log" -c opt //:libzinc.so)
so="$bin/libzinc.so"
[ -f "$so" ] || zinc_die "bazel built no $so"
soname=$(LC_ALL=C readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libzinc.so.$major" ] ||
	zinc_die "$so has soname '$soname', not libzinc.so.$major (BUILD sets it from VERSION)"

root="$destdir$prefix"
libdir="$root/lib" incdir="$root/include/zinc"
install -d "$incdir" "$libdir/pkgconfig" || exit 1
install -m 644 "$ZINC_ROOT"/include/zinc/*.h "$incdir/" || exit 1
install -m 755 "$so" "$libdir/libzinc.so.$version" || exit 1
ln -sfn "libzinc.so.$version" "$libdir/libzinc.so.$major"
ln -sfn "libzinc.so.$major" "$libdir/libzinc.so"
cat >"$libdir/pkgconfig/zinc.pc" <<EOF
prefix=$prefix
exec_prefix=\${prefix}
libdir=\${exec_prefix}/lib
includedir=\${prefix}/include

Name: zinc
Description: ChaCha20, Poly1305, (X)ChaCha20-Poly1305, BLAKE2s and Curve25519
Version: $version
Libs: -L\${libdir} -lzinc
Cflags: -I\${includedir}
EOF
echo "installed zinc $version into ${destdir:+$destdir (staging) }$prefix:"
echo "  $incdir/*.h, $libdir/libzinc.so.$version (+ libzinc.so.$major, libzinc.so), $libdir/pkgconfig/zinc.pc"
