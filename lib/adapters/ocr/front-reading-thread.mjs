// The front reading pool's thread (front-reading-pool.ts): decodes INE fronts, finds the card and
// reads it (front-reading.ts) away from the thread that answers HTTP. Loaded by Node from disk,
// past the bundler, so plain JavaScript that loads the TypeScript readers through tsx (a
// dependency the launcher already runs on). Answers each message { id, op, args } with { id, value }
// or { id, error }; several may be in flight.
import { parentPort } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";
import { readyMessage } from "../../runtime/ready-message.mjs";

const { combinedReadingHere } = await tsImport("./front-reading.ts", import.meta.url);
const { warmIneFrontReader } = await tsImport("./paddle-front-reader.ts", import.meta.url);

parentPort.on("message", async ({ id, op, args }) => {
  try {
    parentPort.postMessage({ id, value: await combinedReadingHere[op](...args) });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort.postMessage(readyMessage());
// Tesseract's workers and Paddle's models loaded before the first front, not during it.
void warmIneFrontReader().catch(() => {});
