#!/usr/bin/env bash
# `npm test`: unit, integration (real PostgreSQL), end-to-end (Chromium against the production
# build) and scale (several processes of that build on one database), then one summary line "N passed, N failed". Exits non-zero on any failure.
#
# One suite after the other (but the build, below); the integration suite runs two files at a time (each has its own
# database, test/database-per-file.ts), which a 2-core machine keeps busy: files wait on
# PostgreSQL and on child processes as much as they compute. Whole suites side by side were
# tried on 2026-11-27: tests bound by real clocks failed (a real PDF past MuPDF's wall-clock
# deadline, now CPU time, lib/runtime/work-deadline.ts; webhooks verified minutes after
# receipt, now as of receipt; end-to-end tests past their 60 s).
set -u
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/unit.json test-results/integration.json test-results/e2e.json test-results/scale.json test-results/summary.txt
status=0

# The production build (for the end-to-end and scale suites) runs beside the unit suite: vitest
# gives the unit files one worker on two cores (its default is one per core, less one), so the
# second core sat idle for their three minutes while the build later took two alone.
build_log=$(mktemp)
npx next build > "$build_log" 2>&1 &
build=$!
VITEST_JSON=test-results/unit.json npx vitest run --project unit || status=1
wait $build
built=$?
cat "$build_log"
rm -f "$build_log"
VITEST_JSON=test-results/integration.json npx vitest run --project integration --maxWorkers 2 || status=1
if [ $built = 0 ] && bash scripts/ensure-browser.sh; then
  PW_JSON=test-results/e2e.json npx playwright test || status=1
  # Two web and two worker processes of the same build on one PostgreSQL (scale/).
  VITEST_JSON=test-results/scale.json npx vitest run --project scale || status=1
else
  status=1
fi

node scripts/test-summary.mjs test-results/unit.json test-results/integration.json test-results/e2e.json test-results/scale.json || status=1
exit $status
