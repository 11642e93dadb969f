#!/usr/bin/env bash
# Soak: the CNN and the LSTM train at once, on one page with the CNN's feature maps, for
# DURATION seconds (default 540: one device call is at most 10 minutes; run it three times
# for half an hour) while the UI draws headless at 60 Hz. Every 30 s: the app's resident
# memory (/proc/PID/status), its GPU memory (nvidia-smi, where the server shows its
# processes) and the GPU's memory in use, with the trainers' latest frame times and
# speeds from the app's log (each trainer prints one line every 2 s when headless).
# Builds nothing. Carried: .devcarry (scripts/device-pack.sh build/app/whygpu), .gl, data/mnist,
# data/corpus. SOAK_DEVICE=cpu trains on the CPU (and runs without a GPU or device_env.sh's
# carried binaries: WHYGPU=path/to/whygpu). Output: $OUT/soak.csv, soak-app.log, soak.log.
#   DURATION=540 tests/device/soak_run.sh           or as a part: tests/device/check_app.sh soak
set -uo pipefail
duration=${DURATION:-540}
device=${SOAK_DEVICE:-gpu}
if [[ $device == gpu ]]; then
  source "$(dirname "$0")/device_env.sh" /tmp/whygpu-soak
  install_gl_dispatch
  app=${WHYGPU:-$bin/whygpu}
else
  repo=$(cd "$(dirname "$0")/../.." && pwd)
  out=${OUT:-${1:-/tmp/whygpu-soak}}
  mkdir -p "$out"
  status=0
  app=${WHYGPU:-$repo/build/app/whygpu}
fi
[[ $device == gpu ]] && cnn_backend=gpu || cnn_backend=cpu

# One page with both trainers: a session lives while a panel shows it, so they must share a page.
mkdir -p "$out/soak-lessons" "$out/config"
cat > "$out/soak-lessons/soak.lesson" <<LESSON
id: soak
title: Soak: both trainers at once
section: Soak
---
@panel cnn-trainer backend=$cnn_backend
@panel cnn-feature-maps
@panel lstm-trainer device=$device
LESSON
cat > "$out/soak.script" <<SCRIPT
lesson soak
wait-idle cnn-trainer 300
wait-idle lstm-trainer 300
expect-no-errors
press cnn-trainer train
press lstm-trainer train
wait ${duration}s
press cnn-trainer pause
press lstm-trainer pause
wait 30
quit
SCRIPT

# Settings and saved files stay in $out; the app reads data/ from the repository.
XDG_CONFIG_HOME=$out/config WHYGPU_SOURCE_DIR=$repo "$app" --headless --fps 60 --size 1920x1080 \
    --lessons "$out/soak-lessons" --export-dir "$out" --script "$out/soak.script" > "$out/soak-app.log" 2>&1 &
pid=$!
( sleep $((duration + 420)); kill "$pid" 2>/dev/null ) &
watchdog=$!

# The number after `pattern` on the app log's last line matching `who`.
last_number() { grep "$1" "$out/soak-app.log" | tail -1 | sed -n "s/.* \([0-9.]*\) $2.*/\1/p"; }
csv=$out/soak.csv
echo "seconds,rss_mib,gpu_app_mib,gpu_used_mib,cnn_frame_ms,cnn_images_per_s,lstm_frame_ms,lstm_chars_per_s" > "$csv"
start=$(date +%s)
while kill -0 "$pid" 2>/dev/null; do
  rss=$(awk '/^VmRSS:/ {printf "%.1f", $2 / 1024}' "/proc/$pid/status" 2>/dev/null)
  gpu_app='' gpu_used=''
  if [[ $device == gpu ]]; then
    gpu_app=$(nvidia-smi --query-compute-apps=pid,used_memory --format=csv,noheader,nounits 2>/dev/null |
              awk -F', *' -v p="$pid" '$1 == p {print $2}')
    gpu_used=$(nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits 2>/dev/null | head -1)
  fi
  echo "$(( $(date +%s) - start )),$rss,$gpu_app,$gpu_used,$(last_number cnn-trainer 'ms a frame'),$(last_number cnn-trainer 'images\/s'),$(last_number lstm-trainer 'ms a frame'),$(last_number lstm-trainer 'characters\/s')" >> "$csv"
  for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null && sleep 1; done
done
wait "$pid"
rc=$?
kill "$watchdog" 2>/dev/null
[[ $rc == 0 ]] || { echo "FAILED: the app exited with $rc (see $out/soak-app.log)"; status=1; }

{
  echo "soak: $device, $duration s of training, app exit status $rc"
  grep -E "whygpu: script|error|Error" "$out/soak-app.log" | head -5
  cat "$csv"
  # Memory after the first minute (data sets loaded, buffers grown) against the end.
  awk -F, 'NR > 1 && $1 >= 60 && $2 != "" { if (first == "") { first = $2; gf = $4 } last = $2; gl = $4;
             if ($2 > max) max = $2 }
           END { if (first == "") { print "too short to judge the memory"; exit }
                 printf "host RSS from 60 s: %.1f -> %.1f MiB (%+.1f MiB, %+.1f%%), max %.1f\n",
                        first, last, last - first, 100 * (last - first) / first, max
                 if (gf != "") printf "GPU memory in use from 60 s: %s -> %s MiB\n", gf, gl }' "$csv"
  # Every frame time the trainers logged (each line: a smoothed mean of the last frames).
  for who in cnn-trainer lstm-trainer; do
    grep "^$who" "$out/soak-app.log" | sed -n 's/.* \([0-9.]*\) ms a frame.*/\1/p' | sort -n |
      awk -v who="$who" '{ f[NR] = $1 } END { if (!NR) exit; p = int(NR * 0.99); if (p < 1) p = 1
        printf "%s frame time (smoothed), %d lines: median %.2f ms, 99th %.2f ms, worst %.2f ms\n",
               who, NR, f[int((NR + 1) / 2)], f[p], f[NR] }'
  done
} | tee "$out/soak.log"
exit $status
