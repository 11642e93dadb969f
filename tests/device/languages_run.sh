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
# WHYGPU_PAGES="lstm-gates roofline" takes only those lessons (a call cut short, redone).
script=$out/pages.script
{
  echo "font-scale 2"
  for page in "${pages[@]}"; do
    read -r lesson panel button guess <<< "$page"
    [[ -n ${WHYGPU_PAGES:-} && " $WHYGPU_PAGES " != *" $lesson "* ]] && continue
    # A panel opens once its question is answered and starts loading what it needs (the
    # LSTM's corpus and model) when it is first drawn: answered, scrolled into view, waited
    # for, then its button.
    printf 'lesson %s\npredict %s\nscroll-to %s\nwait-idle %s 120\npress %s %s\nwait-idle %s 180\nscroll-to %s\nwait 1s\nscreenshot %s.png\n' \
      "$lesson" "$guess" "$panel" "$panel" "$panel" "$button" "$panel" "$panel" "$lesson"
  done
  echo "quit"
} > "$script"
for language in "${languages[@]}"; do
  step "$language"
  mkdir -p "$out/$language"
  start=$(date +%s)
  run 400 "$bin/whygpu" --headless --size 1280x720 --language "$language" --export-dir "$out/$language" \
      --script "$script" > "$out/$language/run.log" 2>&1
  echo "$language: $(( $(date +%s) - start )) s, $(ls "$out/$language"/*.png | wc -l) screenshots"
  grep -vE "wrote|rendering offscreen" "$out/$language/run.log" | tail -5
  # One archive a language, written as soon as it is done: a call cut short keeps the rest.
  tar czf "$out/$language.tar.gz" -C "$out" "$language" && rm -rf "${out:?}/$language"
done
step done
exit $status
