import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { forgetApiKeys } from "@/lib/services/api-keys/authenticate-api-key";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { newWebhookSecret } from "@/lib/services/webhooks/webhook-secret";

export async function updateAccount(db: DbOrTx, actor: Actor, input: { name: string; locale: "es" | "en" }): Promise<void> {
  await db.update(users).set({ name: input.name, locale: input.locale, updatedAt: new Date() }).where(eq(users.id, actor.userId));
  forgetApiKeys({ userId: actor.userId }); // API answers label things in the user's language
  await recordAuditEvent(db, { actorUserId: actor.userId, action: "account.updated", subjectType: "user", subjectId: actor.userId });
}

/** A new webhook secret; deliveries already queued are signed with it from their next attempt. */
export async function rotateWebhookSecret(db: DbOrTx, actor: Actor): Promise<string> {
  const secret = newWebhookSecret();
  await db.update(users).set({ webhookSecret: secret, updatedAt: new Date() }).where(eq(users.id, actor.userId));
  await recordAuditEvent(db, { actorUserId: actor.userId, action: "webhook_secret.rotated", subjectType: "user", subjectId: actor.userId });
  return secret;
}
