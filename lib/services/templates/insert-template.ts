import type { DbOrTx } from "@/lib/db/client";
import { templates } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";

type TemplateValues = Omit<typeof templates.$inferInsert, "id" | "ownerUserId" | "createdAt" | "updatedAt">;

/** Writes the account's template with its audit event; the caller's transaction holds the PDF's row. */
export async function insertTemplate(tx: DbOrTx, actor: Actor, values: TemplateValues, audit: Record<string, unknown>): Promise<string> {
  const [row] = await tx.insert(templates).values({ ...values, ownerUserId: actor.userId }).returning({ id: templates.id });
  await recordAuditEvent(tx, { actorUserId: actor.userId, action: "template.created", subjectType: "template", subjectId: row!.id, data: { name: values.name, ...audit } });
  return row!.id;
}
