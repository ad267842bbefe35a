# SPDX-License-Identifier: MIT
"""What a planted bug's library compiles from its patched copy (BUILD)."""

load("//fuzz:planted/files.bzl", "PLANTED_FILES")

def plant_compiled_from_copy(bug, srcs):
    """The sources of srcs that zinc_plant_<bug> compiles from plant_<bug>/.

    The rest it compiles from the tree itself, the same objects' sources as
    zinc_fuzz's: a patch changes one file (fuzz/planted/files.bzl), and only
    what includes that file can differ. A source: that file alone. A header
    of one architecture's folder (arch/<dir>/*.h, which only the assembly
    includes): every assembly source. Any other header, or a bug whose
    patch is missing: everything, as a full copy always was.
    """
    files = PLANTED_FILES.get(bug)
    if not files:
        return srcs
    headers = [f for f in files if f.endswith(".h")]
    if not headers:
        return [f for f in srcs if f in files]
    if all([f.startswith("arch/") and f.count("/") == 2 for f in headers]):
        return [f for f in srcs if f in files or (f.startswith("arch/") and not f.endswith(".h"))]
    return srcs
