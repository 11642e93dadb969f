#!/usr/bin/env bash
# check_lessons_paths_test.sh WHYGPU: `whygpu --check-lessons` reports every host path a
# lesson or a demo script names (absolute, `..` out of its folder, a symlink that leads
# outside) and exits 1; a lesson that names only files of its own folder passes.
set -uo pipefail
whygpu=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "check_lessons_paths_test: $*" >&2; failed=1; }

mkdir -p "$work/hostile/demos" "$work/outside" "$work/plain"
echo secret > "$work/outside/secret.txt"
ln -s "$work/outside/secret.txt" "$work/hostile/notes.txt"
cat > "$work/hostile/hostile.lesson" <<LESSON
id: hostile
title: Hostile paths
section: Tests
---
@predict result=crossover unit=elements min=100 max=1e9 question="Where?" explain="Here."
@panel vector-add-sweep csv=/tmp/x/evil.csv png=../../evil.png
@panel cnn-trainer weights=/etc/passwd
@panel kernel-lab source_file=/etc/hostname
@panel lstm-trainer text=notes.txt
LESSON
printf 'lesson hostile\nset vector-add-sweep csv ../evil.csv\n' > "$work/hostile/demos/evil.script"

out=$(env -u XDG_CONFIG_HOME HOME="$work" "$whygpu" --check-lessons --lessons "$work/hostile" 2>&1)
code=$?
[ "$code" -eq 1 ] || fail "hostile lessons: exit $code, expected 1"
for needle in "/tmp/x/evil.csv" "../../evil.png" "/etc/passwd" "/etc/hostname" "notes.txt" "evil.script:2:"; do
  grep -qF -- "$needle" <<<"$out" || fail "hostile lessons: no problem names '$needle'"
done

echo 'kernel' > "$work/plain/kernel.cu"
cat > "$work/plain/plain.lesson" <<LESSON
id: plain
title: Plain paths
section: Tests
---
@predict result=crossover unit=elements min=100 max=1e9 question="Where?" explain="Here."
@panel vector-add-sweep csv=my.csv png=plot.png
@panel kernel-lab source_file=kernel.cu
LESSON
out=$(env -u XDG_CONFIG_HOME HOME="$work" "$whygpu" --check-lessons --lessons "$work/plain" 2>&1)
code=$?
[ "$code" -eq 0 ] || fail "plain lesson: exit $code, expected 0: $out"

[ "$failed" -eq 0 ] && echo "check_lessons_paths_test: passed"
exit "$failed"
