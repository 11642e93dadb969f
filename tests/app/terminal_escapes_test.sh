#!/usr/bin/env bash
# terminal_escapes_test.sh WHYGPU: a lesson title or error holding terminal control
# sequences (an OSC that retitles the window, a CSI that clears the screen) reaches
# --list-lessons and --check-lessons as visible escapes, never as raw control bytes.
set -uo pipefail
whygpu=$1
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
printf 'id: evil\ntitle: Owned\033]0;pwned\007 \033[2J title\nsection: S\033[31m red\n---\nText.\n@panel no-such-panel\033[2J\n' \
  >"$folder/a.lesson"
failed=0
for flag in --list-lessons --check-lessons; do
  out=$("$whygpu" --lessons "$folder" "$flag" 2>&1)
  if printf '%s' "$out" | LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]'; then
    echo "terminal_escapes_test: 'whygpu $flag' printed raw control characters:" >&2
    printf '%s\n' "$out" | cat -v >&2
    failed=1
  fi
  if ! printf '%s' "$out" | grep -qF 'Owned\x1b]0;pwned\x07' && [ "$flag" = --list-lessons ]; then
    echo "terminal_escapes_test: 'whygpu $flag' did not show the title's escapes visibly:" >&2
    printf '%s\n' "$out" | cat -v >&2
    failed=1
  fi
done
exit $failed
