#!/usr/bin/env bash
# The UI's frames during a GPU sweep, in English and in French, with the main thread's
# stack (and any busy thread's) sampled from outside every few seconds: demo 1 in French
# drew frames of 100-160 ms, and of 4.45 s during its sweeps, on the H200 on 2026-11-29,
# where the H100 drew them in 0.6 ms on 2026-11-24. Builds nothing.
# Carried: whygpu (symbols kept), .devcarry/eu/*.deb (elfutils: the server has no gdb).
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-ui-frames
install_gl_dispatch
install_eu_stack
cat > "$out/sweep.script" <<'SCRIPT'
lesson vector-add-crossover
predict skip
press vector-add-sweep run
wait-idle vector-add-sweep 200
quit
SCRIPT
for language in ${PROBE_LANGUAGES:-en fr}; do
  step "$language"
  t0=$(date +%s)
  "$bin/whygpu" --headless --size 1280x720 --language "$language" --export-dir "$out" --script "$out/sweep.script" \
      > "$out/sweep-$language.log" 2>&1 &
  app=$!
  for i in $(seq 1 24); do
    sleep 5
    kill -0 $app 2>/dev/null || break
    (( i <= 6 )) && thread_stacks $app 18 $app > "$out/stacks-$language-$i.txt"
  done
  if kill -0 $app 2>/dev/null; then echo "still running: stopped"; kill $app; fi
  wait $app; echo "$language: exit status $?, $(( $(date +%s) - t0 )) s"
  grep -E "UI during|finished|slow frame" "$out/sweep-$language.log" | head -4 | cut -c1-300
done
cat "$out"/stacks-*-2.txt | head -120
step done
