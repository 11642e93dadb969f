#!/usr/bin/env bash
# Issue 15's data pipeline on the lent GPU server, in under two minutes. Builds nothing.
# Carried: .devcarry from
#   scripts/device-pack.sh build/app/whygpu build/tests/pipeline/gpu_pipeline_tests
# plus .gl (the GL dispatch .debs) for the screenshots, and the photo, which the server's
# Ubuntu lacks (the Debian package mate-backgrounds installs it here):
#   mkdir -p .devcarry/photo && cp /usr/share/backgrounds/mate/nature/LadyBird.jpg .devcarry/photo/
# Run from the repository root:
#   bash tests/device/pipeline_run.sh      (or as a part: tests/device/run_parts.sh pipeline_run.sh)
#   1. the GPU tests: every pipeline kernel against the CPU reference (odd sizes, two
#      poisons, whole batches) and nvJPEG against libjpeg-turbo (skipped, saying why, where
#      libnvjpeg.so.13 is missing);
#   2. `whygpu bench pipeline --json`: every step on one CPU core and on the GPU, per image
#      and per batch of 256 (for assets/reference/h100-data-pipeline.json);
#   3. the lesson headless on the GPU: the kernels' pictures, timed, screenshots.
# Output under $OUT: gpu_tests.log, pipeline.txt, lesson.log and pipeline.tar.gz (the
# recording and the screenshots); the summary on stdout.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-pipeline
recordings=$(mktemp -d)
export WHYGPU_PIPELINE_PHOTO=$repo/.devcarry/photo/LadyBird.jpg

step machine
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
ls /usr/local/cuda/lib64/libnvjpeg* 2>&1 | head -3

step "GPU tests: the pipeline's kernels against the CPU, nvJPEG against libjpeg-turbo"
run 60 "$bin/gpu_pipeline_tests" --gtest_brief=0 > "$out/gpu_tests.log" 2>&1
grep -E "^\[  (PASSED|FAILED|SKIPPED) |^\[       OK|Failure|Expected|Which is|nvJPEG" "$out/gpu_tests.log" | head -30

step "whygpu bench pipeline --json (one CPU core against the GPU, per image and per batch of 256)"
run 120 "$bin/whygpu" bench pipeline --json "$recordings/h100-data-pipeline.json" > "$out/pipeline.txt" 2>&1
cat "$out/pipeline.txt"

step "the lesson, live, headless on the GPU (EGL)"
install_gl_dispatch
mkdir -p "$out/shots"
timeout 200 env -C "$out/shots" "$bin/whygpu" --headless --size 1920x1080 --lessons "$repo/lessons" \
    --export-dir "$out" --script "$repo/tests/app/pipeline_gpu.script" > "$out/lesson.log" 2>&1 || { echo "FAILED ($?): lesson"; status=1; }
grep -v "slow frame" "$out/lesson.log" | tail -20

cp "$out"/shots/out/pipeline/*.png "$recordings/" 2>/dev/null
(cd "$recordings" && tar -czf "$out/pipeline.tar.gz" ./*) && ls -la "$recordings"
rm -rf "$recordings" "$out/shots"
echo; echo "pipeline_run: exit status $status"
exit $status
