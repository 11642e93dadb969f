#!/usr/bin/env bash
# Every carried GPU test binary once, on the lent GPU server (each kernel against its CPU
# reference: fresh random inputs, poisoned outputs, odd sizes). About a minute on an H100.
# Builds nothing; carried: .devcarry from scripts/device-pack.sh build/tests/*/gpu_*_tests.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-gpu-tests

step machine
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
# The interop, host-program and kernel-lab tests start binaries that link libEGL: on a
# fresh server they exit 127 until the dispatch libraries are there.
install_gl_dispatch
# The binaries whose tests make the GPU fault on purpose (a host pointer in a kernel, a
# student's kernel reading past the end) run last: on the H100 servers a fault leaves
# OpenGL slow for every later program (frames of 0.1 to 1 s, black screenshots), so a
# script run after this one on the same machine shows that, not the app.
faulting="gpu_host_program_panel_tests gpu_host_program_tests gpu_kernel_lab_tests"
ordered=()
for t in "$bin"/gpu_*_tests; do [[ " $faulting " == *" $(basename "$t") "* ]] || ordered+=("$t"); done
for name in $faulting; do [[ -x $bin/$name ]] && ordered+=("$bin/$name"); done
for t in "${ordered[@]}"; do
  step "$(basename "$t") (log: $(basename "$t").log)"
  run 240 "$t" --gtest_brief=1 > "$out/$(basename "$t").log" 2>&1
  grep -E "^\[  (PASSED|FAILED|SKIPPED) |^\[==========\]|Failure|what\(\)|Segmentation|Aborted" "$out/$(basename "$t").log" | head -20
done
step done
exit $status
