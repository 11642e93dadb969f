#!/usr/bin/env bash
# Issue 31 on a machine of four GPUs, in one call:
#   1. every wgmma shape (the clusters of two too; split-k when it was tried, c96f12c) against the CPU
#      reference (fresh random inputs, poisoned outputs, odd sizes), then memcheck over the
#      same checks, on GPU 0;
#   2. every wgmma shape beside cuBLAS BF16 in one process a size, the sizes spread over
#      the four GPUs at once (each GPU its own process; they share nothing but the host);
#   3. tests/device/nccl_run.sh: data parallel on 1 .. 4 GPUs, the all-reduce after the
#      backward pass and overlapped, the PyTorch DDP peer at 1 .. 4 GPUs, the recording.
# NVLink multicast stays off (NCCL_NVLS_ENABLE=0). Carried: .devcarry from
#   scripts/device-pack.sh build/app/whygpu build/tests/kernels/gpu_kernels_tests \
#     build/tests/bench/whygpu-bench-kernels build/tests/cnn/gpu_data_parallel_tests build/tests/cpu_core_tests
# plus .gl and data/mnist. Files in $OUT: speed3_x4.log, tune-*.log, and nccl_run.sh's.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-speed3-x4
export PATH=$PATH:/usr/local/cuda/bin
export NCCL_NVLS_ENABLE=0
exec > >(tee "$out/speed3_x4.log") 2>&1
step machine
nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,clocks.max.sm --format=csv
checks='Ours/TensorCoreRung.EveryShapeMatchesTheRoundedReference/*wgmma*:Ours/TensorCoreRung.TimesIdentityIsTheRoundedInputExactly/*wgmma*'
step "every wgmma shape against the CPU reference"
CUDA_VISIBLE_DEVICES=0 run 150 "$bin/gpu_kernels_tests" --gtest_brief=1 --gtest_filter="$checks"
step "memcheck over the same checks"
CUDA_VISIBLE_DEVICES=0 run 300 compute-sanitizer --tool memcheck --error-exitcode 9 "$bin/gpu_kernels_tests" \
  --gtest_brief=1 --gtest_filter="$checks"
step "every wgmma shape beside cuBLAS BF16, a GPU for each group of sizes"
tune() {  # GPU SIZES
  CUDA_VISIBLE_DEVICES=$1 timeout 240 "$bin/whygpu-bench-kernels" matmul --sizes "$2" --tune \
    --variants gpu-tc-wgmma-bf16,cublas-bf16 --repeats 10 --budget 0.5 --quiet > "$out/tune-gpu$1.log" 2>&1 ||
    echo "FAILED ($?): tune on GPU $1 ($2)"
}
# A plain `wait` would also wait for the tee behind this script's output, which never ends.
pids=()
tune 0 1000,1024 & pids+=($!)
tune 1 2048,3001 & pids+=($!)
tune 2 4096,6000 & pids+=($!)
tune 3 8192 & pids+=($!)
wait "${pids[@]}"
for g in 0 1 2 3; do echo "--- GPU $g"; cat "$out/tune-gpu$g.log"; done
step "data parallel on every GPU (tests/device/nccl_run.sh)"
bash "$repo/tests/device/nccl_run.sh" || status=1
echo; echo "speed3_x4: exit status $status"
exit $status
