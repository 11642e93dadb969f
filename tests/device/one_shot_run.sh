#!/usr/bin/env bash
# Issue 31: our one-shot all-reduce over peer access (compute/cnn/peer_all_reduce.cuh) on
# the GPUs of one machine, beside NCCL's, in one call:
#   1. gpu_data_parallel_tests (every way against one GPU with the whole batch, against
#      each other, the ranks bit for bit), then memcheck over the one-shot tests;
#   2. `whygpu bench cnn --gpus all --scaling both --all-reduce all`: NCCL after the
#      backward pass, NCCL overlapped, ours, side by side in one process;
#   3. the wgmma rung after this round's last change to it: every shape against the CPU
#      reference and under memcheck, then the issue's matmul table (speed3_matmul_run.sh).
# NVLink multicast stays off (NCCL_NVLS_ENABLE=0). Carried: .devcarry from
#   scripts/device-pack.sh build/app/whygpu build/tests/cnn/gpu_data_parallel_tests \
#     build/tests/kernels/gpu_kernels_tests build/tests/bench/whygpu-bench-kernels
# plus data/mnist. Files in $OUT: one_shot.log, bench.json.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-one-shot
mkdir -p /tmp/whygpu-one-shot
export PATH=$PATH:/usr/local/cuda/bin
export NCCL_NVLS_ENABLE=0
exec > >(tee "$out/one_shot.log") 2>&1
step machine
nvidia-smi --query-gpu=index,name,driver_version --format=csv
step "gpu_data_parallel_tests"
run 240 "$bin/gpu_data_parallel_tests" --gtest_brief=0 > /tmp/whygpu-one-shot/dp.log 2>&1
grep -vE "^\[ RUN|^$" /tmp/whygpu-one-shot/dp.log
# API errors not reported: NCCL and the trainer ask to turn on peer access that the other
# already turned on (cudaErrorPeerAccessAlreadyEnabled, expected and cleared).
step "memcheck over the one-shot tests"
run 300 compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 9 "$bin/gpu_data_parallel_tests" \
  --gtest_brief=1 --gtest_filter='*OneShot*'
install_gl_dispatch  # whygpu links libEGL
step "whygpu bench cnn: NCCL after backward, NCCL overlapped, ours one-shot"
run 240 "$bin/whygpu" bench cnn --gpus all --scaling both --all-reduce all --steps 300 --warmup 100 \
  --mnist "$repo/data/mnist"
checks='Ours/TensorCoreRung.EveryShapeMatchesTheRoundedReference/*wgmma*:Ours/TensorCoreRung.TimesIdentityIsTheRoundedInputExactly/*wgmma*'
step "every wgmma shape against the CPU reference, then under memcheck"
CUDA_VISIBLE_DEVICES=0 run 150 "$bin/gpu_kernels_tests" --gtest_brief=1 --gtest_filter="$checks" > /tmp/whygpu-one-shot/k.log 2>&1
grep -v "^relative" /tmp/whygpu-one-shot/k.log
CUDA_VISIBLE_DEVICES=0 run 300 compute-sanitizer --tool memcheck --error-exitcode 9 "$bin/gpu_kernels_tests" \
  --gtest_brief=1 --gtest_filter="$checks" > /tmp/whygpu-one-shot/km.log 2>&1
grep -v "^relative" /tmp/whygpu-one-shot/km.log
CUDA_VISIBLE_DEVICES=0 bash "$repo/tests/device/speed3_matmul_run.sh" || status=1
echo; echo "one_shot: exit status $status"
exit $status
