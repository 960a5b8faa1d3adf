import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { requireConfirmedEmail } from "@/lib/services/users/confirm-email";

/** Sets (or clears, with null) where the actor's signing events go; setting needs a confirmed address. */
export async function setSigningWebhook(db: DbOrTx, actor: Actor, url: string | null): Promise<void> {
  if (url !== null) await requireConfirmedEmail(db, actor);
  await db.update(users).set({ signingWebhookUrl: url, updatedAt: new Date() }).where(eq(users.id, actor.userId));
  await recordAuditEvent(db, { actorUserId: actor.userId, action: "account.signing_webhook_set", subjectType: "user", subjectId: actor.userId, data: { url } });
}

export async function findSigningWebhook(db: DbOrTx, actor: Actor): Promise<string | null> {
  const [row] = await db.select({ url: users.signingWebhookUrl }).from(users).where(eq(users.id, actor.userId));
  return row?.url ?? null;
}
