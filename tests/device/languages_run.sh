#!/usr/bin/env bash
# Six live lessons in every language on the lent GPU server, headless at a projector's
# 1280x720 and text x2 (issue 30): the vector-add sweep, the thread grid, the CNN trainer,
# the LSTM step view, the matmul ladder and the roofline, each run live after a prediction
# is committed, then a screenshot with the panel in view. Builds nothing; a few minutes.
# The catalogs go with the binary: build/locale packed as .devcarry/share/locale.
#   tests/device/languages_run.sh [LANGUAGE...]    (default: en fr it zh-Hans zh-Hant)
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-languages
languages=("$@")
[[ ${#languages[@]} -eq 0 ]] && languages=(en fr it zh-Hans zh-Hant)
step machine
date -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
install_gl_dispatch

# lesson id, panel, its run button, the prediction to commit (a number or a choice's number).
pages=(
  "vector-add-crossover vector-add-sweep run 100000"
  "threads-blocks-grids thread-grid launch 1"
  "cnn-forward-backward cnn-trainer train-epochs 95"
  "lstm-gates lstm-step burst 2"
  "matmul-ladder matmul-sweep run 1000"
  "roofline roofline run 10"
)
script=$out/pages.script
{
  echo "font-scale 2"
  for page in "${pages[@]}"; do
    read -r lesson panel button guess <<< "$page"
    printf 'lesson %s\npredict %s\npress %s %s\nwait-idle %s 180\nscroll-to %s\nwait 1s\nscreenshot %s.png\n' \
      "$lesson" "$guess" "$panel" "$button" "$panel" "$panel" "$lesson"
  done
  echo "quit"
} > "$script"
for language in "${languages[@]}"; do
  step "$language"
  mkdir -p "$out/$language"
  start=$(date +%s)
  run 400 "$bin/whygpu" --headless --size 1280x720 --language "$language" --export-dir "$out/$language" \
      --script "$script" > "$out/$language.log" 2>&1
  echo "$language: $(( $(date +%s) - start )) s, $(ls "$out/$language" | wc -l) screenshots"
  grep -vE "wrote|rendering offscreen" "$out/$language.log" | tail -5
done
tar czf "$out/languages.tar.gz" -C "$out" "${languages[@]}" && rm -rf "${languages[@]/#/$out/}"
step done
exit $status
