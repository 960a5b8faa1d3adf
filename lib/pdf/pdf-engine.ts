import path from "node:path";
import type { Worker } from "node:worker_threads";
import { startBoundedWorker } from "@/lib/runtime/bounded-worker";
import { FairQueue } from "@/lib/runtime/fair-queue";
import { workDeadline } from "@/lib/runtime/work-deadline";

/**
 * MuPDF's WebAssembly build (npm `mupdf`) in a small pool of worker threads: what poppler
 * (pdfinfo, pdftoppm) and qpdf did as system programs, which the app no longer needs. Chosen over PDFium's build
 * (`@hyzyla/pdfium`) on ../shared/realworld/pdfs (README, "PDF engine"): the same page sizes as
 * pdfinfo on the files both read, one more file read, page sizes of a 352-page book in 12 ms
 * against 489 ms, a 20,000-page file counted in 71 ms, and a smaller memory peak.
 *
 * Bounded three ways, because a PDF of a megabyte can ask for minutes of drawing and gigabytes
 * of memory: at most WORKERS tasks run at once per process (the rest wait their turn); a task
 * that used timeoutMs of its thread's CPU time, or ran wallTimeoutMs (lib/runtime/work-deadline.ts),
 * has its thread terminated (WebAssembly cannot be interrupted otherwise);
 * and a task during which the process grows by more than memoryMb is terminated too
 * (WebAssembly memory lies outside the V8 heap that resourceLimits bound).
 *
 * Fair under a flood (issue 63, lib/runtime/fair-queue.ts): uploads and measuring ("inspect") and
 * the signing page's pictures ("picture") each have WORKERS threads, so no upload waits behind
 * pictures; a picture's document holds one thread and its owner (the tenant) one, queued
 * pictures are taken round-robin, and past `pictureQueue` waiting (`pictureQueuePerDocument` for
 * one document) a picture is refused at once ("busy"). A task whose signal aborts (its client
 * left) leaves the queue, or has its thread terminated.
 */
export const PDF_ENGINE_LIMITS = { workers: 2, timeoutMs: 5_000, wallTimeoutMs: 60_000, memoryMb: 768, maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32, pictureQueue: 32, pictureQueuePerDocument: 8 };

/** A picture holds at most this many pixels (the widest picture of an A4 page) and no side longer than MAX_PICTURE_SIDE. */
export const MAX_PICTURE_PIXELS = 2460 * 3480;
export const MAX_PICTURE_SIDE = 8192;

export type EngineFailure = { ok: false; problem: "needs-password" | "unreadable" | "empty" | "no-page" | "too-slow" | "too-much-memory" | "failed" | "busy" | "aborted" };
export type Measurement = { ok: true; encrypted: boolean; pageCount: number; sizes: Float64Array | null } | EngineFailure;
export type Drawing = { ok: true; width: number; height: number; pixels: Uint8Array } | EngineFailure;
export type Decryption = { ok: true; bytes: Uint8Array } | EngineFailure;

type Answer = Measurement | Drawing | Decryption;
type Lane = "inspect" | "picture";
type Task = { lane: Lane; tenant?: string; document?: string; message: Record<string, unknown>; resolve: (answer: Answer) => void; timeoutMs: number; signal?: AbortSignal; stop: () => void; onAbort: () => void };
type Slot = { worker: Worker; ready: Promise<string | null>; busy: boolean };

/** A page picture asked for by someone (the signing page): fair per `tenant` (the document's owner), dropped when `signal` aborts. */
export type PictureRequest = { tenant: string; signal?: AbortSignal };

// Loaded by Node from the app's folder at run time (the server runs from it), past the bundler,
// like lib/pdf/inspect-pdf-worker.mjs.
const workerFile = () => path.join(/* turbopackIgnore: true */ process.cwd(), "lib/pdf/pdf-engine-worker.mjs");

const slots: Slot[] = [];
const queue = new FairQueue<Lane, Task>({
  inspect: { workers: PDF_ENGINE_LIMITS.workers },
  picture: { workers: PDF_ENGINE_LIMITS.workers, perDocument: 1, perTenant: Math.max(1, PDF_ENGINE_LIMITS.workers - 1), maxWaiting: PDF_ENGINE_LIMITS.pictureQueue, maxWaitingPerDocument: PDF_ENGINE_LIMITS.pictureQueuePerDocument },
});
let started = 0;
let mostAtOnce = 0;
let mostPicturesAtOnce = 0;

/** Threads started by this process, the most tasks that ever ran at once, of them pictures, and those waiting (tests read them). */
export const pdfEngineStats = () => ({ started, mostAtOnce, mostPicturesAtOnce, waiting: queue.sizes().waiting });

function startSlot(): Slot {
  started++;
  const { worker, ready } = startBoundedWorker(workerFile(), { maxOldGenerationSizeMb: PDF_ENGINE_LIMITS.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: PDF_ENGINE_LIMITS.maxYoungGenerationSizeMb }, "The PDF engine");
  const slot: Slot = { worker, ready, busy: false };
  // A thread that dies while idle leaves the pool; the next task starts another.
  worker.once("exit", () => leave(slot));
  worker.unref();
  slots.push(slot);
  return slot;
}

function leave(slot: Slot) {
  const at = slots.indexOf(slot);
  if (at >= 0) slots.splice(at, 1);
}

function pump() {
  // The queue's lanes bound how many tasks run, hence how many threads there are.
  for (let task = queue.take(); task; task = queue.take()) runOn(slots.find((s) => !s.busy) ?? startSlot(), task);
}

function runOn(slot: Slot, task: Task) {
  slot.busy = true;
  mostAtOnce = Math.max(mostAtOnce, slots.filter((s) => s.busy).length);
  mostPicturesAtOnce = Math.max(mostPicturesAtOnce, queue.sizes("picture").running);
  const { worker } = slot;
  worker.ref();
  let settled = false;
  let stopDeadline: (() => void) | undefined;
  let watch: NodeJS.Timeout | undefined;
  const finish = (answer: Answer, reusable: boolean) => {
    if (settled) return;
    settled = true;
    stopDeadline?.();
    clearInterval(watch);
    task.signal?.removeEventListener("abort", task.onAbort);
    queue.finished(task);
    worker.off("message", onMessage).off("error", onError).off("exit", onExit);
    if (reusable) {
      slot.busy = false;
      worker.unref();
    } else {
      leave(slot);
      void worker.terminate();
    }
    task.resolve(answer);
    pump();
  };
  const onMessage = (answer: Answer) => finish(answer, true);
  const onError = (err: NodeJS.ErrnoException) => finish({ ok: false, problem: err.code === "ERR_WORKER_OUT_OF_MEMORY" ? "too-much-memory" : "failed" }, false);
  const onExit = () => finish({ ok: false, problem: "failed" }, false);
  worker.on("error", onError).on("exit", onExit);
  // Its client left: WebAssembly cannot be interrupted, so the thread goes.
  task.stop = () => finish({ ok: false, problem: "aborted" }, false);
  slot.ready.then(
    (thread) => {
      if (settled) return;
      // The deadline starts when a ready thread has the task (loading MuPDF is not the file's fault).
      stopDeadline = workDeadline(thread, { cpuMs: task.timeoutMs, wallMs: PDF_ENGINE_LIMITS.wallTimeoutMs }, () => finish({ ok: false, problem: "too-slow" }, false));
      const rssAtStart = process.memoryUsage.rss();
      watch = setInterval(() => {
        if (process.memoryUsage.rss() - rssAtStart > PDF_ENGINE_LIMITS.memoryMb * 1024 * 1024) finish({ ok: false, problem: "too-much-memory" }, false);
      }, 100);
      worker.once("message", onMessage);
      worker.postMessage(task.message);
    },
    () => finish({ ok: false, problem: "failed" }, false),
  );
}

function run<T extends Answer>(message: Record<string, unknown>, picture?: PictureRequest & { document?: string }): Promise<T> {
  return new Promise((resolve) => {
    const signal = picture?.signal;
    if (signal?.aborted) return resolve({ ok: false, problem: "aborted" } as T);
    const task: Task = { lane: picture ? "picture" : "inspect", tenant: picture?.tenant, document: picture?.document, message, resolve: resolve as (answer: Answer) => void, timeoutMs: PDF_ENGINE_LIMITS.timeoutMs, signal, stop: () => void 0, onAbort: () => task.stop() };
    if (!queue.add(task)) return resolve({ ok: false, problem: "busy" } as T);
    // While queued, an abort takes it out; once running, runOn's stop terminates its thread.
    task.stop = () => {
      if (queue.remove(task)) resolve({ ok: false, problem: "aborted" } as T);
    };
    signal?.addEventListener("abort", task.onAbort, { once: true });
    pump();
  });
}

/**
 * Page count and each page's displayed size in points (the crop box, turned by /Rotate), in one
 * pass; above maxPages only the count (sizes null), without walking the pages.
 */
export const measurePdf = (bytes: Uint8Array, maxPages: number) => run<Measurement>({ op: "measure", bytes, maxPages });

/**
 * One page (from 1) drawn about `width` pixels wide as raw RGB, smaller when that would pass
 * MAX_PICTURE_PIXELS or MAX_PICTURE_SIDE. `key` names the file (its hash) so a thread keeps it
 * open for the next page. With `picture`, it waits in the pictures' fair lane, with `key` as its
 * document ("busy" when that lane is full, "aborted" when its signal aborts).
 */
export const drawPdfPage = (bytes: Uint8Array, page: number, width: number, key?: string, picture?: PictureRequest) =>
  run<Drawing>({ op: "render", bytes, key, page, width, maxPixels: MAX_PICTURE_PIXELS, maxSide: MAX_PICTURE_SIDE }, picture && { ...picture, document: key });

/** A plain copy of a PDF that opens with an empty user password ("needs-password" when it does not). */
export const decryptPdf = (bytes: Uint8Array) => run<Decryption>({ op: "decrypt", bytes });
