import path from "node:path";
import type { Worker } from "node:worker_threads";
import { invalid } from "@/lib/errors";
import type { PdfSignatureReport, TrustedType } from "@/lib/pdf/pdf-signature-report";
import { PDF_SIGNATURE_LIMITS } from "@/lib/pdf/pdf-signature-report";
import { startBoundedWorker } from "@/lib/runtime/bounded-worker";
import { workDeadline } from "@/lib/runtime/work-deadline";
import type { RecordReading, VerificationAnswer, VerificationTask } from "./verification-thread";

/**
 * POST /v1/verify's checks of a presented file (a PDF's signatures, an XML record's seal and
 * facts) in at most `workers` threads per process, further files waiting their turn: a hostile
 * file (issue 63: an XML nested millions deep held the whole server 43 s) then costs a thread
 * its deadline, timeoutMs of its CPU time or wallTimeoutMs (lib/runtime/work-deadline.ts), after
 * which the thread is terminated and the file refused with 422, while the server keeps answering.
 */
export const VERIFICATION_LIMITS = { workers: 2, timeoutMs: 10_000, wallTimeoutMs: 60_000, maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 };

const workerFile = () => path.join(/* turbopackIgnore: true */ process.cwd(), "lib/services/signing/verification-worker.mjs");

type Failure = Extract<VerificationAnswer, { ok: false }>["problem"] | "too-much-work";
type Answer = VerificationAnswer | { ok: false; problem: "too-much-work" };
type Task = { message: VerificationTask; resolve: (answer: Answer) => void; reject: (err: Error) => void };
type Slot = { worker: Worker; ready: Promise<string | null>; busy: boolean };

const slots: Slot[] = [];
const queue: Task[] = [];
let mostAtOnce = 0;

/** The most files checked at once by this process (tests read it). */
export const verificationStats = () => ({ mostAtOnce, threads: slots.length });

function startSlot(): Slot {
  const { worker, ready } = startBoundedWorker(workerFile(), { maxOldGenerationSizeMb: VERIFICATION_LIMITS.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: VERIFICATION_LIMITS.maxYoungGenerationSizeMb }, "The verification worker");
  const slot: Slot = { worker, ready, busy: false };
  // A thread that dies while idle leaves the pool; the next file starts another.
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
    const slot = slots.find((s) => !s.busy) ?? (slots.length < VERIFICATION_LIMITS.workers ? startSlot() : undefined);
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
  const finish = (reusable: boolean, answer: () => void) => {
    if (settled) return;
    settled = true;
    stopDeadline?.();
    worker.off("message", onMessage).off("error", onError).off("exit", onExit);
    if (reusable) {
      slot.busy = false;
      worker.unref();
    } else {
      leave(slot);
      void worker.terminate();
    }
    answer();
    pump();
  };
  const tooMuch = () => finish(false, () => task.resolve({ ok: false, problem: "too-much-work" }));
  const onMessage = (answer: VerificationAnswer) => finish(true, () => task.resolve(answer));
  const onError = (err: NodeJS.ErrnoException) => (err.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooMuch() : finish(false, () => task.reject(err)));
  const onExit = (code: number) => finish(false, () => task.reject(new Error(`The verification worker exited (${code}) without an answer`)));
  worker.on("error", onError).on("exit", onExit);
  slot.ready.then(
    (thread) => {
      if (settled) return;
      // The deadline starts when a ready thread has the file (loading the checks is not its fault).
      stopDeadline = workDeadline(thread, { cpuMs: VERIFICATION_LIMITS.timeoutMs, wallMs: VERIFICATION_LIMITS.wallTimeoutMs }, tooMuch);
      worker.once("message", onMessage);
      worker.postMessage(task.message);
    },
    (err: Error) => finish(false, () => task.reject(err)),
  );
}

const MESSAGES: Record<Exclude<Failure, "failed">, string> = {
  "too-many-signatures": `The PDF has more than ${PDF_SIGNATURE_LIMITS.maxSignatures} signatures (/ByteRange entries); at most ${PDF_SIGNATURE_LIMITS.maxSignatures} are checked.`,
  "contents-too-large": `A signature's /Contents is larger than ${PDF_SIGNATURE_LIMITS.maxContentsBytes / 1024 / 1024} MB; real signatures are tens of kilobytes.`,
  "contents-too-large-together": `The signatures' /Contents add up to more than ${PDF_SIGNATURE_LIMITS.maxContentsTotalBytes / 1024 / 1024} MB; real signatures are tens of kilobytes each.`,
  "too-much-work": "Checking this file took more work than any real signed PDF or signing record needs; it was not checked.",
};

async function run(message: VerificationTask): Promise<Extract<VerificationAnswer, { ok: true }>> {
  const answer = await new Promise<Answer>((resolve, reject) => {
    queue.push({ message, resolve, reject });
    pump();
  });
  if (answer.ok) return answer;
  if (answer.problem === "failed") throw new Error(`The verification worker failed: ${answer.message}`);
  throw invalid("file", MESSAGES[answer.problem]);
}

/** reportPdfSignatures (lib/pdf/pdf-signature-report.ts) in a verification worker; 422 past its limits. */
export async function reportPdfSignaturesOffThread(bytes: Uint8Array, trust: TrustedType[], now = new Date()): Promise<PdfSignatureReport[]> {
  const roots = trust.map(({ type, roots }) => ({ type, roots: roots.map((root) => root.rawData) }));
  const answer = await run({ op: "pdf-signatures", bytes, trust: roots, now: now.getTime() });
  if (!("signatures" in answer)) throw new Error("The verification worker answered signatures with something else");
  return answer.signatures;
}

/** An XML record's seal (lib/xml/record-seal.ts) and facts (read-signing-record.ts), read in a verification worker. */
export async function readRecordOffThread(bytes: Uint8Array): Promise<RecordReading> {
  const answer = await run({ op: "record", bytes });
  if (!("record" in answer)) throw new Error("The verification worker answered a record with something else");
  return answer.record;
}
