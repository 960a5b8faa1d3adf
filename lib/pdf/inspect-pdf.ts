import path from "node:path";
import type { Worker } from "node:worker_threads";
import { startBoundedWorker } from "@/lib/runtime/bounded-worker";
import { workDeadline } from "@/lib/runtime/work-deadline";
import type { PdfInspection } from "./inspect-pdf-core.mjs";

export type { PdfInspection };

// An upload of MAX_UPLOAD_MB can hold streams that inflate to gigabytes (a decompression
// bomb): parsing it here once took 65 s and 4.5 GB while the server stopped answering. The
// parse therefore runs in a worker with its own heap limit, a budget of inflated bytes, and a
// limit of timeoutMs of its thread's CPU time or wallTimeoutMs (lib/runtime/work-deadline.ts),
// from when a ready worker gets the file, after which it is terminated; any of them makes the
// file "inflates-too-much".
// Real object streams (the only streams pdf-lib inflates when it loads a file) are far smaller.
export const INSPECTION_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, maxInflatedBytes: 64 * 1024 * 1024, timeoutMs: 20_000, wallTimeoutMs: 120_000 };

// Loaded by Node from the app's folder at run time (the server runs from it, see package.json
// "start"), past the bundler: Turbopack would otherwise bundle the worker with pdf-lib's ES
// build while the worker patches its CommonJS build, and the inflated-bytes budget would
// silently stop counting.
const workerFile = () => path.join(/* turbopackIgnore: true */ process.cwd(), "lib/pdf/inspect-pdf-worker.mjs");

type Limits = typeof INSPECTION_LIMITS;
type WarmWorker = { worker: Worker; ready: Promise<string | null>; leavePool?: () => void };

// Starting a worker loads pdf-lib into a fresh isolate: ~0.3 s on an idle machine, 5 s when the
// cores are busy, which was most of an upload's check and, under load, enough to pass the time
// limit on a two-page file. So workers stay warm: up to WARM_WORKERS idle ones wait for the next
// file (unref'd: they never keep the process alive), the time limit starts when a ready worker
// gets the file, and a worker that hit any limit or failed is terminated, never reused.
const WARM_WORKERS = 2;
const idle = new Map<string, WarmWorker[]>();
let started = 0;

/** Workers started by this process so far (tests check that warm ones are reused). */
export const inspectionWorkersStarted = () => started;

function startWorker(limits: Limits): WarmWorker {
  started++;
  return startBoundedWorker(workerFile(), { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb }, "The PDF inspection worker");
}

/** See inspectPdfBytes (inspect-pdf-core.mjs); this runs it in a bounded worker. */
export async function inspectPdf(bytes: Uint8Array, limits = INSPECTION_LIMITS): Promise<PdfInspection> {
  const key = `${limits.maxOldGenerationSizeMb}/${limits.maxYoungGenerationSizeMb}`;
  const warm = idle.get(key)?.pop() ?? startWorker(limits);
  const { worker } = warm;
  if (warm.leavePool) worker.off("exit", warm.leavePool);
  worker.ref();
  const thread = await warm.ready;
  return new Promise((resolve, reject) => {
    let settled = false;
    const tooMuch = () => finish(false, () => resolve({ ok: false, problem: "inflates-too-much" }));
    const onMessage = (inspection: PdfInspection) => finish(!(inspection.ok === false && inspection.problem === "inflates-too-much"), () => resolve(inspection));
    const onError = (err: NodeJS.ErrnoException) => (err.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooMuch() : finish(false, () => reject(err)));
    const onExit = (code: number) => finish(false, () => reject(new Error(`The PDF inspection worker exited (${code}) without an answer`)));
    const stopDeadline = workDeadline(thread, { cpuMs: limits.timeoutMs, wallMs: limits.wallTimeoutMs }, tooMuch);
    function finish(reusable: boolean, answer: () => void) {
      if (settled) return;
      settled = true;
      stopDeadline();
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      const pool = idle.get(key) ?? [];
      if (reusable && pool.length < WARM_WORKERS) {
        // One that dies while idle leaves the pool instead of taking the next file to its grave.
        warm.leavePool = () => idle.set(key, (idle.get(key) ?? []).filter((w) => w !== warm));
        worker.once("exit", warm.leavePool);
        idle.set(key, [...pool, warm]);
        worker.unref();
      } else void worker.terminate();
      answer();
    }
    worker.once("message", onMessage).once("error", onError).once("exit", onExit);
    worker.postMessage({ bytes, maxInflatedBytes: limits.maxInflatedBytes });
  });
}
