import fs from "node:fs";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import type { ReadyMessage } from "./ready-message.mjs";
import { threadCpuMs, workDeadline } from "./work-deadline";

// A thread that first says where it is (as lib/runtime/ready-message.mjs does), then on "go"
// either spins (work) or sleeps without using the CPU (waiting, as a thread does on a busy machine).
const THREAD = `
const { parentPort } = require("node:worker_threads");
const fs = require("node:fs");
parentPort.postMessage({ ready: true, thread: fs.readlinkSync("/proc/thread-self") });
parentPort.on("message", ({ spin, sleepMs }) => {
  if (spin) for (;;) Math.sqrt(Math.random());
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, sleepMs);
  parentPort.postMessage("done");
});`;

const workers: Worker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.terminate()));
});

async function thread(): Promise<{ worker: Worker; name: string }> {
  const worker = new Worker(THREAD, { eval: true });
  workers.push(worker);
  const ready = await new Promise<ReadyMessage>((resolve) => worker.once("message", resolve));
  return { worker, name: ready.thread! };
}

describe.runIf(fs.existsSync("/proc/thread-self"))("workDeadline: a thread's work, not its wait", () => {
  it("lets a thread that waits longer than its CPU budget finish: waiting costs no CPU", async () => {
    const { worker, name } = await thread();
    let stopped = false;
    const cancel = workDeadline(name, { cpuMs: 100, wallMs: 30_000 }, () => (stopped = true));
    const done = new Promise((resolve) => worker.once("message", resolve));
    worker.postMessage({ sleepMs: 600 });
    await done;
    cancel();
    expect(stopped).toBe(false);
    expect(threadCpuMs(name)).toBeLessThan(600);
  });

  it("stops a thread that spins once it has used its CPU budget, long before the wall-clock ceiling", async () => {
    const { worker, name } = await thread();
    const before = threadCpuMs(name)!;
    const over = new Promise<number>((resolve) => workDeadline(name, { cpuMs: 200, wallMs: 600_000 }, () => resolve(threadCpuMs(name)!)));
    worker.postMessage({ spin: true });
    expect((await over) - before).toBeGreaterThanOrEqual(200);
  });

  it("counts only the thread's own CPU: a thread that has not started its task has used next to none", async () => {
    const { name } = await thread();
    const busyHere = performance.now() + 300;
    while (performance.now() < busyHere); // this thread spins, the worker idles
    expect(threadCpuMs(name)).toBeLessThan(200);
  });
});

describe("workDeadline without /proc", () => {
  it("falls back to the wall clock: the budget passes in time alone", async () => {
    let stopped = false;
    const over = new Promise<void>((resolve) => workDeadline(null, { cpuMs: 50, wallMs: 600_000 }, () => resolve(void (stopped = true))));
    await over;
    expect(stopped).toBe(true);
    expect(threadCpuMs(null)).toBeNull();
  });
});
