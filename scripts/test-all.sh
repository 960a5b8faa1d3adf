#!/usr/bin/env bash
# `npm test`: unit, integration (real PostgreSQL), end-to-end (Chromium against the production
# build) and scale (several processes of that build on one database), then one summary line "N passed, N failed". Exits non-zero on any failure.
#
# The unit suite, then two streams side by side over one production build: the integration
# suite (then scale, once the build is there), and the build followed by the end-to-end suite,
# the longest. One after the other they took 51 minutes of CI on a 2-core machine (unit 2,
# integration 14, end-to-end 27, scale 4); neither stream keeps both cores busy alone.
# The side stream's output goes to test-results/side.log, printed whole when both are done.
set -u
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/unit.json test-results/integration.json test-results/e2e.json test-results/scale.json test-results/summary.txt test-results/built test-results/build-failed
started=$(date +%s)
stamp() { echo "== $1 ($(( $(date +%s) - started )) s)"; }

side() {
  local status=0
  stamp "integration"
  VITEST_JSON=test-results/integration.json npx vitest run --project integration || status=1
  # Scale needs the build the main stream makes.
  while [ ! -e test-results/built ] && [ ! -e test-results/build-failed ]; do sleep 5; done
  if [ -e test-results/built ]; then
    stamp "scale"
    # Two web and two worker processes of the same build on one PostgreSQL (scale/).
    VITEST_JSON=test-results/scale.json npx vitest run --project scale || status=1
  fi
  stamp "side stream done"
  return $status
}

status=0
# The unit suite first, alone: some of its tests time real clients and servers in milliseconds,
# which a build beside them starves (tried, with other work on the machine: three timed out).
stamp "unit"
VITEST_JSON=test-results/unit.json npx vitest run --project unit || status=1

side > test-results/side.log 2>&1 &
side_pid=$!

stamp "build"
if bash scripts/ensure-browser.sh && npx next build; then
  touch test-results/built
  stamp "end-to-end"
  PW_JSON=test-results/e2e.json npx playwright test || status=1
else
  touch test-results/build-failed
  status=1
fi
stamp "end-to-end done; waiting for integration and scale"
wait "$side_pid" || status=1
echo
echo "==== integration, scale (test-results/side.log)"
cat test-results/side.log
echo

node scripts/test-summary.mjs test-results/unit.json test-results/integration.json test-results/e2e.json test-results/scale.json || status=1
exit $status
