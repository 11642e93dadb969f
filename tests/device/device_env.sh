# Sourced by the scripts of tests/device/ on the lent GPU server, from the repository
# root: where the carried binaries and libraries are (scripts/device-pack.sh), the
# environment they need, and step/run. Sets repo, bin, out (from $OUT, else $1) and
# status (1 once any run failed).
set -uo pipefail
shopt -s nullglob  # a part whose binaries were not carried runs none
repo=$PWD
export LD_LIBRARY_PATH=$repo/.devcarry/lib:/usr/local/cuda/lib64
export WHYGPU_SOURCE_DIR=$repo
export WHYGPU_FONT_DIR=$repo/.devcarry/fonts  # the server has no fonts: device-pack.sh carries them
export WHYGPU_APP_BINARY=$repo/.devcarry/bin/whygpu  # the kernel lab's child-process tests start it
bin=$repo/.devcarry/bin
out=${OUT:-$1}
mkdir -p "$out"
status=0
step() { echo; echo "=== $* ($(date -u +%H:%M:%S))"; }
# Each command has its own time limit, so one hang cannot eat the whole call.
run() { local limit=$1; shift; timeout "$limit" "$@" || { echo "FAILED ($?): $*"; status=1; }; }
# The server has the driver's GL/EGL vendor libraries but not the dispatch libraries
# (libEGL, libOpenGL, ...) that whygpu links: unpack the carried .debs (.gl/).
install_gl_dispatch() {
  for deb in "$repo"/.gl/*.deb; do dpkg -x "$deb" /; done
  ldconfig
}
# play_pages LANGUAGE LIMIT ARCHIVE: plays $out/pages.script headless at 1280x720 in
# LANGUAGE (at most LIMIT seconds), says how many screenshots it wrote, and packs them
# with the log into $out/ARCHIVE (one file, as the device call brings back a few only).
play_pages() {
  local language=$1 limit=$2 archive=$3 start
  step "$language"
  start=$(date +%s)
  run "$limit" "$bin/whygpu" --headless --size 1280x720 --language "$language" --export-dir "$out/shots" \
      --script "$out/pages.script" > "$out/run.log" 2>&1
  echo "$language: $(( $(date +%s) - start )) s, $(ls "$out"/shots/*.png | wc -l) screenshots"
  grep -vE "wrote|rendering offscreen" "$out/run.log" | tail -8
  tar czf "$out/$archive" -C "$out" shots run.log && rm -rf "${out:?}/shots"
}
# eu-stack (elfutils, carried as .debs in .devcarry/eu: the server has no gdb), unpacked in /tmp/eu.
install_eu_stack() {
  mkdir -p /tmp/eu && for deb in "$repo"/.devcarry/eu/*.deb; do dpkg -x "$deb" /tmp/eu; done
}
# thread_stacks PID FRAMES [TID]: the stacks of PID's threads using CPU now (and of TID,
# busy or not: the main thread waiting on the GPU uses none), FRAMES frames each.
thread_stacks() {
  local busy
  busy=$(top -b -n 1 -H -p "$1" | awk 'NR>7 && $9>20 {print $1}' | tr '\n' ' ')
  echo "-- $(date -u +%H:%M:%S) busy threads: ${busy:-none}"
  LD_LIBRARY_PATH=/tmp/eu/usr/lib/x86_64-linux-gnu /tmp/eu/usr/bin/eu-stack -p "$1" -n "$2" 2>/dev/null |
    awk -v shown=" $busy ${3:-} " '/^TID/ {tid=$2; sub(":","",tid); show = index(shown, " " tid " ") > 0} show' |
    sed -E 's/^(#[0-9]+ +0x[0-9a-f]+ )(.{0,150}).*/\1\2/'
}
