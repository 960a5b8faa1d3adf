import { PDFDocument } from "pdf-lib";
import { docMdpPermission, signatureCount } from "./signature-permissions";

export type PdfInspection =
  | {
      ok: true;
      pageCount: number;
      /** Signature values already in the file: sealing must keep them valid. */
      signatures: number;
      /** DocMDP permission of a certification signature (1: no changes), null without one. */
      docMdp: 1 | 2 | 3 | null;
    }
  | { ok: false; problem: "not-pdf" | "encrypted" | "unreadable" | "empty" };

/**
 * Decides whether uploaded bytes are a PDF we can have signed: it must start like a PDF
 * (the header may follow up to 1 KiB of junk, as readers allow), open without a password and
 * have at least one page. Encrypted files are reported as such: the caller decides whether a
 * plain copy can be made (see lib/services/documents/read-uploaded-pdf.ts).
 */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  if (!head.includes("%PDF-")) return { ok: false, problem: "not-pdf" };
  try {
    // Encryption is detected from the trailer; the objects of an encrypted file cannot be read.
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true, throwOnInvalidObject: true });
    if (pdf.isEncrypted) return { ok: false, problem: "encrypted" };
    const pageCount = pdf.getPageCount();
    if (pageCount === 0) return { ok: false, problem: "empty" };
    return { ok: true, pageCount, signatures: signatureCount(pdf), docMdp: docMdpPermission(pdf) };
  } catch {
    // An encrypted file usually fails before its trailer is read (its object streams are
    // ciphertext); the trailer's /Encrypt reference is plain text, so look for it.
    const text = Buffer.from(bytes).toString("latin1");
    return { ok: false, problem: /\/Encrypt\s+\d+\s+\d+\s+R/.test(text) ? "encrypted" : "unreadable" };
  }
}
