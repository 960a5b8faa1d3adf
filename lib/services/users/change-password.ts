import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { isPersonalPassword, PASSWORD_PROBLEMS } from "@/lib/schemas/account";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { hashPassword, passwordMatches } from "./password";
import { endOtherSessions } from "./user-sessions";

/**
 * A new password, given the current one. Every other session of the account ends (a device
 * someone else holds, or a copied cookie, must sign in with the new password); the one that
 * made the change stays signed in.
 */
export async function changePassword(db: DbOrTx, actor: Actor, keepSessionId: string | null, input: { current: string; password: string }): Promise<{ endedSessions: number }> {
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!user) throw new AppError("NOT_FOUND", "Account not found.");
  if (!(await passwordMatches(user.passwordHash, input.current))) throw new AppError("INVALID", "The given data was invalid.", { current: ["The current password is not right."] });
  if (isPersonalPassword(input.password, user)) throw new AppError("INVALID", "The given data was invalid.", { password: [PASSWORD_PROBLEMS.personal] });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    const endedSessions = await endOtherSessions(tx, user.id, keepSessionId);
    await recordAuditEvent(tx, { actorUserId: user.id, action: "account.password_changed", subjectType: "user", subjectId: user.id, data: { endedSessions } });
    return { endedSessions };
  });
}
