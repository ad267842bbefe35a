"""A C toolchain for one architecture of ARCHS (sources.bzl): Debian's cross
compiler <triple>-gcc, or clang-19 --target=<triple> (compiler = "clang",
for the libFuzzer builds: libFuzzer is clang's), and the cross binutils,
from /usr/bin. toolchain/BUILD makes them for every architecture that
qemu-user runs; the host's own is Bazel's auto-configured one."""

load("@bazel_tools//tools/cpp:cc_toolchain_config_lib.bzl", "feature", "flag_group", "flag_set", "tool_path")
load("@bazel_tools//tools/build_defs/cc:action_names.bzl", "ACTION_NAMES")

_COMPILE = [
    ACTION_NAMES.c_compile,
    ACTION_NAMES.cpp_compile,
    ACTION_NAMES.assemble,
    ACTION_NAMES.preprocess_assemble,
]

_LINK = [
    ACTION_NAMES.cpp_link_executable,
    ACTION_NAMES.cpp_link_dynamic_library,
    ACTION_NAMES.cpp_link_nodeps_dynamic_library,
]

def _flags(name, actions, flags):
    if not flags:
        return feature(name = name)
    return feature(
        name = name,
        enabled = True,
        flag_sets = [flag_set(actions = actions, flag_groups = [flag_group(flags = flags)])],
    )

def _impl(ctx):
    t = ctx.attr.triple
    clang = ctx.attr.compiler == "clang"
    tools = ["ar", "cpp", "gcc", "gcov", "ld", "nm", "objcopy", "objdump", "strip"]
    paths = {n: "/usr/bin/%s-%s" % (t, n) for n in tools}
    target = []
    if clang:
        paths["gcc"] = "/usr/bin/clang-19"
        target = ["--target=" + t]
    return cc_common.create_cc_toolchain_config_info(
        ctx = ctx,
        toolchain_identifier = "zinc-%s-%s" % (ctx.attr.arch, ctx.attr.compiler),
        host_system_name = "x86_64-linux-gnu",
        target_system_name = t,
        target_cpu = ctx.attr.arch,
        target_libc = "glibc",
        compiler = ctx.attr.compiler,
        abi_version = ctx.attr.compiler,
        abi_libc_version = "glibc",
        # Headers the compiler finds by itself: its own, the cross libc's,
        # Debian's /usr/include with the multiarch folder of the oracle
        # libraries' -dev:<arch> packages, and the headers of those
        # unpacked instead (include_dirs, searched before /usr/include).
        cxx_builtin_include_directories = ctx.attr.include_dirs + (["/usr/lib/llvm-19/lib/clang/19/include"] if clang else []) + [
            "/usr/lib/gcc-cross/%s" % t,
            "/usr/%s/include" % t,
            "/usr/include",
        ],
        tool_paths = [tool_path(name = n, path = paths[n]) for n in tools],
        features = [
            _flags("zinc_arch_compile_flags", _COMPILE, target + ctx.attr.copts +
                                                        [f for d in ctx.attr.include_dirs for f in ["-isystem", d]]),
            _flags("zinc_arch_link_flags", _LINK, target + ctx.attr.linkopts),
            feature(name = "supports_pic", enabled = True),
            feature(name = "supports_dynamic_linker", enabled = True),
        ],
    )

cc_toolchain_config = rule(
    implementation = _impl,
    attrs = {
        "arch": attr.string(mandatory = True),
        "compiler": attr.string(default = "gcc", values = ["gcc", "clang"]),
        "triple": attr.string(mandatory = True),
        "copts": attr.string_list(),
        "include_dirs": attr.string_list(),
        "linkopts": attr.string_list(),
    },
    provides = [CcToolchainConfigInfo],
)
