#!/usr/bin/env bash
# Issue 15's host program, dense layer and framework lessons on the lent GPU server, in
# about three minutes. Builds nothing. Carried: .devcarry from
#   scripts/device-pack.sh build/app/whygpu build/tests/dense_layer/gpu_dense_layer_tests \
#     build/tests/host_program/gpu_host_program_tests build/tests/kernels/gpu_kernels_tests \
#     build/tests/kernel_lab/gpu_kernel_lab_tests
# plus .gl (the GL dispatch .debs) for the screenshots. Run from the repository root:
#   bash tests/device/curric_run.sh      (or as a part: tests/device/run_parts.sh curric_run.sh)
#   1. the GPU tests: the dense layer's kernels (three and fused) against float64, the
#      host program with every mistake in a child process (the runtime's words printed),
#      the element-wise kernels whose launches moved (vector_ops.cu), and the kernel lab,
#      whose child process is now compute/core/child_process;
#   2. `whygpu host-program --record`: every mistake's program line by line, with what the
#      runtime really returned (for assets/reference/h100-host-program.json);
#   3. `whygpu bench dense --json`: the dense layer at the lesson's sizes (for
#      assets/reference/h100-dense-layer.json);
#   4. the three lessons headless on the GPU, live panels, screenshots.
# Output under $OUT: gpu_tests.log, host_program.txt, dense.txt, lessons.log and
# curric.tar.gz (the two recordings and the screenshots); the summary on stdout.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-curric
recordings=$(mktemp -d)

step machine
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
# Whether this GPU can read pageable host memory (HMM): decides what a host pointer does.
nvidia-smi -q | grep -iE "addressing mode|hmm" | head -3

step "GPU tests: the dense layer's kernels, the host program's mistakes"
run 150 "$bin/gpu_dense_layer_tests" --gtest_brief=0 > "$out/gpu_tests.log" 2>&1
run 150 "$bin/gpu_host_program_tests" --gtest_brief=0 >> "$out/gpu_tests.log" 2>&1
run 120 "$bin/gpu_kernels_tests" --gtest_filter='GpuVectorAdd.*:GpuSigmoid.*:GpuMatrixAdd.*:GpuDenseLayer.*' \
    >> "$out/gpu_tests.log" 2>&1
run 150 "$bin/gpu_kernel_lab_tests" >> "$out/gpu_tests.log" 2>&1
grep -E "^\[  (PASSED|FAILED|SKIPPED) |^\[       OK|Failure|Expected|Which is|runtime's words|host pointer:" "$out/gpu_tests.log" | head -40

step "whygpu host-program --record (every line, every mistake, the runtime's own words)"
run 200 "$bin/whygpu" host-program --record "$recordings/h100-host-program.json" > "$out/host_program.txt" 2>&1
cat "$out/host_program.txt"

step "whygpu bench dense --json (the lesson's sizes)"
run 240 "$bin/whygpu" bench dense --json "$recordings/h100-dense-layer.json" > "$out/dense.txt" 2>&1
cat "$out/dense.txt"

step "the three lessons, live, headless on the GPU (EGL)"
install_gl_dispatch
mkdir -p "$out/shots"
timeout 300 env -C "$out/shots" "$bin/whygpu" --headless --size 1920x1080 --lessons "$repo/lessons" \
    --export-dir "$out" --script "$repo/tests/app/curric_gpu.script" > "$out/lessons.log" 2>&1 || { echo "FAILED ($?): lessons"; status=1; }
grep -v "slow frame" "$out/lessons.log" | tail -20

cp "$out"/shots/out/curric/*.png "$recordings/" 2>/dev/null
(cd "$recordings" && tar -czf "$out/curric.tar.gz" ./*) && ls -la "$recordings"
rm -rf "$recordings" "$out/shots"
echo; echo "curric_run: exit status $status"
exit $status
