import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";

/**
 * Sets the origins that may frame the signing pages of the documents this key creates (the
 * list is already validated and normalized by lib/schemas/embedding.ts). Only the key's owner,
 * and only a live key: a revoked key's documents are framed nowhere.
 */
export async function setApiKeyEmbedOrigins(db: DbOrTx, actor: Actor, apiKeyId: string, origins: string[]): Promise<string[]> {
  const [key] = await db
    .update(apiKeys)
    .set({ embedOrigins: origins })
    .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.userId, actor.userId), isNull(apiKeys.revokedAt)))
    .returning({ embedOrigins: apiKeys.embedOrigins });
  if (!key) throw new AppError("NOT_FOUND", "API key not found.");
  await recordAuditEvent(db, { actorUserId: actor.userId, action: "api_key.embed_origins_set", subjectType: "api_key", subjectId: apiKeyId, data: { origins } });
  return key.embedOrigins;
}
