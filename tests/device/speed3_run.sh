#!/usr/bin/env bash
# Issue 31 (speed, round three): its table measured again in one call, each figure beside
# its peer in the same process or the same call, on whatever GPU is lent (the targets
# name the H100; say which GPU ran). About 7 minutes on an H200:
#   - the FP32 and BF16 matmul rungs against cuBLAS at the six sizes, one process;
#   - the CNN training step at batch 64 and 256: ours, then the PyTorch peer in every form
#     (eager, graphed, and compiled + channels_last + one CUDA graph in FP32, TF32, BF16);
#   - the LSTM training step: ours, then cuDNN's graphed step;
#   - the UI's frames while the CNN trains on the GPU at 1920x1080, paced at 60 Hz, beside
#     the trainer's images/s.
# Builds nothing. Carried (scripts/device-pack.sh): whygpu, whygpu-bench-kernels,
# whygpu_cnn_bench, lstm_bench, and gpu_profile_tests, gpu_kernel_lab_tests when carried;
# data/ (mnist, corpus); .gl (the GL dispatch .debs).
# Files in $OUT: speed3.log (everything), bench.json, frames.log, frames.png.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-speed3
export PATH=$PATH:/usr/local/cuda/bin
exec > >(tee "$out/speed3.log") 2>&1
export PYTHONUNBUFFERED=1  # the peers' lines in order with ours

step machine
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name())'

bash "$repo/tests/device/speed3_matmul_run.sh" || status=1
for batch in 64 256; do
  step "CNN training step, batch $batch: ours, then the PyTorch peer in every form"
  run 120 "$bin/whygpu_cnn_bench" --backend gpu --batch $batch --steps 500 --warmup 100
  run 400 python3 "$repo/scripts/peer/cnn_pytorch.py" --batch $batch --steps 500 --warmup 100 --compiled
done

step "LSTM training step: ours, then cuDNN's (PyTorch) graphed step"
run 150 "$bin/lstm_bench" --corpus "$repo/data/corpus/sotu.txt"
run 200 python3 "$repo/scripts/peer/lstm_pytorch.py" --corpus "$repo/data/corpus/sotu.txt"

step "the UI while the CNN trains on the GPU: 1920x1080, paced at 60 Hz"
install_gl_dispatch
timeout 200 env -C "$out" "$bin/whygpu" --headless --fps 60 --size 1920x1080 --lessons "$repo/lessons" \
  --export-dir "$out" --script "$repo/tests/app/cnn_gpu_frames.script" > "$out/frames.log" 2>&1 ||
  { echo "FAILED ($?): the frames run"; status=1; }
mv "$out/frames-training.png" "$out/frames.png" 2>/dev/null
grep "cnn-trainer" "$out/frames.log" | tail -12

step "the GPU tests of what this round changed: timelines (their descriptions) and the kernel lab"
for t in gpu_profile_tests gpu_kernel_lab_tests; do  # the kernel lab's deliberate GPU fault last
  [ -x "$bin/$t" ] && run 150 "$bin/$t" --gtest_brief=1
done

echo; echo "speed3: exit status $status"
exit $status
