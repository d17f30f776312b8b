#!/usr/bin/env bash
# `npm start`: installs what is missing, then hands over to the launcher, which migrates,
# seeds the demo organization and runs the whole stack until SIGINT/SIGTERM.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
exec node --import tsx infra/dev/launcher.ts "$@"
