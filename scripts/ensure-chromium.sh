#!/usr/bin/env bash
# The browser tests use the system Chromium. Install Debian's package when it is missing
# and we are root; otherwise say how to get it.
set -euo pipefail
browser="${CHROME_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $browser: installing Debian's chromium package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$browser" ] || { echo "chromium was installed but $browser does not exist; set CHROME_PATH" >&2; exit 1; }
  exit 0
fi
echo "The browser tests need Chromium at $browser. Install it (e.g. 'sudo apt-get install chromium') or set CHROME_PATH to a Chromium binary." >&2
exit 1
