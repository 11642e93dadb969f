#!/usr/bin/env bash
# The UI's frames during a GPU sweep, in English and in French, with the main thread's
# stack (and any busy thread's) sampled from outside every few seconds: demo 1 in French
# drew frames of 100-160 ms, and of 4.45 s during its sweeps, on the H200 on 2026-11-29,
# where the H100 drew them in 0.6 ms on 2026-11-24. Builds nothing.
# Carried: whygpu (symbols kept), .devcarry/eu/*.deb (elfutils: the server has no gdb).
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-ui-frames
install_gl_dispatch
eu=/tmp/eu && mkdir -p $eu && for d in "$repo"/.devcarry/eu/*.deb; do dpkg -x "$d" $eu; done
stacks() {  # PID: the main thread's stack and those of the threads using CPU now
  local busy
  busy=$(top -b -n 1 -H -p "$1" | awk 'NR>7 && $9>20 {print $1}' | tr '\n' ' ')
  echo "-- $(date -u +%H:%M:%S) busy threads: ${busy:-none}"
  LD_LIBRARY_PATH=$eu/usr/lib/x86_64-linux-gnu $eu/usr/bin/eu-stack -p "$1" -n 18 2>/dev/null |
    awk -v busy=" $busy $1 " '/^TID/ {tid=$2; sub(":","",tid); show = index(busy, " " tid " ") > 0} show' |
    sed -E 's/^(#[0-9]+ +0x[0-9a-f]+ )(.{0,150}).*/\1\2/'
}
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
    (( i <= 6 )) && stacks $app > "$out/stacks-$language-$i.txt"
  done
  if kill -0 $app 2>/dev/null; then echo "still running: stopped"; kill $app; fi
  wait $app; echo "$language: exit status $?, $(( $(date +%s) - t0 )) s"
  grep -E "UI during|finished|slow frame" "$out/sweep-$language.log" | head -4 | cut -c1-300
done
cat "$out"/stacks-*-2.txt | head -120
step done
