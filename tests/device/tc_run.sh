#!/usr/bin/env bash
# One part of a call on the lent GPU server for issue 16 (the Tensor Core rungs and the FP32
# gap), about 4 minutes on an H100: the kernel tests; the ladder's rungs against cuBLAS at
# six sizes in one bench call, with the ratios; every tile shape of every hand-written rung
# at those sizes (the data behind auto_tile_shape.cpp), plus wgmma at n = 6016 beside 6000
# (same tile count, rows 128-byte aligned: is 6000 slow because of alignment?); ncu of the
# fastest FP32 shape, the former one and cuBLAS FP32 at 4096, wgmma and cuBLAS BF16 at 6000
# and the WMMA and mma.sync rungs, each with the warp stall reasons; a SASS census.
# Builds nothing. Carried (scripts/device-pack.sh, from a build with sm_90a code):
#   build/tests/kernels/gpu_kernels_tests build/tests/bench/whygpu-bench-kernels
# Usage: tests/device/run_parts.sh tc_run.sh [reference_run.sh]   (or with OUT set)
# Files in $OUT: tests.log, bench.json, tune.json, tune.txt, ncu.txt, sass.txt, stdout.log.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-tc
export PATH=$PATH:/usr/local/cuda/bin
ours=gpu-register-tiled,gpu-tc-wmma-fp16,gpu-tc-wmma-bf16,gpu-tc-mma-bf16,gpu-tc-wgmma-bf16
peers=cublas-fp32,cublas-fp16,cublas-bf16
sizes=1000,2048,3001,4096,6000,8192

summary() {  # the ratios table from bench.json (peers from the same process)
python3 - "$out/bench.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
gf = {(r["variant"], r["size"]): r["gflops"] for r in d["results"] if r["state"] == "measured"}
print("\n".join(d["summary"]))
for r in d["results"]:
    if r["variant"].startswith("gpu-") and r["size"] in (1000, 3001, 6000) and r["note"]:
        print(f'  {r["variant"]} n={r["size"]}: {r["note"]}')
    if r["state"] == "failed": print(f'FAILED {r["variant"]} n={r["size"]}: {r["note"]}')
cols = [("gpu-register-tiled", "cublas-fp32", "fp32 ours"), ("cublas-fp32", None, "cuBLAS fp32"),
        ("gpu-tc-wmma-fp16", "cublas-fp16", "wmma fp16"), ("cublas-fp16", None, "cuBLAS fp16"),
        ("gpu-tc-wmma-bf16", "cublas-bf16", "wmma bf16"), ("gpu-tc-mma-bf16", "cublas-bf16", "mma bf16"),
        ("gpu-tc-wgmma-bf16", "cublas-bf16", "wgmma bf16"), ("cublas-bf16", None, "cuBLAS bf16")]
print("\nTFLOP/s (and % of cuBLAS in the same precision), one run:")
print(f'{"n":>5}' + "".join(f"{name:>15}" for _, _, name in cols))
for n in sorted({n for _, n in gf}):
    cells = ""
    for v, peer, _ in cols:
        x = gf.get((v, n))
        if x is None: cells += f'{"-":>15}'; continue
        pct = f"({100 * x / gf[(peer, n)]:.0f}%)" if peer and (peer, n) in gf else ""
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

step "matmul: our rungs and cuBLAS at six sizes, one call (the issue's 'done when')"
run 150 $bin/whygpu-bench-kernels matmul --sizes $sizes --variants $ours,$peers \
  --json --output "$out/bench.json" --quiet
summary || status=1

step "tuning: every tile shape of every rung at the six sizes (wgmma also at 6016)"
tune() {  # limit, sizes, variants: JSON on stdout, failures on stderr
  timeout "$1" $bin/whygpu-bench-kernels matmul --sizes "$2" --tune --variants "$3" \
    --repeats 10 --budget 0.5 --json --quiet || { echo "FAILED ($?): tune $3" >&2; status=1; }
}
{
  tune 120 $sizes gpu-register-tiled,cublas-fp32
  tune 60 $sizes gpu-tc-wmma-fp16,gpu-tc-wmma-bf16,gpu-tc-mma-bf16,cublas-fp16,cublas-bf16
  tune 60 $sizes,6016 gpu-tc-wgmma-bf16,cublas-bf16
} > "$out/tune.json"

step "tuning ranking (tune.txt), and the table rows it suggests for auto_tile_shape.cpp"
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
best = []
for (v, n), lst in sorted(by.items()):
    lst.sort(reverse=True)
    prec = "fp32" if v == "gpu-register-tiled" else ("fp16" if "fp16" in v else "bf16")
    peer = peers.get((prec, n))
    print(f"{v} n={n}" + (f" (cuBLAS {prec} {peer / 1000:.1f} TFLOP/s)" if peer else ""))
    for g, s in lst:
        vs = f" = {100 * g / peer:5.1f}% of cuBLAS" if peer else ""
        print(f"    {g / 1000:8.2f} TFLOP/s {100 * g / lst[0][0]:6.1f}%  {s}{vs}")
    waves = ((n + 127) // 128) ** 2 / 132
    pct = f", {100 * lst[0][0] / peer:.1f}%" if peer else ""
    best.append(f'BEST {v} n={n} ({waves:.2f} waves): "{lst[0][1]}" {lst[0][0] / 1000:.1f} TFLOP/s{pct}'
                + (f'; next "{lst[1][1]}" {100 * lst[1][0] / lst[0][0]:.1f}% of it' if len(lst) > 1 else ""))
print("\n".join(best))
for d in docs:
    for r in d["results"]:
        if r["state"] == "failed": print("FAILED", r["variant"], r["size"], r["note"])
PY
[ $? -eq 0 ] || status=1
grep -E "^BEST|^FAILED" "$out/tune.txt"

step "ncu (log: ncu.txt): speed of light, memory, occupancy, scheduler, warp stall reasons"
: > "$out/ncu.txt"
rep=/tmp/whygpu-tc-ncu
profile() {  # title, n, kernel-name regex, bench arguments...
  local title=$1 n=$2 regex=$3; shift 3
  echo "##### $title n=$n ($regex)" >> "$out/ncu.txt"
  rm -f "$rep.ncu-rep"
  local basic="--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy
    --section LaunchStats --section WarpStateStats --section SchedulerStats"
  local more="--section ComputeWorkloadAnalysis --section InstructionStats --section MemoryWorkloadAnalysis_Tables"
  local cmd=($bin/whygpu-bench-kernels matmul --sizes "$n" --repeats 1 --warmup 2 --quiet "$@")
  # The sections of the first run (tc_run.sh, 2026-11-24) and three more; should ncu refuse
  # one of those, the first set alone.
  if timeout 60 ncu --clock-control none -f -o "$rep" $basic $more -k "regex:$regex" --launch-skip 2 -c 1 \
       "${cmd[@]}" > /tmp/whygpu-tc-ncu.log 2>&1 ||
     timeout 60 ncu --clock-control none -f -o "$rep" $basic -k "regex:$regex" --launch-skip 2 -c 1 \
       "${cmd[@]}" >> /tmp/whygpu-tc-ncu.log 2>&1; then
    ncu -i "$rep.ncu-rep" --page details >> "$out/ncu.txt" 2>&1
    # Stall reasons (warp cycles per issued instruction, by reason), instruction mix,
    # shared-memory wavefronts and bank conflicts, pipe use.
    ncu -i "$rep.ncu-rep" --page raw 2>&1 | grep -E "issue_stalled_.*per_issue_active|inst_executed_pipe_(fma|alu|lsu|uniform|fmaheavy)|smsp__inst_executed\.sum |sass_thread_inst_executed_op_(ffma|integer|fp32)|data_bank_conflicts_pipe_lsu_mem_shared|wavefronts_mem_shared|issue_active|pipe_fma_cycles_active|pipe_tensor" \
      | grep -v "\bn/a\b" >> "$out/ncu.txt"
  else
    { echo "ncu failed for $title:"; tail -5 /tmp/whygpu-tc-ncu.log; } | tee -a "$out/ncu.txt"
  fi
}
best_fp32=$(sed -n 's/^BEST gpu-register-tiled n=4096 [^"]*"\([^"]*\)".*/\1/p' "$out/tune.txt")
if [ -n "$best_fp32" ]; then
  profile "gpu-register-tiled@$best_fp32 (fastest at 4096 in the tune)" 4096 sgemm_ \
    --variants gpu-register-tiled --sgemm-shape "$best_fp32"
fi
[ "$best_fp32" != "async-t/128x256x16/8x16/s3" ] &&
  profile "gpu-register-tiled@async-t/128x256x16/8x16/s3 (fastest at 4096 before)" 4096 sgemm_ \
    --variants gpu-register-tiled --sgemm-shape async-t/128x256x16/8x16/s3
profile cublas-fp32 4096 'gemm|nvjet|xmma|cutlass' --variants cublas-fp32
profile gpu-tc-wgmma-bf16 6000 hgemm_wgmma --variants gpu-tc-wgmma-bf16
profile cublas-bf16 6000 'gemm|nvjet|xmma|cutlass' --variants cublas-bf16
profile gpu-tc-wmma-bf16 4096 hgemm_wmma --variants gpu-tc-wmma-bf16
profile gpu-tc-mma-bf16 4096 hgemm_mma --variants gpu-tc-mma-bf16
grep -E "^#####|^  [a-zA-Z_0-9]+.*\(|Duration|Compute \(SM\) Throughput|DRAM Throughput|L2 Hit Rate|Registers Per|Achieved Occupancy|Issued Warp|No Eligible|Warp Cycles Per Issued|ncu failed" "$out/ncu.txt" | head -120

step "SASS census of our kernels (sass.txt)"
if command -v cuobjdump > /dev/null; then
  filt=cat
  command -v c++filt > /dev/null && filt=c++filt
  cuobjdump --dump-sass $bin/whygpu-bench-kernels 2> /dev/null | $filt | awk '
    /Function : / { name = substr($0, index($0, ": ") + 2); gsub(/whygpu::kernels::|\(anonymous namespace\)::/, "", name)
                    keep = (name ~ /hgemm|sgemm_async/); next }
    keep && /^ *\/\*[0-9a-f]+\*\// {
      op = $2; if (op ~ /^@/) op = $3; sub(/;$/, "", op); split(op, p, "."); count[name, p[1]]++; names[name] = 1; all[name]++ }
    END {
      n = split("HGMMA HMMA LDGSTS UTMALDG LDSM FFMA LDS STS LDL STL IMAD IADD3 ISETP LEA BRA BAR SYNCS", ops, " ")
      for (f in names) { printf "%s\n  all %d", f, all[f]; for (i = 1; i <= n; i++) if (count[f, ops[i]]) printf " %s %d", ops[i], count[f, ops[i]]; printf "\n" }
    }' > "$out/sass.txt"
  grep -A1 -E "sgemm_async_kernel<AsyncShape<128, 256|hgemm_wgmma_kernel<WgmmaShape<128, 256, 4, 2048, 256>" "$out/sass.txt"
else
  echo "no cuobjdump on this machine" | tee "$out/sass.txt"
fi

step "summary (also printed after the bench)"
summary || status=1
step done
exit $status
