#!/bin/sh
# help-to-man.sh BINARY VERSION OUT: the man page, written from `BINARY --help` so that it
# never says something the program does not. The first line that is not the short
# "usage: ..." line is the one-line description, NAME's "whygpu \- ..." (what whatis and
# apropos show); each line ending in ":" with no indent ("Usage:", "Options:") starts a
# section; the rest is kept as written (no-fill), since the help text aligns its columns
# itself.
set -eu
binary=$1 version=$2 out=$3
help=$("$binary" --help)
{
  printf '.TH WHYGPU 1 "" "whygpu %s" "User Commands"\n' "$version"
  printf '.SH NAME\n'
  line=$(printf '%s\n' "$help" | grep -n -v -m 1 '^usage:' | cut -d: -f1)
  printf '%s\n' "$help" | sed -n "${line}p" | sed -e 's/\\/\\e/g' -e 's/^whygpu: //' -e 's/^/whygpu \\- /'
  printf '%s\n' "$help" | tail -n +$((line + 1)) | awk '
    function close_block() { if (open) { print ".fi"; open = 0 } }
    /^[A-Z][A-Za-z ]*:$/ { close_block(); print ".SH " toupper(substr($0, 1, length($0) - 1)); next }
    /^$/ { close_block(); next }
    {
      if (!open) { print ".nf"; open = 1 }
      gsub(/\\/, "\\e"); gsub(/-/, "\\-"); sub(/^[.'"'"']/, "\\\\\\&&"); print
    }
    END { close_block() }'
} >"$out.tmp"
mv "$out.tmp" "$out"
