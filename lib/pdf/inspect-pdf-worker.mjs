// Runs inspectPdfBytes for lib/pdf/inspect-pdf.ts in a worker thread with a bounded heap: a
// small PDF can hold Flate streams that inflate to gigabytes, which pdf-lib decodes while it
// parses object streams. Loaded by Node from disk (see inspect-pdf.ts), so plain JavaScript.
// The worker stays warm between files: it says "ready" once pdf-lib is loaded, then answers one
// {bytes, maxInflatedBytes} message at a time; the server terminates it on any limit.
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";
import { inspectPdfBytes } from "./inspect-pdf-core.mjs";
import { readyMessage } from "../runtime/ready-message.mjs";

// pdf-lib has no hook for inflated sizes; every decoder grows its output through
// DecodeStream.ensureBuffer, so counting there stops a bomb long before the heap limit would
// (inflated buffers live outside the V8 heap that resourceLimits bounds). This patch lives in
// this worker's copy of pdf-lib only.
const require = createRequire(import.meta.url);
const DecodeStream = require("pdf-lib/cjs/core/streams/DecodeStream.js").default;
const ensureBuffer = DecodeStream.prototype.ensureBuffer;
let budget = { inflated: 0, limit: Infinity, exceeded: false };
DecodeStream.prototype.ensureBuffer = function (requested) {
  // Called whenever a decoder outgrows its buffer, with the length it needs so far.
  budget.inflated += Math.max(0, requested - (this.inflatedSoFar ?? 0));
  this.inflatedSoFar = Math.max(requested, this.inflatedSoFar ?? 0);
  if (budget.inflated > budget.limit) {
    budget.exceeded = true;
    throw new Error("Inflated streams exceed the limit");
  }
  return ensureBuffer.call(this, requested);
};

parentPort.on("message", async ({ bytes, maxInflatedBytes }) => {
  budget = { inflated: 0, limit: maxInflatedBytes, exceeded: false };
  const inspection = await inspectPdfBytes(bytes);
  parentPort.postMessage(budget.exceeded ? { ok: false, problem: "inflates-too-much" } : inspection);
});
parentPort.postMessage(readyMessage());
