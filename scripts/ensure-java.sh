#!/usr/bin/env bash
# The HTML validity test runs the Nu Html Checker (vnu.jar, from the vnu-jar package), which
# needs Java 11 or newer. Install Debian's headless runtime when it is missing and we are root;
# otherwise say how to get it.
set -euo pipefail
if command -v java >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Java not found: installing Debian's default-jre-headless package (for the Nu Html Checker)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null
  command -v java >/dev/null 2>&1 || { echo "default-jre-headless was installed but java is not on PATH" >&2; exit 1; }
  exit 0
fi
echo "The HTML validity test needs Java 11 or newer on PATH (e.g. 'sudo apt-get install default-jre-headless')." >&2
exit 1
