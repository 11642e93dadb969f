#!/usr/bin/env bash
# Issue 31's matmul rows in one process: the FP32 and BF16 rungs (their shape chosen by
# size, "auto") each beside cuBLAS in the same precision at the six sizes, and the table of
# shares. Part of speed3_run.sh; alone it takes under a minute on an H200. Carried:
# whygpu-bench-kernels. Files in $OUT: bench.json.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-speed3
step "matmul: FP32 and BF16 rungs against cuBLAS, six sizes, one process"
run 200 "$bin/whygpu-bench-kernels" matmul --sizes 1000,2048,3001,4096,6000,8192 \
  --variants gpu-register-tiled,cublas-fp32,gpu-tc-wgmma-bf16,cublas-bf16 --json --output "$out/bench.json" --quiet
python3 - "$out/bench.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
tf = {(r["variant"], r["size"]): r["gflops"] / 1000 for r in d["results"] if r["state"] == "measured"}
print(f'{"n":>5} {"FP32 ours":>10} {"cuBLAS":>8} {"share":>6} {"BF16 wgmma":>11} {"cuBLAS":>8} {"share":>6}  (TFLOP/s)')
for n in sorted({n for _, n in tf}):
    f, fc, b, bc = (tf.get((v, n), 0) for v in ("gpu-register-tiled", "cublas-fp32", "gpu-tc-wgmma-bf16", "cublas-bf16"))
    print(f"{n:>5} {f:10.1f} {fc:8.1f} {100 * f / fc if fc else 0:5.0f}% {b:11.1f} {bc:8.1f} {100 * b / bc if bc else 0:5.0f}%")
PY

exit $status
