# Shell helpers the ci/ scripts share. Source it; it defines functions only.

# zinc_install PKG...: apt-get install the Debian packages that are missing.
zinc_install() {
	local missing=() p
	for p in "$@"; do
		dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	echo "installing: ${missing[*]}" >&2
	local sudo=""
	[ "$(id -u)" = 0 ] || sudo="sudo"
	$sudo apt-get update -qq >&2 || true
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
}

# The packages every build of zinc needs: compiler with sanitizer and fuzzer
# runtimes, Bazel, and the oracle libraries.
ZINC_BUILD_PACKAGES=(clang-19 libclang-rt-19-dev llvm-19 bazel-bootstrap python3
	libsodium-dev libssl-dev libb2-dev)

# zinc_list NAME: prints a list from sources.bzl (the one place lists live).
zinc_list() {
	python3 - "$1" "$(dirname "${BASH_SOURCE[0]}")/../sources.bzl" <<'PY'
import sys
ns = {}
exec(open(sys.argv[2]).read(), ns)
value = ns[sys.argv[1]]
if isinstance(value, dict):
    value = [f for files in value.values() for f in files]
print("\n".join(value))
PY
}
