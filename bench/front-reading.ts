// `npx tsx bench/front-reading.ts [here|pool]`: how long an INE front's reading holds the thread
// that answers HTTP (issue #63, row 4). The capture's reading (the card found and judged, then
// the front read whole) of (a) one 40 MP phone photo and (b) eight ordinary fronts at once, run
// `here` (in this thread, as the server did before) or in the front reading `pool`'s thread.
// Prints, per scenario: wall time, the event loop's busy time (performance.eventLoopUtilization:
// the main thread's own work), its longest stall (monitorEventLoopDelay) and the slowest answer
// of a probe that stands for /api/health (a timer every 50 ms). Asserts nothing.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { combinedReadingHere, type FrontReading } from "@/lib/adapters/ocr/front-reading";
import { frontReadingFor } from "@/lib/adapters/ocr/front-reading-pool";
import { combinedIneFrontReader, warmIneFrontReader } from "@/lib/adapters/ocr/paddle-front-reader";
import { fortyMegapixelPhoto } from "@/test/factories/forty-megapixel-photo";
import { f } from "./lib/report";

const FRONT = path.resolve("../shared/realworld/ine/mateodelat+velpaNew__INE-Frente.png");

async function capture(reading: FrontReading, picture: Uint8Array) {
  const { found, problem } = await reading.check(picture);
  if (!problem) await reading.readWhole(picture, found);
}

async function measure(label: string, work: () => Promise<unknown>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let probeWorst = 0;
  let expected = performance.now() + 50;
  const probe = setInterval(() => {
    probeWorst = Math.max(probeWorst, performance.now() - expected);
    expected = performance.now() + 50;
  }, 50);
  delay.enable();
  const elu = performance.eventLoopUtilization();
  const t = performance.now();
  await work();
  const wall = performance.now() - t;
  const used = performance.eventLoopUtilization(elu);
  delay.disable();
  clearInterval(probe);
  console.log(`${label.padEnd(34)} wall ${f(wall / 1000, 1)} s  main thread busy ${f(used.active / 1000, 2)} s  longest stall ${f(delay.max / 1e6, 0)} ms  p99 ${f(delay.percentile(99) / 1e6, 0)} ms  probe late ≤ ${f(probeWorst, 0)} ms`);
}

async function main() {
  const mode = process.argv[2] === "pool" ? "pool" : "here";
  const reading = mode === "pool" ? frontReadingFor(combinedIneFrontReader) : combinedReadingHere;
  const front = await readFile(FRONT);
  const huge = await fortyMegapixelPhoto(front);
  // Engines loaded and a first front read before measuring (the server warms them at start).
  if (mode === "here") await warmIneFrontReader();
  await capture(reading, front);
  await measure(`${mode}: one 40 MP front`, () => capture(reading, huge));
  await measure(`${mode}: eight fronts at once`, () => Promise.all(Array.from({ length: 8 }, () => capture(reading, Buffer.from(front)))));
  process.exit(0);
}

void main();
