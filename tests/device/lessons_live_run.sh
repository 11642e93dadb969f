#!/usr/bin/env bash
# App scripts played headless on the GPU server at projector size (LIVE_SIZE, default
# 1280x720; LIVE_SCALE, default 2), their screenshots under $OUT/shots (tests/app scripts
# write below out/ of the working folder). LIVE_SCRIPTS: names under tests/app, default the
# timeline and vitals lessons.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-lessons-live
mkdir -p "$out/shots"
for script in ${LIVE_SCRIPTS:-profile_lessons}; do
  step "$script at ${LIVE_SIZE:-1280x720}, text x${LIVE_SCALE:-2}"
  run 240 env -C "$out/shots" "$bin/whygpu" --headless --size "${LIVE_SIZE:-1280x720}" --font-scale "${LIVE_SCALE:-2}" \
    --export-dir "$out" --script "$repo/tests/app/$script.script" > "$out/$script.log" 2>&1
  grep -vE "^\s*$" "$out/$script.log" | tail -12
done
step done
exit $status
