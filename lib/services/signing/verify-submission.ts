import crypto from "node:crypto";
import type { DbOrTx } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/translate";
import type { PdfSignatureReport } from "@/lib/pdf/pdf-signature-report";
import { checkConstancy, constancyBytes, type ConstancyReport } from "./check-constancy";
import { signatureTrust } from "./signature-trust";
import { verifyFile, type Verification } from "./verify-file";
import { reportPdfSignaturesOffThread } from "./verify-off-thread";

export type SubmissionVerification = Omit<Verification, "constancy"> & {
  constancy: Verification["constancy"] | (ConstancyReport & { covers: "file" | "earlier-revision" | null; covered_bytes: number | null });
  /** For a PDF: every signature it carries, judged from its bytes. */
  signatures?: PdfSignatureReport[];
};

const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest();

/**
 * POST /v1/verify: a file (PDF or XML record), or a SHA-256, and optionally a constancia. What
 * this installation knows of the file comes from verifyFile; a PDF's signatures are judged from
 * its own bytes whoever made them; a constancia is checked over the file's hash, or over an earlier
 * revision of it (a PDF signed by incremental updates begins with its original, byte for byte,
 * and a constancia taken over that original covers those bytes), or over the hash given.
 */
export async function verifySubmission(db: DbOrTx, input: { file?: Uint8Array; hash?: string; constancy?: Uint8Array }, locale: Locale): Promise<SubmissionVerification> {
  const fileHash = input.file ? sha256(input.file) : null;
  const base: SubmissionVerification = input.file ? await verifyFile(db, { bytes: input.file, sha256: fileHash! }) : await verifyFile(db, { hash: input.hash! });
  if (input.file && isPdf(input.file)) base.signatures = await reportPdfSignaturesOffThread(input.file, await signatureTrust());
  if (input.constancy) {
    const der = constancyBytes(input.constancy);
    const whole = fileHash ?? Buffer.from(input.hash!, "hex");
    let report = await checkConstancy({ der, hash: whole }, locale);
    let covers: "file" | "earlier-revision" | null = report.imprint === whole.toString("hex") ? "file" : null;
    let coveredBytes = covers ? (input.file?.byteLength ?? null) : null;
    if (!covers && input.file && report.imprint) {
      const revision = revisionWithHash(input.file, report.imprint);
      if (revision) {
        report = await checkConstancy({ der, hash: sha256(input.file.subarray(0, revision)) }, locale);
        [covers, coveredBytes] = ["earlier-revision", revision];
      }
    }
    base.constancy = { ...report, covers, covered_bytes: coveredBytes };
  }
  return base;
}

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 1024)).includes("%PDF-");

/**
 * The length of the revision (a prefix ending at %%EOF, with or without its end of line) whose
 * SHA-256 is `imprint`. One pass: the hash is carried forward and copied at each candidate end, so
 * a file full of "%%EOF" costs one hashing of the file, not one per marker.
 */
function revisionWithHash(file: Uint8Array, imprint: string): number | null {
  const text = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const running = crypto.createHash("sha256");
  let hashed = 0;
  for (let at = text.indexOf("%%EOF"); at !== -1; at = text.indexOf("%%EOF", at + 5)) {
    for (const length of [at + 5, at + 6, at + 7]) {
      if (length > file.length) break;
      running.update(file.subarray(hashed, length));
      hashed = length;
      if (running.copy().digest("hex") === imprint) return length;
    }
  }
  return null;
}
