#!/usr/bin/env bash
# A soak longer than one device call (10 minutes): soak_run.sh started in a session of its
# own (setsid), with its output in /tmp/whygpu-soak-detached; later calls wait for it with
# soak_collect.sh. On 2026-11-28 the server ended it with the call that started it (271 s
# in), so check that a later call still sees it running before relying on it. The machine
# goes back 30 minutes after it was taken, so a 30-minute soak cannot fit in any case.
#   DURATION=1800 tests/device/soak_detached.sh     (after run_parts.sh unpacked the bundle)
set -uo pipefail
cd "$(dirname "$0")/../.."
folder=/tmp/whygpu-soak-detached
rm -rf "$folder" && mkdir -p "$folder"
DURATION=${DURATION:-1800} OUT=$folder setsid nohup bash tests/device/soak_run.sh > "$folder/stdout.log" 2>&1 < /dev/null &
echo "soak started at $(date -u +%H:%M:%S) UTC for ${DURATION:-1800} s of training, output in $folder"
