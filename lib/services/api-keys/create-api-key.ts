import type { DbOrTx } from "@/lib/db/client";
import { apiKeys, type ApiKey } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { requireConfirmedEmail } from "@/lib/services/users/confirm-email";
import { newApiKey } from "./api-key-format";

/**
 * Creates a key for the actor, once their address is confirmed (a key made before would outlive
 * the owner's reset as a squatter's way in). The plain key is in the result only: it is stored hashed.
 */
export async function createApiKey(db: DbOrTx, actor: Pick<Actor, "userId">, input: { name: string }): Promise<{ apiKey: ApiKey; key: string }> {
  await requireConfirmedEmail(db, actor);
  const { key, prefix, hash } = newApiKey();
  const [apiKey] = await db.insert(apiKeys).values({ userId: actor.userId, name: input.name, prefix, keyHash: hash }).returning();
  await recordAuditEvent(db, { actorUserId: actor.userId, action: "api_key.created", subjectType: "api_key", subjectId: apiKey!.id, data: { prefix } });
  return { apiKey: apiKey!, key };
}
