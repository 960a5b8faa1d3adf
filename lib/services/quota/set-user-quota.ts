import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { AppError, INVALID_DATA_MESSAGE } from "@/lib/errors";
import { userQuotaBody } from "@/lib/schemas/identity-review";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { requireAdmin } from "@/lib/services/require-admin";

/**
 * An admin sets how many identity transactions a user has left (the dashboard's side of the
 * CLI's `quota:set`) and, when given, the account's documents and notices per quota period
 * (null: the defaults of lib/env.ts), audited with the numbers before and after. Others are refused.
 */
export async function setUserQuota(db: DbOrTx, actor: Actor, input: unknown): Promise<{ userId: string; email: string; transactions: number; previous: number; documentQuota?: number | null; noticeQuota?: number | null }> {
  requireAdmin(actor);
  const parsed = userQuotaBody.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.map(String).join(".") || "body"] ??= []).push(issue.message);
    throw new AppError("INVALID", INVALID_DATA_MESSAGE, errors);
  }
  const { userId, transactions, documentQuota, noticeQuota } = parsed.data;
  // Given (a number, or null for the default) they are set and audited; absent they stay.
  const perPeriod = { ...(documentQuota !== undefined && { documentQuota }), ...(noticeQuota !== undefined && { noticeQuota }) };
  return db.transaction(async (tx) => {
    // Locked, so the audited "before" is the number this change replaced, even while sessions spend.
    const [before] = await tx.select({ transactions: users.transactions, documentQuota: users.documentQuota, noticeQuota: users.noticeQuota }).from(users).where(eq(users.id, userId)).for("update");
    if (!before) throw new AppError("NOT_FOUND", "Usuario no encontrado.");
    const [row] = await tx.update(users).set({ transactions, ...perPeriod, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ email: users.email, transactions: users.transactions });
    const changed = Object.fromEntries(Object.entries(perPeriod).map(([k, to]) => [k, { from: before[k as keyof typeof perPeriod], to }]));
    await recordAuditEvent(tx, { actorUserId: actor.userId, action: "quota.set", subjectType: "user", subjectId: userId, data: { from: before.transactions, to: transactions, ...changed } });
    return { userId, email: row!.email, transactions: row!.transactions, previous: before.transactions, ...perPeriod };
  });
}
