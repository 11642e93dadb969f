#!/usr/bin/env bash
# Two app runs that went wrong on the H100 on 2026-11-24, looked at closely: the curric
# lessons' script ended in a segmentation fault at quit (after the framework-kernels page
# recorded with CUPTI), and the data-pipeline page's timing never finished within 150 s
# although `whygpu bench pipeline` times the same work in 18 s. Each runs under gdb where
# the server has it (a backtrace of every thread on a crash), else plainly; the stuck one
# gets its threads' backtraces (gdb) or kernel stacks (/proc) after 60 s.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-hang-probe
export WHYGPU_PIPELINE_PHOTO=$repo/.devcarry/photo/LadyBird.jpg
gdb_bin=$(command -v gdb || true)
echo "gdb: ${gdb_bin:-absent}"

step "curric lessons script, crash check"
mkdir -p "$out/shots"
if [[ -n $gdb_bin ]]; then
  run 240 env -C "$out/shots" gdb -q -batch -ex run -ex bt -ex 'thread apply all bt 12' --args \
    "$bin/whygpu" --headless --size 1920x1080 --script "$repo/tests/app/curric_gpu.script" > "$out/curric.log" 2>&1
else
  run 240 env -C "$out/shots" "$bin/whygpu" --headless --size 1920x1080 --script "$repo/tests/app/curric_gpu.script" \
    > "$out/curric.log" 2>&1
fi
grep -E "SIGSEGV|signal|^#[0-9]|exited|wrote|error" "$out/curric.log" | head -60

step "data-pipeline page: timing in the app"
env -C "$out/shots" "$bin/whygpu" --headless --size 1920x1080 --script "$repo/tests/app/pipeline_gpu.script" \
  > "$out/pipeline.log" 2>&1 &
app=$!
sleep 60
if kill -0 $app 2>/dev/null; then
  echo "still running after 60 s: its threads"
  if [[ -n $gdb_bin ]]; then
    timeout 60 gdb -q -batch -p $app -ex 'thread apply all bt 16' > "$out/pipeline-threads.txt" 2>&1
  else
    for t in /proc/$app/task/*; do echo "== $(cat $t/comm) $(cat $t/wchan)"; cat $t/stack 2>/dev/null; done \
      > "$out/pipeline-threads.txt"
  fi
  grep -E "^Thread|^#[0-9]|^==" "$out/pipeline-threads.txt" | head -120
  top -b -n 1 -H -p $app | head -30
  sleep 60
  kill $app 2>/dev/null
fi
wait $app; echo "app exit status $?"
cat "$out/pipeline.log" | tail -5
step done
exit $status
