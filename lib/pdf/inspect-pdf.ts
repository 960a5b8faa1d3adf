import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PdfInspection } from "./inspect-pdf-core.mjs";

export type { PdfInspection };

// An upload of MAX_UPLOAD_MB can hold streams that inflate to gigabytes (a decompression
// bomb): parsing it here once took 65 s and 4.5 GB while the server stopped answering. The
// parse therefore runs in a worker with its own heap limit, a budget of inflated bytes, and a
// wall-clock limit after which it is terminated; any of them makes the file "inflates-too-much".
// Real object streams (the only streams pdf-lib inflates when it loads a file) are far smaller.
export const INSPECTION_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, maxInflatedBytes: 64 * 1024 * 1024, timeoutMs: 20_000 };

// Loaded by Node from the app's folder at run time (the server runs from it, see package.json
// "start"), past the bundler: Turbopack would otherwise bundle the worker with pdf-lib's ES
// build while the worker patches its CommonJS build, and the inflated-bytes budget would
// silently stop counting.
const workerFile = () => path.join(/* turbopackIgnore: true */ process.cwd(), "lib/pdf/inspect-pdf-worker.mjs");

/** See inspectPdfBytes (inspect-pdf-core.mjs); this runs it in a bounded worker. */
export function inspectPdf(bytes: Uint8Array, limits = INSPECTION_LIMITS): Promise<PdfInspection> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(/* webpackIgnore: true */ /* turbopackIgnore: true */ workerFile(), {
      workerData: { bytes, maxInflatedBytes: limits.maxInflatedBytes },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb },
    });
    const tooMuch = () => settle(() => resolve({ ok: false, problem: "inflates-too-much" }));
    const timer = setTimeout(tooMuch, limits.timeoutMs);
    let settled = false;
    function settle(answer: () => void) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      answer();
    }
    worker.once("message", (inspection: PdfInspection) => settle(() => resolve(inspection)));
    worker.once("error", (err: NodeJS.ErrnoException) => (err.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooMuch() : settle(() => reject(err))));
    worker.once("exit", (code) => settle(() => reject(new Error(`The PDF inspection worker exited (${code}) without an answer`))));
  });
}
