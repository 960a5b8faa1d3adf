import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { apiKeys, identitySessions, ineValidations, receiptValidations, users, webhookDeliveries } from "@/lib/db/schema";
import { newWebhookSecret } from "@/lib/services/webhooks/webhook-secret";
import { endOtherSessions } from "./user-sessions";

export type RevokedAccess = { apiKeys: number; endedSessions: number; cancelledDeliveries: number };

const CANCELLED = "Cancelled: the account was recovered (password reset or first confirmation of its address).";

/**
 * When the address's owner takes the account (a password reset, or the first confirmation of the
 * address), whatever was made before may be someone else's way back in: whoever signed up with an
 * address they do not own, or knew the password. So every API key is revoked, the signing webhook
 * and every identity session's and validation's webhook address are removed, the webhook secret
 * is replaced, deliveries still waiting are cancelled, and every session ends but `keepSessionId`
 * (the browser that proved the address). In the caller's transaction; the caller forgets the
 * account's remembered keys (forgetApiKeys) after it commits.
 */
export async function revokeEarlierAccess(tx: DbOrTx, userId: string, keepSessionId: string | null, now = new Date()): Promise<RevokedAccess> {
  const keys = await tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  await tx.update(users).set({ signingWebhookUrl: null, webhookSecret: newWebhookSecret(), updatedAt: now }).where(eq(users.id, userId));
  for (const table of [identitySessions, receiptValidations, ineValidations]) {
    await tx.update(table).set({ webhook: null }).where(and(eq(table.userId, userId), isNotNull(table.webhook)));
  }
  const cancelled = await tx
    .update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null, lastError: CANCELLED, updatedAt: now })
    .where(and(eq(webhookDeliveries.userId, userId), eq(webhookDeliveries.status, "pending")))
    .returning({ id: webhookDeliveries.id });
  const endedSessions = await endOtherSessions(tx, userId, keepSessionId);
  return { apiKeys: keys.length, endedSessions, cancelledDeliveries: cancelled.length };
}
