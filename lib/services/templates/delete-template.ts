import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { templates } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { TEMPLATE_NOT_FOUND } from "./find-template";

/**
 * Deletes the account's template. Documents made from it stay as they are (they copied what they
 * took), and so does the PDF they share; bulk sends keep their results with no template.
 */
export async function deleteTemplate(db: DbOrTx, actor: Actor, templateId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(templates).where(and(eq(templates.id, templateId), eq(templates.ownerUserId, actor.userId))).returning({ id: templates.id });
    if (!deleted.length) throw new AppError("NOT_FOUND", TEMPLATE_NOT_FOUND);
    await recordAuditEvent(tx, { actorUserId: actor.userId, action: "template.deleted", subjectType: "template", subjectId: templateId });
  });
}
