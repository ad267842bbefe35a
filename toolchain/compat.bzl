"""What architectures a target is for (target_compatible_with)."""

def only_on(archs):
    """For the architectures ARCHS (names of ARCHS in sources.bzl) only: elsewhere Bazel skips the target and says so."""
    return select(dict([("//toolchain:is_" + a, []) for a in archs] + [
        ("//conditions:default", ["//toolchain:incompatible"]),
    ]))

def host_only():
    """Only in the host's own build (x86-64): checks of the sources and of x86-64 code, and tools that read the host's binaries."""
    return only_on(["x86_64"])
