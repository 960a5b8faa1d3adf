import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { apiKeys, users } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { hashApiKey, looksLikeApiKey } from "./api-key-format";

const LAST_USED_RESOLUTION_MS = 60_000; // one write a minute per key at most, not one per request

/** The actor behind a presented key, or null for an unknown, malformed or revoked one. */
export async function authenticateApiKey(db: DbOrTx, presented: string): Promise<Actor | null> {
  if (!looksLikeApiKey(presented)) return null;
  const [row] = await db
    .select({ id: apiKeys.id, userId: apiKeys.userId, role: users.role, locale: users.locale, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(presented)), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)))));
  }
  return { userId: row.userId, role: row.role, locale: row.locale, via: "apiKey", apiKeyId: row.id };
}
