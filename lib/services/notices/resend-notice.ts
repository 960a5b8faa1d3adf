import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { signatories } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { assertOpenForChanges } from "@/lib/services/documents/document-state";
import { findAccessibleDocument } from "@/lib/services/documents/document-view";
import { loadNoticeContext } from "./notice-context";
import { nextReminderAt } from "./reminder-schedule";
import { sendSigningMessages } from "./notify-signatories";

/**
 * The owner sends a pending signer their link again (e-mail, and WhatsApp with a phone). Only
 * the document's owner or the folder's owner: the link is a bearer secret.
 */
export async function resendNotice(db: DbOrTx, actor: Actor, documentId: string, signatoryId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { document, role } = await findAccessibleDocument(tx, actor, documentId, { forUpdate: true });
    if (document.ownerUserId !== actor.userId && role !== "owner") throw new AppError("FORBIDDEN", "Only the document's owner can send signing links.");
    assertOpenForChanges(document);
    const [signer] = await tx
      .select()
      .from(signatories)
      .where(and(eq(signatories.id, signatoryId), eq(signatories.documentId, documentId), isNull(signatories.removedAt)));
    if (!signer) throw new AppError("NOT_FOUND", "Signatory not found.");
    if (signer.signStatus !== "PENDING") throw new AppError("CONFLICT", `This signatory already ${signer.signStatus === "SIGNED" ? "signed" : "rejected"}.`);
    const context = (await loadNoticeContext(tx, documentId))!;
    if (!signer.notifiedAt) {
      // A first notice sent by hand (notifications off, or not their turn yet) starts reminders too.
      const plan = { tries: document.tries, rememberEvery: document.rememberEvery, rememberAt: document.rememberAt, timeZone: context.timeZone };
      const now = new Date();
      await tx.update(signatories).set({ notifiedAt: now, nextReminderAt: document.notificationMode === "ENABLED" ? nextReminderAt(now, 0, plan) : null }).where(eq(signatories.id, signatoryId));
    }
    await sendSigningMessages(tx, context, signer, { template: "signing-request" }, "refuse");
    await recordAuditEvent(tx, { actorUserId: actor.userId, action: "signatory.notice_resent", subjectType: "signatory", subjectId: signatoryId, data: { documentId } });
  });
}
