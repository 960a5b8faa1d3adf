import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { folderInvitations, folderMemberships, users, workFolders } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { secretTokenHash } from "@/lib/services/users/account-tokens";
import { requireFolderRole } from "./folder-access";

export const INVITATION_NOT_FOUND = "Invitation not found.";

/**
 * The invitee accepts (and becomes a member) or declines; either way the invitation is gone.
 * Only an invitation to the actor's own *confirmed* address is found: another one, or any one
 * while the account's address is unproven, is "not found", so ids cannot be tried and whoever
 * registers an address first gets nothing sent to it. Deleting it first makes a double click
 * answer once.
 */
export async function answerFolderInvitation(db: DbOrTx, actor: Actor, invitationId: string, answer: "accept" | "decline"): Promise<{ folderId: string }> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .delete(folderInvitations)
      .where(
        and(
          eq(folderInvitations.id, invitationId),
          sql`lower(${folderInvitations.email}) = (select lower(${users.email}) from ${users} where ${users.id} = ${actor.userId} and ${users.emailConfirmedAt} is not null)`,
        ),
      )
      .returning();
    if (!invitation) throw new AppError("NOT_FOUND", INVITATION_NOT_FOUND);
    if (answer === "accept") await tx.insert(folderMemberships).values({ folderId: invitation.folderId, userId: actor.userId, role: "invited" }).onConflictDoNothing();
    await recordAuditEvent(tx, {
      actorUserId: actor.userId,
      action: answer === "accept" ? "folder.invitation_accepted" : "folder.invitation_declined",
      subjectType: "work_folder",
      subjectId: invitation.folderId,
      data: { invitationId },
    });
    return { folderId: invitation.folderId };
  });
}

export type InvitationByLink = { id: string; email: string; folderName: string; invitedBy: string };

/** What the link in an invitation's e-mail opens: who invites whom to which folder, or null. */
export async function findInvitationByToken(db: DbOrTx, token: string): Promise<InvitationByLink | null> {
  const [found] = await db
    .select({ id: folderInvitations.id, email: folderInvitations.email, folderName: workFolders.name, invitedBy: users.name })
    .from(folderInvitations)
    .innerJoin(workFolders, eq(workFolders.id, folderInvitations.folderId))
    .innerJoin(users, eq(users.id, folderInvitations.invitedByUserId))
    .where(eq(folderInvitations.tokenHash, secretTokenHash(token)));
  return found ?? null;
}

/**
 * Accepting or declining from the e-mail's link: the token names the invitation, and the signed-in
 * account must be the invited address, confirmed. The link's holder read that mail, so telling
 * them why it does not fit their account (another address, unconfirmed) tells them nothing new.
 */
export async function answerInvitationByToken(db: DbOrTx, actor: Actor, token: string, answer: "accept" | "decline"): Promise<{ folderId: string }> {
  const invitation = await findInvitationByToken(db, token);
  if (!invitation) throw new AppError("NOT_FOUND", INVITATION_NOT_FOUND);
  const [user] = await db.select({ email: users.email, confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, actor.userId));
  if (user?.email.toLowerCase() !== invitation.email.toLowerCase()) throw new AppError("FORBIDDEN", "This invitation is for another e-mail address: sign in with that address.");
  if (!user.confirmedAt) throw new AppError("FORBIDDEN", "Confirm your e-mail address first: follow the link we sent to it.");
  return answerFolderInvitation(db, actor, invitation.id, answer);
}

/** The owner withdraws an invitation that has not been answered. */
export async function withdrawFolderInvitation(db: DbOrTx, actor: Actor, folderId: string, invitationId: string): Promise<void> {
  await requireFolderRole(db, actor, folderId, "owner");
  const [withdrawn] = await db.delete(folderInvitations).where(and(eq(folderInvitations.id, invitationId), eq(folderInvitations.folderId, folderId))).returning({ id: folderInvitations.id });
  if (!withdrawn) throw new AppError("NOT_FOUND", INVITATION_NOT_FOUND);
  await recordAuditEvent(db, { actorUserId: actor.userId, action: "folder.invitation_withdrawn", subjectType: "work_folder", subjectId: folderId, data: { invitationId } });
}
