#!/usr/bin/env bash
# `npm test`: the same bootstrap as `npm start`, then every jest suite against an isolated
# stack (own database, Redis prefix and Temporal dev server, booted by test/harness).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
source "$(dirname "${BASH_SOURCE[0]}")/chromium.sh"

# Formatting first: one style everywhere (Prettier, .prettierrc.json); `npx prettier --write .` fixes it.
npx prettier --check . --log-level warn

# The layer rules next: an upward import, a folder cycle or Node in workflow code fails the run.
npx depcruise gateway matcher activities workflows infra test --config .dependency-cruiser.cjs --output-type err

mkdir -p .tmp
report=".tmp/jest-report-$$.json"
status=0
npx jest --forceExit --json --outputFile="$report" "$@" || status=$?
if [ -f "$report" ]; then
  # A plain closing line any CI reader understands; skipped tests are reported, never counted as passed.
  node -e 'const r=require(process.argv[1]); console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests+r.numTodoTests} skipped`)' "$PWD/$report"
  rm -f "$report"
fi
exit "$status"
