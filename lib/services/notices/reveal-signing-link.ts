import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { signatories } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { findAccessibleDocument } from "@/lib/services/documents/document-view";
import { signingLink } from "./signing-link";

/**
 * A signer's link for the owner to copy. The link is a bearer secret: only the document's or
 * the folder's owner gets it, and every reveal is written to the audit log.
 */
export async function revealSigningLink(db: DbOrTx, actor: Actor, documentId: string, signatoryId: string, ip: string | null): Promise<string> {
  const { document, role } = await findAccessibleDocument(db, actor, documentId);
  if (document.ownerUserId !== actor.userId && role !== "owner") throw new AppError("FORBIDDEN", "Only the document's owner can see signing links.");
  const [signer] = await db
    .select({ id: signatories.id })
    .from(signatories)
    .where(and(eq(signatories.id, signatoryId), eq(signatories.documentId, documentId), isNull(signatories.removedAt)));
  if (!signer) throw new AppError("NOT_FOUND", "Signatory not found.");
  await recordAuditEvent(db, { actorUserId: actor.userId, action: "signatory.link_revealed", subjectType: "signatory", subjectId: signatoryId, data: { documentId }, ip });
  return signingLink(signatoryId);
}
