import { PDFArray, PDFDict, PDFName, PDFNumber, type PDFDocument } from "pdf-lib";

/**
 * DocMDP permission of a certified PDF (PDF 32000-1 §12.8.2.2), null when no certification
 * signature restricts it: 1 no change at all, 2 form filling and signing, 3 those plus
 * annotations. Read from /Perms /DocMDP → signature dictionary → /Reference → the DocMDP
 * transform's /P (2 when absent, as the standard says).
 */
export function docMdpPermission(pdf: PDFDocument): 1 | 2 | 3 | null {
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
export function signatureCount(pdf: PDFDocument): number {
  let count = 0;
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.has(PDFName.of("ByteRange")) && object.has(PDFName.of("Contents"))) count++;
  }
  return count;
}

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
