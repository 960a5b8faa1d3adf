import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { groupAlive, launch, postgresOf, waitFor } from "@/test/launcher";

// `npm run worker` without DATABASE_URL owns an embedded PostgreSQL too: the same guarantee as
// the server's (shutdown-server.int.test.ts), for the same signals.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rubrica-shutdown-worker-"));
fs.chmodSync(dataDir, 0o755);
const started: number[] = [];

afterAll(() => {
  for (const pgid of started) if (groupAlive(pgid)) process.kill(-pgid, "SIGKILL");
  for (const pid of postgresOf(dataDir)) process.kill(pid, "SIGQUIT");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startThenSignal(signal: "SIGTERM" | "SIGINT", command?: string[]) {
  const worker = launch(["scripts/worker.ts"], { dataDir, command });
  started.push(worker.child.pid!);
  await waitFor("worker start", () => worker.output().includes("worker started"), worker, 180_000);
  expect(postgresOf(dataDir)).toHaveLength(1);
  process.kill(-worker.child.pid!, signal);
  await worker.exited;
  await waitFor("end of the process group and its PostgreSQL", () => !groupAlive(worker.child.pid!) && postgresOf(dataDir).length === 0, worker, 90_000, true);
  expect(postgresOf(dataDir)).toEqual([]);
  expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  return worker.output();
}

describe("scripts/worker.ts shutdown", () => {
  it.each(["SIGTERM", "SIGTERM", "SIGTERM", "SIGINT"] as const)("%s to the process group lets jobs finish and stops its embedded PostgreSQL", async (signal) => {
    const log = await startThenSignal(signal);
    expect(log).toContain(`${signal}: shutting down`);
    for (const step of ["worker", "queue", "db pool", "database"]) expect(log).toContain(`shutdown: ${step} stopped`);
    expect(log).toContain("shutdown: done");
  }, 300_000);

  it("leaves no PostgreSQL behind under the tsx CLI either, whose relay may SIGKILL the worker", async () => {
    await startThenSignal("SIGTERM", [path.resolve("node_modules/.bin/tsx")]);
  }, 300_000);

  it("stops its PostgreSQL even when killed with SIGKILL, which no handler sees (the reaper)", async () => {
    const worker = launch(["scripts/worker.ts"], { dataDir });
    started.push(worker.child.pid!);
    await waitFor("worker start", () => worker.output().includes("worker started"), worker, 180_000);
    expect(postgresOf(dataDir)).toHaveLength(1);
    process.kill(worker.child.pid!, "SIGKILL");
    await worker.exited;
    await waitFor("end of its PostgreSQL", () => postgresOf(dataDir).length === 0, worker, 90_000, true);
    expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  }, 300_000);
});
