#!/usr/bin/env bash
# Browser tests use Debian's Chromium as its headless shell, /usr/bin/chromium-headless-shell (package
# chromium-headless-shell; Playwright never downloads a browser). ADR 0022 says why the shell.
set -euo pipefail
CHROMIUM=/usr/bin/chromium-headless-shell
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium's headless shell is missing: installing Debian's chromium-headless-shell package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
cat >&2 <<MSG
The browser tests need Chromium's headless shell at $CHROMIUM and it is not installed.
On Debian or Ubuntu, install it as root:  sudo apt-get install -y chromium-headless-shell
Then run npm test again.
MSG
exit 1
