import type { DbOrTx } from "@/lib/db/client";
import { fileStorage } from "@/lib/adapters/storage/storage";
import type { Actor } from "@/lib/services/actor";
import { currentFile } from "./document-state";
import { findAccessibleDocument, findDocumentView } from "./document-view";
import { issueSigningRecordXml } from "./signing-record";

/** The sealed PDF once signed, the original before (product.md). */
export async function readDocumentPdf(db: DbOrTx, actor: Actor, documentId: string) {
  const { document } = await findAccessibleDocument(db, actor, documentId);
  const { hash, sealed } = currentFile(document);
  const bytes = await fileStorage().get(hash);
  return { bytes, fileName: downloadName(document.fileName, sealed ? "-firmado" : "", ".pdf"), sealed };
}

/** The signing record as it stands now: available at any time, it says how far signing has come. */
export async function readDocumentXml(db: DbOrTx, actor: Actor, documentId: string) {
  const view = await findDocumentView(db, actor, documentId);
  return { xml: await issueSigningRecordXml(view.document, view.owner, view.signatories, { copy: "owner" }), fileName: downloadName(view.document.fileName, "", ".xml") };
}

function downloadName(fileName: string, suffix: string, extension: string): string {
  const stem = fileName.replace(/\.pdf$/i, "");
  return `${stem}${suffix}${extension}`;
}
