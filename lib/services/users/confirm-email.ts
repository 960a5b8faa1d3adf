import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { forgetApiKeys } from "@/lib/services/api-keys/authenticate-api-key";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { sendMessage } from "@/lib/services/messages/send-message";
import { redeemAccountToken } from "./account-tokens";
import { revokeEarlierAccess } from "./revoke-earlier-access";
import { sendConfirmation } from "./sign-up";

export const LINK_NOT_VALID = "This link is not valid: it was used already, has expired, or a newer one was sent.";

/**
 * The person followed the link sent to their address: the account's e-mail is now proven, and
 * invitations to it become theirs. The first confirmation also revokes what was made before it
 * (revokeEarlierAccess): it may be someone else's, who signed up with this address; the browser
 * that pressed the button (`keepSessionId`, if signed in to this account) stays signed in. The
 * welcome e-mail (no secret in it) goes to their outbox.
 */
export async function confirmEmail(db: DbOrTx, token: string, keepSessionId: string | null = null): Promise<{ userId: string; email: string }> {
  const confirmed = await db.transaction(async (tx) => {
    const userId = await redeemAccountToken(tx, token, "confirm_email");
    if (!userId) throw new AppError("NOT_FOUND", LINK_NOT_VALID);
    const now = new Date();
    const [first] = await tx.update(users).set({ emailConfirmedAt: now, updatedAt: now }).where(and(eq(users.id, userId), isNull(users.emailConfirmedAt))).returning({ id: users.id });
    const revoked = first ? await revokeEarlierAccess(tx, userId, keepSessionId, now) : null;
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    await sendMessage(tx, { userId, channel: "email", to: user!.email, template: "welcome", locale: user!.locale, params: { name: user!.name, dashboardUrl: `${env().APP_URL}/dashboard` } });
    await recordAuditEvent(tx, { actorUserId: userId, action: "account.email_confirmed", subjectType: "user", subjectId: userId, data: revoked ?? {} });
    return { userId, email: user!.email };
  });
  forgetApiKeys({ userId: confirmed.userId });
  return confirmed;
}

/** A signed-in account whose address is not confirmed asks for the link again. */
export async function resendConfirmation(db: DbOrTx, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, actor.userId));
    if (!user) throw new AppError("NOT_FOUND", "Account not found.");
    if (user.emailConfirmedAt) throw new AppError("CONFLICT", "This e-mail address is confirmed already.");
    await sendConfirmation(tx, user);
  });
}

/**
 * Folders are shared, API keys made and webhooks set only by proven addresses (README, "Who may
 * do what"): until then the account may be a squatter's.
 */
export async function requireConfirmedEmail(db: DbOrTx, actor: Pick<Actor, "userId">): Promise<void> {
  const [user] = await db.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, actor.userId));
  if (!user?.confirmedAt) throw new AppError("FORBIDDEN", "Confirm your e-mail address first: follow the link we sent to it.");
}
