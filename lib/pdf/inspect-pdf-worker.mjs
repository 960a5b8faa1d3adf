// Runs inspectPdfBytes for lib/pdf/inspect-pdf.ts in a worker thread with a bounded heap: a
// small PDF can hold Flate streams that inflate to gigabytes, which pdf-lib decodes while it
// parses object streams. Loaded by Node from disk (see inspect-pdf.ts), so plain JavaScript.
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
import { inspectPdfBytes } from "./inspect-pdf-core.mjs";

// pdf-lib has no hook for inflated sizes; every decoder grows its output through
// DecodeStream.ensureBuffer, so counting there stops a bomb long before the heap limit would
// (inflated buffers live outside the V8 heap that resourceLimits bounds). This patch lives in
// this worker's copy of pdf-lib only.
const require = createRequire(import.meta.url);
const DecodeStream = require("pdf-lib/cjs/core/streams/DecodeStream.js").default;
const ensureBuffer = DecodeStream.prototype.ensureBuffer;
let inflated = 0;
let exceeded = false;
DecodeStream.prototype.ensureBuffer = function (requested) {
  // Called whenever a decoder outgrows its buffer, with the length it needs so far.
  inflated += Math.max(0, requested - (this.inflatedSoFar ?? 0));
  this.inflatedSoFar = Math.max(requested, this.inflatedSoFar ?? 0);
  if (inflated > workerData.maxInflatedBytes) {
    exceeded = true;
    throw new Error("Inflated streams exceed the limit");
  }
  return ensureBuffer.call(this, requested);
};

const inspection = await inspectPdfBytes(workerData.bytes);
parentPort.postMessage(exceeded ? { ok: false, problem: "inflates-too-much" } : inspection);
