#!/usr/bin/env bash
# Issue 20 in one call on the GPU server: does our LSTM learn as much per step as the
# cuDNN peer, and is its step still at least 1.5x faster than the peer's graphed step?
#  1. the LSTM's GPU tests (agreement with the CPU, evaluation between training steps);
#  2. ours (the app's GPU trainer) and the PyTorch peer (one CUDA graph, TF32 allowed and
#     off) for 600 and 3000 steps, seeds 1, 2, 3: the mean loss of the last 20 steps, the
#     loss on the held-out last 5% of the text, and the step time of each run;
#  3. the full bench once for each side (every GPU variant, phases, generation);
#  4. one table, printed last (also $OUT/table.txt).
# Builds nothing. Carried (ignored folders): .devcarry (scripts/device-pack.sh
# build/tests/lstm/lstm_bench build/tests/lstm/gpu_lstm_tests) and data/corpus.
# Run from the repository root: tests/device/lstm_learning.sh. Logs under $OUT.
set -uo pipefail
repo=$PWD
export LD_LIBRARY_PATH=$repo/.devcarry/lib:/usr/local/cuda/lib64
export WHYGPU_SOURCE_DIR=$repo
bin=$repo/.devcarry/bin
corpus=$repo/data/corpus/sotu.txt
out=${OUT:-/tmp/whygpu-lstm-learning}
mkdir -p "$out"
rm -f "$out/runs.log"  # the table reads every run in it
status=0
step() { echo; echo "=== $* ($(date -u +%H:%M:%S))"; }
# Each command has its own time limit, so one hang cannot eat the whole call.
run() { local limit=$1; shift; timeout "$limit" "$@" || { echo "FAILED ($?): $*"; status=1; }; }

step machine
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
[ -f "$corpus" ] || { echo "no $corpus: carry data/corpus"; exit 2; }

# A command's output goes to a file (not through a pipe, which would run `run` in a
# subshell and lose its status), then the lines worth reading to the output.
step "LSTM GPU tests"
run 200 "$bin/gpu_lstm_tests" --gtest_brief=1 > "$out/gpu_lstm_tests.log" 2>&1
tail -15 "$out/gpu_lstm_tests.log"

# 20 steps a repeat: 30 repeats are 600 steps, 150 are 3000 (the first repeat untimed).
for repeats in 30 150; do
  for seed in 1 2 3; do
    step "$((repeats * 20)) steps, seed $seed: ours, then the peer"
    run 100 "$bin/lstm_bench" --corpus "$corpus" --learning-only --steps 20 --repeats "$repeats" --seed "$seed" \
      > "$out/run.log" 2>&1
    run 150 python3 "$repo/scripts/peer/lstm_pytorch.py" --corpus "$corpus" --learning-only --steps 20 \
      --repeats "$repeats" --seed "$seed" >> "$out/run.log" 2>&1
    grep -E "^(train step|learning)|FAILED|Error" "$out/run.log"
    cat "$out/run.log" >> "$out/runs.log"
  done
done
rm -f "$out/run.log"

step "full bench, 600 steps, seed 1: ours, then the peer"
run 120 "$bin/lstm_bench" --corpus "$corpus" > "$out/bench_ours.log" 2>&1
cat "$out/bench_ours.log"
run 200 python3 "$repo/scripts/peer/lstm_pytorch.py" --corpus "$corpus" > "$out/bench_peer.log" 2>&1
cat "$out/bench_peer.log"

step "table"
python3 - "$out/runs.log" > "$out/table.txt" <<'EOF'
import re
import statistics
import sys

timing = re.compile(r"^train step\s+(.*?)\s+median\s+([\d.]+) ms")
learning = re.compile(r"^learning\s+(.*?)\s+steps (\d+)\s+seed (\d+)\s+train ([\d.]+).*held-out ([\d.]+)")


def who(name):
    if not name.startswith("PyTorch"):
        return "ours (GPU, FP32)" if name.startswith("GPU") else "ours (CPU)"
    return "peer, TF32 off" if "TF32 off" in name else "peer, TF32 allowed"


runs = {}  # (steps, who) -> list of (seed, train, held, ms)
last_ms = {}
for line in open(sys.argv[1], encoding="utf-8"):
    if m := timing.match(line):
        last_ms[who(m[1])] = float(m[2])
    elif m := learning.match(line):
        key = (int(m[2]), who(m[1]))
        runs.setdefault(key, []).append((int(m[3]), float(m[4]), float(m[5]), last_ms.get(who(m[1]), float("nan"))))


def spread(values):
    return f"{statistics.mean(values):.3f} ({min(values):.3f}..{max(values):.3f})"


print(f"{'steps':>5}  {'trainer':<20} {'seeds':<6} {'train, mean of last 20 (min..max)':<36} "
      f"{'held-out (min..max)':<24} {'step ms, median of runs'}")
for key in sorted(runs):
    rows = sorted(runs[key])
    print(f"{key[0]:>5}  {key[1]:<20} {','.join(str(r[0]) for r in rows):<6} {spread([r[1] for r in rows]):<36} "
          f"{spread([r[2] for r in rows]):<24} {statistics.median(r[3] for r in rows):.4f}")
ours = [r[3] for (steps, name), rows in runs.items() if name.startswith("ours") for r in rows]
for peer in ("peer, TF32 allowed", "peer, TF32 off"):
    theirs = [r[3] for (steps, name), rows in runs.items() if name == peer for r in rows]
    if ours and theirs:
        print(f"step time: ours {statistics.median(ours):.4f} ms, {peer} graphed {statistics.median(theirs):.4f} ms: "
              f"ours {statistics.median(theirs) / statistics.median(ours):.2f}x faster (target 1.5x)")
EOF
cat "$out/table.txt"
exit $status
