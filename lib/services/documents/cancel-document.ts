import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { DOCUMENT_STATUS, documents, signatories } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { assertOpenForChanges } from "./document-state";
import { findAccessibleDocument } from "./document-view";

/**
 * DELETE: the document is cancelled, not erased (its record stays); every signing link stops.
 * Only its owner or the folder's owner: a member may edit a document (reversible), not end it.
 */
export async function cancelDocument(db: DbOrTx, actor: Actor, documentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { document, role } = await findAccessibleDocument(tx, actor, documentId, { forUpdate: true });
    if (document.ownerUserId !== actor.userId && role !== "owner") throw new AppError("FORBIDDEN", "Only the document's owner or the folder's owner can cancel it.");
    assertOpenForChanges(document);
    const now = new Date();
    await tx.update(documents).set({ signStatus: DOCUMENT_STATUS.CANCELLED, cancelledAt: now, updatedAt: now }).where(eq(documents.id, documentId));
    await tx.update(signatories).set({ nextReminderAt: null }).where(and(eq(signatories.documentId, documentId), isNull(signatories.removedAt)));
    await recordAuditEvent(tx, { actorUserId: actor.userId, action: "document.cancelled", subjectType: "document", subjectId: documentId });
  });
}
