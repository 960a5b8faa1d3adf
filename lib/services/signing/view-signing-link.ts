import type { DbOrTx } from "@/lib/db/client";
import { DOCUMENT_STATUS } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { DOCUMENT_STATUS_NAMES, type SignatureBox } from "@/lib/schemas/signing";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { recordAuditEventLater } from "@/lib/services/audit/record-audit-event-later";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { currentFile } from "@/lib/services/documents/document-state";
import { signerSessions, signerVerification, signerVerificationView } from "./signer-verification";
import { linkStatus, loadSigningLink, type SigningLink } from "./signing-link-state";

/**
 * What the public signing page (and an embedded-signing integrator) may know through a link:
 * the signer's own state, the document's name, owner, pages and original hash, the allowed
 * signature types (with RUBRICA, where their identity verification stands), whose turn it is,
 * and the other signers' names and progress (no e-mails).
 * Every view is recorded in the audit log: the link is a bearer secret.
 */
export async function viewSigningLink(db: DbOrTx, signatoryId: string, context: ViewContext) {
  return viewOfSigningLink(db, await loadSigningLink(db, signatoryId), context);
}

type ViewContext = {
  ip: string | null;
  /** false: the answer to a sign or reject re-reads the link; that is not a new view. */
  recordView?: boolean;
  /** Record the view after answering (recordAuditEventLater): the signing page, whose first paint waits for it. */
  recordLater?: boolean;
};

/** viewSigningLink of a link already loaded (the signing page loads it once for all it shows). */
export async function viewOfSigningLink(db: DbOrTx, link: SigningLink, context: ViewContext) {
  const signatoryId = link.signer.id;
  const state = linkStatus(link.signer, link.document, link.signers);
  if (context.recordView !== false) {
    const event = { actorUserId: null, action: "signature.viewed", subjectType: "signatory", subjectId: signatoryId, data: { documentId: link.document.id }, ip: context.ip };
    if (context.recordLater) recordAuditEventLater(db, event);
    else await recordAuditEvent(db, event);
  }
  const d = link.document;
  const rubrica = d.allowTypeSignatures.includes("RUBRICA");
  return {
    id: link.signer.id,
    link_status: state.status,
    waiting_for: state.waitingFor,
    signer: {
      name: link.signer.name,
      sign_status: link.signer.signStatus,
      signed_at: link.signer.signedAt?.toISOString() ?? null,
      rejected_reason: link.signer.rejectedReason,
      // As the seal reads them: stamps are drawn only with CUSTOM positions.
      boxes: d.signPosition === "CUSTOM" && link.signer.positions ? (JSON.parse(link.signer.positions) as SignatureBox[]) : [],
    },
    document: {
      file_name: d.fileName,
      owner: link.ownerName,
      pages: d.pageCount,
      original_hash: d.originalHash,
      sign_status: d.signStatus,
      sign_status_name: DOCUMENT_STATUS_NAMES[d.signStatus]!,
      signature_ordered: d.signatureOrdered,
      rejected_message: d.rejectedMessage,
    },
    allowed_types: d.allowTypeSignatures,
    identity_verification: rubrica ? signerVerificationView(signerVerification(link.signer, await signerSessions(db, signatoryId))) : null,
    signers: link.signers.map((s) => ({ name: s.name, sign_status: s.signStatus, signed_at: s.signedAt?.toISOString() ?? null, is_you: s.id === link.signer.id })),
  };
}

/**
 * The PDF a signer reads: the original until sealed (what they sign is its hash). Each read is
 * recorded like a view, with which file was served. A removed signer's link, and every link of a
 * cancelled or rejected document, no longer serve it: it was withdrawn from these people, or
 * will never be signed (linkShowsDocument).
 */
export async function readSigningDocument(db: DbOrTx, signatoryId: string, context: { ip: string | null }) {
  const link = await loadSigningLink(db, signatoryId);
  if (link.signer.removedAt) throw new AppError("CONFLICT", "The owner removed you from this document; this link no longer works.");
  if (link.document.signStatus === DOCUMENT_STATUS.CANCELLED) throw new AppError("CONFLICT", "The owner cancelled this document; this link no longer shows it.");
  if (link.document.signStatus === DOCUMENT_STATUS.REJECTED) throw new AppError("CONFLICT", "A signer rejected this document; this link no longer shows it.");
  const { hash, sealed } = currentFile(link.document);
  const bytes = await fileStorage().get(hash);
  await recordAuditEvent(db, { actorUserId: null, action: "signature.document_read", subjectType: "signatory", subjectId: signatoryId, data: { documentId: link.document.id, hash, sealed }, ip: context.ip });
  return { bytes, fileName: link.document.fileName };
}
