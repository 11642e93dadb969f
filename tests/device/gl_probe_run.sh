#!/usr/bin/env bash
# Why do headless frames on the H100 slow down, and the fragment-shader matmul fail? On one
# machine, in order: the GL tests on the fresh machine; the app drawing a text page with
# no CUDA work (frames timed by the process's wall clock); the soak with both trainers on
# the CPU (GL alone on the GPU); the same soak on the GPU; the GL tests again.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-gl-probe
install_gl_dispatch
step machine; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks_throttle_reasons.active --format=csv,noheader
step "GL tests, fresh"; run 100 "$bin/ui_glcompute_tests" --gtest_brief=1 2>&1 | grep -E "PASSED|FAILED  \]" | head -4
step "300 frames of a text page, unpaced"
start=$(date +%s.%N)
run 120 "$bin/whygpu" --headless --lesson cpu-vs-gpu --size 1920x1080 --frames 300 --fps 0 --lessons "$repo/lessons" \
    --screenshot "$out/page.png" > "$out/page.log" 2>&1
echo "300 frames in $(echo "$(date +%s.%N) - $start" | bc) s"
for device in cpu gpu; do
  step "soak, trainers on the $device, 60 s"
  OUT=$out/soak-$device SOAK_DEVICE=$device WHYGPU=$bin/whygpu DURATION=60 bash "$repo/tests/device/soak_run.sh" > /dev/null 2>&1
  grep "UI draws" "$out/soak-$device/soak-app.log" | sed -n '1p;5p;10p;20p;$p' | cut -c1-160
done
step "GL tests, after"; run 100 "$bin/ui_glcompute_tests" --gtest_brief=1 2>&1 | grep -E "PASSED|FAILED  \]" | head -4
nvidia-smi --query-gpu=clocks.sm,clocks_throttle_reasons.active --format=csv,noheader
[[ -n ${RESULTS:-} ]] && tar czf "$RESULTS/gl-probe.tar.gz" -C "$out" . 2>/dev/null
exit $status
