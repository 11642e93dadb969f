#!/usr/bin/env bash
# bench_help_test.sh WHYGPU: `whygpu bench`'s help and listing agree with themselves.
# The benchmarks are read from `whygpu bench --help` (never typed here), then:
#  - `whygpu bench nosuch` exits 2 and names every one of them;
#  - each option `whygpu bench --help` shows on a benchmark's line appears in that
#    benchmark's own --help (cnn's --precision, --gpus, --scaling ...);
#  - `whygpu bench B OPTION --help` shows help (exit 0, text on stdout) for every OPTION
#    of B's --help, so that --help after an option that wants a value is still help.
set -uo pipefail
whygpu=$(realpath "$1")
# A run that takes --help for a value writes a file of that name: here, not in the checkout.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
failed=0
fail() { echo "bench_help_test: $*" >&2; failed=1; }
options_in() { grep -oE -- '--[a-z][a-z0-9-]*' | sort -u; }

overview=$("$whygpu" bench --help) || { echo "bench_help_test: 'whygpu bench --help' failed" >&2; exit 1; }
benchmarks=$(grep -oE 'whygpu bench [a-z][a-z|-]*' <<<"$overview" | cut -d' ' -f3 | tr '|' '\n' | awk '!seen[$0]++')
[ "$(wc -l <<<"$benchmarks")" -ge 10 ] || fail "'whygpu bench --help' names only: $benchmarks"

unknown=$("$whygpu" bench nosuch 2>&1 >/dev/null)
code=$?
[ "$code" -eq 2 ] || fail "'whygpu bench nosuch' exited $code, not 2"
unlisted=$(for b in $benchmarks; do grep -qw -- "$b" <<<"$unknown" || echo "$b"; done)
[ -z "$unlisted" ] || fail "'whygpu bench nosuch' does not list" $unlisted": $unknown"

for b in $benchmarks; do
  help=$(timeout 20 "$whygpu" bench "$b" --help 2>/dev/null) || { fail "'whygpu bench $b --help' failed"; continue; }
  for option in $(grep -E "whygpu bench $b( |$)" <<<"$overview" | options_in | grep -vx -- --help); do
    grep -qE -- "(^|[^a-z0-9-])$option([^a-z0-9-]|\$)" <<<"$help" || fail "'whygpu bench --help' shows $b $option, 'whygpu bench $b --help' does not"
  done
  for option in $(options_in <<<"$help"); do
    out=$(timeout 20 "$whygpu" bench "$b" "$option" --help 2>/dev/null)
    code=$?
    if [ "$code" -ne 0 ] || [ -z "$out" ]; then
      fail "'whygpu bench $b $option --help' exited $code with ${#out} bytes on stdout"
    fi
  done
done
exit $failed
