#!/usr/bin/env bash
# The browser test of the student page: Debian's chromium, headless, driven by
# puppeteer-core from npm (installed once into WORK_DIR, a folder of the build tree; it
# downloads no browser). Exits 77, which CTest reports as skipped, with a message, where
# chromium or npm is missing (scripts/setup.sh installs both).
#   run.sh CLASS_TEST_SERVER WORK_DIR
set -euo pipefail
server=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
if [[ ! -x /usr/bin/chromium ]]; then echo "skipped: no /usr/bin/chromium (apt-get install chromium)"; exit 77; fi
if ! command -v npm >/dev/null 2>&1; then echo "skipped: no npm (apt-get install npm)"; exit 77; fi
mkdir -p "$work/out"
cp "$here/student_page_test.mjs" "$work/"
if [[ ! -d $work/node_modules/puppeteer-core ]]; then
  (cd "$work" && [[ -f package.json ]] || echo '{"private": true}' > package.json
   PUPPETEER_SKIP_DOWNLOAD=1 npm install --no-audit --no-fund --loglevel=error puppeteer-core@25) ||
    { echo "skipped: npm could not install puppeteer-core"; exit 77; }
fi
cd "$work" && node student_page_test.mjs "$server" "$work/out"
