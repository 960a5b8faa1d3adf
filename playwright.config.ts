import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium where it is installed (CI, these machines); Playwright's own elsewhere.
const systemChromium = fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
// E2E_PORT: another checkout on the same machine may be running its own e2e server on 3100.
const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "test-results/e2e",
  // Two workers against the one server: most of a test is waiting (the server, the job worker,
  // the sandbox's latency), and one worker left a core idle (CI: 25 min for the suite). Every
  // test makes its own accounts and folders (names stamped with the project and the time), so
  // two files, or one file's desktop and phone runs, never share data. A file's tests stay in
  // order in one worker. Limits are generous: two browsers share two cores with the server.
  timeout: 150_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  reporter: process.env.PW_JSON ? [["list"], ["json", { outputFile: process.env.PW_JSON }]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: systemChromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic"],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "phone", use: { ...devices["Pixel 7"] } },
  ],
  // The production build on a fresh data folder (embedded PostgreSQL), as a newcomer gets it;
  // every account is made from 127.0.0.1, hence the raised per-address sign-in/sign-up limits.
  webServer: {
    command: "rm -rf .data-e2e && node --import tsx server.ts",
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    env: { PORT: String(PORT), HOSTNAME: "127.0.0.1", APP_URL: `http://127.0.0.1:${PORT}`, DATA_DIR: ".data-e2e", SEED_DEMO: "false", LOG_LEVEL: "warn", SANDBOX_LATENCY_MS: "300", SIGN_IN_PER_ADDRESS: "1000", SIGN_UP_PER_ADDRESS: "1000" },
  },
});
