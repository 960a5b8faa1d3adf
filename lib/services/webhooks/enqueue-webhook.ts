import type { DbOrTx } from "@/lib/db/client";
import { webhookDeliveries, type WebhookDelivery } from "@/lib/db/schema";
import { enqueue } from "@/lib/jobs/queue";

/**
 * Records a webhook to send and queues its first attempt. Called by the services that emit
 * events (identity sessions, validations, signing). The body is sent exactly as given.
 */
export async function enqueueWebhook(
  db: DbOrTx,
  input: { userId: string; eventType: string; url: string; payload: unknown },
): Promise<WebhookDelivery> {
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ userId: input.userId, eventType: input.eventType, url: input.url, payload: input.payload, nextAttemptAt: new Date() })
    .returning();
  // In the caller's transaction: the delivery and its job exist only if the event commits.
  await enqueue("deliver-webhook", { deliveryId: delivery!.id }, {}, db);
  return delivery!;
}
