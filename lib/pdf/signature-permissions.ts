import type { PDFDocument } from "pdf-lib";
// Shared with the upload inspection, which runs in a worker (see inspect-pdf-core.mjs).
import { docMdpPermission } from "./inspect-pdf-core.mjs";

/**
 * What a seal may add to a PDF. A certification with P=2 allows signing only: no stamps on the
 * pages, no signature sheet page, no attached XML, just our signature in a new field. P=3 also
 * allows annotations, but our stamps and sheet are page content and the XML an embedded file,
 * so it gets the same signature-only seal (the XML stays downloadable from the API). P=1 is
 * refused at upload and never reaches the seal.
 */
export function sealAllowance(pdf: PDFDocument): { pageContent: boolean; attachment: boolean } {
  const p = docMdpPermission(pdf);
  return p === null ? { pageContent: true, attachment: true } : { pageContent: false, attachment: false };
}
