#!/usr/bin/env bash
# One part of a call on the lent GPU server: the recorded reference the app shows without
# an NVIDIA GPU (assets/reference/h100-bench.json), made the way the first one was
# (assets/reference/README.md): one `whygpu-bench-kernels all` run written as JSON, now
# with the Tensor Core rungs and the FP32 rung's shape chosen per size ("auto"). About
# 2 minutes. Builds nothing. Carried (scripts/device-pack.sh):
#   build/tests/bench/whygpu-bench-kernels
# Usage: tests/device/run_parts.sh [tc_run.sh] reference_run.sh   (or with OUT set)
# Files in $OUT: h100-bench.json, stdout.log. Install: copy h100-bench.json over
# assets/reference/h100-bench.json and update the date and command in that README.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-reference

step machine
date -u
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv

step "whygpu bench all, recorded (h100-bench.json)"
run 420 $bin/whygpu-bench-kernels all --json --output "$out/h100-bench.json"

step "what the file holds"
python3 - "$out/h100-bench.json" <<'PY' || status=1
import json, sys
d = json.load(open(sys.argv[1]))
print(d["run"]["date_utc"], d["run"]["gpu_name"], "driver", d["run"]["nvidia_driver"])
print("command:", d["run"]["command"])
print("\n".join(d["summary"]))
rows = d["results"]
bad = [r for r in rows if r["state"] == "failed"]
for r in bad: print("FAILED", r["benchmark"], r["variant"], r["size"], r["note"])
for r in rows:
    if r["benchmark"] == "matmul" and r["size"] == 4096 and r["state"] == "measured":
        print(f'  {r["variant"]:<22} {r["gflops"] / 1000:8.1f} TFLOP/s  {r["note"]}')
need = ["gpu-register-tiled", "gpu-tc-wmma-fp16", "gpu-tc-wmma-bf16", "gpu-tc-mma-bf16",
        "gpu-tc-wgmma-bf16", "cublas-fp32", "cublas-bf16"]
missing = [v for v in need if not any(r["variant"] == v and r["state"] == "measured" for r in rows)]
print("missing rungs:", missing or "none")
sys.exit(1 if bad or missing else 0)
PY
step done
exit $status
