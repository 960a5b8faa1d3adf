import { DOCUMENT_STATUS, type DocumentRow } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";

const CLOSED_REASON: Record<number, string> = {
  [DOCUMENT_STATUS.COMPLETED]: "The document is already signed by everyone",
  [DOCUMENT_STATUS.REJECTED]: "The document was rejected by a signer",
  [DOCUMENT_STATUS.CANCELLED]: "The document was cancelled",
  [DOCUMENT_STATUS.EXPIRED]: "The document expired",
};

/** Signers, reminders and folder change only while signing is open. */
export function assertOpenForChanges(document: DocumentRow): void {
  const reason = CLOSED_REASON[document.signStatus];
  if (reason) throw new AppError("CONFLICT", `${reason}; it can no longer be changed.`);
}

/**
 * The file people read and download: the original until sealed, then the sealed one (with its
 * retention sheet). Signers sign the original's hash; once sealed, everyone sees the seal.
 */
export function currentFile(document: Pick<DocumentRow, "originalHash" | "sealedHash">): { hash: string; sealed: boolean } {
  return document.sealedHash === null ? { hash: document.originalHash, sealed: false } : { hash: document.sealedHash, sealed: true };
}
