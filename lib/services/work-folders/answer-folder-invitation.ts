import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { folderInvitations, folderMemberships, users } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { requireFolderRole } from "./folder-access";

export const INVITATION_NOT_FOUND = "Invitation not found.";

/**
 * The invitee accepts (and becomes a member) or declines; either way the invitation is gone.
 * Only an invitation to the actor's own address is found: another one is "not found", so ids
 * cannot be tried. Deleting it first makes a double click answer once.
 */
export async function answerFolderInvitation(db: DbOrTx, actor: Actor, invitationId: string, answer: "accept" | "decline"): Promise<{ folderId: string }> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .delete(folderInvitations)
      .where(
        and(
          eq(folderInvitations.id, invitationId),
          sql`lower(${folderInvitations.email}) = (select lower(${users.email}) from ${users} where ${users.id} = ${actor.userId})`,
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

/** The owner withdraws an invitation that has not been answered. */
export async function withdrawFolderInvitation(db: DbOrTx, actor: Actor, folderId: string, invitationId: string): Promise<void> {
  await requireFolderRole(db, actor, folderId, "owner");
  const [withdrawn] = await db.delete(folderInvitations).where(and(eq(folderInvitations.id, invitationId), eq(folderInvitations.folderId, folderId))).returning({ id: folderInvitations.id });
  if (!withdrawn) throw new AppError("NOT_FOUND", INVITATION_NOT_FOUND);
  await recordAuditEvent(db, { actorUserId: actor.userId, action: "folder.invitation_withdrawn", subjectType: "work_folder", subjectId: folderId, data: { invitationId } });
}
