#!/usr/bin/env bash
# Data-parallel training through NCCL (issue 19) on the lent GPU server, in under two
# minutes. On a one-GPU machine it checks the one-rank path; where two or more GPUs are
# present it also runs the N-rank checks and the scaling table over all of them:
#   1. gpu_data_parallel_tests: one rank against the single-GPU trainer bit for bit, N ranks
#      against one GPU with the whole batch (skipped with one GPU), the phase timing.
#   2. cpu_core_tests' NCCL part: the library opened at run time on this server.
#   3. `whygpu bench cnn --gpus 1`, and `--gpus all --scaling both --all-reduce both
#      --output` when the machine has 2+ GPUs (the all-reduce after the backward pass and
#      overlapped with it, side by side): the recording for
#      assets/reference/recorded-gpu/data-parallel.json. Then the PyTorch DDP peer
#      (scripts/peer/cnn_ddp_pytorch.py, torchrun) at 1 .. N GPUs with the same slices as
#      the weak (64 a GPU) and strong (256 a step) runs, into bench-all.log.
#   4. The data-parallel lesson headless (EGL) at 1920x1080 and 1280x720 with text x2,
#      after pressing Measure (live rows from this machine).
# NVLink multicast stays off (NCCL_NVLS_ENABLE=0): on a shared host a program using it can
# put the GPUs out of service. The trainer sets it too when it is not set.
# Builds nothing. Carried: .devcarry from
#   scripts/device-pack.sh build/app/whygpu build/tests/cnn/gpu_data_parallel_tests build/tests/cpu_core_tests
# plus .gl (the GL dispatch .debs) and data/mnist. NCCL itself is the server's
# (/usr/local/cuda/lib64/libnccl.so.2); without it the tests skip and say so.
# Run from the repository root:  bash tests/device/nccl_run.sh  (or through run_parts.sh)
# Output under $OUT (6 files on one GPU, 8 on several): tests.log, bench-1.log, bench-all.log,
# data-parallel.json, app-*.log, data-parallel-*.png.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-nccl
export NCCL_NVLS_ENABLE=0
export NCCL_DEBUG=WARN

step machine
date -u
nvidia-smi --query-gpu=index,name,driver_version --format=csv
nvidia-smi topo -m 2>&1 | head -12
ls -la /usr/local/cuda/lib64/ | grep -i nccl || echo "no libnccl in /usr/local/cuda/lib64"
gpus=$(nvidia-smi --query-gpu=index --format=csv,noheader | wc -l)
echo "GPUs: $gpus"
install_gl_dispatch

step "gpu_data_parallel_tests and the NCCL library tests"
run 90 "$bin/gpu_data_parallel_tests" --gtest_brief=0 > "$out/tests.log" 2>&1
run 30 "$bin/cpu_core_tests" --gtest_filter='Nccl*' >> "$out/tests.log" 2>&1
grep -E "^\[  (PASSED|FAILED|SKIPPED) |^\[       OK |^\[  FAILED|Failure|Expected|Which is|differ|Skipped|NCCL" "$out/tests.log" | head -40

step "whygpu bench cnn --gpus 1 (strong and weak)"
run 60 "$bin/whygpu" bench cnn --gpus 1 --scaling both --mnist "$repo/data/mnist" > "$out/bench-1.log" 2>&1
cat "$out/bench-1.log"
if (( gpus >= 2 )); then
  step "whygpu bench cnn --gpus all (strong and weak), recorded"
  run 240 "$bin/whygpu" bench cnn --gpus all --scaling both --all-reduce both --steps 300 --warmup 100 \
      --mnist "$repo/data/mnist" --output "$out/data-parallel.json" > "$out/bench-all.log" 2>&1
  step "the PyTorch DistributedDataParallel peer, the same slices" >> "$out/bench-all.log"
  for n in $(seq 1 "$gpus"); do
    for slice in 64 $((256 / n)); do
      run 150 torchrun --standalone --nproc_per_node="$n" "$repo/scripts/peer/cnn_ddp_pytorch.py" \
          --batch-per-gpu "$slice" --steps 300 --warmup 100 2>&1 | grep -E "^(pytorch|form|ddp)" >> "$out/bench-all.log"
    done
  done
  cat "$out/bench-all.log"
fi

for size in 1920x1080 1280x720; do
  scale=1; [[ $size == 1280x720 ]] && scale=2
  step "the data-parallel lesson headless at $size, text x$scale"
  cat > "/tmp/whygpu-nccl-lesson-$size.script" <<SCRIPT
lesson data-parallel
predict skip
press data-parallel run
wait-idle data-parallel 90
wait 5
scroll-to data-parallel
wait 5
screenshot data-parallel-$size.png
expect-no-errors
quit
SCRIPT
  timeout 150 env -C "$out" "$bin/whygpu" --headless --size "$size" --font-scale "$scale" --fps 30 \
      --lessons "$repo/lessons" --export-dir "$out" --script "/tmp/whygpu-nccl-lesson-$size.script" > "$out/app-$size.log" 2>&1 ||
      { echo "FAILED ($?): whygpu headless at $size"; status=1; }
  grep -v "slow frame" "$out/app-$size.log" | tail -8
done
ls -la "$out"
echo; echo "nccl_run: exit status $status"
exit $status
