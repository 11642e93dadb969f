#!/usr/bin/env bash
# install_test.sh BUILD SOURCE [screenshot]: `cmake --install` into a temporary prefix,
# the prefix then moved elsewhere, and the installed whygpu run from / as a user's would
# be: with the source tree (and the build in it) hidden behind an empty mount where
# `unshare -rm` works, and in any case neither the compiled-in source path nor the build
# folder reachable by the lookup rule (app/files/file_locations.h). With "screenshot" it also
# renders a lesson headless from the installed copy (EGL).
set -euo pipefail
build=$1 source=$2 mode=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "install_test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$work/stage" >/dev/null
mv "$work/stage" "$work/moved"  # the prefix it was installed to exists no more either
prefix=$work/moved
for f in bin/whygpu share/whygpu/lessons/FORMAT.md share/whygpu/assets/reference/h100-bench.json \
         share/whygpu/assets/models/sotu-h128.model share/whygpu/LICENSE share/whygpu/DATA-LICENSES.md \
         share/doc/whygpu/copyright share/applications/*.desktop share/metainfo/*.metainfo.xml \
         share/icons/hicolor/scalable/apps/whygpu.svg share/icons/hicolor/16x16/apps/whygpu.png \
         share/icons/hicolor/256x256/apps/whygpu.png share/man/man1/whygpu.1.gz; do
  compgen -G "$prefix/$f" >/dev/null || fail "the install lacks $f"
done
if command -v desktop-file-validate >/dev/null; then desktop-file-validate "$prefix"/share/applications/*.desktop; fi
if command -v appstreamcli >/dev/null; then appstreamcli validate --no-net "$prefix"/share/metainfo/*.metainfo.xml >/dev/null; fi
gzip -dc "$prefix/share/man/man1/whygpu.1.gz" | grep -q -- '\\-\\-list\\-lessons' || fail "the man page lacks --list-lessons"

mkdir -p "$work/home"
# Runs the installed whygpu from / with a user's environment of its own.
installed() {
  local hide=()
  if unshare -rm true 2>/dev/null; then
    hide=(unshare -rm sh -c 'mount -t tmpfs tmpfs "$0" && exec "$@"' "$source")
  fi
  (cd / && env -u WHYGPU_SOURCE_DIR HOME="$work/home" XDG_DATA_HOME="$work/home/data" \
     XDG_CONFIG_HOME="$work/home/config" XDG_CACHE_HOME="$work/home/cache" \
     "${hide[@]}" "$prefix/bin/whygpu" "$@")
}

installed --version | grep -q '^whygpu ' || fail "--version"
installed --help >/dev/null || fail "--help"
lessons=$(installed --list-lessons) || fail "--list-lessons failed: $lessons"
grep -q 'cpu-vs-gpu' <<<"$lessons" || fail "--list-lessons lacks cpu-vs-gpu: $lessons"
checked=$(installed --check-lessons) || fail "--check-lessons failed: $checked"
grep -Eq '^[1-9][0-9]* lessons, [0-9]+ demos, 0 problems$' <<<"$checked" || fail "--check-lessons said: $checked"

if [ "$mode" = screenshot ]; then
  installed --headless --lesson cpu-vs-gpu --size 1280x720 --screenshot "$work/page.png" || fail "headless screenshot"
  [ -s "$work/page.png" ] || fail "no screenshot written"
fi

# Without its lessons a headless run must fail, not draw an empty window and exit 0.
mv "$prefix/share/whygpu/lessons" "$prefix/share/whygpu/lessons.away"
if message=$(installed --headless --screenshot "$work/empty.png" 2>&1); then
  fail "a headless run with no lessons exited 0: $message"
fi
grep -q 'no lessons' <<<"$message" || fail "no lessons, but the message was: $message"
echo "install_test: installed to $prefix and run from / with $source hidden: all checks passed"
