#!/usr/bin/env bash
# missing_mnist_test.sh WHYGPU: every benchmark that takes --mnist FOLDER refuses a folder
# that is not there (exit non-zero, a message naming it) rather than training on
# something else; with or without a GPU, so the refusal comes before any GPU check.
set -uo pipefail
whygpu=$(realpath "$1")  # the runs below start in a folder of their own
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
missing=$work/no-such-mnist
failed=0
while read -r words; do
  # $words is split on purpose: each line is a benchmark and its options.
  message=$(cd "$work" && timeout 60 "$whygpu" bench $words --mnist "$missing" 2>&1 >/dev/null)
  code=$?
  if [ "$code" -eq 0 ] || [ "$code" -eq 124 ]; then
    echo "missing_mnist_test: 'whygpu bench $words --mnist $missing' exited $code" >&2
    failed=1
  elif ! grep -qF -- "$missing" <<<"$message"; then
    echo "missing_mnist_test: 'whygpu bench $words --mnist $missing' did not name the folder: $message" >&2
    failed=1
  fi
done <<LIST
cnn --backend cpu --steps 1 --warmup 0
cnn --precision fp32 --steps 1 --warmup 0
cnn --gpus 1 --steps 1 --warmup 0
cnn-inference --backend cpu --max-batch 1 --repeats 1
cnn-transfer
vitals-record --json $work/vitals.json --cnn-seconds 1
LIST
exit $failed
