#!/usr/bin/env bash
# Sourced by `npm test` and `npm run screenshots` after bootstrap.sh (whose `say` it uses).
# Chromium for the page tests (Debian's package; puppeteer-core downloads no browser). Installed
# when missing and this user may use apt-get; otherwise the page tests say why they are skipped.
if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null && [ "${SKIP_CHROMIUM_INSTALL:-}" != "1" ]; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = "0" ]; then
    say "installing Debian's chromium for the page tests"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium; } >&2 \
      || say "chromium could not be installed: the page tests will be skipped"
  else
    say "no chromium, and apt-get is not available to this user: the page tests will be skipped (set CHROMIUM_PATH to use another Chromium)"
  fi
fi
