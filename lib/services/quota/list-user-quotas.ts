import { asc, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { requireAdmin } from "@/lib/services/require-admin";

export const USER_QUOTA_PAGE_SIZE = 50;

export type UserQuotaRow = { id: string; name: string; email: string; role: "user" | "admin"; transactions: number; documentQuota: number | null; noticeQuota: number | null; createdAt: Date };

/** Every user with the identity transactions they have left and their own per-period quotas (null: the default), by e-mail; for admins only. `q` matches e-mail or name. */
export async function listUserQuotas(db: DbOrTx, actor: Actor, filters: { q?: string; page: number }): Promise<{ rows: UserQuotaRow[]; total: number; page: number; perPage: number }> {
  requireAdmin(actor);
  const perPage = USER_QUOTA_PAGE_SIZE;
  const pattern = filters.q ? `%${filters.q.trim().replace(/[\\%_]/g, "\\$&")}%` : null;
  const where = pattern ? or(sql`${users.email} ilike ${pattern}`, sql`${users.name} ilike ${pattern}`) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, role: users.role, transactions: users.transactions, documentQuota: users.documentQuota, noticeQuota: users.noticeQuota, createdAt: users.createdAt })
      .from(users)
      .where(where)
      .orderBy(asc(sql`lower(${users.email})`), asc(users.id))
      .limit(perPage)
      .offset((filters.page - 1) * perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: counted?.n ?? 0, page: filters.page, perPage };
}
