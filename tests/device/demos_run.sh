#!/usr/bin/env bash
# The classroom demos of lessons/demos/ played end to end on the lent GPU server, headless
# at a projector's 1280x720: each teacher's stop (wait-key, which brings its target into
# view) is followed by a short wait and a screenshot of what the class would see there.
# A few minutes. Builds nothing. DEMO_LANGUAGE=fr (it, zh-Hans, zh-Hant) plays each demo's
# translation instead, its pages in that language (a translated script sets it).
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-demos
step machine
date -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
install_gl_dispatch
for demo in "$repo"/lessons/demos/*.script; do
  name=$(basename "$demo" .script)
  [[ $name == *.* ]] && continue  # a translation (NAME.LANG.script): played in its language by the app
  [[ -n ${DEMO_LANGUAGE:-} ]] && demo=${demo%.script}.$DEMO_LANGUAGE.script
  mkdir -p "$out/$name"
  awk '/^wait-key/ { n++; print; print "wait 2"; printf "screenshot stop-%02d.png\n", n; next } { print }' \
    "$demo" > "$out/$name.script"
  step "$name"
  start=$(date +%s)
  run 200 "$bin/whygpu" --headless --size 1280x720 --export-dir "$out/$name" --script "$out/$name.script" \
      > "$out/$name.log" 2>&1
  echo "$name: $(( $(date +%s) - start )) s, $(ls "$out/$name" | wc -l) stops"
  grep -vE "wrote|rendering offscreen" "$out/$name.log" | tail -5
done
tar czf "$out/demos.tar.gz" -C "$out" $(cd "$out" && ls -d */) && rm -rf "$out"/*/
step done
exit $status
