import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { rateLimitWindows } from "@/lib/db/schema";

export type WindowCount = { count: number; resetSeconds: number };

/**
 * Counts one request against each key's fixed window and answers, in the order of `keys` (which
 * must differ), the count so far and the seconds until the window ends. One statement for all
 * keys (insert … on conflict do update … returning), so a request spending several budgets (a
 * signing link's and its client's) pays one round trip. PostgreSQL locks each row, so concurrent
 * requests from any number of processes each get their own count, never the same one; rows are
 * written in sorted key order, so two statements sharing keys lock them in the same order and
 * cannot deadlock. An expired window is restarted in place. The clock is the database's
 * (instances agree on windows) unless `now` is given (tests).
 */
export async function countRequests(db: DbOrTx, keys: readonly string[], windowMs: number, now?: Date): Promise<WindowCount[]> {
  const start = now ? sql`${now.toISOString()}::timestamptz` : sql`statement_timestamp()`;
  const expired = sql`${rateLimitWindows.expiresAt} <= excluded.window_start`;
  const rows = await db
    .insert(rateLimitWindows)
    .values([...keys].sort().map((key) => ({ key, count: 1, windowStart: start, expiresAt: sql`${start} + ${windowMs} * interval '1 millisecond'` })))
    .onConflictDoUpdate({
      target: rateLimitWindows.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitWindows.count} + 1 end`,
        windowStart: sql`case when ${expired} then excluded.window_start else ${rateLimitWindows.windowStart} end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimitWindows.expiresAt} end`,
      },
    })
    .returning({
      key: rateLimitWindows.key,
      count: rateLimitWindows.count,
      resetSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimitWindows.expiresAt} - ${start})))::int`,
    });
  const byKey = new Map(rows.map((r) => [r.key, { count: r.count, resetSeconds: r.resetSeconds }]));
  return keys.map((key) => byKey.get(key)!);
}

/** Deletes windows that ended (a request for their key would restart them anyway). */
export async function sweepRateLimitWindows(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db.delete(rateLimitWindows).where(lt(rateLimitWindows.expiresAt, now)).returning({ key: rateLimitWindows.key });
  return gone.length;
}
