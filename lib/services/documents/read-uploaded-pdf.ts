import { AppError, invalid } from "@/lib/errors";
import { inspectPdf } from "@/lib/pdf/inspect-pdf";
import { pageSizesOf, type PageSize } from "@/lib/pdf/page-raster";
import { decryptPdf, drawPdfPage, measurePdf, type Drawing, type EngineFailure } from "@/lib/pdf/pdf-engine";

// The API answers in English (components/api-error-text.ts gives people their language).
export const PDF_PROBLEMS = {
  "needs-password": "The PDF cannot be opened without its password. Upload a copy without a password (open it with the password, then save or print it as a new PDF).",
  "encrypted-signed": "The PDF is encrypted and already signed: sealing it needs a decrypted copy, and decrypting it would invalidate its signatures. Upload a signed copy without encryption.",
  "certified-no-changes": "The PDF is certified by a signature that allows no changes (DocMDP P=1): signing it would invalidate that certification. Ask its author for a copy without the certification.",
  unreadable: "The file looks like a PDF but cannot be read; it may be damaged. Export it again and upload the new file.",
  empty: "The PDF has no pages.",
  "inflates-too-much": "The PDF is too large or damaged once decompressed: it could not be read within this server's limits. Export it again (or print it to a new PDF) and upload that file.",
} as const;

export const tooManyPages = (pages: number, max: number) => `The PDF has ${pages} pages; this server accepts at most ${max}. Split it into smaller files and upload each.`;

/** The first page drawn at its widest picture, kept for the signing page (lib/services/signing/signing-page-images.ts). */
export type FirstPage = Extract<Drawing, { ok: true }>;
export type UploadedPdf = { bytes: Uint8Array; pageCount: number; decrypted: boolean; pageSizes: PageSize[] | null; firstPage: FirstPage | null };

/** The engine ran out of time or memory on the file: the work a reader would face too. */
const overLimits = (answer: { ok: boolean; problem?: EngineFailure["problem"] }) => answer.problem === "too-slow" || answer.problem === "too-much-memory";

/** A plain copy of a file that opens with an empty password (lib/pdf/pdf-engine.ts). */
async function decrypted(bytes: Uint8Array): Promise<Uint8Array> {
  const plain = await decryptPdf(bytes);
  if (plain.ok) return plain.bytes;
  throw invalid("file", PDF_PROBLEMS[overLimits(plain) ? "inflates-too-much" : plain.problem === "needs-password" ? "needs-password" : "unreadable"]);
}

/**
 * Decides what an upload becomes: the bytes as sent, or, for an encrypted PDF that opens
 * without a password, a plain copy made at upload. That copy is the document's original from
 * then on: its SHA-256 is `original_hash`, signers sign it and the seal is an incremental
 * update over it, so every reader opens the sealed file and every signature verifies (an
 * incremental update over the encrypted file would have to encrypt our objects with the file's
 * key, for RC4 and AES-128/256 alike). Refused, each with its reason: more than `maxPages`
 * pages (counted before anything walks them), a PDF that needs a password, one encrypted *and*
 * signed (decrypting breaks those signatures), one certified with no changes allowed (DocMDP
 * P=1), damaged or empty files, and one whose first page cannot be drawn within the engine's
 * time and memory (a stream bomb). That first page, drawn here, is what the signer's first
 * screen shows without waiting for a render.
 */
export async function readUploadedPdf(bytes: Uint8Array, options: { maxPages: number }): Promise<UploadedPdf> {
  const counted = await measurePdf(bytes, options.maxPages);
  if (counted.ok && counted.pageCount > options.maxPages) throw invalid("file", tooManyPages(counted.pageCount, options.maxPages));
  if (overLimits(counted)) throw invalid("file", PDF_PROBLEMS["inflates-too-much"]);

  let inspection = await inspectPdf(bytes);
  let measured = counted;
  let wasDecrypted = false;
  if (!inspection.ok && inspection.problem === "encrypted") {
    bytes = await decrypted(bytes);
    wasDecrypted = true;
    inspection = await inspectPdf(bytes);
    measured = await measurePdf(bytes, options.maxPages);
  }
  if (!inspection.ok) {
    if (inspection.problem === "not-pdf") throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The file is not a PDF.");
    throw invalid("file", PDF_PROBLEMS[inspection.problem === "encrypted" ? "needs-password" : inspection.problem]);
  }
  if (inspection.docMdp === 1) throw invalid("file", PDF_PROBLEMS["certified-no-changes"]);
  if (wasDecrypted && inspection.signatures > 0) throw invalid("file", PDF_PROBLEMS["encrypted-signed"]);
  if (inspection.pageCount > options.maxPages) throw invalid("file", tooManyPages(inspection.pageCount, options.maxPages));

  // A file pdf-lib reads and MuPDF does not (a few damaged ones) is still signed and sealed; its
  // signing page then shows it with the browser's PDF viewer instead of pictures.
  if (!measured.ok || !measured.sizes) return { bytes, pageCount: inspection.pageCount, decrypted: wasDecrypted, pageSizes: null, firstPage: null };
  const first = await drawPdfPage(bytes, 1, 2460);
  if (overLimits(first)) throw invalid("file", PDF_PROBLEMS["inflates-too-much"]);
  return { bytes, pageCount: inspection.pageCount, decrypted: wasDecrypted, pageSizes: pageSizesOf(measured.sizes), firstPage: first.ok ? first : null };
}
