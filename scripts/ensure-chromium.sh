#!/usr/bin/env bash
# Browser tests use Debian's Chromium at /usr/bin/chromium (Playwright never downloads a browser).
set -euo pipefail
CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
cat >&2 <<MSG
The browser tests need Chromium at $CHROMIUM and it is not installed.
On Debian or Ubuntu, install it as root:  sudo apt-get install -y chromium
Then run npm test again.
MSG
exit 1
