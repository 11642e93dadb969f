#!/usr/bin/env bash
# Two app runs that were slow on the H100 on 2026-11-24, sampled from outside: the
# data-pipeline page's "Time it" (over 150 s in the app, 18 s in `whygpu bench pipeline`)
# and the mixed-precision race at x16 (over 120 s, frames up to 1.56 s while it ran).
# Both stalled only with unpaced headless frames at 1920x1080 (now paced by default);
# this part checks that they end, and shows where the time goes if they do not.
# Every 5 s, eu-stack (elfutils, carried as .debs in .devcarry/eu; the server has no gdb)
# prints each busy thread's stack, so that where the time goes is seen, not guessed.
# STALL_SIZE: the window (default 1280x720; the slow runs were at 1920x1080).
# Carried: whygpu with its symbols (strip --strip-debug only), .devcarry/eu/*.deb.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-stall-probe
export WHYGPU_PIPELINE_PHOTO=$repo/.devcarry/photo/LadyBird.jpg
install_eu_stack
probe() {  # NAME SCRIPT LIMIT
  local name=$1 script=$2 limit=$3 t0 app
  step "$name"
  mkdir -p "$out/shots"
  t0=$(date +%s)
  env -C "$out/shots" "$bin/whygpu" --headless --size "${STALL_SIZE:-1280x720}" --export-dir "$out/shots" --script "$script" > "$out/$name.log" 2>&1 &
  app=$!
  for i in $(seq 1 $((limit / 5))); do
    sleep 5
    kill -0 $app 2>/dev/null || break
    (( i % 2 == 1 && i <= 9 )) && thread_stacks $app 14
  done
  if kill -0 $app 2>/dev/null; then echo "still running after $limit s: stopped"; kill $app; fi
  wait $app; echo "$name: exit status $?, $(( $(date +%s) - t0 )) s"
  grep -vE "^$" "$out/$name.log" | tail -8
}
probe pipeline-time-it "$repo/tests/app/pipeline_gpu.script" 100
probe mixed-x16 "$repo/tests/app/mixed_x16_gpu.script" 90
step done
exit $status
