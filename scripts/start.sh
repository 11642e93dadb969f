#!/usr/bin/env bash
# Fresh-machine command 1: install what is missing, build, start the app.
# Arguments go to the app, e.g. scripts/start.sh --lesson cpu-vs-gpu
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec build/app/whygpu "$@"
