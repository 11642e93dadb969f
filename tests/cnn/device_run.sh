#!/usr/bin/env bash
# One call on the lent GPU server for the CNN work: the GPU and CPU tests, our training
# step benchmark and the PyTorch peer in the same call, the accuracy runs (ours and the
# peer's), a per-kernel time breakdown (ncu) and a memcheck pass over the GPU tests.
# Binaries and data travel in a carried folder laid out as
#   <carried>/bin/{gpu_cnn_tests,cpu_cnn_tests,whygpu_cnn_bench}
#   <carried>/data/mnist/*-ubyte.gz, <carried>/data/fashion-mnist/*-ubyte.gz
#   <carried>/baseline/{gpu_cnn_tests,whygpu_cnn_bench}   (optional: an earlier build to compare)
# Usage (from the repository root): tests/cnn/device_run.sh <carried folder> <output folder>
set -uo pipefail
carried=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
bin=$carried/bin
data=$carried/data
status=0
step() { echo; echo "=== $*"; }
# Each command gets a time limit of its own, so one hang cannot eat the whole call.
run() { local limit=$1; shift; timeout "$limit" "$@" || { echo "FAILED ($?): $*"; status=1; }; }

step "device"
date -u
nvidia-smi --query-gpu=name,driver_version --format=csv
step "GPU tests"
run 120 "$bin/gpu_cnn_tests"
step "CPU tests"
WHYGPU_SOURCE_DIR=$carried run 60 "$bin/cpu_cnn_tests" --gtest_brief=1
step "benchmark: ours and the PyTorch peer, batch 64, same call"
run 60 "$bin/whygpu_cnn_bench" --steps 500 --warmup 100 --mnist "$data/mnist" --fashion "$data/fashion-mnist"
run 120 python3 scripts/peer/cnn_pytorch.py --steps 500 --warmup 100
run 60 "$bin/whygpu_cnn_bench" --steps 500 --warmup 100 --backend gpu --json --mnist "$data/mnist" > "$out/bench.json"
step "accuracy: ours (GPU; Adam lr 2e-3 halved each epoch), then the peer with the same recipe"
run 90 "$bin/whygpu_cnn_bench" --backend gpu --steps 10 --warmup 2 --accuracy --mnist "$data/mnist" --fashion "$data/fashion-mnist"
for seed in 2 3 4 5; do
  echo "MNIST seed $seed:"
  timeout 30 "$bin/whygpu_cnn_bench" --backend gpu --steps 10 --warmup 2 --accuracy-data mnist --seed "$seed" --mnist "$data/mnist" | grep "epoch  5"
done
for recipe in "--lr-decay 0.7" "--lr 0.001 --lr-decay 1"; do
  echo "Fashion-MNIST $recipe:"
  timeout 40 "$bin/whygpu_cnn_bench" --backend gpu --steps 10 --warmup 2 --accuracy-data fashion $recipe --fashion "$data/fashion-mnist" | grep "epoch 10"
done
run 150 python3 scripts/peer/cnn_pytorch.py --steps 10 --warmup 5 --mnist "$data/mnist" --fashion "$data/fashion-mnist"
step "per-kernel GPU time of training steps (ncu, kernels serialised)"
if command -v ncu >/dev/null; then
  timeout 120 ncu --csv --metrics gpu__time_duration.sum --launch-skip 100 --launch-count 40 \
      "$bin/whygpu_cnn_bench" --backend gpu --steps 5 --warmup 5 --mnist "$data/mnist" > "$out/ncu.csv" 2> "$out/ncu.err"
  python3 - "$out/ncu.csv" <<'PY'
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
head, body = rows[0], rows[1:]
k, v, u = head.index("Kernel Name"), head.index("Metric Value"), head.index("Metric Unit")
total = collections.OrderedDict()
for r in body:
    scale = {"ns": 1e-3, "nsecond": 1e-3, "us": 1.0, "usecond": 1.0, "ms": 1e3, "msecond": 1e3}[r[u]]
    name = r[k][:90]
    total.setdefault(name, []).append(float(r[v].replace(",", "")) * scale)
for name, times in total.items():
    print(f"{sum(times) / len(times):9.2f} us x{len(times):2d}  {name}")
PY
fi
step "memcheck over the GPU kernels"
if command -v compute-sanitizer >/dev/null; then
  run 120 compute-sanitizer --tool memcheck --error-exitcode 9 "$bin/gpu_cnn_tests" \
      --gtest_filter='GpuStep.*:GpuFeatureMaps.*:GpuTrainer.*' --gtest_brief=1
fi
if [ -d "$carried/baseline" ]; then
  step "the previous GPU version (38 kernels a step), kept for comparison"
  run 120 "$carried/baseline/gpu_cnn_tests" --gtest_brief=1
  run 60 "$carried/baseline/whygpu_cnn_bench" --backend gpu --steps 500 --warmup 100 --mnist "$data/mnist"
fi
echo; echo "device_run: exit status $status"
exit $status
