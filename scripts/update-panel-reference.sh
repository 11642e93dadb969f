#!/usr/bin/env bash
# Writes the panels' parameter reference (generated from their tables by
# `whygpu --list-panels=markdown`) into lessons/FORMAT.md between its markers.
# A test fails when the two differ. Usage: scripts/update-panel-reference.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-build/app/whygpu}
reference=$("$binary" --list-panels=markdown)
python3 - "$reference" <<'PY'
import sys
path = "lessons/FORMAT.md"
reference = sys.argv[1] + "\n"
text = open(path).read()
begin_marker = reference.splitlines()[0]
end_marker = reference.rstrip("\n").splitlines()[-1]
begin = text.find(begin_marker)
end = text.find(end_marker)
if begin < 0 or end < 0:
    sys.exit(f"{path}: the markers '{begin_marker}' and '{end_marker}' are missing")
end += len(end_marker) + 1
tmp = path + ".tmp"
open(tmp, "w").write(text[:begin] + reference + text[end:])
import os
os.replace(tmp, path)
print(f"{path}: panel reference updated")
PY
