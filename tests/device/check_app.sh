#!/usr/bin/env bash
# The lead's call on the lent GPU server: every GPU and UI test of the app, then the app
# itself headless on the GPU (EGL): a screenshot of every lesson and the lesson scripts
# that drive live panels, with the frame times they print. One call, parts chosen:
#   tests/device/check_app.sh tests lessons grid timing fps-effect kernel-lab cnn cnn-frames lstm bench window sanitize soak
# Carried (ignored folders): .devcarry (scripts/device-pack.sh build/app/whygpu
# build/tests/*/{gpu,ui}_*tests build/tests/cnn/whygpu_cnn_bench build/tests/lstm/lstm_bench), .gl (the GL dispatch .debs: libegl1 libglvnd0
# libopengl0 libgl1 libglx0 libgles2), data/mnist, data/corpus. Output under $OUT.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-check
# The app, headless, run from $out; a script's pictures go to its export folder, $out/NAME
# (a later --export-dir wins); its whole log goes to $out/NAME.log, the lines worth
# reading to the output.
app() {
  local limit=$1 name=$2; shift 2
  timeout "$limit" env -C "$out" "$bin/whygpu" --headless --size 1920x1080 --lessons "$repo/lessons" \
      --export-dir "$out/$name" "$@" \
      > "$out/$name.log" 2>&1 || { echo "FAILED ($?): whygpu $*"; status=1; }
  grep -v "slow frame" "$out/$name.log" | tail -40
}

step machine
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
install_gl_dispatch

for part in "$@"; do
  case $part in
    tests)
      # The UI and GL tests first, and the tests whose programs fault the GPU on purpose
      # (an illegal address: the host program's mistakes, the kernel lab's faulting kernels)
      # last: after such a fault, OpenGL on that GPU stalls for the rest of the machine's
      # life (tests/device/fault_then_gl_run.sh: the fragment-shader matmul then fails after
      # 20 s, and the app's frames take 1.8 s instead of 20 ms).
      for t in "$bin"/ui_*tests $(ls "$bin"/gpu_*tests | grep -vE "gpu_(host_program|kernel_lab)_tests") \
               "$bin"/gpu_kernel_lab_tests "$bin"/gpu_host_program_tests; do
        step "$(basename "$t")"
        run 300 "$t" --gtest_brief=1
      done ;;
    lessons)
      step "a screenshot of every lesson (EGL on the GPU)"
      mkdir -p "$out/lessons"
      "$bin/whygpu" --list-lessons --lessons "$repo/lessons" | awk 'NF==0||/^[0-9]/{next}{print $1}' |
        while read -r id; do printf 'lesson %s\nwait 90\nscreenshot %s.png\n' "$id" "$id"; done > "$out/all_lessons.script"
      echo quit >> "$out/all_lessons.script"
      app 400 lessons --script "$out/all_lessons.script" ;;
    grid)
      step "thread-hierarchy lessons: relaunch frame times, screenshots"
      app 120 grid --fps 60 --script "$repo/tests/grid/thread_grid_demo.script" ;;
    timing)
      # At a display's 60 Hz: unpaced, the headless UI draws thousands of frames a second
      # and its GL work competes with the kernels being timed.
      step "timing lessons at 60 Hz: sweeps with the UI's frame times, CSVs, screenshots"
      app 500 timing --fps 60 --export-dir "$out/out/timing" --script "$repo/tests/app/timing_lessons.script"
      step "whygpu bench at the sweeps' sizes, compared with the sweeps' CSVs"
      run 200 "$bin/whygpu" bench vector-add --sizes 2^10,2^14,2^18,2^22,2^26,2^28 --csv --quiet \
          --output "$out/bench-vector-add.csv"
      run 300 "$bin/whygpu" bench matmul --sizes 32,64,128,256,512,1024,2048,4096 --cpu-naive-max-n 512 \
          --csv --quiet --output "$out/bench-matmul.csv"
      for bench in vector-add matmul; do
        echo "--- $bench: the sweep's CSV (first) against whygpu bench (second)"
        python3 "$repo/scripts/compare-csv.py" "$out/out/timing/$bench-sweep.csv" "$out/bench-$bench.csv"
      done ;;
    fps-effect)
      # The kernel phase of gpu-with-copies read 1.14x slower in the app at 60 Hz: is it the
      # app's drawing? The same sweep at 60 and at 2 frames a second, then bench.
      step "vector add with copies in the app at 60 and at 2 frames a second, against bench"
      for fps in 60 2; do
        mkdir -p "$out/fps$fps"
        timeout 250 env -C "$out/fps$fps" "$bin/whygpu" --headless --fps "$fps" --lessons "$repo/lessons" --export-dir . \
            --script "$repo/tests/app/vector_add_large.script" > "$out/fps$fps/app.log" 2>&1 || status=1
      done
      run 200 "$bin/whygpu" bench vector-add --sizes 2^26,2^27,2^28 --variants gpu,gpu-with-copies --csv --quiet \
          --output "$out/bench-large.csv"
      for fps in 60 2; do
        echo "--- app at $fps fps against bench"
        python3 "$repo/scripts/compare-csv.py" "$out/fps$fps/va.csv" "$out/bench-large.csv"
      done ;;
    cnn | lstm)
      step "$part lessons on the GPU"
      app 500 "$part" --script "$repo/tests/app/${part}_gpu.script" ;;
    kernel-lab)
      step "write your own kernel: NVRTC, the check against the CPU, refusals, a fault"
      cp -r "$repo/tests/app/kernels" "$out/"
      app 200 kernel-lab --fps 60 --script "$repo/tests/app/kernel_lab_gpu.script" ;;
    cnn-frames)
      step "the UI's frame time while the CNN trains on the GPU"
      app 200 cnn-frames --fps 60 --script "$repo/tests/app/cnn_gpu_frames.script" ;;
    window)
      # .xrt: /work/shared/gpu-server/fetch-x-runtime.sh .xrt, with with-display.sh copied
      # in (48 MB: carry it without data/ to stay under the 64 MiB a call takes).
      step "a real GLFW window under Xvfb, GL on the GPU through GLX"
      timeout 200 bash "$repo/.xrt/with-display.sh" "$repo/.xrt" env -C "$out" "$bin/whygpu" --size 1920x1080 \
          --lessons "$repo/lessons" --script "$repo/tests/device/window.script" > "$out/window.log" 2>&1 ||
        { echo "FAILED ($?): window"; status=1; }
      grep -v "slow frame" "$out/window.log" | tail -30 ;;
    bench)
      step "CNN training step, batch 64: ours, then the PyTorch peer, same call"
      run 90 "$bin/whygpu_cnn_bench" --steps 500 --warmup 100 --mnist "$repo/data/mnist"
      run 150 python3 "$repo/scripts/peer/cnn_pytorch.py" --steps 500 --warmup 100
      step "LSTM training step and generation: ours, then the PyTorch (cuDNN) peer, same call"
      run 120 "$bin/lstm_bench" --corpus "$repo/data/corpus/sotu.txt"
      run 150 python3 "$repo/scripts/peer/lstm_pytorch.py" --corpus "$repo/data/corpus/sotu.txt" ;;
    sanitize)
      step "compute-sanitizer (memcheck, racecheck, initcheck) over the GPU tests"
      OUT=$out/sanitize bash "$repo/tests/device/sanitize_run.sh" || status=1 ;;
    soak)
      step "CNN and LSTM training for SOAK_SECONDS with the UI at 60 Hz: memory and frame times"
      OUT=$out/soak bash "$repo/tests/device/soak_run.sh" || status=1 ;;
    *) echo "unknown part $part"; status=2 ;;
  esac
done
# At most a few files come back from a call: everything else travels as one archive.
(cd "$out" && find . -name '*.png' -o -name '*.csv' -o -name '*.log' | tar -czf "$out/results.tar.gz" -T -)
echo; echo "check_app: exit status $status"
exit $status
