import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { DOCUMENT_STATUS, documents, signatories } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { emitSigningEvent } from "@/lib/services/webhooks/emit-signing-event";
import { notifyRejection } from "./notify-rejection";
import { assertLinkActive, linkStatus, loadSigningLink } from "./signing-link-state";

/**
 * A signer rejects with a reason. The signer (PENDING → REJECTED, once, atomically) and the
 * document (in process → rejected, with the reason) change in one transaction; every other
 * link then says the document was rejected, reminders stop, and the owner, the other signers and
 * the observers are told by e-mail.
 */
export async function rejectSignatory(db: DbOrTx, signatoryId: string, reason: string, context: { ip: string | null }): Promise<void> {
  const link = await loadSigningLink(db, signatoryId);
  assertLinkActive(linkStatus(link.signer, link.document, link.signers));
  const now = new Date();
  await db.transaction(async (tx) => {
    const [rejected] = await tx
      .update(signatories)
      .set({ signStatus: "REJECTED", rejectedReason: reason, rejectedAt: now, nextReminderAt: null, updatedAt: now })
      .where(and(eq(signatories.id, signatoryId), eq(signatories.signStatus, "PENDING"), isNull(signatories.removedAt)))
      .returning({ documentId: signatories.documentId });
    if (!rejected) throw new AppError("CONFLICT", "This signer already signed or rejected.");
    const [closed] = await tx
      .update(documents)
      .set({ signStatus: DOCUMENT_STATUS.REJECTED, rejectedMessage: reason, updatedAt: now })
      .where(and(eq(documents.id, rejected.documentId), eq(documents.signStatus, DOCUMENT_STATUS.IN_PROCESS)))
      .returning({ id: documents.id });
    if (!closed) throw new AppError("CONFLICT", "The document is no longer in process.");
    await tx.update(signatories).set({ nextReminderAt: null }).where(eq(signatories.documentId, rejected.documentId));
    await emitSigningEvent(tx, rejected.documentId, "signature.rejected", { signature: { id: signatoryId, name: link.signer.name, rejected_reason: reason, rejected_at: now.toISOString() } });
    await recordAuditEvent(tx, { actorUserId: null, action: "signature.rejected", subjectType: "signatory", subjectId: signatoryId, data: { documentId: rejected.documentId, reason }, ip: context.ip });
    await notifyRejection(tx, rejected.documentId, signatoryId, reason);
  });
}

