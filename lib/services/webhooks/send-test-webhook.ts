import type { DbOrTx } from "@/lib/db/client";
import type { Actor } from "@/lib/services/actor";
import { requireConfirmedEmail } from "@/lib/services/users/confirm-email";
import { enqueueWebhook } from "./enqueue-webhook";

/** A "ping" event to a URL the user gives, to check a receiver and its signature check; a confirmed address's only. */
export async function sendTestWebhook(db: DbOrTx, actor: Actor, url: string) {
  await requireConfirmedEmail(db, actor);
  return enqueueWebhook(db, {
    userId: actor.userId,
    eventType: "ping",
    url,
    payload: { type: "ping", message: "Rúbrica webhook test", sent_at: new Date().toISOString() },
  });
}
