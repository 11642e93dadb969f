#!/usr/bin/env bash
# po_template_test.sh SOURCE BUILD: the translations are in step with the code.
#  - po/whygpu.pot is the template of the sources as they are (the build extracts its own,
#    BUILD/po/whygpu.pot; `cmake --build BUILD --target whygpu_pot` writes it and merges);
#  - every .po of po/LINGUAS has every message of the template (msgcmp), so that a new
#    string reaches the translators;
#  - a translation keeps the {0}..{9} placeholders of its English (the same set): fill()
#    would leave a missing number out and show an extra one as written.
set -uo pipefail
source=$1
build=$2
failed=0
fail() { echo "po_template_test: $*" >&2; failed=1; }

strip_date() { grep -v '^"POT-Creation-Date:' "$1"; }
if ! diff -q <(strip_date "$source/po/whygpu.pot") <(strip_date "$build/po/whygpu.pot") >/dev/null; then
  fail "po/whygpu.pot is not the template of these sources: cmake --build $build --target whygpu_pot"
  diff <(strip_date "$source/po/whygpu.pot") <(strip_date "$build/po/whygpu.pot") | head -20 >&2
fi
for catalog in $(grep -v '^#' "$source/po/LINGUAS"); do
  msgcmp --use-untranslated "$source/po/$catalog.po" "$source/po/whygpu.pot" 2>/dev/null ||
    fail "po/$catalog.po lacks messages of the template: cmake --build $build --target whygpu_pot"
  python3 - "$source/po/$catalog.po" <<'PY' || failed=1
import re, sys
entries = open(sys.argv[1], encoding="utf-8").read().split("\n\n")
bad = 0
for entry in entries:
    if "#, fuzzy" in entry:
        continue
    def text(key):
        m = re.search(r'^' + key + r' ((?:".*"\n?)+)', entry + "\n", re.M)
        return "".join(re.findall(r'"(.*)"', m.group(1))) if m else None
    msgid, msgstr = text("msgid"), text(r"msgstr(?:\[0\])?")
    if not msgid or not msgstr:
        continue
    if sorted(set(re.findall(r"\{[0-9]\}", msgid))) != sorted(set(re.findall(r"\{[0-9]\}", msgstr))):
        print(f"po_template_test: {sys.argv[1]}: the placeholders differ: '{msgid}' / '{msgstr}'", file=sys.stderr)
        bad = 1
sys.exit(bad)
PY
done
exit $failed
