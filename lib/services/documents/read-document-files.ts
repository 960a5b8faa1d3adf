import type { DbOrTx } from "@/lib/db/client";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { DOCUMENT_STATUS_NAMES } from "@/lib/schemas/signing";
import { signingRecordXml } from "@/lib/xml/signing-record";
import type { Actor } from "@/lib/services/actor";
import { findAccessibleDocument, findDocumentView } from "./document-view";

/** The sealed PDF once signed, the original before (product.md). */
export async function readDocumentPdf(db: DbOrTx, actor: Actor, documentId: string) {
  const { document } = await findAccessibleDocument(db, actor, documentId);
  const sealed = document.sealedHash !== null;
  const bytes = await fileStorage().get(document.sealedHash ?? document.originalHash);
  return { bytes, fileName: downloadName(document.fileName, sealed ? "-firmado" : "", ".pdf"), sealed };
}

/** The signing record as it stands now: available at any time, it says how far signing has come. */
export async function readDocumentXml(db: DbOrTx, actor: Actor, documentId: string) {
  const view = await findDocumentView(db, actor, documentId);
  const d = view.document;
  const xml = signingRecordXml({
    documentId: d.id,
    fileName: d.fileName,
    originalHash: d.originalHash,
    pages: d.pageCount,
    status: { code: d.signStatus, name: DOCUMENT_STATUS_NAMES[d.signStatus]! },
    signed: d.signStatus === 2,
    owner: view.owner,
    createdAt: d.createdAt,
    signedAt: d.signedAt,
    generatedAt: new Date(),
    signers: view.signatories.map((s) => ({
      id: s.id,
      order: s.position + 1,
      name: s.name,
      email: s.email,
      status: s.signStatus,
      rfc: s.rfc,
      curp: s.curp,
      certificate: s.certificateSerialNumber ? { base64: null, number: s.certificateSerialNumber, issuer: s.certificateIssuerName } : null,
      signature: s.signature,
      signedAt: s.signedAt,
      rejectedReason: s.rejectedReason,
    })),
    conservancyRecord: null,
  });
  return { xml, fileName: downloadName(d.fileName, "", ".xml") };
}

function downloadName(fileName: string, suffix: string, extension: string): string {
  const stem = fileName.replace(/\.pdf$/i, "");
  return `${stem}${suffix}${extension}`;
}
