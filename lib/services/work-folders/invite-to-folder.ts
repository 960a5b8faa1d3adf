import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { folderInvitations, folderMemberships, users, workFolders } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { sendMessage } from "@/lib/services/messages/send-message";
import { newSecretToken, secretTokenHash } from "@/lib/services/users/account-tokens";
import { requireConfirmedEmail } from "@/lib/services/users/confirm-email";
import { requireFolderRole } from "./folder-access";

export type PendingInvitation = { id: string; email: string; createdAt: Date };

/**
 * The owner invites an e-mail address to a folder. The answer is the same whether or not the
 * address has a Rúbrica account (no name, no user id). The e-mail carries a link with a token
 * (stored hashed) that opens the invitation; only an account whose confirmed address is the
 * invited one can accept it, there or in its dashboard, and only acceptance makes a member.
 * The owner's own address must be confirmed: Rúbrica does not send invitations for a claim.
 * Inviting an address that is already waiting returns that invitation and sends nothing again.
 */
export async function inviteToFolder(db: DbOrTx, actor: Actor, folderId: string, email: string): Promise<PendingInvitation> {
  await requireFolderRole(db, actor, folderId, "owner");
  await requireConfirmedEmail(db, actor);
  const address = email.trim().toLowerCase();
  // Members are listed to the owner already, so saying so tells them nothing new.
  const [member] = await db
    .select({ userId: folderMemberships.userId })
    .from(folderMemberships)
    .innerJoin(users, eq(users.id, folderMemberships.userId))
    .where(and(eq(folderMemberships.folderId, folderId), eq(sql`lower(${users.email})`, address)));
  if (member) throw new AppError("CONFLICT", "This person is already a member of the folder.");

  const token = newSecretToken();
  const [created] = await db.insert(folderInvitations).values({ folderId, email: address, invitedByUserId: actor.userId, tokenHash: secretTokenHash(token) }).onConflictDoNothing().returning();
  if (!created) {
    const [waiting] = await db.select().from(folderInvitations).where(and(eq(folderInvitations.folderId, folderId), eq(sql`lower(${folderInvitations.email})`, address)));
    return { id: waiting!.id, email: waiting!.email, createdAt: waiting!.createdAt };
  }
  const [context] = await db.select({ folderName: workFolders.name, inviterName: users.name }).from(workFolders).innerJoin(users, eq(users.id, actor.userId)).where(eq(workFolders.id, folderId));
  await sendMessage(db, {
    userId: actor.userId,
    channel: "email",
    to: address,
    template: "folder-invitation",
    locale: "es",
    params: { inviterName: context!.inviterName, folderName: context!.folderName, invitationUrl: `${env().APP_URL}/invitations/${token}` },
  });
  await recordAuditEvent(db, { actorUserId: actor.userId, action: "folder.member_invited", subjectType: "work_folder", subjectId: folderId, data: { invitationId: created.id } });
  return { id: created.id, email: created.email, createdAt: created.createdAt };
}
