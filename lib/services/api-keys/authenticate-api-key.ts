import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { apiKeys, users } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { hashApiKey, looksLikeApiKey } from "./api-key-format";

const LAST_USED_RESOLUTION_MS = 60_000; // one write a minute per key at most, not one per request

/**
 * A key found good is believed for this long without asking the database again: an API client
 * sends the same key with every request, and the lookup was a query per request. Revoking a key
 * (or changing the user's language) forgets it at once in the process that does it
 * (forgetApiKeys); other processes (several instances behind a balancer) may accept it for up to
 * this long after the revocation commits. The same bound holds for a role changed from the CLI.
 */
export const VERIFIED_KEY_TTL_MS = 5_000;
const MAX_REMEMBERED = 1_000; // distinct keys in use at once; past it the memory starts over

type Remembered = { actor: Actor; until: number };
// Next's server bundle and the launcher load this module as separate copies: one memory per process.
const KEY = Symbol.for("rubrica.verified-api-keys");
const store = globalThis as unknown as { [KEY]?: Map<string, Remembered> };
const remembered = () => (store[KEY] ??= new Map());

/** The actor behind a presented key, or null for an unknown, malformed or revoked one. */
export async function authenticateApiKey(db: DbOrTx, presented: string): Promise<Actor | null> {
  if (!looksLikeApiKey(presented)) return null;
  const hash = hashApiKey(presented);
  const now = Date.now();
  const known = remembered().get(hash);
  if (known && known.until > now) return { ...known.actor };
  const [row] = await db
    .select({ id: apiKeys.id, userId: apiKeys.userId, role: users.role, locale: users.locale, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)));
  if (!row) {
    remembered().delete(hash);
    return null;
  }
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now - LAST_USED_RESOLUTION_MS)))));
  }
  const actor: Actor = { userId: row.userId, role: row.role, locale: row.locale, via: "apiKey", apiKeyId: row.id };
  if (remembered().size >= MAX_REMEMBERED) remembered().clear();
  remembered().set(hash, { actor, until: now + VERIFIED_KEY_TTL_MS });
  return { ...actor };
}

/**
 * Drops keys from this process's memory, so the next request with them is looked up again: a
 * revoked key (by its id), or every key of a user whose language changed (by the user's id).
 */
export function forgetApiKeys(which: { apiKeyId: string } | { userId: string }): void {
  for (const [hash, { actor }] of remembered()) {
    if ("apiKeyId" in which ? actor.apiKeyId === which.apiKeyId : actor.userId === which.userId) remembered().delete(hash);
  }
}
