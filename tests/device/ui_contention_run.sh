#!/usr/bin/env bash
# Which panels slow the UI while the GPU trains (the soak of 2026-11-28 drew a frame every
# 4 s with the CNN, its feature maps and the LSTM training at once, and aborted after about
# four minutes): the soak's page cut into its parts, each drawn headless at 1920x1080 and
# 60 Hz for SECONDS (default 40) of training, with the trainers' logged frame times; then
# the whole page under gdb (where the server has it) until it ends or aborts, for a
# backtrace. Builds nothing. Carried: .devcarry, .gl, data/mnist, data/corpus.
# Output: $OUT/contention.log and one app log per variant.
#   tests/device/ui_contention_run.sh
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-contention
seconds=${SECONDS_EACH:-40}
install_gl_dispatch
step machine
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
# name, then the panels of its page (one @panel line each, separated by |), then the trainers to start.
variants=(
  "lstm-alone|@panel lstm-trainer device=gpu|lstm-trainer"
  "cnn-maps|@panel cnn-trainer backend=gpu|@panel cnn-feature-maps|cnn-trainer"
  "cnn-lstm|@panel cnn-trainer backend=gpu|@panel lstm-trainer device=gpu|cnn-trainer lstm-trainer"
  "cnn-maps-lstm|@panel cnn-trainer backend=gpu|@panel cnn-feature-maps|@panel lstm-trainer device=gpu|cnn-trainer lstm-trainer"
)
page() {  # name, panels...: writes $out/NAME/lessons/NAME.lesson
  local name=$1; shift
  mkdir -p "$out/$name/lessons"
  { printf 'id: %s\ntitle: %s\nsection: Contention\n---\n' "$name" "$name"; printf '%s\n' "$@"; } > "$out/$name/lessons/$name.lesson"
}
script() {  # name, seconds, trainers...
  local name=$1 wait=$2; shift 2
  { echo "lesson $name"
    for t in "$@"; do echo "wait-idle $t 300"; done
    for t in "$@"; do echo "press $t train"; done
    echo "wait ${wait}s"
    for t in "$@"; do echo "press $t pause"; done
    echo "quit"; } > "$out/$name/run.script"
}
launch() {  # name, [wrapper...]
  local name=$1; shift
  XDG_CONFIG_HOME=$out/$name/config "$@" "$bin/whygpu" --headless --fps 60 --size 1920x1080 \
      --lessons "$out/$name/lessons" --script "$out/$name/run.script" > "$out/$name/app.log" 2>&1
}
for v in "${variants[@]}"; do
  IFS='|' read -r -a parts <<< "$v"
  name=${parts[0]}; trainers=${parts[-1]}
  page "$name" "${parts[@]:1:${#parts[@]}-2}"
  read -r -a list <<< "$trainers"
  script "$name" "$seconds" "${list[@]}"
  step "$name"
  start=$(date +%s)
  timeout $((seconds + 200)) bash -c "$(declare -f launch); out=$out bin=$bin launch $name"
  echo "exit $? after $(( $(date +%s) - start )) s"
  grep "ms a frame" "$out/$name/app.log" | sed -n '2p;$p'
done
if command -v gdb > /dev/null; then
  name=cnn-maps-lstm
  script "$name" 300 cnn-trainer lstm-trainer
  step "$name under gdb, 300 s"
  timeout 420 gdb -q -batch -ex run -ex "thread apply all bt 12" --args "$bin/whygpu" --headless --fps 60 \
      --size 1920x1080 --lessons "$out/$name/lessons" --script "$out/$name/run.script" > "$out/gdb.log" 2>&1
  echo "gdb: exit $?"; grep -B2 -A40 "SIGABRT\|signal SIG" "$out/gdb.log" | head -120
else
  echo "no gdb on this machine"
fi
tar czf "$out/contention.tar.gz" -C "$out" . 2>/dev/null
step done
