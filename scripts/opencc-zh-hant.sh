#!/bin/sh
# Draft Traditional Chinese (Taiwan) translations from the Simplified ones:
# each lessons/**/NAME.zh-Hans.lesson or .script becomes NAME.zh-Hant.lesson/.script,
# converted by OpenCC with Taiwan phrases (s2twp.json), with the language line rewritten
# and the translates hash kept (both translate the same English original).
# The result is a draft: a person who writes Taiwan's Chinese reads and corrects every
# file afterwards (OpenCC gets terms, some characters and Taiwan usage wrong), so an
# existing .zh-Hant file is never overwritten unless --force is given.
#   scripts/opencc-zh-hant.sh [--force] [FILE.zh-Hans.lesson ...]
# Without files: every zh-Hans lesson and script under lessons/.
# Needs Debian's opencc: sudo apt-get install -y opencc
set -eu
cd "$(dirname "$0")/.."
force=0
if [ "${1:-}" = "--force" ]; then force=1; shift; fi
command -v opencc >/dev/null || { echo "opencc is missing: sudo apt-get install -y opencc" >&2; exit 1; }
if [ $# -eq 0 ]; then
  set -- $(find lessons -name '*.zh-Hans.lesson' -o -name '*.zh-Hans.script' | sort)
fi
written=0; kept=0
for src in "$@"; do
  case "$src" in
    *.zh-Hans.lesson) dst="${src%.zh-Hans.lesson}.zh-Hant.lesson" ;;
    *.zh-Hans.script) dst="${src%.zh-Hans.script}.zh-Hant.script" ;;
    *) echo "$src: not a .zh-Hans.lesson or .zh-Hans.script" >&2; exit 1 ;;
  esac
  if [ -e "$dst" ] && [ "$force" -eq 0 ]; then
    echo "kept $dst (exists; --force overwrites it)"; kept=$((kept + 1)); continue
  fi
  # Lessons say "language: zh-Hans", scripts "language zh-Hans": only that line changes
  # besides the text; the translates line is ASCII and passes through unchanged.
  opencc -c s2twp.json -i "$src" |
    sed -e 's/^language: zh-Hans$/language: zh-Hant/' -e 's/^language zh-Hans$/language zh-Hant/' \
      > "$dst.tmp"
  mv "$dst.tmp" "$dst"
  echo "wrote $dst"; written=$((written + 1))
done
echo "$written written, $kept kept"
