import type { PDFDocument } from "pdf-lib";

export type PdfInspection =
  | {
      ok: true;
      pageCount: number;
      /** Signature values already in the file: sealing must keep them valid. */
      signatures: number;
      /** DocMDP permission of a certification signature (1: no changes), null without one. */
      docMdp: 1 | 2 | 3 | null;
    }
  | { ok: false; problem: "not-pdf" | "encrypted" | "unreadable" | "empty" | "inflates-too-much" };

export function inspectPdfBytes(bytes: Uint8Array): Promise<PdfInspection>;
export function docMdpPermission(pdf: PDFDocument): 1 | 2 | 3 | null;
export function signatureCount(pdf: PDFDocument): number;
