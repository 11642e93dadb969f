#!/usr/bin/env bash
# Does a GPU exception raised by another process (the host-program lesson's illegal
# address, on purpose) leave OpenGL on that GPU stalling? On one fresh machine: the GL
# tests, the host program's tests (whose mistakes fault the GPU), the GL tests again, and
# the app's frames with both trainers on the GPU.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-fault-gl
install_gl_dispatch
step machine; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
step "GL tests before"; run 100 "$bin/ui_glcompute_tests" --gtest_brief=1 2>&1 | grep -E "PASSED|FAILED  \]|never wrote" | head -4
step "host program tests (an illegal address on purpose)"
run 100 "$bin/gpu_host_program_tests" --gtest_brief=1 2>&1 | grep -E "PASSED|FAILED  \]" | head -3
step "GL tests after"; run 100 "$bin/ui_glcompute_tests" --gtest_brief=1 2>&1 | grep -E "PASSED|FAILED  \]|never wrote" | head -4
step "soak, trainers on the GPU, 40 s"
OUT=$out/soak SOAK_DEVICE=gpu WHYGPU=$bin/whygpu DURATION=40 bash "$repo/tests/device/soak_run.sh" > /dev/null 2>&1
grep "UI draws" "$out/soak/soak-app.log" | sed -n '1p;4p;8p;$p' | cut -c1-150
exit $status
