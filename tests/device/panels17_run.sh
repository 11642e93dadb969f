#!/usr/bin/env bash
# The timeline and vitals panels on the lent GPU server (issue 17), in about two minutes:
#   1. gpu_profile_tests: CUPTI kernel durations against CUDA events (the warm-up product
#      now inside the recorded region), eager against graph, NVML readings.
#   2. `whygpu bench vitals-record`: the GPU's vital signs every 100 ms while it idles,
#      trains the CNN on the GPU (4 s), idles, trains it on the CPU (4 s), idles and runs
#      matmuls of n = 1024 to 8192: h100-vitals.json, for assets/reference/vitals/.
#   3. The two lessons headless on the GPU with live data (EGL), at 1920x1080 and at
#      1280x720 with text x2: the timeline recorded here, the vitals measured here.
# Builds nothing. Carried: .devcarry from
#   scripts/device-pack.sh build/app/whygpu build/tests/profile/gpu_profile_tests
# plus .gl (the GL dispatch .debs, as for check_app.sh) and data/mnist.
# Run from the repository root:  bash tests/device/panels17_run.sh  (or through run_parts.sh)
# Output under $OUT: gpu_tests.log, vitals_record.log, h100-vitals.json, app-*.log and
# the screenshots *.png; the summary on stdout.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-panels17

step machine
date -u
nvidia-smi --query-gpu=name,driver_version,power.draw,power.limit,clocks.sm,clocks.mem --format=csv
ls /sys/class/powercap 2>&1 | head -3
install_gl_dispatch

step "gpu_profile_tests"
run 120 "$bin/gpu_profile_tests" --gtest_brief=0 > "$out/gpu_tests.log" 2>&1
grep -E "^\[  (PASSED|FAILED|SKIPPED) |^\[          \] |Failure|evaluates to|run [0-9]" "$out/gpu_tests.log" | head -40

step "whygpu bench vitals-record (idle, CNN on GPU, idle, CNN on CPU, idle, matmuls)"
run 150 "$bin/whygpu" bench vitals-record --json "$out/h100-vitals.json" --cnn-seconds 4 --mnist "$repo/data/mnist" \
    > "$out/vitals_record.log" 2>&1
cat "$out/vitals_record.log"

# The lessons, live: recorded here, measured here. Pictures land in $out.
lesson_script() {  # $1: suffix of the screenshots
  cat <<SCRIPT
lesson where-the-time-goes
predict skip
predict skip
press timeline record
wait-idle timeline 90
wait 5
scroll-to timeline
wait 5
screenshot timeline-$1.png
press peer record
wait-idle peer 90
scroll-to peer
wait 5
screenshot timeline-peer-$1.png
lesson performance-per-watt
predict skip
predict skip
set gpu-vitals train_seconds 3
press gpu-vitals measure
wait-idle gpu-vitals 120
wait 2s
scroll-to gpu-vitals
wait 5
screenshot vitals-$1.png
expect-no-errors
quit
SCRIPT
}
for size in 1920x1080 1280x720; do
  scale=1; [[ $size == 1280x720 ]] && scale=2
  step "the two lessons headless at $size, text x$scale"
  lesson_script "$size" > "$out/lessons-$size.script"
  timeout 300 env -C "$out" "$bin/whygpu" --headless --size "$size" --font-scale "$scale" --fps 30 \
      --lessons "$repo/lessons" --export-dir "$out" --script "$out/lessons-$size.script" > "$out/app-$size.log" 2>&1 ||
      { echo "FAILED ($?): whygpu headless at $size"; status=1; }
  grep -v "slow frame" "$out/app-$size.log" | tail -15
done
ls -la "$out"
echo; echo "panels17_run: exit status $status"
exit $status
