#!/usr/bin/env bash
# The timeline and vitals work on the lent GPU server, in one call of a few minutes:
#   1. gpu_profile_tests: CUPTI kernel durations against CUDA events, eager against graph,
#      the vector add's copies, every work recorded and read back; NVML readings, sampler.
#   2. `whygpu bench timeline` for every work, the recordings saved as JSON.
#   3. The PyTorch peer's CNN step recorded with torch.profiler, eager and as a graph, in
#      the same format, and printed by whygpu from the files.
#   4. `whygpu bench vitals` against `nvidia-smi --query-gpu=...` read in the same script,
#      at idle and under load (a long matmul), plus the energy over a loaded stretch.
# Builds nothing. Carried: .devcarry from
#   scripts/device-pack.sh build/app/whygpu build/tests/profile/gpu_profile_tests
# Run from the repository root:  bash tests/device/profile_run.sh
# Output under $OUT (5 files): gpu_tests.log, timelines.txt, pytorch.log, vitals.log and
# recordings.tar.gz (every recording, for assets/reference/); the summary on stdout.
set -uo pipefail
repo=$PWD
export LD_LIBRARY_PATH=$repo/.devcarry/lib:/usr/local/cuda/lib64
export WHYGPU_SOURCE_DIR=$repo
bin=$repo/.devcarry/bin
out=${OUT:-/tmp/whygpu-profile}
mkdir -p "$out"
recordings=$(mktemp -d)
status=0
step() { echo; echo "=== $* ($(date -u +%H:%M:%S))"; }
run() { local limit=$1; shift; timeout "$limit" "$@" || { echo "FAILED ($?): $*"; status=1; }; }

step machine
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total,power.limit --format=csv
echo "CUPTI libraries on this machine:"
find /usr/local/cuda*/ /usr/lib/x86_64-linux-gnu -name 'libcupti.so*' 2>/dev/null | head
ls /sys/class/powercap 2>&1 | head -5

step "gpu_profile_tests"
run 300 "$bin/gpu_profile_tests" --gtest_brief=0 > "$out/gpu_tests.log" 2>&1
grep -E "^\[  (PASSED|FAILED|SKIPPED) |^\[          \] |Failure|Expected|Which is|actual" "$out/gpu_tests.log" | head -60

step "whygpu bench timeline, every work (full tables in timelines.txt)"
: > "$out/timelines.txt"
for work in cnn-step cnn-step-graph lstm-step lstm-step-eager vector-add matmul; do
  echo "--- $work"
  echo "######## whygpu bench timeline --work $work" >> "$out/timelines.txt"
  run 120 "$bin/whygpu" bench timeline --work "$work" --json "$recordings/$work.json" >> "$out/timelines.txt" 2>&1
  tail -4 "$out/timelines.txt"
done
echo "--- matmul, 10 products back to back"
echo "######## whygpu bench timeline --work matmul --repeats 10" >> "$out/timelines.txt"
run 120 "$bin/whygpu" bench timeline --work matmul --repeats 10 --json "$recordings/matmul-x10.json" >> "$out/timelines.txt" 2>&1
tail -4 "$out/timelines.txt"

step "the PyTorch peer's CNN step, torch.profiler, eager and graph"
run 200 python3 "$repo/scripts/peer/cnn_pytorch_profile.py" --out "$recordings" > "$out/pytorch.log" 2>&1
cat "$out/pytorch.log" | tail -5
for work in pytorch-cnn-step pytorch-cnn-step-graph; do
  echo "######## whygpu bench timeline --load $work.json" >> "$out/pytorch.log"
  run 30 "$bin/whygpu" bench timeline --load "$recordings/$work.json" >> "$out/pytorch.log" 2>&1
  echo "--- $work"; tail -4 "$out/pytorch.log"
done

step "vitals against nvidia-smi, same script (details in vitals.log)"
compare() {  # $1: label, $2: tolerance set (idle|load)
  python3 - "$bin/whygpu" "$1" "$2" <<'PY'
import subprocess, sys
whygpu, label, mode = sys.argv[1], sys.argv[2], sys.argv[3]
fields = ["power.draw", "clocks.sm", "clocks.mem", "utilization.gpu", "memory.used", "temperature.gpu"]
# What "the same within nvidia-smi's resolution" allows: whole MHz, %, MiB and degrees; power
# to 0.01 W but averaged over a second by the driver, so readings a moment apart differ.
tolerance = {"idle": [("abs", 3.0), ("abs", 15), ("abs", 1), ("abs", 5), ("abs", 2), ("abs", 1)],
             "load": [("rel", 0.10), ("rel", 0.03), ("abs", 1), ("abs", 10), ("abs", 4), ("abs", 2)]}[mode]
def ours():
    line = subprocess.run([whygpu, "bench", "vitals", "--seconds", "0", "--csv"], capture_output=True,
                          text=True, timeout=30).stdout.strip().splitlines()[-1].split(",")
    return [float(v) if v != "n/a" else float("nan") for v in line[1:7]]
def smi():
    line = subprocess.run(["nvidia-smi", "-i", "0", "--query-gpu=" + ",".join(fields),
                           "--format=csv,noheader,nounits"], capture_output=True, text=True, timeout=30).stdout
    return [float(v) if v.strip() not in ("[N/A]", "N/A") else float("nan") for v in line.strip().split(",")]
worst = [0.0] * 6
failures = 0
for round_ in range(5):
    before, theirs, after = ours(), smi(), ours()
    row = []
    for i, (kind, tol) in enumerate(tolerance):
        lo, hi = min(before[i], after[i]), max(before[i], after[i])
        gap = 0.0 if lo <= theirs[i] <= hi else min(abs(theirs[i] - lo), abs(theirs[i] - hi))
        allowed = tol if kind == "abs" else tol * max(abs(theirs[i]), 1.0)
        ok = gap <= allowed
        failures += not ok
        worst[i] = max(worst[i], gap)
        row.append("%s whygpu %g..%g smi %g%s" % (fields[i], lo, hi, theirs[i], "" if ok else " MISMATCH"))
    print("%s %d: %s" % (label, round_, "; ".join(row)))
print("%s: %s; largest gap outside whygpu's bracketing readings: %s" % (
    label, "all within nvidia-smi's resolution" if failures == 0 else "%d readings differ" % failures,
    ", ".join("%s %g" % (f, w) for f, w in zip(fields, worst))))
sys.exit(1 if failures else 0)
PY
}
{
  compare idle idle || status=1
  echo "--- under load: a long matmul in the background"
  timeout 60 "$bin/whygpu" bench matmul --sizes 8192 --variants gpu-register-tiled --repeats 600 --budget 0 \
      --quiet > /dev/null 2>&1 &
  load=$!
  sleep 4
  compare load load || status=1
  "$bin/whygpu" bench vitals --seconds 6 --interval-ms 250 || status=1
  kill "$load" 2>/dev/null; wait "$load" 2>/dev/null
} > "$out/vitals.log" 2>&1
grep -E "^(idle|load): |energy|CPU energy|^whygpu vitals" "$out/vitals.log"

(cd "$recordings" && tar -czf "$out/recordings.tar.gz" ./*.json) && ls -la "$recordings"
rm -rf "$recordings"
echo; echo "profile_run: exit status $status"
exit $status
