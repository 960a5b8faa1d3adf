import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { ineValidations, receiptValidations, users, webhookDeliveries } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { listWebhookDeliveries } from "@/lib/services/webhooks/list-webhook-deliveries";

/** The newest validations of both kinds for the dashboard: the user's own; an admin sees everyone's, with the owner. */
export async function listValidations(db: DbOrTx, actor: Actor, opts: { limit?: number } = {}) {
  const limit = opts.limit ?? 50;
  const admin = actor.role === "admin";
  const [receipts, ines] = await Promise.all([
    db
      .select({ validation: receiptValidations, ownerEmail: users.email })
      .from(receiptValidations)
      .innerJoin(users, eq(users.id, receiptValidations.userId))
      .where(admin ? undefined : eq(receiptValidations.userId, actor.userId))
      .orderBy(desc(receiptValidations.createdAt), desc(receiptValidations.id))
      .limit(limit),
    db
      .select({ validation: ineValidations, ownerEmail: users.email })
      .from(ineValidations)
      .innerJoin(users, eq(users.id, ineValidations.userId))
      .where(admin ? undefined : eq(ineValidations.userId, actor.userId))
      .orderBy(desc(ineValidations.createdAt), desc(ineValidations.id))
      .limit(limit),
  ]);
  return { receipts, ines };
}

/** The webhook deliveries of one validation the actor may see (its uuid is in the body), with their attempts. */
export function listValidationDeliveries(db: DbOrTx, actor: Actor, validation: { id: string; userId: string }) {
  return listWebhookDeliveries(db, actor, { where: and(eq(webhookDeliveries.userId, validation.userId), sql`${webhookDeliveries.payload} ->> 'uuid' = ${validation.id}`) });
}
