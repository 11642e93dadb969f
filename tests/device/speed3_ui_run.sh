#!/usr/bin/env bash
# Issue 31, second call: the UI's frames while the CNN trains on the GPU (1920x1080 paced
# at 60 Hz), the trainer that queues at most about 2 ms of steps at a time against the one
# that queued a whole chunk (.devcarry/base/whygpu, built before the change), alternately,
# each twice; the headless step rate beside them; the wgmma shapes at 1000, 2048 and 6000
# (the auto row at 6000 is run 2's H100 tune) and the auto shape at 6000 against cuBLAS;
# the GPU tests of what changed (the CNN and mixed-precision trainers, the wgmma rung).
# Carried: whygpu, whygpu-bench-kernels, whygpu_cnn_bench, gpu_cnn_tests,
# gpu_precision_tests, gpu_kernels_tests; .devcarry/base/whygpu; data/; .gl.
# Files in $OUT: speed3_ui.log, frames-*.log.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-speed3-ui
export PATH=$PATH:/usr/local/cuda/bin
exec > >(tee "$out/speed3_ui.log") 2>&1

step machine
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
install_gl_dispatch

frames() {  # NAME BINARY
  timeout 120 env -C "$out" "$2" --headless --fps 60 --size 1920x1080 --lessons "$repo/lessons" --export-dir "$out/$1" \
    --script "$repo/tests/app/cnn_gpu_frames.script" > "$out/frames-$1.log" 2>&1 || { echo "FAILED ($?): frames $1"; status=1; }
  echo "--- $1"; grep "cnn-trainer" "$out/frames-$1.log" | tail -4
}
step "UI frames while the CNN trains: whole chunks queued (base) against 2 ms slices (new), alternately"
for round in 1 2; do
  [ -x "$repo/.devcarry/base/whygpu" ] && frames "base-$round" "$repo/.devcarry/base/whygpu"
  frames "new-$round" "$bin/whygpu"
done
step "the same step headless"
run 60 "$bin/whygpu_cnn_bench" --backend gpu --batch 64 --steps 500 --warmup 100

step "wgmma shapes at 1000, 2048, 6000 against cuBLAS BF16"
run 150 "$bin/whygpu-bench-kernels" matmul --sizes 1000,2048,6000 --tune --variants gpu-tc-wgmma-bf16,cublas-bf16 \
  --repeats 10 --budget 0.5 --quiet
step "the auto shape at 6000 (the row from run 2's tune) against cuBLAS BF16"
run 60 "$bin/whygpu-bench-kernels" matmul --sizes 6000 --variants gpu-tc-wgmma-bf16,cublas-bf16 --quiet

step "GPU tests: the CNN and mixed-precision trainers, the wgmma rung"
run 120 "$bin/gpu_cnn_tests" --gtest_brief=1
run 120 "$bin/gpu_precision_tests" --gtest_brief=1
run 120 "$bin/gpu_kernels_tests" --gtest_brief=1 --gtest_filter='*wgmma*:*Wgmma*:GpuSgemmTileShapes.*'

echo; echo "speed3_ui: exit status $status"
exit $status
