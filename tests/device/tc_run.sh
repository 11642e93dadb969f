#!/usr/bin/env bash
# One call on the lent GPU server for issue 16 (the Tensor Core rungs and the FP32 gap):
# the kernel tests, the matmul rungs against cuBLAS at six sizes with the ratios, every
# tile shape of every hand-written rung (to choose the shapes "auto" picks), ncu on the
# key kernels at n = 4096 and a SASS census of them. About 5 minutes on an H100.
# Binaries come from a build with sm_90a code (wgmma), carried with
#   scripts/device-pack.sh build/tests/kernels/gpu_kernels_tests build/tests/bench/whygpu-bench-kernels
# Usage (on the server, repository root): tests/device/tc_run.sh 2>&1 | tee $OUT/run.log
# Files in $OUT: tests.log, bench.json, bench_wgmma.json, tune.json, tune.txt, ncu.txt,
# sass.txt (and run.log).
set -uo pipefail
export LD_LIBRARY_PATH=$PWD/.devcarry/lib:/usr/local/cuda/lib64
export WHYGPU_SOURCE_DIR=$PWD
bin=.devcarry/bin
out=${OUT:-/tmp}
export PATH=$PATH:/usr/local/cuda/bin
status=0
step() { echo; echo "=== $* ($(date -u +%H:%M:%S))"; }
ours_tc_sync=gpu-tc-wmma-fp16,gpu-tc-wmma-bf16,gpu-tc-mma-bf16  # the rungs before wgmma
summary() {  # the ratios table from bench.json and bench_wgmma.json (peers from the same run)
python3 - "$out/bench.json" "$out/bench_wgmma.json" <<'PY'
import json, os, sys
docs = [json.load(open(p)) for p in sys.argv[1:] if os.path.exists(p)]
results = [r for d in docs for r in d["results"]]
gf, peer_of = {}, {}
for d in docs:
    mine = {(r["variant"], r["size"]): r["gflops"] for r in d["results"] if r["state"] == "measured"}
    for (v, n), x in mine.items():
        if v.startswith("cublas") and (v, n) in gf: continue  # first file's cuBLAS in the cuBLAS columns
        gf[(v, n)] = x
    for (v, n) in mine:
        for p in ("cublas-fp32", "cublas-fp16", "cublas-bf16"):
            if (p, n) in mine: peer_of[(v, p, n)] = mine[(p, n)]
rows = [r for r in results if r["state"] == "measured"]
for d in docs: print("\n".join(d["summary"]))
for r in results:
    if r["variant"].startswith("gpu-") and r["size"] in (3001, 4096) and r["note"]:
        print(f'  {r["variant"]} n={r["size"]}: {r["note"]}')
    if r["state"] == "failed": print(f'FAILED {r["variant"]} n={r["size"]}: {r["note"]}')
cols = [("gpu-register-tiled", "cublas-fp32", "fp32 ours"), ("cublas-fp32", None, "cuBLAS fp32"),
        ("gpu-tc-wmma-fp16", "cublas-fp16", "wmma fp16"), ("cublas-fp16", None, "cuBLAS fp16"),
        ("gpu-tc-wmma-bf16", "cublas-bf16", "wmma bf16"), ("gpu-tc-mma-bf16", "cublas-bf16", "mma bf16"),
        ("gpu-tc-wgmma-bf16", "cublas-bf16", "wgmma bf16"), ("cublas-bf16", None, "cuBLAS bf16")]
print("\nTFLOP/s (and % of cuBLAS in the same precision), one run:")
print(f'{"n":>5}' + "".join(f"{name:>15}" for _, _, name in cols))
for n in sorted({r["size"] for r in rows}):
    cells = ""
    for v, peer, _ in cols:
        x = gf.get((v, n))
        if x is None: cells += f'{"-":>15}'; continue
        pct = f"({100 * x / peer_of[(v, peer, n)]:.0f}%)" if peer and (v, peer, n) in peer_of else ""
        cells += f"{x / 1000:>9.1f}{pct:>6}"
    print(f"{n:>5}" + cells)
PY
}

step machine
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv

step "kernel tests (log: tests.log)"
# The wgmma rung in a process of its own: a fault there (a trap ends the CUDA context)
# cannot take the other checks with it.
with_wgmma='*wgmma*:GpuMatmul.RunMatmulMeasuresEveryGpuRung:GpuSgemmTileShapes.AutoNamesTheShapeInTheRow'
timeout 150 $bin/gpu_kernels_tests --gtest_brief=1 --gtest_filter="-$with_wgmma" > "$out/tests.log" 2>&1 || status=1
timeout 60 $bin/gpu_kernels_tests --gtest_brief=1 --gtest_filter="$with_wgmma" >> "$out/tests.log" 2>&1 || status=1
grep -E "^\[  (PASSED|FAILED|SKIPPED) |^\[==========\]|Failure|what\(\)|Segmentation|Aborted" "$out/tests.log" | head -40
echo "largest relative error per kernel (and shape) in the checks:"
awk '/^relative error/ { k = $3; if (!(k in worst) || $5 + 0 > worst[k]) { worst[k] = $5 + 0; at[k] = $4 } }
     END { for (k in worst) printf "  %-46s %-16s %.3g\n", k, at[k], worst[k] }' "$out/tests.log" | sort

step "matmul: our rungs and cuBLAS at six sizes"
sizes=1000,2048,3001,4096,6000,8192
timeout 120 $bin/whygpu-bench-kernels matmul --sizes $sizes \
  --variants gpu-register-tiled,$ours_tc_sync,cublas-fp32,cublas-fp16,cublas-bf16 \
  --json --output "$out/bench.json" --quiet || status=1
timeout 60 $bin/whygpu-bench-kernels matmul --sizes $sizes --variants gpu-tc-wgmma-bf16,cublas-bf16 \
  --json --output "$out/bench_wgmma.json" --quiet || status=1
summary || status=1

step "tuning: every tile shape (FP32 at five sizes, Tensor Core rungs at four)"
{
  timeout 100 $bin/whygpu-bench-kernels matmul --sizes 1024,2048,3001,4096,8192 --tune \
    --variants gpu-register-tiled,cublas-fp32 --repeats 10 --budget 0.5 --json --quiet
  timeout 60 $bin/whygpu-bench-kernels matmul --sizes 1024,3001,4096,8192 --tune \
    --variants $ours_tc_sync,cublas-fp16,cublas-bf16 --repeats 10 --budget 0.5 --json --quiet
  timeout 40 $bin/whygpu-bench-kernels matmul --sizes 1024,3001,4096,8192 --tune \
    --variants gpu-tc-wgmma-bf16,cublas-bf16 --repeats 10 --budget 0.5 --json --quiet
} > "$out/tune.json" || status=1

step "ncu at n=4096 (log: ncu.txt)"
: > "$out/ncu.txt"
profile() {  # variant, kernel-name regex
  echo "##### $1 ($2)" >> "$out/ncu.txt"
  timeout 45 ncu --clock-control none --section SpeedOfLight --section MemoryWorkloadAnalysis \
    --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats \
    -k "regex:$2" --launch-skip 2 -c 1 \
    $bin/whygpu-bench-kernels matmul --sizes 4096 --variants "$1" --repeats 1 --warmup 2 --quiet \
    >> "$out/ncu.txt" 2>&1 || echo "ncu failed for $1" | tee -a "$out/ncu.txt"
}
profile gpu-register-tiled 'sgemm_'
profile cublas-fp32 'gemm|nvjet|xmma|cutlass'
profile gpu-tc-wmma-bf16 hgemm_wmma
profile gpu-tc-mma-bf16 hgemm_mma
profile gpu-tc-wgmma-bf16 hgemm_wgmma
profile cublas-bf16 'gemm|nvjet|xmma|cutlass'
grep -E "^#####|^  [a-zA-Z_0-9]+.*\(|Duration|Compute \(SM\) Throughput|Memory Throughput|DRAM Throughput|Registers Per|Achieved Occupancy|Issued Warp|No Eligible|Bank Conflicts|Dynamic Shared|Block Size|Grid Size" "$out/ncu.txt" | head -120

step "SASS census of our kernels (sass.txt)"
if command -v cuobjdump > /dev/null; then
  filt=cat
  command -v c++filt > /dev/null && filt=c++filt
  cuobjdump --dump-sass $bin/whygpu-bench-kernels 2> /dev/null | $filt | awk '
    /Function : / { name = substr($0, index($0, ": ") + 2); gsub(/whygpu::kernels::|\(anonymous namespace\)::/, "", name)
                    keep = (name ~ /hgemm|sgemm_async|sgemm_register/); next }
    keep && /^ *\/\*[0-9a-f]+\*\// {
      op = $2; if (op ~ /^@/) op = $3; sub(/;$/, "", op); split(op, p, "."); count[name, p[1]]++; names[name] = 1 }
    END {
      n = split("HGMMA HMMA LDGSTS UTMALDG LDSM FFMA LDS STS LDL STL SYNCS USETMAXREG BAR", ops, " ")
      for (f in names) { printf "%s\n ", f; for (i = 1; i <= n; i++) if (count[f, ops[i]]) printf " %s %d", ops[i], count[f, ops[i]]; printf "\n" }
    }' > "$out/sass.txt"
  cat "$out/sass.txt"
else
  echo "no cuobjdump on this machine" | tee "$out/sass.txt"
fi

step "tuning ranking (tune.txt; best shape per rung and size below)"
python3 - "$out/tune.json" > "$out/tune.txt" <<'PY'
import json, sys
from collections import defaultdict
text, dec, i, docs = open(sys.argv[1]).read(), json.JSONDecoder(), 0, []
while True:
    while i < len(text) and text[i].isspace(): i += 1
    if i >= len(text): break
    d, i = dec.raw_decode(text, i); docs.append(d)
by, peers = defaultdict(list), {}
for d in docs:
    for r in d["results"]:
        if r["state"] != "measured": continue
        if "@" in r["variant"]:
            v, shape = r["variant"].split("@", 1)
            by[(v, r["size"])].append((r["gflops"], shape))
        elif r["variant"].startswith("cublas"):
            peers[(r["precision"], r["size"])] = r["gflops"]
for (v, n), lst in sorted(by.items()):
    lst.sort(reverse=True)
    prec = "fp32" if v == "gpu-register-tiled" else ("fp16" if "fp16" in v else "bf16")
    peer = peers.get((prec, n))
    print(f"{v} n={n}" + (f" (cuBLAS {prec} {peer / 1000:.1f} TFLOP/s)" if peer else ""))
    for g, s in lst:
        vs = f" = {100 * g / peer:5.1f}% of cuBLAS" if peer else ""
        print(f"    {g / 1000:8.2f} TFLOP/s {100 * g / lst[0][0]:6.1f}%  {s}{vs}")
for d in docs:
    for r in d["results"]:
        if r["state"] == "failed": print("FAILED", r["variant"], r["size"], r["note"])
PY
[ $? -eq 0 ] || status=1
awk '/^gpu-/ { head = $0; getline; print head ": " $0 } /^FAILED/' "$out/tune.txt" | sed 's/  */ /g'

step "summary (also printed after the bench)"
summary || status=1
step done
exit $status
