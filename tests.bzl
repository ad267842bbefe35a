"""The two forms of test that read files of the tree (BUILD, vectors/BUILD, toolchain/BUILD)."""

def files_test(name, script, files, data = [], **kwargs):
    """An sh_test running script with the location of each of files as its arguments, in order.

    files are its data too, with data (what the script finds by itself);
    kwargs go to the sh_test (size, tags, target_compatible_with).
    """
    native.sh_test(
        name = name,
        srcs = [script],
        args = ["$(location %s)" % f for f in files],
        data = files + data,
        **kwargs
    )

def fresh_test(name, generated, data = [], **kwargs):
    """A test of ci/fresh_test.sh: fails when a committed generated file differs from what its generator writes now.

    generated: {committed file: its generator's command}, a list of words
    (files in it as $(location ...), and named in data). The committed
    files are its data too.
    """
    args = [name]
    for committed, command in generated.items():
        args += (["--"] if len(args) > 1 else []) + ["$(location %s)" % committed] + command
    native.sh_test(
        name = name,
        size = "small",
        srcs = ["//:ci/fresh_test.sh"],
        args = args,
        data = list(generated) + data,
        **kwargs
    )
