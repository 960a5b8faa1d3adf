import type { DbOrTx } from "@/lib/db/client";
import { folderMemberships, users, workFolders, type User } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { newWebhookSecret } from "@/lib/services/webhooks/webhook-secret";
import { hashPassword } from "./password";

export const DEFAULT_FOLDER_NAME = "mis documentos";

export type NewUser = {
  name: string;
  email: string;
  password: string;
  role?: "user" | "admin";
  locale?: "es" | "en";
  /**
   * Whether the address counts as proven. An account an operator makes (CLI, demo seed, test
   * factories) is vouched for; self-service sign-up passes false and sends a confirmation link.
   */
  emailConfirmed?: boolean;
};

/** Creates a user with their default work folder "mis documentos", owned by them, atomically. */
export async function createUser(db: DbOrTx, input: NewUser): Promise<User> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        name: input.name.trim(),
        email,
        passwordHash,
        role: input.role ?? "user",
        locale: input.locale ?? "es",
        webhookSecret: newWebhookSecret(),
        transactions: env().DEFAULT_TRANSACTIONS,
        emailConfirmedAt: input.emailConfirmed === false ? null : new Date(),
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw new AppError("CONFLICT", "An account with this e-mail already exists.", { email: ["An account with this e-mail already exists."] });
    const [folder] = await tx.insert(workFolders).values({ name: DEFAULT_FOLDER_NAME, isDefault: true, timeZone: env().DEFAULT_TIME_ZONE }).returning();
    await tx.insert(folderMemberships).values({ folderId: folder!.id, userId: user.id, role: "owner" });
    await recordAuditEvent(tx, { actorUserId: user.id, action: "user.created", subjectType: "user", subjectId: user.id });
    return user;
  });
}
