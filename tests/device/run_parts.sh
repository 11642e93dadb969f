#!/usr/bin/env bash
# Runs several tests/device scripts in one call on the lent GPU server, each with its own
# output folder, and brings every log back as one archive ($OUT/parts.tar.gz; a call
# returns at most 8 files). Carried: .carry/bundle.tar.xz, made here with
#   tar cf - .devcarry .gl data/mnist data/corpus | xz -T2 > .carry/bundle.tar.xz
# (compressed: the binaries and data sets together exceed what a call may carry).
# Usage: tests/device/run_parts.sh tc_run.sh "core_run.sh" ...   (names under tests/device/)
set -uo pipefail
cd "$(dirname "$0")/../.."
[[ -f .carry/bundle.tar.xz ]] && tar xJf .carry/bundle.tar.xz
export PATH=$PATH:/usr/local/cuda/bin
# The app links the GL dispatch libraries (libEGL, libOpenGL) that the server lacks: every
# part, and every test that starts the app as a child, needs them unpacked first (.gl/).
for deb in .gl/*.deb; do dpkg -x "$deb" /; done
ldconfig
final=${OUT:-/tmp/whygpu-parts}
parts=/tmp/whygpu-parts-logs
rm -rf "$parts" && mkdir -p "$parts"
status=0
for part in "$@"; do
  name=${part%.sh}
  mkdir -p "$parts/$name"
  echo "################ $part ($(date -u +%H:%M:%S))"
  OUT=$parts/$name bash "tests/device/$part" > "$parts/$name/stdout.log" 2>&1 || status=1
  tail -n 40 "$parts/$name/stdout.log"
  # After every part, so that a call cut off by its time limit still brings back the parts before.
  mkdir -p "$final" && tar czf "$final/parts.tar.gz" -C "$parts" .
done
echo "run_parts: exit status $status"
exit $status
