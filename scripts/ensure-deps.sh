#!/usr/bin/env bash
# Runs `npm ci` when node_modules is missing or older than the lockfile.
set -euo pipefail
stamp=node_modules/.ci-stamp
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  npm ci --no-audit --no-fund
  touch "$stamp"
fi
