#!/usr/bin/env bash
# The kernel lab on the lent GPU server: the GPU tests (every exercise checked on the GPU
# and in the CPU simulator in the same run, the same way), then each exercise's starter
# and solution through `whygpu kernel-lab` on both engines, as the app runs them.
# Builds nothing. Carried: .devcarry from
#   scripts/device-pack.sh build/app/whygpu build/tests/kernel_lab/gpu_kernel_lab_tests
# The simulator compiles kernels with the server's g++ (the CUDA toolkit's host compiler).
# Output: $OUT/kernel-lab-tests.log, $OUT/kernel-lab-cli.log.
set -uo pipefail
repo=$PWD
export LD_LIBRARY_PATH=$repo/.devcarry/lib:/usr/local/cuda/lib64
export WHYGPU_APP_BINARY=$repo/.devcarry/bin/whygpu  # the child-process tests start it
bin=$repo/.devcarry/bin
out=${OUT:-/tmp/whygpu-kernel-lab}
mkdir -p "$out"
status=0

{
  date -u
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  echo "C++ compiler for the simulator: $(command -v g++ || command -v c++ || command -v clang++ || echo none)"
  g++ --version 2>/dev/null | head -1
} | tee "$out/kernel-lab-tests.log"

echo "=== gpu_kernel_lab_tests" | tee -a "$out/kernel-lab-tests.log"
timeout 300 "$bin/gpu_kernel_lab_tests" 2>&1 | tee -a "$out/kernel-lab-tests.log" | grep -E "^\[  |FAILED|Failure|block-sum starter" || status=1
[ "${PIPESTATUS[0]}" = 0 ] || status=1

# Each starter at the lab's default sizes on both engines: the key lines of each report.
scratch=$(mktemp -d)
for exercise in add relu scale-add map sigmoid matrix-add block-sum; do
  "$bin/whygpu" kernel-lab --starter "$exercise" > "$scratch/$exercise.cu"
  shape=(--block 256)
  [ "$exercise" = matrix-add ] && shape=(--width 1000 --height 600 --block 32 --block-y 8)
  for engine in gpu simulator; do
    echo "--- $exercise starter on $engine"
    timeout 60 "$bin/whygpu" kernel-lab --exercise "$exercise" --source "$scratch/$exercise.cu" \
        --engine "$engine" "${shape[@]}" 2>&1 |
      grep -E "^(target|run|message|launch|output|checked|wrong|first_wrong|overrun|order_dependent|median_ms|gbytes_per_s)="
  done
done > "$out/kernel-lab-cli.log" 2>&1
rm -rf "$scratch"
cat "$out/kernel-lab-cli.log"
echo "kernel_lab_run.sh: $([ $status = 0 ] && echo all passed || echo FAILURES, see $out/kernel-lab-tests.log)"
exit $status
