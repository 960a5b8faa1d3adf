import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";

export type ApiKeySummary = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  embedOrigins: string[];
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
};

export async function listApiKeys(db: DbOrTx, actor: Actor): Promise<ApiKeySummary[]> {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      embedOrigins: apiKeys.embedOrigins,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      createdAt: apiKeys.createdAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, actor.userId))
    .orderBy(desc(apiKeys.createdAt));
}
