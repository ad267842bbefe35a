#!/bin/bash -eu
# SPDX-License-Identifier: MIT
# ClusterFuzzLite runs $SRC/build.sh: zinc's one OSS-Fuzz build script.
exec "$SRC/zinc/ci/oss-fuzz/build.sh"
