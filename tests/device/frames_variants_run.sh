#!/usr/bin/env bash
# The UI's frames while the CNN trains on the GPU (1920x1080 paced at 60 Hz,
# tests/app/cnn_gpu_frames.script) for each whygpu build carried in .devcarry/variants/
# (one per value of a constant under test), in turns, each twice, then the headless step
# rate. Carried: .devcarry/variants/whygpu-*, whygpu_cnn_bench; data/; .gl.
# Files in $OUT: frames_variants.log, frames-*.log.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-frames-variants
exec > >(tee "$out/frames_variants.log") 2>&1

step machine
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
install_gl_dispatch
step "UI frames while the CNN trains, each build in turn"
for round in 1 2; do
  for build in "$repo"/.devcarry/variants/whygpu-*; do
    name=$(basename "$build")-$round
    timeout 120 env -C "$out" "$build" --headless --fps 60 --size 1920x1080 --lessons "$repo/lessons" \
      --export-dir "$out/$name" --script "$repo/tests/app/cnn_gpu_frames.script" > "$out/frames-$name.log" 2>&1 ||
      { echo "FAILED ($?): $name"; status=1; }
    echo "--- $name"; grep "cnn-trainer" "$out/frames-$name.log" | tail -3
    rm -rf "${out:?}/$name"  # the screenshot: only a few files come back from a call
  done
done
step "the same step headless"
run 60 "$bin/whygpu_cnn_bench" --backend gpu --batch 64 --steps 500 --warmup 100
echo; echo "frames_variants: exit status $status"
exit $status
