#!/usr/bin/env bash
# Playwright needs a Chromium: Debian's where we can install it (these machines cannot
# download Playwright's own), Playwright's own elsewhere.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  npx playwright install chromium
fi
