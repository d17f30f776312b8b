#!/usr/bin/env bash
# `npm run test:faults`: the fault suite (test/faults), one suite at a time, against a private
# PostgreSQL cluster, Redis and Temporal dev server the harness boots and removes, so the faults
# never touch the machine's shared services.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"

mkdir -p .tmp
report=".tmp/jest-faults-report-$$.json"
status=0
npx jest --config jest.faults.config.js --runInBand --forceExit --json --outputFile="$report" "$@" || status=$?
if [ -f "$report" ]; then
  node -e 'const r=require(process.argv[1]); console.log(`faults: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests+r.numTodoTests} skipped`)' "$PWD/$report"
  rm -f "$report"
fi
exit "$status"
