import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { sendMessage } from "@/lib/services/messages/send-message";
import { redeemAccountToken } from "./account-tokens";
import { sendConfirmation } from "./sign-up";

export const LINK_NOT_VALID = "This link is not valid: it was used already, has expired, or a newer one was sent.";

/**
 * The person followed the link sent to their address: the account's e-mail is now proven, and
 * invitations to it become theirs. The welcome e-mail (no secret in it) goes to their outbox.
 */
export async function confirmEmail(db: DbOrTx, token: string): Promise<{ userId: string; email: string }> {
  return db.transaction(async (tx) => {
    const userId = await redeemAccountToken(tx, token, "confirm_email");
    if (!userId) throw new AppError("NOT_FOUND", LINK_NOT_VALID);
    const [user] = await tx.update(users).set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
    await sendMessage(tx, { userId, channel: "email", to: user!.email, template: "welcome", locale: user!.locale, params: { name: user!.name, dashboardUrl: `${env().APP_URL}/dashboard` } });
    await recordAuditEvent(tx, { actorUserId: userId, action: "account.email_confirmed", subjectType: "user", subjectId: userId });
    return { userId, email: user!.email };
  });
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

/** Folders are shared only between proven addresses (README, "Who may do what"). */
export async function requireConfirmedEmail(db: DbOrTx, actor: Actor): Promise<void> {
  const [user] = await db.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, actor.userId));
  if (!user?.confirmedAt) throw new AppError("FORBIDDEN", "Confirm your e-mail address first: follow the link we sent to it.");
}
