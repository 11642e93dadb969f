#!/usr/bin/env bash
# deb_test.sh BUILD: the Debian packages cpack makes of BUILD, read without installing them
# (no root, no lintian): whygpu and whygpu-data (Architecture: all) of one version, the
# first depending on the second; what lintian and Debian policy ask of each (a real
# maintainer host, an extended description, changelog.Debian.gz and a DEP-5 copyright in
# its own doc folder); Built-Using for the static Dear ImGui; the Recommends the app's
# fallbacks need. scripts/check-package.sh also lints, installs and runs them.
set -uo pipefail
build=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "deb_test: $*" >&2; failed=1; }

(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log" >&2; exit 1; }
shopt -s nullglob
apps=("$work"/out/whygpu_*.deb) datas=("$work"/out/whygpu-data_*.deb)
[ ${#apps[@]} -eq 1 ] && [ ${#datas[@]} -eq 1 ] ||
  { echo "deb_test: expected one whygpu and one whygpu-data package, cpack made:" "$work"/out/*.deb >&2; exit 1; }
app=${apps[0]} data=${datas[0]}
field() { dpkg-deb --field "$1" "$2"; }
version=$(field "$app" Version)

[ "$(field "$data" Architecture)" = all ] || fail "whygpu-data is not Architecture: all"
[ "$(field "$data" Version)" = "$version" ] || fail "whygpu-data's version is not whygpu's $version"
grep -qF "whygpu-data (= $version)" <<<"$(field "$app" Depends)" || fail "whygpu does not depend on whygpu-data (= $version)"
# Class sessions link cpp-httplib and libqrencode: dpkg-shlibdeps must have found them.
for p in libcpp-httplib0.11 libqrencode4; do
  grep -qw -- "$p" <<<"$(field "$app" Depends)" || fail "whygpu does not depend on $p: $(field "$app" Depends)"
done
recommends=$(field "$app" Recommends)
for p in fonts-dejavu-core zenity mate-backgrounds; do
  grep -qw -- "$p" <<<"$recommends" || fail "whygpu does not recommend $p: $recommends"
done
if imgui=$(dpkg-query -W -f='${source:Package} (= ${source:Version})' libimgui-dev 2>/dev/null); then
  [ "$(field "$app" Built-Using)" = "$imgui" ] || fail "whygpu's Built-Using is not '$imgui': $(field "$app" Built-Using)"
fi

for deb in "$app" "$data"; do
  package=$(field "$deb" Package)
  host=$(field "$deb" Maintainer | sed -E 's/.*@([^>]*)>.*/\1/')
  [[ $host == *.* && $host != localhost* ]] || fail "$package: the maintainer's mail host '$host' is not a domain"
  [ "$(field "$deb" Description | wc -l)" -ge 3 ] || fail "$package: no extended description"
  tree=$work/$package
  dpkg-deb --extract "$deb" "$tree"
  doc=$tree/usr/share/doc/$package
  [ -f "$doc/changelog.Debian.gz" ] || { fail "$package: no $doc/changelog.Debian.gz"; continue; }
  gzip -dc "$doc/changelog.Debian.gz" | head -n 1 | grep -qF "whygpu ($version)" ||
    fail "$package: the changelog's newest entry is not $version"
  copyright=$doc/copyright
  head -n 1 "$copyright" | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' ||
    fail "$package: $copyright is not a DEP-5 copyright file"
  for license in 'Upstream-Name: whygpu' 'License: MIT' 'Dear ImGui' 'License: CC-BY-SA-3.0' 'License: public-domain'; do
    grep -qF -- "$license" "$copyright" || fail "$package: $copyright lacks '$license'"
  done
done
[ -x "$work/whygpu/usr/bin/whygpu" ] || fail "whygpu lacks usr/bin/whygpu"
[ ! -e "$work/whygpu/usr/share/whygpu" ] || fail "whygpu holds usr/share/whygpu, which belongs to whygpu-data"
[ -f "$work/whygpu-data/usr/share/whygpu/lessons/FORMAT.md" ] || fail "whygpu-data lacks the lessons"
# Everything under usr/ (lintian's non-standard-toplevel-dir error: the catalogs once went
# to /locale), and the catalogs where gettext looks for them.
for package in whygpu whygpu-data; do
  outside=$(cd "$work/$package" && find . -mindepth 1 -maxdepth 1 ! -name usr ! -name DEBIAN)
  [ -z "$outside" ] || fail "$package installs outside usr/: $outside"
done
[ -f "$work/whygpu-data/usr/share/locale/fr/LC_MESSAGES/whygpu.mo" ] ||
  fail "whygpu-data lacks usr/share/locale/fr/LC_MESSAGES/whygpu.mo"
# The man page's NAME line is what whatis and apropos read: "whygpu \- what it does".
man=$work/whygpu/usr/share/man/man1/whygpu.1.gz
name_line=$(gzip -dc "$man" 2>/dev/null | sed -n '/^\.SH NAME/{n;p;q}')
[[ $name_line == 'whygpu \- '* ]] || fail "the man page's NAME line is '$name_line', not 'whygpu \\- ...'"
exit $failed
