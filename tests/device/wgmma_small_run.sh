#!/usr/bin/env bash
# Issue 31: the wgmma rung at sizes with too few 128-wide tiles to fill the SMs (n = 1000:
# 64 tiles of 128 x 128 for 132 SMs). Checks every wgmma shape against the CPU reference
# (fresh random inputs, poisoned outputs, odd sizes), then memcheck over those checks,
# then every shape at 1000, 1024, 1500 and 2048 against cuBLAS BF16 in one process.
# Carried: gpu_kernels_tests, whygpu-bench-kernels. Files in $OUT: wgmma_small.log.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-wgmma-small
export PATH=$PATH:/usr/local/cuda/bin
exec > >(tee "$out/wgmma_small.log") 2>&1
step machine
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
checks='Ours/TensorCoreRung.EveryShapeMatchesTheRoundedReference/*wgmma*:Ours/TensorCoreRung.TimesIdentityIsTheRoundedInputExactly/*wgmma*'
step "every wgmma shape against the CPU reference"
run 120 "$bin/gpu_kernels_tests" --gtest_brief=1 --gtest_filter="$checks"
grep "wgmma-bf16@128x64" "$out/wgmma_small.log" | head -12
step "memcheck over the same checks"
run 300 compute-sanitizer --tool memcheck --error-exitcode 9 "$bin/gpu_kernels_tests" --gtest_brief=1 --gtest_filter="$checks"
step "every wgmma shape at 1000, 1024, 1500, 2048 against cuBLAS BF16"
run 150 "$bin/whygpu-bench-kernels" matmul --sizes 1000,1024,1500,2048 --tune --variants gpu-tc-wgmma-bf16,cublas-bf16 \
  --repeats 10 --budget 0.5 --quiet
echo; echo "wgmma_small: exit status $status"
exit $status
