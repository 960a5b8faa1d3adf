import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { forgetApiKeys } from "./authenticate-api-key";

export async function revokeApiKey(db: DbOrTx, actor: Actor, apiKeyId: string): Promise<void> {
  const [key] = await db.select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt }).from(apiKeys).where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.userId, actor.userId)));
  if (!key) throw new AppError("NOT_FOUND", "API key not found.");
  if (key.revokedAt) return; // revoking twice is not an error: the key is revoked either way
  await db.update(apiKeys).set({ revokedAt: new Date() }).where(and(eq(apiKeys.id, apiKeyId), isNull(apiKeys.revokedAt)));
  forgetApiKeys({ apiKeyId });
  await recordAuditEvent(db, { actorUserId: actor.userId, action: "api_key.revoked", subjectType: "api_key", subjectId: apiKeyId });
}
