#!/usr/bin/env bash
# `npm run screenshots`: the three web pages at 1280x800 and 390x844, written to
# $DATA_DIR/screenshots (default .data/screenshots), from a stack of its own: a scratch
# database with the demo lists, a matcher and a gateway in one process, Debian's Chromium.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
source "$(dirname "${BASH_SOURCE[0]}")/chromium.sh"
base_url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/screening}"
export DATABASE_URL="${base_url%/*}/screening_screenshots"
export LOG_LEVEL="${LOG_LEVEL:-warn}"
exec node --import tsx infra/dev/screenshots.ts "$@"
