import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startBoundedWorker } from "./bounded-worker";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bounded-worker-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const threadFile = (name: string, code: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `import { parentPort } from "node:worker_threads";\n${code}`);
  return file;
};
const HEAP = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 };

describe("startBoundedWorker", () => {
  it("is ready with the thread's /proc name, as the thread posts it", async () => {
    const { worker, ready } = startBoundedWorker(threadFile("ready.mjs", `parentPort.postMessage({ ready: true, thread: "123/task/456" });`), HEAP, "A test thread");
    await expect(ready).resolves.toBe("123/task/456");
    await worker.terminate();
  });

  it("rejects ready, naming the thread, when it exits before it is ready", async () => {
    const { ready } = startBoundedWorker(threadFile("exits.mjs", "process.exit(3);"), HEAP, "A test thread");
    await expect(ready).rejects.toThrow("A test thread exited (3) before it was ready");
  });

  // Before, an inspection thread kept warm had no error listener once ready: a failure while it
  // waited for the next file would have been an uncaught error of the whole server.
  it("a thread that fails while idle, after it was ready, only exits", async () => {
    const { worker, ready } = startBoundedWorker(
      threadFile("fails-idle.mjs", `parentPort.postMessage({ ready: true, thread: null });\nsetTimeout(() => { throw new Error("idle failure"); }, 50);`),
      HEAP,
      "A test thread",
    );
    await expect(ready).resolves.toBeNull();
    await expect(new Promise((resolve) => worker.once("exit", resolve))).resolves.toBe(1);
  });
});
