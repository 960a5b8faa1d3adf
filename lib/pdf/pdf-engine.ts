import path from "node:path";
import type { Worker } from "node:worker_threads";
import { startBoundedWorker } from "@/lib/runtime/bounded-worker";
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
 */
export const PDF_ENGINE_LIMITS = { workers: 2, timeoutMs: 5_000, wallTimeoutMs: 60_000, memoryMb: 768, maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 };

/** A picture holds at most this many pixels (the widest picture of an A4 page) and no side longer than MAX_PICTURE_SIDE. */
export const MAX_PICTURE_PIXELS = 2460 * 3480;
export const MAX_PICTURE_SIDE = 8192;

export type EngineFailure = { ok: false; problem: "needs-password" | "unreadable" | "empty" | "no-page" | "too-slow" | "too-much-memory" | "failed" };
export type Measurement = { ok: true; encrypted: boolean; pageCount: number; sizes: Float64Array | null } | EngineFailure;
export type Drawing = { ok: true; width: number; height: number; pixels: Uint8Array } | EngineFailure;
export type Decryption = { ok: true; bytes: Uint8Array } | EngineFailure;

type Answer = Measurement | Drawing | Decryption;
type Task = { message: Record<string, unknown>; resolve: (answer: Answer) => void; timeoutMs: number };
type Slot = { worker: Worker; ready: Promise<string | null>; busy: boolean };

// Loaded by Node from the app's folder at run time (the server runs from it), past the bundler,
// like lib/pdf/inspect-pdf-worker.mjs.
const workerFile = () => path.join(/* turbopackIgnore: true */ process.cwd(), "lib/pdf/pdf-engine-worker.mjs");

const slots: Slot[] = [];
const queue: Task[] = [];
let started = 0;
let mostAtOnce = 0;

/** Threads started by this process, and the most tasks that ever ran at once (tests read both). */
export const pdfEngineStats = () => ({ started, mostAtOnce, waiting: queue.length });

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
  while (queue.length) {
    const slot = slots.find((s) => !s.busy) ?? (slots.length < PDF_ENGINE_LIMITS.workers ? startSlot() : undefined);
    if (!slot) return;
    runOn(slot, queue.shift()!);
  }
}

function runOn(slot: Slot, task: Task) {
  slot.busy = true;
  mostAtOnce = Math.max(mostAtOnce, slots.filter((s) => s.busy).length);
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

function run<T extends Answer>(message: Record<string, unknown>, timeoutMs = PDF_ENGINE_LIMITS.timeoutMs): Promise<T> {
  return new Promise((resolve) => {
    queue.push({ message, resolve: resolve as (answer: Answer) => void, timeoutMs });
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
 * open for the next page.
 */
export const drawPdfPage = (bytes: Uint8Array, page: number, width: number, key?: string) =>
  run<Drawing>({ op: "render", bytes, key, page, width, maxPixels: MAX_PICTURE_PIXELS, maxSide: MAX_PICTURE_SIDE });

/** A plain copy of a PDF that opens with an empty user password ("needs-password" when it does not). */
export const decryptPdf = (bytes: Uint8Array) => run<Decryption>({ op: "decrypt", bytes });
