import { decryptWithoutPassword } from "@/lib/adapters/pdf-decryption/qpdf";
import { AppError, invalid } from "@/lib/errors";
import { inspectPdf } from "@/lib/pdf/inspect-pdf";

// The API answers in English (components/api-error-text.ts gives people their language).
export const PDF_PROBLEMS = {
  "needs-password": "The PDF cannot be opened without its password. Upload a copy without a password (open it with the password, then save or print it as a new PDF).",
  "decryption-unavailable": "The PDF is encrypted and this server cannot decrypt it (qpdf is not installed). Upload a copy without encryption.",
  "encrypted-signed": "The PDF is encrypted and already signed: sealing it needs a decrypted copy, and decrypting it would invalidate its signatures. Upload a signed copy without encryption.",
  "certified-no-changes": "The PDF is certified by a signature that allows no changes (DocMDP P=1): signing it would invalidate that certification. Ask its author for a copy without the certification.",
  unreadable: "The file looks like a PDF but cannot be read; it may be damaged. Export it again and upload the new file.",
  empty: "The PDF has no pages.",
  "inflates-too-much": "The PDF is too large or damaged once decompressed: it could not be read within this server's limits. Export it again (or print it to a new PDF) and upload that file.",
} as const;

export type UploadedPdf = { bytes: Uint8Array; pageCount: number; decrypted: boolean };

/**
 * Decides what an upload becomes: the bytes as sent, or, for an encrypted PDF that opens
 * without a password, a plain copy made at upload. That copy is the document's original from
 * then on: its SHA-256 is `original_hash`, signers sign it and the seal is an incremental
 * update over it, so every reader opens the sealed file and every signature verifies (an
 * incremental update over the encrypted file would have to encrypt our objects with the file's
 * key, for RC4 and AES-128/256 alike). Refused, each with its reason: a PDF that needs a password,
 * one encrypted *and* signed (decrypting breaks those signatures), one certified with no changes
 * allowed (DocMDP P=1), damaged or empty files.
 */
export async function readUploadedPdf(bytes: Uint8Array): Promise<UploadedPdf> {
  let inspection = await inspectPdf(bytes);
  let decrypted = false;
  if (!inspection.ok && inspection.problem === "encrypted") {
    const plain = await decryptWithoutPassword(bytes);
    if (!plain.ok) {
      if (plain.reason === "needs-password") throw invalid("file", PDF_PROBLEMS["needs-password"]);
      throw invalid("file", PDF_PROBLEMS[plain.reason === "unavailable" ? "decryption-unavailable" : "unreadable"]);
    }
    bytes = plain.bytes;
    decrypted = true;
    inspection = await inspectPdf(bytes);
  }
  if (!inspection.ok) {
    if (inspection.problem === "not-pdf") throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The file is not a PDF.");
    throw invalid("file", PDF_PROBLEMS[inspection.problem === "encrypted" ? "needs-password" : inspection.problem]);
  }
  if (inspection.docMdp === 1) throw invalid("file", PDF_PROBLEMS["certified-no-changes"]);
  if (decrypted && inspection.signatures > 0) throw invalid("file", PDF_PROBLEMS["encrypted-signed"]);
  return { bytes, pageCount: inspection.pageCount, decrypted };
}
