#!/usr/bin/env bash
# After merges that touch what the GPU side reads and writes (recordings through
# nlohmann::json, demo stops): every carried gpu_* and ui_* test, the recordings written on
# the GPU and read back, the where-the-time-goes page's first frames, and the three demos
# played stop by stop with a screenshot at each (tests/device/demos_run.sh). Builds nothing.
# Carried: .devcarry (scripts/device-pack.sh build/app/whygpu build/tests/*/gpu_*tests
# build/tests/glcompute/ui_glcompute_tests build/tests/app/ui_presenter_tests), .gl,
# data/mnist, data/corpus. About 8 minutes on an H100.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-merge-check
here=$(dirname "$0")
OUT=$out/tests bash "$here/hardening_run.sh" tests timeline > "$out/tests.txt" 2>&1 || status=1
grep -E "^===|PASSED|FAILED|SKIPPED|ran\.|Failure" "$out/tests.txt" | head -80
step "recordings written on this GPU, then read back as the panels read them"
run 200 "$bin/whygpu" record --part grid,kernel-lab,lstm --out "$out/recorded" > "$out/record.txt" 2>&1
tail -5 "$out/record.txt"
run 60 "$bin/whygpu" record --part grid,kernel-lab,lstm --check --out "$out/recorded" 2>&1 | tail -4
OUT=$out/demos bash "$here/demos_run.sh" > "$out/demos.txt" 2>&1 || status=1
grep -E "^===|stops|FAILED|error" "$out/demos.txt" | head -20
step done
exit $status
