#!/usr/bin/env bash
# check_translations_test.sh WHYGPU FIXTURE: `whygpu --check-lessons` on the translated
# fixture (tests/app/translations) passes while a translation is missing, and says how
# many per language; with --translations it lists the missing files and exits 1.
set -uo pipefail
whygpu=$1
fixture=$2
failed=0
fail() { echo "check_translations_test: $*" >&2; failed=1; }

out=$("$whygpu" --check-lessons --lessons "$fixture" 2>&1)
code=$?
[ "$code" -eq 0 ] || fail "--check-lessons: exit $code, expected 0:"$'\n'"$out"
grep -qx "it: 1 of 1 lessons and 0 of 1 demos translated and current; 1 missing, 0 out of date" <<<"$out" ||
  fail "--check-lessons: no count of the Italian translations in:"$'\n'"$out"
grep -q "missing$" <<<"$out" && fail "--check-lessons lists missing files without --translations:"$'\n'"$out"

out=$("$whygpu" --check-lessons --translations --lessons "$fixture" 2>&1)
code=$?
[ "$code" -eq 1 ] || fail "--check-lessons --translations: exit $code, expected 1"
grep -qx "$fixture/demos/01-lanes.it.script: missing" <<<"$out" ||
  fail "--check-lessons --translations does not list the missing Italian demo:"$'\n'"$out"

"$whygpu" --translations >/dev/null 2>&1
[ $? -eq 2 ] || fail "--translations alone is accepted"
exit $failed
