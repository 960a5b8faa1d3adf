import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { rateLimitWindows, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/** What an account may make per quota period: documents, and notices (e-mail or WhatsApp) to people. */
export type AccountQuota = "documents" | "notices";

export type QuotaLeft = { limit: number; used: number; remaining: number; resetsAt: Date; resetSeconds: number };

const NAMES: Record<AccountQuota, string> = { documents: "documentos", notices: "avisos (correo o WhatsApp)" };

/**
 * Spends `amount` of the account's quota, or none of it: one conditional upsert of the account's
 * fixed window (kept with the rate-limit windows, so every process counts the same budget and the
 * sweep job deletes ended ones). Concurrent spends serialize on the window's row, so together they
 * can never pass the limit; in the caller's transaction, a rollback gives the amount back.
 * Past the limit: RATE_LIMITED (429) with Retry-After and a `quota` body field saying what is left.
 */
export async function spendAccountQuota(db: DbOrTx, userId: string, kind: AccountQuota, amount: number, now?: Date): Promise<QuotaLeft> {
  const limit = await accountLimit(db, userId, kind);
  const key = quotaKey(userId, kind);
  const start = now ? sql`${now.toISOString()}::timestamptz` : sql`statement_timestamp()`;
  const expired = sql`${rateLimitWindows.expiresAt} <= excluded.window_start`;
  const after = sql`case when ${expired} then excluded.count else ${rateLimitWindows.count} + excluded.count end`;
  const [row] =
    amount > limit
      ? []
      : await db
          .insert(rateLimitWindows)
          .values({ key, count: amount, windowStart: start, expiresAt: sql`${start} + ${periodMs()} * interval '1 millisecond'` })
          .onConflictDoUpdate({
            target: rateLimitWindows.key,
            set: {
              count: after,
              windowStart: sql`case when ${expired} then excluded.window_start else ${rateLimitWindows.windowStart} end`,
              expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimitWindows.expiresAt} end`,
            },
            setWhere: sql`${after} <= ${limit}`,
          })
          .returning({ count: rateLimitWindows.count, expiresAt: rateLimitWindows.expiresAt });
  if (row) return left(limit, row.count, row.expiresAt, now);
  const state = await accountQuotaLeft(db, userId, kind, now);
  const message = `Cuota de ${NAMES[kind]} agotada: quedan ${state.remaining} de ${limit} en este periodo y se pidieron ${amount}. Se renueva el ${state.resetsAt.toISOString()}.`;
  throw new AppError("RATE_LIMITED", message, undefined, { "Retry-After": String(state.resetSeconds), "RateLimit-Limit": String(limit), "RateLimit-Remaining": String(state.remaining), "RateLimit-Reset": String(state.resetSeconds) }, {
    quota: { kind, limit, remaining: state.remaining, requested: amount, resets_at: state.resetsAt.toISOString(), retry_after: state.resetSeconds },
  });
}

/** What is left of the account's quota now, without spending any. */
export async function accountQuotaLeft(db: DbOrTx, userId: string, kind: AccountQuota, now = new Date()): Promise<QuotaLeft> {
  const limit = await accountLimit(db, userId, kind);
  const [window] = await db.select({ count: rateLimitWindows.count, expiresAt: rateLimitWindows.expiresAt }).from(rateLimitWindows).where(eq(rateLimitWindows.key, quotaKey(userId, kind)));
  if (!window || window.expiresAt <= now) return left(limit, 0, new Date(now.getTime() + periodMs()), now);
  return left(limit, window.count, window.expiresAt, now);
}

/** The account's own number when an admin set one, else the default of lib/env.ts. */
async function accountLimit(db: DbOrTx, userId: string, kind: AccountQuota): Promise<number> {
  const [user] = await db.select({ documents: users.documentQuota, notices: users.noticeQuota }).from(users).where(eq(users.id, userId));
  return user?.[kind] ?? defaultAccountQuotas()[kind];
}

/** The defaults of lib/env.ts, for an account with no number of its own. */
export function defaultAccountQuotas(): Record<AccountQuota, number> {
  return { documents: env().DOCUMENTS_PER_PERIOD, notices: env().NOTICES_PER_PERIOD };
}

const quotaKey = (userId: string, kind: AccountQuota) => `quota:${kind}:${userId}`;
const periodMs = () => env().QUOTA_PERIOD_HOURS * 3_600_000;

function left(limit: number, used: number, resetsAt: Date, now = new Date()): QuotaLeft {
  return { limit, used, remaining: Math.max(0, limit - used), resetsAt, resetSeconds: Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)) };
}
