#!/usr/bin/env bash
# Waits up to WAIT seconds (default 570) for the soak that soak_detached.sh started, then
# prints how far it is and, once it has ended, copies its results to $OUT.
set -uo pipefail
folder=/tmp/whygpu-soak-detached
deadline=$(( $(date +%s) + ${WAIT:-570} ))
while [[ ! -f $folder/soak.log ]] && (( $(date +%s) < deadline )); do sleep 10; done
echo "=== soak at $(date -u +%H:%M:%S) UTC"
tail -n 3 "$folder/soak.csv" 2>/dev/null
if [[ -f $folder/soak.log ]]; then
  grep -v "^[0-9]" "$folder/soak.log"
  cp "$folder/soak.log" "$folder/soak.csv" "$OUT/" && gzip -c "$folder/soak-app.log" > "$OUT/soak-app.log.gz"
else
  echo "still running"
fi
