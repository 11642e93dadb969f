#!/usr/bin/env bash
# Fresh-machine command 2: install what is missing, build, run the whole test suite.
# GPU tests report "skipped" when there is no CUDA device.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ctest --test-dir build --output-on-failure -j "$(nproc)" "$@"
