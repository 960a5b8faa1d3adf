import type { DbOrTx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { sendMessage } from "@/lib/services/messages/send-message";
import { issueAccountToken } from "./account-tokens";
import { createUser, type NewUser } from "./create-user";
import { findUserByEmail } from "./find-user";
import { hashPassword } from "./password";

/**
 * Self-service sign-up. The answer is the same whether or not the address has an account (the
 * caller says "check your e-mail" either way); the e-mail says what happened:
 * - a new address gets an unconfirmed account (with «mis documentos») and a confirmation link;
 * - an address with an account gets "you already have one: sign in, or reset your password",
 *   and nothing changes (not the password, not the name).
 * A known address still hashes the password, so both take an argon2 hash's time.
 * Account e-mails carry bearer links, so they are stored in the outbox without a user (only an
 * admin's outbox lists them): being signed in must not be a way to read one's own confirmation.
 */
export async function signUp(db: DbOrTx, input: Omit<NewUser, "emailConfirmed" | "role">): Promise<void> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    await hashPassword(input.password);
    return accountExists(db, existing);
  }
  try {
    await db.transaction(async (tx) => {
      const user = await createUser(tx, { ...input, emailConfirmed: false });
      await sendConfirmation(tx, user);
    });
  } catch (err) {
    // Two sign-ups with one address at once: the second finds the first's account.
    if (!(err instanceof AppError && err.code === "CONFLICT")) throw err;
    const raced = await findUserByEmail(db, input.email);
    if (raced) await accountExists(db, raced);
  }
}

async function accountExists(db: DbOrTx, user: { id: string; name: string; email: string; locale: "es" | "en" }): Promise<void> {
  await sendMessage(db, {
    userId: user.id,
    channel: "email",
    to: user.email,
    template: "account-exists",
    locale: user.locale,
    params: { name: user.name, signInUrl: `${env().APP_URL}/login`, resetUrl: `${env().APP_URL}/forgot-password` },
  });
  await recordAuditEvent(db, { actorUserId: null, action: "account.sign_up_existing", subjectType: "user", subjectId: user.id });
}

/** A new confirmation link (an earlier one stops working), sent to the account's address. */
export async function sendConfirmation(db: DbOrTx, user: { id: string; name: string; email: string; locale: "es" | "en" }): Promise<void> {
  const token = await issueAccountToken(db, user.id, "confirm_email");
  await sendMessage(db, {
    userId: null,
    channel: "email",
    to: user.email,
    template: "confirm-email",
    locale: user.locale,
    params: { name: user.name, confirmUrl: `${env().APP_URL}/confirm-email/${token}` },
  });
}
