import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, groupAlive, launch, portOpen, postgresOf, waitFor } from "@/test/launcher";

// The real launcher (server.ts) on an embedded PostgreSQL of its own, stopped by a signal to its
// whole process group, as a terminal's Ctrl+C, `kill -- -PGID`, systemd or Playwright send it.
// It runs the production build where there is one (`npm test` builds before this suite, beside
// the unit suite), as `npm start` does, and Next in development mode otherwise: the shutdown path
// is server.ts's own either way, and a development start compiles /api/health first (about 17 s
// of each run on two cores, against about 2 s). A production start answers /api/health before
// its worker has started, so under load the signal can come mid-start (shutdownUnderway). One data directory for all runs: the first run creates the cluster, later ones
// start it again, and a PostgreSQL left by one run would be attached to by the next, not missed.
// The tsx CLI (whose signal relay may SIGKILL its child) is covered by shutdown-worker.int.test.ts:
// the guarantee there is the reaper's (lib/db/embedded.ts), the same for both entry points.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rubrica-shutdown-server-"));
fs.chmodSync(dataDir, 0o755);
const started: number[] = [];

afterAll(() => {
  for (const pgid of started) if (groupAlive(pgid)) process.kill(-pgid, "SIGKILL");
  for (const pid of postgresOf(dataDir)) process.kill(pid, "SIGQUIT");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const BUILT = fs.existsSync(path.join(".next", "BUILD_ID"));
const STEPS = ["http", "worker", "queue", "db pool", "database"];

async function startThenSignal(signal: "SIGTERM" | "SIGINT") {
  const port = await freePort();
  const server = launch(["server.ts", ...(BUILT ? [] : ["--dev"])], { dataDir, port });
  started.push(server.child.pid!);
  await waitFor("answer from /api/health", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    return res?.status === 200;
  }, server, 180_000);
  expect(postgresOf(dataDir)).toHaveLength(1);

  process.kill(-server.child.pid!, signal);
  await server.exited;
  // The launcher is gone; give the rest of its group and the cluster their bounded time.
  await waitFor("end of the process group and its PostgreSQL", () => !groupAlive(server.child.pid!) && postgresOf(dataDir).length === 0, server, 90_000, true);
  expect(postgresOf(dataDir)).toEqual([]);
  expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  expect(await portOpen(port)).toBe(false);
  return server.output();
}

describe("server.ts shutdown", () => {
  it.each([1, 2, 3])("SIGTERM to the process group stops HTTP, the jobs and its embedded PostgreSQL, logging each step (run %i)", async () => {
    const log = await startThenSignal("SIGTERM");
    expect(log).toContain("SIGTERM: shutting down");
    for (const step of STEPS) expect(log).toContain(`shutdown: ${step} stopped`);
    expect(log).toContain("shutdown: done");
  }, 300_000);

  it("SIGINT (Ctrl+C) to the process group does the same", async () => {
    const log = await startThenSignal("SIGINT");
    expect(log).toContain("SIGINT: shutting down");
    for (const step of STEPS) expect(log).toContain(`shutdown: ${step} stopped`);
  }, 300_000);
});
