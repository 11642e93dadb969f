#!/usr/bin/env bash
# The host-program fault guard on the GPU server (issue 26): GL tests and 30 s of UI frames with both
# trainers on a fresh machine, then the panel test with the fix, the same again, then the panel
# test built before the fix (it faults the GPU live), the same again. Carried: .devcarry with
# whygpu, ui_glcompute_tests, gpu_host_program_panel_tests and the pre-fix build of it renamed
# gpu_host_program_panel_tests_before; .gl; data/mnist, data/corpus.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-fault-guard
install_gl_dispatch
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
frames() {  # a 30 s soak: both trainers and the feature maps on the GPU, the UI's smoothed frame times
  OUT=$out/soak-$1 DURATION=30 timeout 150 bash tests/device/soak_run.sh > /dev/null 2>&1
  grep "ms a frame" $out/soak-$1/soak-app.log | sed -n 's/.*draws at \([0-9.]*\) ms.*/\1/p' | tr '\n' ' ' | cut -c1-300; echo
}
step "GL tests, then frames, on a fresh machine"; s=$(date +%s); timeout 120 $bin/ui_glcompute_tests --gtest_brief=1 | tail -1; echo "$(( $(date +%s)-s )) s"; frames fresh
step "panel test, fixed"; timeout 120 $bin/gpu_host_program_panel_tests 2>&1 | grep -E "OK|FAILED|PASSED|SKIPPED|Failure|drawn by" | head -5
step "GL tests and frames after it"; s=$(date +%s); timeout 120 $bin/ui_glcompute_tests --gtest_brief=1 | tail -1; echo "$(( $(date +%s)-s )) s"; frames after-fixed
step "panel test, before the fix"; timeout 120 $bin/gpu_host_program_panel_tests_before 2>&1 | grep -E "OK \]|FAILED|PASSED|Failure|ran live" | head -5
step "GL tests and frames after the live fault"; s=$(date +%s); timeout 120 $bin/ui_glcompute_tests --gtest_brief=1 | tail -1; echo "$(( $(date +%s)-s )) s"; frames after-fault
step done
