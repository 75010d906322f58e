#!/usr/bin/env bash
# Browser tests drive Debian's Chromium, and the certificate test renders PDFs with poppler's
# pdftoppm; install them when missing and we may (root + apt).
set -euo pipefail
need=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need+=(chromium)
command -v pdftoppm >/dev/null || need+=(poppler-utils)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${need[*]} for the browser tests..." >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "Missing for the browser tests: install Debian's ${need[*]} (or set CHROMIUM_PATH)." >&2
  exit 1
fi
