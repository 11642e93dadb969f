#!/usr/bin/env bash
# Issue 26's abort: after a GPU exception in another process (the kernel lab's tests make
# one on purpose), does the next app die, and where? The kernel lab's GPU tests, then demo 1
# with abort_trace.so preloaded (build it here first, see abort_trace.c; carry build/devpack).
# On the H200 (2026-11-28) frames took ~4.45 s whenever CUDA work was in flight and the app
# died of SIGABRT after 143 s inside libnvidia-eglcore, called from glFinish in
# finish_frame (app/shell/frame_output.cpp).
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-fault-demo
install_gl_dispatch
step "kernel lab tests (a GPU fault on purpose)"
run 120 "$bin/gpu_kernel_lab_tests" --gtest_brief=1 2>&1 | grep -E "PASSED|FAILED  \]" | head -3
awk '/^wait-key/ { n++; print; print "wait 2"; next } { print }' "$repo/lessons/demos/01-the-gpu-in-ten-minutes.script" \
  > "$out/demo1.script"
step "demo 1 after the fault, abort_trace preloaded"
start=$(date +%s)
LD_PRELOAD="$repo/build/devpack/abort_trace.so" run 400 "$bin/whygpu" --headless --size 1280x720 \
  --export-dir "$out/demo1" --script "$out/demo1.script" > "$out/demo1.log" 2>&1
echo "demo 1: $(( $(date +%s) - start )) s"
grep -A40 "abort_trace" "$out/demo1.log" | head -45
grep -c "slow frame" "$out/demo1.log"
step done
exit $status
