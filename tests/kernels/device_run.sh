#!/usr/bin/env bash
# One call on the lent GPU server for the kernels module: machine facts, every CPU and GPU
# test, the bench ladder, and PyTorch on the same GPU for context. Binaries come from
#   scripts/device-pack.sh build-kernels/tests/kernels/{cpu_kernels_tests,gpu_kernels_tests} build-kernels/tests/bench/whygpu-bench-kernels
# Usage (on the server, repository root): tests/kernels/device_run.sh tune|quick|record
#   tune:   tests, every register-tiled tile shape at 2048/4096 (and odd sizes), ncu
#   quick:  tests, matmul ladder + tile shapes at 4096, vector add and copy at the big sizes
#   record: tests, then the full `all` run written as JSON to $OUT/h100-bench.json
set -uo pipefail
export LD_LIBRARY_PATH=$PWD/.devcarry/lib:/usr/local/cuda/lib64
export WHYGPU_SOURCE_DIR=$PWD
bin=.devcarry/bin
mode=${1:-quick}
out=${OUT:-/tmp}
status=0
step() { echo; echo "=== $* ($(date -u +%H:%M:%S))"; }

step machine
date -u
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
lscpu | grep -E "Model name|^CPU\(s\)|Thread|L2|L3" | sed 's/  */ /g'
grep -o -w -E 'avx2|avx512f|fma' /proc/cpuinfo | sort | uniq -c

step cpu tests
$bin/cpu_kernels_tests --gtest_brief=1 || status=1
step gpu tests
$bin/gpu_kernels_tests --gtest_brief=1 || status=1

if [ "$mode" = tune ]; then
  step register-tiled tile shapes
  $bin/whygpu-bench-kernels matmul --sizes 2048,4096 --tune --variants gpu-register-tiled,cublas-fp32 --quiet || status=1
  $bin/whygpu-bench-kernels matmul --sizes 1025,4097 --tune --variants gpu-register-tiled,cublas-fp32 --repeats 5 --quiet || status=1
  step ncu of the register-tiled kernel at 4096
  ncu --clock-control none --kernel-name regex:sgemm_register --launch-skip 3 --launch-count 1 \
    --section SpeedOfLight --section ComputeWorkloadAnalysis --section SchedulerStats \
    --section WarpStateStats --section Occupancy --section MemoryWorkloadAnalysis_Tables \
    $bin/whygpu-bench-kernels matmul --sizes 4096 --variants gpu-register-tiled --repeats 3 --quiet \
    > "$out/ncu.txt" 2>&1 || status=1
  grep -E "Throughput|Pipe|Issue|Eligible|Stall|Occupancy|Bank|Registers|Duration|SM Frequency|Warp Cycles" "$out/ncu.txt" | head -60
elif [ "$mode" = quick ]; then
  step matmul ladder at 4096 with tile shapes
  $bin/whygpu-bench-kernels matmul --sizes 4096 --tune --quiet || status=1
  step matmul naive CPU at 1024
  $bin/whygpu-bench-kernels matmul --sizes 1024 --variants cpu-naive,cpu-blocked,cpu-openblas --quiet || status=1
  step vector add
  $bin/whygpu-bench-kernels vector-add --sizes 2^20,2^28 --quiet || status=1
  step copies
  $bin/whygpu-bench-kernels copy --sizes 1G --quiet || status=1
else
  step tile shapes at 4096, to pick the ladder\'s register-tiled shape
  $bin/whygpu-bench-kernels matmul --sizes 4096 --tune --variants gpu-register-tiled,cublas-fp32 \
    --quiet | tee "$out/tune.txt" || status=1
  best=$(grep -o 'best hand-written GPU kernel (gpu-register-tiled@[^)]*)' "$out/tune.txt" |
         sed 's/.*@//; s/)$//')
  shape=()
  [ -n "$best" ] && shape=(--sgemm-shape "$best")
  step full run "${shape[@]}"
  $bin/whygpu-bench-kernels all "${shape[@]}" --json --output "$out/h100-bench.json" || status=1
  python3 - "$out/h100-bench.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
print("\n".join(doc["summary"]))
for r in doc["results"]:
    rate = f'{r["gflops"]:10.1f} GFLOP/s' if r["flop"] and r["benchmark"] == "matmul" else f'{r["gbytes_per_s"]:10.1f} GB/s'
    print(f'{r["benchmark"]:10} {r["variant"]:20} {r["phase"]:6} {r["size"]:>11} {r["state"]:8} '
          f'{r["median_ms"]:11.4f} ms {rate}  {r["note"] if r["state"] != "measured" or r["variant"] == "gpu-register-tiled" else ""}')
PY
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,power.draw,temperature.gpu --format=csv
fi

step pytorch on the same GPU
python3 tests/kernels/torch_peer.py || status=1
step done
exit $status
