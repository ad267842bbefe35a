#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ci/qemu-plugin/build.sh — builds the QEMU TCG plugin insn_count.so (this
# folder's insn_count.c, bench/README.md "Instruction counts under qemu")
# against the plugin API header of the qemu-user that is installed, and
# prints the path of the .so.
#
#   ci/qemu-plugin/build.sh [OUT_DIR]      (default: arch-out/qemu-plugin)
#
# The header, include/qemu/qemu-plugin.h, is not in the repository and Debian
# ships no -dev package with it: it is taken from Debian's source package of
# the qemu that is installed (the exact version dpkg reports, `dpkg -s
# qemu-user`), with a deb-src line for bookworm added to apt's sources when
# there is none. Only that one header is extracted from the orig tarball,
# into ${XDG_CACHE_HOME:-~/.cache}/zinc-qemu-plugin/<version>/, and the
# downloaded tarballs are deleted. Exit status 2, with the reason, when the
# header cannot be obtained or the plugin does not build.
set -euo pipefail

cd "$(dirname "$0")/../.."
ZINC_PROG=ci/qemu-plugin/build.sh
. ci/lib.sh

out=${1:-$ZINC_ROOT/arch-out/qemu-plugin}
zinc_need qemu-user gcc dpkg-dev xz-utils

# The source version of the installed qemu-user (no binNMU suffix: +bN
# rebuilds the same source).
srcver=$(dpkg-query -W -f='${source:Version}' qemu-user 2>/dev/null) ||
	zinc_die "qemu-user is not installed"
[ -n "$srcver" ] || zinc_die "dpkg reports no source version for qemu-user"
cache=${XDG_CACHE_HOME:-$HOME/.cache}/zinc-qemu-plugin/${srcver//:/_}
header=$cache/qemu/qemu-plugin.h

if [ ! -s "$header" ]; then
	sudo=
	[ "$(id -u)" = 0 ] || sudo=sudo
	if ! grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
		zinc_say "adding deb-src for bookworm: /etc/apt/sources.list.d/zinc-deb-src.sources"
		printf '%s\n' \
			'# Added by zinc ci/qemu-plugin/build.sh: source packages (the qemu plugin API header).' \
			'Types: deb-src' \
			'URIs: http://deb.debian.org/debian' \
			'Suites: bookworm bookworm-updates' \
			'Components: main' \
			'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' \
			'' \
			'Types: deb-src' \
			'URIs: http://deb.debian.org/debian-security' \
			'Suites: bookworm-security' \
			'Components: main' \
			'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' |
			$sudo tee /etc/apt/sources.list.d/zinc-deb-src.sources >/dev/null ||
			zinc_die "cannot add a deb-src line to apt's sources"
		$sudo apt-get "${ZINC_APT_WAIT[@]}" update -qq >&2 || zinc_die "apt-get update failed after adding deb-src"
	fi
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/zinc-qemu-src.XXXXXX")
	chmod 755 "$tmp"  # apt downloads as _apt
	trap 'rm -rf "$tmp"' EXIT
	zinc_say "downloading Debian's qemu $srcver source (orig tarball ~23 MB) for include/qemu/qemu-plugin.h"
	if ! (cd "$tmp" && apt-get source --download-only -qq "qemu=$srcver" >&2); then
		$sudo apt-get "${ZINC_APT_WAIT[@]}" update -qq >&2 || true
		(cd "$tmp" && apt-get source --download-only -qq "qemu=$srcver" >&2) ||
			zinc_die "cannot download Debian's source package qemu=$srcver (apt-get source --download-only); the plugin needs its include/qemu/qemu-plugin.h"
	fi
	orig=$(ls "$tmp"/qemu_*.orig.tar.* 2>/dev/null | head -n 1)
	[ -n "$orig" ] || zinc_die "no orig tarball in the qemu=$srcver source package"
	mkdir -p "$tmp/x"
	tar -C "$tmp/x" -xf "$orig" --wildcards '*/include/qemu/qemu-plugin.h' ||
		zinc_die "$orig has no include/qemu/qemu-plugin.h"
	got=$(find "$tmp/x" -path '*/include/qemu/qemu-plugin.h' | head -n 1)
	# Debian's patches (debian.tar.*) must not change the header; if one
	# does, stop rather than build against the wrong API.
	deb=$(ls "$tmp"/qemu_*.debian.tar.* 2>/dev/null | head -n 1)
	if [ -n "$deb" ] && tar -xOf "$deb" --wildcards 'debian/patches/*' 2>/dev/null |
		grep -q '^+++ .*include/qemu/qemu-plugin.h'; then
		zinc_die "a Debian patch of qemu $srcver changes include/qemu/qemu-plugin.h: not handled"
	fi
	mkdir -p "$cache/qemu"
	if ! cp "$got" "$header.tmp" || ! mv "$header.tmp" "$header"; then
		zinc_die "cannot write $header"
	fi
	rm -rf "$tmp"
	trap - EXIT
fi

mkdir -p "$out" || zinc_die "cannot create $out"
# Any host C compiler: the plugin is a shared object qemu-user (x86-64) loads.
gcc -std=gnu11 -O2 -Wall -Wextra -Wno-unused-parameter -Werror -fPIC -shared -I"$cache" \
	-o "$out/insn_count.so.tmp" ci/qemu-plugin/insn_count.c ||
	zinc_die "the plugin does not build (header: $header)"
mv "$out/insn_count.so.tmp" "$out/insn_count.so"
echo "$out/insn_count.so"
