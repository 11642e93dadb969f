#!/usr/bin/env bash
# The lead's call on the lent GPU server after the core branch (issue 12's compute side,
# issue 18's run-time cuBLAS and NVRTC): every GPU test binary whose code moved, cuBLAS
# through the app's own matmul rungs, the CNN and LSTM benchmarks as check_app.sh runs
# them (optionally beside the binaries of the branch point, alternating, so that a
# change shows as a ratio in one call), and the app with the CUDA toolkit hidden.
# Builds nothing. Carried (ignored folders):
#   .devcarry   scripts/device-pack.sh build/app/whygpu build/tests/cpu_core_tests
#               build/tests/*/gpu_*tests build/tests/cnn/whygpu_cnn_bench build/tests/lstm/lstm_bench
#   .devcarry/base/{whygpu_cnn_bench,lstm_bench}   optional: the same benches built at the
#               branch point (dd0fb92), linked to cuBLAS the old way
#   .gl (the GL dispatch .debs, as for check_app.sh), data/mnist, data/corpus
# Usage: tests/device/core_run.sh            (logs and a summary under $OUT)
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-core
base=$repo/.devcarry/base

{
  step machine
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
  install_gl_dispatch  # whygpu (and the kernel lab's child processes) link libEGL
  echo "whygpu links: $(ldd "$bin/whygpu" | grep -Eo 'lib(cublas|cublasLt|nvrtc|cudart)[^ ]*' | tr '\n' ' ')(none expected)"

  # Every binary whose code moved: core (cuBLAS/NVRTC tables, stream/event/graph types),
  # kernels (matmul's cuBLAS handle), grid (events and record buffers), CNN and LSTM
  # (streams, graphs, cuBLAS handles), kernel lab (NVRTC, the runner's checked copies).
  for t in cpu_core_tests gpu_kernels_tests gpu_grid_tests gpu_cnn_tests gpu_lstm_tests gpu_kernel_lab_tests; do
    [[ -x "$bin/$t" ]] || { echo "MISSING $t (not carried)"; status=1; continue; }
    step "$t"
    run 300 "$bin/$t" --gtest_brief=1
  done

  step "cuBLAS through the app (opened at run time): the four library rungs beside tiled SGEMM"
  run 120 "$bin/whygpu" bench matmul --variants gpu-register-tiled,cublas-fp32,cublas-tf32,cublas-fp16,cublas-bf16 \
      --sizes 1024,4096 --quiet

  # check_app.sh's bench part, ours only (the PyTorch peers did not change). With the
  # branch point's benches carried, two alternating rounds: new against old in one call.
  for round in 1 2; do
    for side in bin base; do
      dir=$repo/.devcarry/$side
      [[ -x "$dir/whygpu_cnn_bench" ]] || continue
      step "round $round, $side: CNN training step, batch 64"
      run 90 "$dir/whygpu_cnn_bench" --steps 500 --warmup 100 --mnist "$repo/data/mnist"
      step "round $round, $side: LSTM training step and generation"
      run 120 "$dir/lstm_bench" --corpus "$repo/data/corpus/sotu.txt"
    done
    [[ -x "$base/whygpu_cnn_bench" ]] || break  # one round is enough without a peer
  done

  # Issue 18: the same binary without the toolkit. A private mount namespace hides the
  # toolkit's folder under an empty tmpfs (needs root; skipped with a note otherwise).
  step "the app with the CUDA toolkit hidden (LD_LIBRARY_PATH without it)"
  toolkit=$(readlink -f /usr/local/cuda)
  if [[ -d "$toolkit" ]] && unshare -m true 2>/dev/null; then
    run 120 unshare -m --propagation private bash -c '
      mount -t tmpfs none "$1" || exit 1
      export LD_LIBRARY_PATH=$2
      echo "ldd: $(ldd "$3/whygpu" | grep -c "not found") libraries not found"
      "$3/whygpu" --version || exit 1
      # Expected: gpu-tiled measured, cublas-fp32 "cuBLAS is not installed (...)".
      "$3/whygpu" bench matmul --variants gpu-tiled,cublas-fp32 --sizes 1024 --quiet
      # Expected: "NVRTC is not installed (libnvrtc.so.13 not found)".
      "$3/whygpu" kernel-lab --exercise add --source "$4" | grep -E "^(compiled|run|message)="' \
      _ "$toolkit" "$repo/.devcarry/lib" "$bin" "$repo/tests/app/kernels/add_typo.cu"
  else
    echo "skipped: no $toolkit or no permission for unshare -m"
  fi

  echo; echo "core_run: exit status $status"
  exit $status
} 2>&1 | tee "$out/core_run.log"
exit "${PIPESTATUS[0]}"
