#!/usr/bin/env bash
# `npm test`: unit, integration (real PostgreSQL) and end-to-end (Chromium against the
# production build), then one summary line "N passed, N failed". Exits non-zero on any failure.
set -u
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/unit.json test-results/integration.json test-results/e2e.json test-results/summary.txt
status=0

VITEST_JSON=test-results/unit.json npx vitest run --project unit || status=1
VITEST_JSON=test-results/integration.json npx vitest run --project integration || status=1
if bash scripts/ensure-browser.sh && npx next build; then
  PW_JSON=test-results/e2e.json npx playwright test || status=1
else
  status=1
fi

node scripts/test-summary.mjs test-results/unit.json test-results/integration.json test-results/e2e.json || status=1
exit $status
