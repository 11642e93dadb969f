#!/usr/bin/env bash
# Builds the libFuzzer harnesses (fuzz/, clang with ASan and UBSan, CPU-only) in
# build-fuzz and runs each for SECONDS (default 20) from its seeds in fuzz/corpus/NAME/,
# then prints each one's executions. A crash, leak, hang (10 s) or a run past 2 GB stops
# that harness; the input that did it is left in build-fuzz/fuzz/crashes/NAME/ and the
# script exits 1 at the end. New inputs the fuzzer found stay in build-fuzz/fuzz/work/NAME/.
#   scripts/fuzz.sh [SECONDS] [NAME...]     e.g. scripts/fuzz.sh 600 image lesson
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
shift || true

if [[ ! -f build-fuzz/build.ninja ]]; then
  cmake -S . -B build-fuzz -G Ninja -DWHYGPU_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ >/dev/null
fi
# Quiet when it builds; when it does not, the compiler's or linker's words are the answer.
nice -n 10 ninja -C build-fuzz -j "$(nproc)" >build-fuzz/ninja.log 2>&1 || {
  grep -B2 -A12 -m3 -E 'FAILED|error' build-fuzz/ninja.log; echo "fuzz build failed: see build-fuzz/ninja.log"; exit 1; }

failed=0
printf '%-12s %12s %10s  %s\n' harness executions exec/s result
while read -r name max_len; do
  [[ -z $name || $name == \#* ]] && continue
  if [[ $# -gt 0 && " $* " != *" $name "* ]]; then continue; fi
  work=build-fuzz/fuzz/work/$name crashes=build-fuzz/fuzz/crashes/$name log=build-fuzz/fuzz/$name.log
  mkdir -p "$work" "$crashes"
  result=ok
  build-fuzz/fuzz/fuzz_"$name" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 \
      -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$crashes/" \
      "$work" "fuzz/corpus/$name" >"$log" 2>&1 || { result="FAILED: see $log and $crashes/"; failed=1; }
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  printf '%-12s %12s %10s  %s\n' "$name" "${runs:-?}" "${rate:-?}" "$result"
done < fuzz/harnesses.txt
exit $failed
