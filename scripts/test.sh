#!/usr/bin/env bash
# Fresh-machine command 2: install what is missing, build, run the whole test suite, then
# the fuzz harnesses briefly.
# GPU tests report "skipped" when there is no CUDA device.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ctest --test-dir build --output-on-failure -j "$(nproc)" "$@"
# Every loader and parser's libFuzzer harness for 20 s from its seeds (clang, ASan and
# UBSan, in build-fuzz): a crash, leak or hang fails the run.
scripts/fuzz.sh 20
