import { Worker } from "node:worker_threads";
import type { ReadyMessage } from "./ready-message.mjs";

/**
 * A worker thread of the PDF pools (lib/pdf/pdf-engine.ts, lib/pdf/inspect-pdf.ts) with its
 * heap bounded, and `ready`: its /proc name once it has loaded (lib/runtime/ready-message.mjs),
 * which bounds each task by its thread's CPU time (lib/runtime/work-deadline.ts). `ready`
 * rejects when the thread fails or exits before that; a task that waits on it reports it.
 */
export function startBoundedWorker(file: string, heap: { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number }, name: string): { worker: Worker; ready: Promise<string | null> } {
  const worker = new Worker(/* webpackIgnore: true */ /* turbopackIgnore: true */ file, { resourceLimits: heap });
  // An idle thread's failure is its pool's to notice (by its exit), not an uncaught error of the
  // server's; a task's own listener still hears a failure while it runs.
  worker.on("error", () => {});
  const ready = new Promise<string | null>((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`${name} exited (${code}) before it was ready`));
    worker.once("message", (message: ReadyMessage) => {
      worker.off("error", reject).off("exit", onExit);
      resolve(message.thread);
    });
    worker.once("error", reject).once("exit", onExit);
  });
  ready.catch(() => {});
  return { worker, ready };
}
