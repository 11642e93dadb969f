#!/usr/bin/env bash
# Records what the GPU panels show, for computers without a GPU (`whygpu record --all`:
# the thread-grid launches of the lessons, the CNN race, the kernel lab's exercises), reads
# the files back as the panels will (`record --check`), and runs the kernel lab's GPU test
# that compares the GPU with the simulator. Builds nothing. Carried: .devcarry from
#   scripts/device-pack.sh build/app/whygpu build/tests/kernel_lab/gpu_kernel_lab_tests
# and data/mnist (the race trains on it). About a minute on an H100.
# Output: $OUT/record.log, $OUT/nogpu-tests.log, and $OUT/recorded-gpu.tar.gz: the
# recordings, to be unpacked into assets/reference/ (assets/reference/recorded-gpu/*.json).
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-nogpu

{
  date -u
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  step "whygpu record --all"
  run 240 "$bin/whygpu" record --all --out "$out/recorded-gpu"
  step "whygpu record --all --check"
  run 30 "$bin/whygpu" record --all --check --out "$out/recorded-gpu"
  ls -l "$out/recorded-gpu"
} 2>&1 | tee "$out/record.log"
grep -q "^FAILED" "$out/record.log" && status=1

{
  step "gpu_kernel_lab_tests: the starters on the GPU and in the simulator"
  run 180 "$bin/gpu_kernel_lab_tests" --gtest_filter='GpuKernelLab.TheNewStartersBugsShowOnTheGpuAndInTheSimulator:GpuKernelLab.*Simulator*'
} 2>&1 | tee "$out/nogpu-tests.log"
grep -q "^FAILED\|\[  FAILED  \]" "$out/nogpu-tests.log" && status=1

tar -czf "$out/recorded-gpu.tar.gz" -C "$out" recorded-gpu && rm -rf "$out/recorded-gpu"
echo "nogpu_run.sh: $([ $status = 0 ] && echo all passed || echo FAILURES, see the logs)"
exit $status
