#!/usr/bin/env bash
# readme_test.sh SOURCE: the README describes the tree it ships in.
#  - its Layout table has a row for every top-level folder git tracks;
#  - it calls no folder missing that exists ("no `shaders/` folder");
#  - it restates no measured figure (ms, %, GFLOP/s ...): measurements drift with each
#    run, so the README points to the notes that hold them (PERF_NOTES.md, BENCH.md).
set -uo pipefail
source=$1
readme=$source/README.md
failed=0
fail() { echo "readme_test: $*" >&2; failed=1; }

layout=$(awk '/^## Layout/ { in_layout = 1; next } /^## / { in_layout = 0 } in_layout' "$readme")
for folder in $(git -C "$source" ls-files | grep / | cut -d/ -f1 | sort -u); do
  case $folder in .*) continue ;; esac
  grep -qF "| \`$folder/\` |" <<<"$layout" || fail "the Layout table has no row for $folder/"
done
while read -r folder; do
  [ -n "$folder" ] && [ -d "$source/$folder" ] && fail "README.md says there is no $folder/ folder, but there is one"
done < <(grep -oE 'no `[A-Za-z0-9_.-]+/` folder' "$readme" | sed -E 's/^no `([^/]+)\/` folder$/\1/')
figures=$(grep -nE '[0-9](\.[0-9]+)? ?(%|(ms|[GT]FLOP/s|GB/s)\b)' "$readme")
[ -z "$figures" ] || fail "README.md restates measured figures (point to the notes instead):
$figures"
exit $failed
