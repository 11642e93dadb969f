#!/usr/bin/env bash
# Where racecheck's "failed to handle a hardware exception" in gpu_precision_tests comes
# from (H100, 2026-11-24: after the FP32 and TF32 steps passed, the BF16 step's next launch
# found the context broken): our mixed-precision kernels alone, cuBLAS's 16-bit products
# alone (the ladder's cuBLAS rungs at small odd sizes), then the step again.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-racecheck-probe
sanitizer=${COMPUTE_SANITIZER:-/usr/local/cuda/bin/compute-sanitizer}
probe() {  # NAME BINARY FILTER [sanitizer options...]
  local name=$1 binary=$2 filter=$3
  shift 3
  step "racecheck: $name"
  timeout 180 "$sanitizer" --tool racecheck "$@" "$bin/$binary" --gtest_brief=1 --gtest_filter="$filter" \
    > "$out/$name.log" 2>&1
  echo "exit $?"
  grep -E "Internal Sanitizer|hazard|RACECHECK SUMMARY|ERROR SUMMARY|illegal|^\[  (PASSED|FAILED|SKIPPED)" "$out/$name.log" |
    sort | uniq -c | head -12
}
probe our-mixed-kernels gpu_precision_tests 'GpuMixedKernels.*'
probe cublas-16-bit gpu_kernels_tests 'Ladder/GpuMatmul.MatchesFloat64ReferenceAtSmallOddSizes/cublas_*'
probe our-tensor-core-rungs gpu_kernels_tests 'Ladder/GpuMatmul.MatchesFloat64ReferenceAtSmallOddSizes/gpu_tc_*'
step=GpuMixedStep.EveryPrecisionMatchesTheFloat64ReferenceAtWidthOne
# cuBLASLt names the kernel it picks for each product in its log (level 5: the API trace).
CUBLASLT_LOG_LEVEL=5 CUBLASLT_LOG_FILE=$out/cublaslt-%i.log probe mixed-step gpu_precision_tests "$step" \
  --kernel-name-exclude kns=nvjet
grep -hoE "(kernel|algo|name)[^ ]*=[^ ]+" "$out"/cublaslt-*.log 2>/dev/null | sort | uniq -c | sort -rn | head -20
probe mixed-step-no-async-tracking gpu_precision_tests "$step" --kernel-name-exclude kns=nvjet \
  --racecheck-memcpy-async no
step done
exit 0
