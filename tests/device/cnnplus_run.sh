#!/usr/bin/env bash
# Mixed precision, augmentation, inference and transfer learning on the lent GPU server,
# in one call of about 5 minutes; builds nothing:
#   1. tests: gpu_precision_tests (the mixed-precision kernels and steps against float64
#      references, loss scaling, the graph-driven trainer), gpu_cnn_tests (augmented
#      gather and training against the CPU), the CPU tests of the same parts, and a
#      memcheck pass over the width-1 step checks.
#   2. whygpu bench cnn --precision all --width 1,4,16 with accuracy after 5 epochs,
#      seeds 1-3 (the mixed-precision panel's recording), and the tuned FP32 step beside it.
#   3. augmentation: step time on and off (GPU and CPU), held-out accuracy on and off
#      (5 epochs on 8,000 digits; 20 epochs on the first 1,000), seeds 1-3, GPU.
#   4. whygpu bench cnn-inference, batches 1..4096, GPU and CPU (the panel's recording).
#   5. whygpu bench cnn-transfer both ways (bases trained on the GPU, saved for assets/models).
#   6. the three lessons headless on the GPU with their main actions, screenshots.
# Carried: .devcarry from
#   scripts/device-pack.sh build/app/whygpu build/tests/precision/gpu_precision_tests \
#     build/tests/precision/cpu_precision_tests build/tests/cnn/gpu_cnn_tests build/tests/cnn/cpu_cnn_tests
# plus .gl, data/mnist, and Fashion-MNIST in data/fashion-mnist (else /usr/share/datasets/fashion-mnist).
# Output under $OUT: tests.log, precision.log, augmentation.log, inference.log, transfer.log,
# lessons.log, recordings.tar.gz (precision.json, inference.json, the two bases, screenshots).
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-cnnplus
rec=$(mktemp -d)
fashion=$repo/data/fashion-mnist
[[ -d $fashion ]] || fashion=/usr/share/datasets/fashion-mnist
mnist=$repo/data/mnist

step machine
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
nproc

step "tests (details in tests.log)"
{
  run 240 "$bin/gpu_precision_tests" --gtest_brief=0
  run 240 "$bin/gpu_cnn_tests" --gtest_brief=1
  run 120 "$bin/cpu_precision_tests" --gtest_brief=1
  run 180 "$bin/cpu_cnn_tests" --gtest_brief=1 --gtest_filter='Augmentation*:Transfer*:InferenceSweep*:CpuTrainer*'
  echo "=== memcheck: the width-1 step checks and the kernels"
  run 200 compute-sanitizer --tool memcheck --error-exitcode 1 "$bin/gpu_precision_tests" --gtest_brief=1 \
      --gtest_filter='GpuMixedKernels.*:GpuMixedStep.EveryPrecisionMatchesTheFloat64ReferenceAtWidthOne'
} > "$out/tests.log" 2>&1
grep -E "^\[  (PASSED|FAILED|SKIPPED) |^\[  FAILED|    (fp32|tf32|bf16|fp16) width|conv1 weight gradient|steps skipped|ERROR SUMMARY|FAILED \(" "$out/tests.log" | head -60

step "precision: every format at widths 1, 4, 16; accuracy after 5 epochs, seeds 1-3 (precision.log)"
{
  run 300 "$bin/whygpu" bench cnn --precision all --width 1,4,16 --steps 200 --warmup 30 --accuracy --epochs 5 \
      --seeds 1,2,3 --mnist "$mnist" --json "$rec/precision.json"
  echo; echo "=== the tuned FP32 step (compute/cnn), same call"
  run 60 "$bin/whygpu" bench cnn --backend gpu --steps 500 --warmup 100 --mnist "$mnist"
} > "$out/precision.log" 2>&1
cat "$out/precision.log"

step "augmentation: speed and held-out accuracy, on and off (augmentation.log)"
{
  for flag in "" --augment; do
    echo "=== step time ${flag:-(plain)}"
    run 90 "$bin/whygpu" bench cnn --backend both --steps 500 --warmup 100 --mnist "$mnist" $flag
  done
  for flag in "" --augment; do
    for seed in 1 2 3; do
      echo "=== 8,000 digits, 5 epochs, seed $seed ${flag:-(plain)}"
      run 60 "$bin/whygpu" bench cnn --backend gpu --steps 10 --warmup 2 --accuracy-data mnist --seed "$seed" \
          --mnist "$mnist" $flag | grep -E "epoch  5|training"
      echo "=== first 1,000 digits, 20 epochs, seed $seed ${flag:-(plain)}"
      run 60 "$bin/whygpu" bench cnn --backend gpu --steps 10 --warmup 2 --accuracy-data mnist --seed "$seed" \
          --train-subset 1000 --epochs 20 --mnist "$mnist" $flag | grep -E "epoch 20|training"
    done
  done
} > "$out/augmentation.log" 2>&1
grep -E "===|median|images/s|GPU|CPU|epoch" "$out/augmentation.log" | head -80

step "inference: batches 1..4096 on GPU and CPU (inference.log)"
run 240 "$bin/whygpu" bench cnn-inference --mnist "$mnist" --json "$rec/inference.json" > "$out/inference.log" 2>&1
cat "$out/inference.log"

step "transfer learning both ways (transfer.log)"
{
  run 120 "$bin/whygpu" bench cnn-transfer --from digits --mnist "$mnist" --fashion "$fashion" \
      --save-base "$rec/cnn-digits-base.weights"
  run 180 "$bin/whygpu" bench cnn-transfer --from fashion --mnist "$mnist" --fashion "$fashion" \
      --save-base "$rec/cnn-fashion-base.weights"
} > "$out/transfer.log" 2>&1
cat "$out/transfer.log"

step "the lessons headless on the GPU (lessons.log)"
install_gl_dispatch
mkdir -p "$out/cnnplus"
WHYGPU_FASHION_DIR=$fashion WHYGPU_MNIST_DIR=$mnist timeout 420 env -C "$out" "$bin/whygpu" --headless \
    --size 1920x1080 --lessons "$repo/lessons" --export-dir "$out" --script "$repo/tests/device/cnnplus.script" > "$out/lessons.log" 2>&1 ||
  { echo "FAILED ($?): lessons"; status=1; }
grep -v "slow frame" "$out/lessons.log" | tail -20
mv "$out"/cnnplus/*.png "$rec"/ 2>/dev/null; rmdir "$out/cnnplus" 2>/dev/null

(cd "$rec" && tar -czf "$out/recordings.tar.gz" .) && ls -la "$rec"
rm -rf "$rec"
echo; echo "cnnplus_run: exit status $status"
exit $status
