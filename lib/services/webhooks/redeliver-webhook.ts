import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { webhookDeliveries } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { enqueue } from "@/lib/jobs/queue";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";

/** Manual redelivery from the dashboard: the same event (same webhook-id) sent again now. */
export async function redeliverWebhook(db: DbOrTx, actor: Actor, deliveryId: string): Promise<void> {
  const owner = actor.role === "admin" ? undefined : eq(webhookDeliveries.userId, actor.userId);
  const [updated] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: new Date(), updatedAt: new Date() })
    .where(and(eq(webhookDeliveries.id, deliveryId), owner))
    .returning({ id: webhookDeliveries.id });
  if (!updated) throw new AppError("NOT_FOUND", "Webhook delivery not found.");
  await recordAuditEvent(db, { actorUserId: actor.userId, action: "webhook.redelivered", subjectType: "webhook_delivery", subjectId: deliveryId });
  await enqueue("deliver-webhook", { deliveryId });
}
