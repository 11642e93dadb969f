#!/usr/bin/env bash
# A CPU-only build with AddressSanitizer and UndefinedBehaviorSanitizer (build-asan), and
# its whole cpu and ui test suite with leak checking on. Any report fails the test that
# made it (UBSan stops at the first error). Mesa's software GL driver (llvmpipe) keeps
# allocations in its globals; when EGL unloads the driver at exit, LeakSanitizer sees
# them as leaks from an "<unknown module>" that no suppression can name. So the driver
# is preloaded and stays loaded: its memory is reachable again, and nothing needs to be
# suppressed (Mesa 22.3). Only the driver: the ASan runtime preloaded too would reach the
# compilers the kernel lab's simulator starts (verify_asan_link_order=0 lets ASan come
# second in our own binaries).
# The page sweeps that repeat per language (every lesson's layout, every demo's stops)
# run in English only: the other four run the same code over other strings, which the
# pseudo-language and translated-pages tests put through it here. On 2 cores the build
# takes about 15 minutes and the tests 22 (2026-11-28: the English sweep 376 s, each demo
# at one text size about 2 minutes); the other languages would add about 45 minutes.
# Time limits are hang guards: tests that set none get an hour and a half.
#   scripts/sanitize.sh [extra ctest arguments, e.g. -R cnn]
set -euo pipefail
cd "$(dirname "$0")/.."

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1:verify_asan_link_order=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

if [[ ! -f build-asan/build.ninja ]]; then
  flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
  cmake -S . -B build-asan -G Ninja -DWHYGPU_ENABLE_CUDA=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_C_FLAGS="$flags" \
        -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
fi
dri=
for path in /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so /usr/lib64/dri/swrast_dri.so /usr/lib/dri/swrast_dri.so; do
  [[ -f $path ]] && { dri=$path; break; }
done
start=$(date +%s)
nice -n 10 ninja -C build-asan -j "$(nproc)"
built=$(date +%s)
status=0
other_languages='EveryLessonFits.*/(fr|it|zh_)|DemoStops.*_(fr|it|zh_Hans|zh_Hant)_text'
LD_PRELOAD=$dri ctest --test-dir build-asan -L 'cpu|ui' -E "$other_languages" --timeout 5400 --output-on-failure \
  -j "$(nproc)" "$@" || status=$?
echo "sanitize.sh: build $((built - start)) s, tests $(( $(date +%s) - built )) s"
exit $status
