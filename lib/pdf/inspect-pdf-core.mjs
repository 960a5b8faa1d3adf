// Plain JavaScript on purpose: it runs both in the app (bundled, through inspect-pdf-core.d.mts)
// and inside the inspection worker (inspect-pdf-worker.mjs), which Node loads from disk without
// the bundler or a TypeScript loader.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber } from "pdf-lib";

/**
 * Decides whether uploaded bytes are a PDF we can have signed: it must start like a PDF
 * (the header may follow up to 1 KiB of junk, as readers allow), open without a password and
 * have at least one page. Encrypted files are reported as such: the caller decides whether a
 * plain copy can be made (see lib/services/documents/read-uploaded-pdf.ts).
 */
export async function inspectPdfBytes(bytes) {
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

/**
 * DocMDP permission of a certified PDF (PDF 32000-1 §12.8.2.2), null when no certification
 * signature restricts it: 1 no change at all, 2 form filling and signing, 3 those plus
 * annotations. Read from /Perms /DocMDP → signature dictionary → /Reference → the DocMDP
 * transform's /P (2 when absent, as the standard says).
 */
export function docMdpPermission(pdf) {
  const perms = pdf.catalog.lookupMaybe(PDFName.of("Perms"), PDFDict);
  const signature = perms?.lookupMaybe(PDFName.of("DocMDP"), PDFDict);
  const references = signature?.lookupMaybe(PDFName.of("Reference"), PDFArray);
  if (!references) return null;
  for (let i = 0; i < references.size(); i++) {
    const reference = references.lookupMaybe(i, PDFDict);
    if (reference?.lookupMaybe(PDFName.of("TransformMethod"), PDFName) !== PDFName.of("DocMDP")) continue;
    const p = reference.lookupMaybe(PDFName.of("TransformParams"), PDFDict)?.lookupMaybe(PDFName.of("P"), PDFNumber)?.asNumber() ?? 2;
    return p === 1 || p === 3 ? p : 2;
  }
  return null;
}

/** How many signature values (dictionaries with a /ByteRange) the file holds. */
export function signatureCount(pdf) {
  let count = 0;
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.has(PDFName.of("ByteRange")) && object.has(PDFName.of("Contents"))) count++;
  }
  return count;
}
