import "reflect-metadata";
import { parentPort } from "node:worker_threads";
import * as x509 from "@peculiar/x509";
import { PdfSignatureLimitError, reportPdfSignatures, type PdfSignatureReport, type PdfSignatureLimit } from "@/lib/pdf/pdf-signature-report";
import { readyMessage } from "@/lib/runtime/ready-message.mjs";
import { readSigningRecord, type RecordFacts } from "@/lib/xml/read-signing-record";
import { readRecordSeal } from "@/lib/xml/record-seal";

/**
 * What runs in a verification worker (verify-off-thread.ts): the parts of POST /v1/verify whose
 * cost the presented file decides, none of which touch the database. Certificates cross the
 * thread boundary as DER; everything else is plain data. Answers one task at a time.
 */
export type VerificationTask = { op: "pdf-signatures"; bytes: Uint8Array; trust: { type: string; roots: ArrayBuffer[] }[]; now: number } | { op: "record"; bytes: Uint8Array };

export type RecordReading = {
  seal: { state: "absent" | "invalid" } | { state: "valid"; certificate: Uint8Array; content: string };
  /** The facts, read from what the seal covers when it is valid, else from the file. */
  presented: RecordFacts | null;
};

export type VerificationAnswer = { ok: true; signatures: PdfSignatureReport[] } | { ok: true; record: RecordReading } | { ok: false; problem: PdfSignatureLimit | "failed"; message?: string };

function readRecord(bytes: Uint8Array): RecordReading {
  const xml = Buffer.from(bytes).toString("utf8");
  const seal = readRecordSeal(xml);
  const presented = readSigningRecord(seal.state === "valid" ? seal.content : xml);
  return { seal: seal.state === "valid" ? { state: "valid", certificate: new Uint8Array(seal.certificate.raw), content: seal.content } : seal, presented };
}

async function run(task: VerificationTask): Promise<VerificationAnswer> {
  try {
    if (task.op === "record") return { ok: true, record: readRecord(task.bytes) };
    const trust = task.trust.map(({ type, roots }) => ({ type, roots: roots.map((der) => new x509.X509Certificate(der)) }));
    return { ok: true, signatures: await reportPdfSignatures(task.bytes, trust, new Date(task.now)) };
  } catch (err) {
    if (err instanceof PdfSignatureLimitError) return { ok: false, problem: err.problem };
    return { ok: false, problem: "failed", message: String(err) };
  }
}

parentPort!.on("message", async (task: VerificationTask) => parentPort!.postMessage(await run(task)));
parentPort!.postMessage(readyMessage());
