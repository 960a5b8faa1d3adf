import path from "node:path";
import type { Worker } from "node:worker_threads";
import { startBoundedWorker } from "@/lib/runtime/bounded-worker";
import { readingHere, type FrontReading } from "./front-reading";
import type { IneFrontReader } from "./ine-front-reader";
import { combinedIneFrontReader } from "./paddle-front-reader";

/**
 * The INE front's reading (image decoding, card finding, OCR: front-reading.ts) in a worker
 * thread, so that the thread answering HTTP never waits on it: a 40 MP front held the event loop
 * 2.6 s, and eight fronts at once held /api/health 2.6 s (issue #63). One thread, since it holds
 * its own OpenCV, Paddle and Tesseract (hundreds of MB); it reads `atOnce` fronts side by side
 * (its two Tesseract workers, as ine-front-reader reads two sessions' cards). At most `waiting`
 * more wait their turn; past that a reading is refused at once (FrontReadingBusyError, answered
 * 503 with Retry-After) rather than queued for minutes.
 */
export const FRONT_READING_LIMITS = { threads: 1, atOnce: 2, waiting: 6, retryAfterSeconds: 10, maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 64 };

/** Every reading slot and place in line is taken: try again in `retryAfterSeconds`. */
export class FrontReadingBusyError extends Error {
  readonly retryAfterSeconds = FRONT_READING_LIMITS.retryAfterSeconds;
  constructor() {
    super("the front reading queue is full");
    this.name = "FrontReadingBusyError";
  }
}

type Op = keyof FrontReading;
type Task = { id: number; op: Op; args: unknown[]; resolve: (value: unknown) => void; reject: (err: Error) => void };
type Answer = { id: number; value?: unknown; error?: string };

// Loaded by Node from the app's folder at run time, past the bundler (as lib/pdf/pdf-engine-worker.mjs).
const threadFile = () => path.join(/* turbopackIgnore: true */ process.cwd(), "lib/adapters/ocr/front-reading-thread.mjs");

type Thread = { worker: Worker; ready: Promise<string | null>; running: Map<number, Task> };
// One pool per process: the launcher (server.ts, the jobs) and Next's bundle of the routes each
// load this module, and each would otherwise start a thread of its own.
const KEY = Symbol.for("rubrica.front-reading-pool");
const pool = ((globalThis as unknown as { [KEY]?: { thread: Thread | null; queue: Task[]; nextId: number; mostAtOnce: number } })[KEY] ??= { thread: null, queue: [], nextId: 0, mostAtOnce: 0 });
const queue = pool.queue;

/** The most readings that ever ran at once and how many wait now (tests read both). */
export const frontReadingStats = () => ({ mostAtOnce: pool.mostAtOnce, waiting: queue.length, running: pool.thread?.running.size ?? 0 });

function start() {
  const { worker, ready } = startBoundedWorker(threadFile(), { maxOldGenerationSizeMb: FRONT_READING_LIMITS.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: FRONT_READING_LIMITS.maxYoungGenerationSizeMb }, "The front reading thread");
  const started = { worker, ready, running: new Map<number, Task>() };
  pool.thread = started;
  worker.on("message", (answer: Answer | { ready: true }) => {
    if (!("id" in answer)) return;
    const task = started.running.get(answer.id);
    if (!task) return;
    started.running.delete(answer.id);
    if (answer.error === undefined) task.resolve(answer.value);
    else task.reject(new Error(answer.error));
    if (started.running.size === 0) worker.unref();
    pump();
  });
  let loaded = false;
  ready.then(() => (loaded = true), () => {});
  // A thread that fails (out of memory, a crash in a native reader) fails what it was reading and
  // the next reading starts another; one that failed to load would fail every reading in line too.
  const fail = (err: Error) => {
    if (pool.thread === started) pool.thread = null;
    for (const task of started.running.values()) task.reject(err);
    started.running.clear();
    if (loaded) pump();
    else for (const task of queue.splice(0)) task.reject(err);
  };
  worker.on("error", fail).once("exit", (code) => fail(new Error(`the front reading thread exited (${code})`)));
  worker.unref();
  return started;
}

function pump() {
  while (queue.length) {
    const slot = pool.thread ?? start();
    if (slot.running.size >= FRONT_READING_LIMITS.atOnce) return;
    const task = queue.shift()!;
    slot.running.set(task.id, task);
    pool.mostAtOnce = Math.max(pool.mostAtOnce, slot.running.size);
    slot.worker.ref();
    slot.worker.postMessage({ id: task.id, op: task.op, args: task.args });
  }
}

/** Whether a request's front would be refused now: every slot and place in line taken. */
export const frontReadingFull = () => (pool.thread?.running.size ?? 0) >= FRONT_READING_LIMITS.atOnce && queue.length >= FRONT_READING_LIMITS.waiting;

/** `op` in the thread; `atTheDoor`: refused when frontReadingFull. */
function run<T>(op: Op, args: unknown[], atTheDoor: boolean): Promise<T> {
  if (atTheDoor && frontReadingFull()) return Promise.reject(new FrontReadingBusyError());
  return new Promise<T>((resolve, reject) => {
    queue.push({ id: pool.nextId++, op, args, resolve: resolve as (value: unknown) => void, reject });
    pump();
  });
}

// Structured cloning hands a Buffer back as a plain Uint8Array.
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * A request's front is let in or refused at its first step (`check`, or `readWhole` alone); the
 * steps after it wait their turn, so a capture let in is not refused halfway. `waitsInLine`: a
 * background job's reading is never refused (its attempts are counted, and a busy server is not
 * the person's fault; the job queue bounds how many there are).
 */
function pooledReading(waitsInLine: boolean): FrontReading {
  return {
    check: async (picture) => {
      const checked = await run<Awaited<ReturnType<FrontReading["check"]>>>("check", [picture], !waitsInLine);
      return { ...checked, found: { ...checked.found, card: asBuffer(checked.found.card) } };
    },
    readWhole: (picture, found) => run("readWhole", [picture, found], !waitsInLine && !found),
    readWords: (image) => run("readWords", [image], false),
  };
}

/**
 * The reading for `reader`: the combined reader's in the thread; any other (a test's fake) here,
 * since only the combined one is known to the thread.
 */
export function frontReadingFor(reader: IneFrontReader, options: { waitsInLine?: boolean } = {}): FrontReading {
  return reader === combinedIneFrontReader ? pooledReading(options.waitsInLine ?? false) : readingHere(reader);
}

/** Starts the thread, which loads its readers, before the first front (the launcher calls it once listening). */
export async function warmFrontReading(): Promise<void> {
  await (pool.thread ?? start()).ready;
}
