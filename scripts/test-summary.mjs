// Sums the JSON reports of vitest (unit, integration) and Playwright into the one line CI
// reads: "N passed, N failed". A missing report means that suite did not run: one failure.
import fs from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    console.log(`${file}: no report (the suite did not run to the end)`);
    failed += 1;
    continue;
  }
  if (report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky = passed on retry.
    const s = report.stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected;
    skipped += s.skipped;
    console.log(`${file}: ${s.expected + s.flaky} passed, ${s.unexpected} failed, ${s.skipped} skipped`);
    if (report.errors?.length) failed += report.errors.length;
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests + filesThatDidNotLoad(report);
    skipped += report.numPendingTests + report.numTodoTests;
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numFailedTestSuites ?? 0} failed files`);
  }
}
fs.mkdirSync("test-results", { recursive: true });
const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
fs.writeFileSync("test-results/summary.txt", line + "\n");
console.log(line);
process.exit(failed ? 1 : 0);

// A file that failed to load counts once; a file whose tests failed is counted by its tests.
function filesThatDidNotLoad(report) {
  return (report.testResults ?? []).filter((r) => r.status === "failed" && !r.assertionResults?.some((a) => a.status === "failed")).length;
}
