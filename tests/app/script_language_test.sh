#!/usr/bin/env bash
# script_language_test.sh WHYGPU TRANSLATIONS: a translated demo played with --script shows
# its pages in its own language (as if --language had been given), and --language still
# decides over it. Checked on screenshots of the translated fixture's lesson: the French
# demo without --language draws what the same steps draw with --language fr, and not what
# they draw in English or with --language it.
set -uo pipefail
whygpu=$(realpath "$1")
lessons=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

steps='presenter on
lesson lanes
wait 1
screenshot page.png
quit'
printf 'language fr\n%s\n' "$steps" >"$work/french.script"
printf '%s\n' "$steps" >"$work/plain.script"

shot() {  # shot NAME SCRIPT [OPTIONS...]: the page's screenshot as $work/NAME.png
  local name=$1 script=$2
  shift 2
  mkdir -p "$work/$name"
  if ! timeout 120 "$whygpu" --headless --size 640x360 --lessons "$lessons" --export-dir "$work/$name" \
      --script "$work/$script" "$@" >"$work/$name.log" 2>&1; then
    echo "script_language_test: the run '$name' failed:" >&2
    cat "$work/$name.log" >&2
    exit 1
  fi
  mv "$work/$name/page.png" "$work/$name.png"
}
shot french_demo french.script
shot with_option plain.script --language fr
shot english plain.script
shot option_over_demo french.script --language it
shot italian plain.script --language it

failed=0
cmp -s "$work/french_demo.png" "$work/with_option.png" ||
  { echo "script_language_test: the French demo's page differs from the page with --language fr" >&2; failed=1; }
cmp -s "$work/french_demo.png" "$work/english.png" &&
  { echo "script_language_test: the French demo's page is the English page" >&2; failed=1; }
cmp -s "$work/option_over_demo.png" "$work/italian.png" ||
  { echo "script_language_test: --language it did not decide over the French demo" >&2; failed=1; }
exit $failed
