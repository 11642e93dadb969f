#!/usr/bin/env bash
# The hardening round's call on the lent GPU server, in parts (each part's output under
# $OUT, the summary on stdout):
#   gl          ui_glcompute_tests three times on the fresh machine, nothing else on the GPU
#               (the fragment-shader matmul failed after 20 s on two fresh H100s)
#   soak-start  the soak (tests/device/soak_run.sh) started in a session of its own, so it
#               runs on across calls: SOAK_SECONDS of CNN and LSTM training with the UI at
#               60 Hz, memory sampled every 30 s into /tmp/whygpu-soak-bg
#   gl-busy     ui_glcompute_tests once more while the soak trains (GL and CUDA share the GPU)
#   tests       every carried gpu_* and ui_* test binary
#   host        `whygpu host-program --record` (the recording with its warm-up line)
#   timeline    the where-the-time-goes page opened: its first frames' times (CUPTI now
#               loads off the UI thread)
#   lstm        the example LSTM trained on the GPU by scripts/make-lstm-example.script's
#               steps, saved into $OUT
#   soak-collect  the soak's CSV and summary (waits for it to end)
#   bench       the CNN step (FP32, BF16) and the LSTM step
#   soak        the soak in the foreground, alone on the GPU (SOAK_SECONDS)
# Carried: .devcarry (scripts/device-pack.sh build/app/whygpu build/tests/*/{gpu,ui}_*tests),
# .gl, data/mnist, data/corpus.
#   tests/device/hardening_run.sh gl soak-start gl-busy tests host timeline lstm
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-hardening
soak_folder=/tmp/whygpu-soak-bg
step machine
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
install_gl_dispatch

for part in "$@"; do
  case $part in
    gl | gl-busy)
      for round in $([[ $part == gl ]] && echo 1 2 3 || echo busy); do
        step "ui_glcompute_tests, run $round"
        run 200 "$bin/ui_glcompute_tests" > "$out/glcompute-$round.log" 2>&1
        grep -E "renderer:|relative error gl-fragment|FAILED|PASSED|Failure|wrong|never wrote" "$out/glcompute-$round.log" | head -20
      done ;;
    soak-start)
      step "soak: ${SOAK_SECONDS:-900} s in the background"
      rm -rf "$soak_folder"; mkdir -p "$soak_folder"
      OUT=$soak_folder DURATION=${SOAK_SECONDS:-900} setsid nohup bash "$repo/tests/device/soak_run.sh" \
          > "$soak_folder/run.out" 2>&1 < /dev/null &
      sleep 20; tail -3 "$soak_folder/soak.csv" 2>/dev/null ;;
    tests)
      # The UI and GL tests first, and the tests whose programs fault the GPU on purpose
      # (an illegal address: the host program's mistakes, the kernel lab's faulting kernels)
      # last: after such a fault, OpenGL on that GPU stalls for the rest of the machine's
      # life (tests/device/fault_then_gl_run.sh: the fragment-shader matmul then fails after
      # 20 s, and the app's frames take 1.8 s instead of 20 ms).
      for t in "$bin"/ui_*tests $(ls "$bin"/gpu_*tests | grep -vE "gpu_(host_program|kernel_lab)_tests") \
               "$bin"/gpu_kernel_lab_tests "$bin"/gpu_host_program_tests; do
        step "$(basename "$t")"
        run 300 "$t" --gtest_brief=1 > "$out/$(basename "$t").log" 2>&1
        grep -E "^\[  (PASSED|FAILED|SKIPPED) |tests? from .* ran|Failure" "$out/$(basename "$t").log" | head -8
      done ;;
    host)
      step "whygpu host-program --record"
      run 200 "$bin/whygpu" host-program --record "$out/h100-host-program.json" > "$out/host_program.txt" 2>&1
      tail -25 "$out/host_program.txt" ;;
    timeline)
      step "where-the-time-goes opened: the first frames"
      # The status bar's frame counter (smoothed) in the first screenshot shows a stall.
      printf 'lesson where-the-time-goes\nwait 2\nscreenshot timeline-first.png\nwait 30\nscreenshot timeline.png\nquit\n' \
          > "$out/timeline.script"
      run 120 env -C "$out" "$bin/whygpu" --headless --size 1280x720 --lessons "$repo/lessons" --export-dir "$out" \
          --script "$out/timeline.script" > "$out/timeline.log" 2>&1
      grep -iE "slow frame|frame|cupti|script" "$out/timeline.log" | head -12 ;;
    lstm)
      step "the example LSTM, trained on the GPU"
      sed -e 's/^set lstm-trainer device cpu/set lstm-trainer device gpu/' \
          -e "s/^set lstm-trainer seconds .*/set lstm-trainer seconds ${LSTM_SECONDS:-90}/" \
          "$repo/scripts/make-lstm-example.script" > "$out/make-lstm-example.script"
      run 400 env XDG_DATA_HOME="$out/data-home" "$bin/whygpu" --headless --size 1280x720 --lessons "$repo/lessons" \
          --export-dir "$out" --script "$out/make-lstm-example.script" > "$out/lstm-example.log" 2>&1
      cp "$out"/data-home/whygpu/models/sotu-h128.model "$out/" 2>/dev/null
      grep -E "trained to step|loss|saved|error" "$out/lstm-example.log" | tail -6 ;;
    bench)
      step "the CNN step and the LSTM step, after the timing harness moved (medians after warm-up)"
      run 120 "$bin/whygpu" bench cnn --backend gpu --steps 500 --mnist "$repo/data/mnist" > "$out/bench-cnn.txt" 2>&1
      tail -8 "$out/bench-cnn.txt"
      run 120 "$bin/whygpu" bench cnn --precision bf16 --mnist "$repo/data/mnist" > "$out/bench-cnn-bf16.txt" 2>&1
      tail -6 "$out/bench-cnn-bf16.txt"
      run 150 "$bin/lstm_bench" --corpus "$repo/data/corpus/sotu.txt" > "$out/bench-lstm.txt" 2>&1
      tail -10 "$out/bench-lstm.txt" ;;
    soak)
      step "soak: ${SOAK_SECONDS:-240} s, nothing else on the GPU"
      OUT=$out/soak DURATION=${SOAK_SECONDS:-240} bash "$repo/tests/device/soak_run.sh" > "$out/soak-run.txt" 2>&1
      cp "$out"/soak/soak.csv "$out"/soak/soak.log "$out/" 2>/dev/null
      cat "$out/soak.log" ;;
    soak-collect)
      step "the soak's figures"
      while pgrep -f soak_run.sh > /dev/null; do sleep 5; done
      cp "$soak_folder"/soak.csv "$soak_folder"/soak.log "$out/" 2>/dev/null
      tail -c 3000 "$soak_folder/soak-app.log" > "$out/soak-app-tail.log"
      cat "$soak_folder/soak.log" ;;
    *) echo "unknown part $part"; status=1 ;;
  esac
done
# Everything in one archive, with the files worth committing beside it (at most 8 files
# come back from a call): RESULTS=$OUT with OUT unset, so that the work stays in $out.
if [[ -n ${RESULTS:-} ]]; then
  tar czf "$RESULTS/hardening-$(date -u +%H%M).tar.gz" -C "$out" . 2>/dev/null
  for keep in h100-host-program.json sotu-h128.model soak.csv soak.log; do
    [[ -f $out/$keep ]] && cp "$out/$keep" "$RESULTS/"
  done
fi
step done
exit $status
