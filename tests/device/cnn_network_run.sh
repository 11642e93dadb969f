#!/usr/bin/env bash
# The CNN step before and after a change to its network (issue 27, one network in every
# precision), side by side in one call on the lent GPU:
#   tests/device/cnn_network_run.sh OLD_WHYGPU NEW_WHYGPU [timing] [accuracy]
# OLD_WHYGPU and NEW_WHYGPU are the two builds' `whygpu` binaries (carried like
# .devcarry/bin/whygpu, the libraries of either in .devcarry/lib).
#   timing    `bench cnn --backend gpu --steps 500` (the FP32 step) and `bench cnn
#             --precision bf16`, old and new alternately, 3 rounds; prints each run's
#             median step time and, per binary, the median of the 3
#   accuracy  `bench cnn --precision all --accuracy --seeds 1,2,3` with each binary: the
#             per-precision accuracy lines, old then new (they should agree within the
#             seeds' spread)
# With no part named, timing. Each run's whole output is kept under $OUT.
old=$(realpath "$1") new=$(realpath "$2")
shift 2
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-cnn-network
parts=("$@")
[[ ${#parts[@]} -eq 0 ]] && parts=(timing)
mnist=$repo/data/mnist
step machine
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader

# The median of the numbers on stdin, one a line (the mean of the middle two for an even count).
median() {
  sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

for part in "${parts[@]}"; do
  case $part in
    timing)
      for round in 1 2 3; do
        for which in old new; do
          binary=${!which}
          step "round $round, $which: FP32 step, then BF16"
          log=$out/fp32-$which-$round.txt
          run 180 "$binary" bench cnn --backend gpu --steps 500 --mnist "$mnist" > "$log" 2>&1
          # The GPU row: backend name, then steps, median ms, min ms, back-to-back, images/s.
          awk '/^GPU: / { print $(NF - 3) }' "$log" | tee -a "$out/fp32-$which.ms"
          log=$out/bf16-$which-$round.txt
          run 180 "$binary" bench cnn --precision bf16 --mnist "$mnist" > "$log" 2>&1
          # The bf16 row: precision, width, parameters, GFLOP/step, median ms, ...
          awk '$1 == "bf16" && $2 ~ /^[0-9]+$/ { print $5 }' "$log" | tee -a "$out/bf16-$which.ms"
        done
      done
      step "medians of 3 runs (ms per step, batch 64)"
      for bench in fp32 bf16; do
        for which in old new; do
          printf '%s %s: %s ms (runs: %s)\n' "$bench" "$which" "$(median < "$out/$bench-$which.ms")" \
              "$(paste -sd' ' "$out/$bench-$which.ms")"
        done
      done ;;
    accuracy)
      for which in old new; do
        step "$which: accuracy per precision, seeds 1, 2, 3"
        log=$out/accuracy-$which.txt
        run 900 "${!which}" bench cnn --precision all --accuracy --seeds 1,2,3 --mnist "$mnist" > "$log" 2>&1
        grep -E "^accuracy|^  (fp32|tf32|bf16|fp16) " "$log"
      done ;;
    *) echo "unknown part: $part (timing, accuracy)"; status=1 ;;
  esac
done
exit $status
