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
 * CLI's `quota:set`), audited with the number before and after. Others are refused.
 */
export async function setUserQuota(db: DbOrTx, actor: Actor, input: unknown): Promise<{ userId: string; email: string; transactions: number; previous: number }> {
  requireAdmin(actor);
  const parsed = userQuotaBody.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.map(String).join(".") || "body"] ??= []).push(issue.message);
    throw new AppError("INVALID", INVALID_DATA_MESSAGE, errors);
  }
  const { userId, transactions } = parsed.data;
  return db.transaction(async (tx) => {
    // Locked, so the audited "before" is the number this change replaced, even while sessions spend.
    const [before] = await tx.select({ transactions: users.transactions }).from(users).where(eq(users.id, userId)).for("update");
    if (!before) throw new AppError("NOT_FOUND", "Usuario no encontrado.");
    const [row] = await tx.update(users).set({ transactions, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ email: users.email, transactions: users.transactions });
    await recordAuditEvent(tx, { actorUserId: actor.userId, action: "quota.set", subjectType: "user", subjectId: userId, data: { from: before.transactions, to: transactions } });
    return { userId, email: row!.email, transactions: row!.transactions, previous: before.transactions };
  });
}
