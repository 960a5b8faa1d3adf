import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { isPersonalPassword, PASSWORD_PROBLEMS } from "@/lib/schemas/account";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { sendMessage } from "@/lib/services/messages/send-message";
import { issueAccountToken, redeemAccountToken, TOKEN_LIFETIME_MS } from "./account-tokens";
import { LINK_NOT_VALID } from "./confirm-email";
import { findUserByEmail } from "./find-user";
import { hashPassword } from "./password";
import { forgetApiKeys } from "@/lib/services/api-keys/authenticate-api-key";
import { revokeEarlierAccess } from "./revoke-earlier-access";

/**
 * "I forgot my password": a link to choose another goes to the address if it has an account;
 * the caller answers the same either way, and throttles (per address and per e-mail). The
 * e-mail is stored without a user, like every message with a bearer link to an account.
 */
export async function requestPasswordReset(db: DbOrTx, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  await db.transaction(async (tx) => {
    const token = await issueAccountToken(tx, user.id, "reset_password");
    await sendMessage(tx, {
      userId: null,
      channel: "email",
      to: user.email,
      template: "password-reset",
      locale: user.locale,
      params: { name: user.name, resetUrl: `${env().APP_URL}/reset-password/${token}`, minutes: TOKEN_LIFETIME_MS.reset_password / 60_000 },
    });
    await recordAuditEvent(tx, { actorUserId: null, action: "account.password_reset_requested", subjectType: "user", subjectId: user.id });
  });
}

/**
 * The link's holder sets a new password. The link works once and for 30 minutes; the address
 * counts as confirmed, since the link was read there; and whatever was made before goes (every
 * session, API key and webhook: revokeEarlierAccess), since whoever knew the old password, or
 * signed up with an address they do not own, may have made it.
 */
export async function resetPassword(db: DbOrTx, token: string, password: string): Promise<{ email: string; endedSessions: number }> {
  const passwordHash = await hashPassword(password);
  const reset = await db.transaction(async (tx) => {
    const userId = await redeemAccountToken(tx, token, "reset_password");
    if (!userId) throw new AppError("NOT_FOUND", LINK_NOT_VALID);
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    // Refused before anything changes: the transaction rolls back and the link still works.
    if (isPersonalPassword(password, user!)) throw new AppError("INVALID", "The given data was invalid.", { password: [PASSWORD_PROBLEMS.personal] });
    await tx.update(users).set({ passwordHash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() }).where(eq(users.id, userId));
    const revoked = await revokeEarlierAccess(tx, userId, null);
    await recordAuditEvent(tx, { actorUserId: userId, action: "account.password_reset", subjectType: "user", subjectId: userId, data: revoked });
    return { userId, email: user!.email, endedSessions: revoked.endedSessions };
  });
  forgetApiKeys({ userId: reset.userId });
  return { email: reset.email, endedSessions: reset.endedSessions };
}
