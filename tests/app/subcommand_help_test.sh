#!/usr/bin/env bash
# subcommand_help_test.sh WHYGPU: every subcommand (and each benchmark) answers --help
# with exit 0 and some text on stdout, doing nothing else.
set -uo pipefail
whygpu=$1
failed=0
while read -r words; do
  out=$("$whygpu" $words --help 2>/dev/null)
  code=$?
  if [ "$code" -ne 0 ] || [ -z "$out" ]; then
    echo "subcommand_help_test: 'whygpu $words --help' exited $code with ${#out} bytes on stdout" >&2
    failed=1
  fi
done <<'LIST'

bench
bench vector-add
bench matmul
bench copy
bench all
bench cnn
bench cnn-inference
bench cnn-transfer
bench lstm
bench timeline
bench vitals
bench vitals-record
bench dense
bench opengl
bench pipeline
kernel-lab
record
host-program
LIST
exit $failed
