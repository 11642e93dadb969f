#!/usr/bin/env bash
# check-package.sh [BUILD]: the Debian packages as a user meets them. Builds them in BUILD
# (default build/), fails on any lintian error, installs them with apt-get, runs the
# installed whygpu from / with a bare environment and the checkout and /usr/local/cuda
# hidden, and removes the packages again (also when a check failed). Needs root or sudo
# (apt-get, mounts); a few minutes, not part of scripts/test.sh. packaging/README.md.
set -euo pipefail
source=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath "${1:-$source/build}")
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
fail() { echo "check-package: $*" >&2; exit 1; }

if dpkg-query -W -f='${Status}' whygpu whygpu-data 2>/dev/null | grep -q 'install ok'; then
  fail "whygpu is installed already; remove it first (this script removes what it installs)"
fi
work=$(mktemp -d)
installed=false
cleanup() {
  if $installed; then $sudo apt-get purge -y -q whygpu whygpu-data >/dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT

command -v lintian >/dev/null || $sudo apt-get install -y -q lintian >/dev/null
cmake --build "$build" --target whygpu whygpu_desktop_files
rm -f "$build"/whygpu_*.deb "$build"/whygpu-data_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
app=$(echo "$build"/whygpu_*.deb) data=$(echo "$build"/whygpu-data_*_all.deb)
[ -f "$app" ] && [ -f "$data" ] || fail "cpack made no whygpu and whygpu-data packages in $build"

lint=$(lintian --pedantic "$app" "$data" 2>&1 | grep -v '^running with root' || true)
echo "lintian --pedantic: ${lint:-no tags}"
if grep -q '^E:' <<<"$lint"; then fail "lintian reports errors"; fi

# The hard dependencies only, so that the run below also shows the app without what it
# merely recommends; those missing here are listed.
$sudo apt-get install -y -q --no-install-recommends "$app" "$data" >/dev/null
installed=true
missing=$(dpkg-query -W -f='${Recommends}' whygpu | tr ',' '\n' | sed -E 's/^ +//; s/ \|.*//' |
          while read -r p; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok' || echo "$p"; done |
          paste -sd, | sed 's/,/, /g')
echo "installed $(basename "$app") and $(basename "$data"); recommended but absent: ${missing:-none}"

# The installed whygpu, run from / in a mount namespace of its own where the checkout (and
# the data sets it links to) and the CUDA toolkit are empty folders.
mkdir -p "$work/empty" "$work/home"
hide=("$source")
# data/ may link to data sets kept outside the checkout; inside it, hiding the checkout hides it.
if [ -d "$source/data" ]; then
  data_dir=$(realpath "$source/data")
  [[ $data_dir == "$source"/* ]] || hide+=("$data_dir")
fi
[ -d /usr/local/cuda ] && hide+=("$(realpath /usr/local/cuda)")
run_installed() {
  $sudo unshare -m sh -c '
    empty=$1 home=$2 count=$3; shift 3
    while [ "$count" -gt 0 ]; do mount --bind "$empty" "$1" || exit 99; shift; count=$((count - 1)); done
    cd / && exec env -i PATH=/usr/bin:/bin HOME="$home" whygpu "$@"' \
    sh "$work/empty" "$work/home" "${#hide[@]}" "${hide[@]}" "$@"
}

version=$(run_installed --version) || fail "--version failed"
[[ $version == "whygpu "* ]] || fail "--version said: $version"
checked=$(run_installed --check-lessons 2>&1) || fail "--check-lessons failed: $checked"
grep -Eq '^[1-9][0-9]* lessons, [0-9]+ demos, 0 problems$' <<<"$checked" || fail "--check-lessons said: $checked"
echo "$version, run from / with ${hide[*]} hidden: $checked"
shot=$build/check-package/cpu-vs-gpu.png
mkdir -p "$(dirname "$shot")"
run_installed --headless --lesson cpu-vs-gpu --size 1280x720 --screenshot "$work/home/page.png" ||
  fail "the headless screenshot failed"
[ -s "$work/home/page.png" ] || fail "the headless run wrote no screenshot"
cp "$work/home/page.png" "$shot"
echo "check-package: all checks passed; the lesson as installed: $shot (look at it)"
