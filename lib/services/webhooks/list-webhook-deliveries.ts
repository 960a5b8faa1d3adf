import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { webhookAttempts, webhookDeliveries, type WebhookAttempt, type WebhookDelivery } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";

export type DeliveryWithAttempts = WebhookDelivery & { attemptLog: WebhookAttempt[] };

/** The actor's deliveries, newest first, each with its attempts; admins see everyone's. */
export async function listWebhookDeliveries(db: DbOrTx, actor: Actor, opts: { limit?: number; where?: SQL } = {}): Promise<DeliveryWithAttempts[]> {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(and(actor.role === "admin" ? undefined : eq(webhookDeliveries.userId, actor.userId), opts.where))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(opts.limit ?? 100);
  if (!deliveries.length) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(and(inArray(webhookAttempts.deliveryId, deliveries.map((d) => d.id))))
    .orderBy(asc(webhookAttempts.attempt));
  return deliveries.map((d) => ({ ...d, attemptLog: attempts.filter((a) => a.deliveryId === d.id) }));
}
