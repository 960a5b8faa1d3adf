import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, folderMemberships, users, workFolders } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { requireFolderRole } from "./folder-access";

export async function listFolderMembers(db: DbOrTx, actor: Actor, folderId: string) {
  await requireFolderRole(db, actor, folderId);
  return db
    .select({ userId: users.id, name: users.name, email: users.email, role: folderMemberships.role, since: folderMemberships.createdAt })
    .from(folderMemberships)
    .innerJoin(users, eq(users.id, folderMemberships.userId))
    .where(eq(folderMemberships.folderId, folderId))
    .orderBy(asc(folderMemberships.createdAt));
}

/**
 * The owner removes an invited member, or a member leaves. The owner cannot be removed. The
 * documents the member owns in the folder go back with them to their «mis documentos»: reading a
 * document is belonging to its folder, and a document's owner never loses it.
 */
export async function removeFolderMember(db: DbOrTx, actor: Actor, folderId: string, userId: string) {
  const role = await requireFolderRole(db, actor, folderId);
  if (role !== "owner" && userId !== actor.userId) throw new AppError("FORBIDDEN", "Only the folder's owner can remove members.");
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(folderMemberships)
      .where(and(eq(folderMemberships.folderId, folderId), eq(folderMemberships.userId, userId), eq(folderMemberships.role, "invited")))
      .returning();
    if (!removed) throw new AppError("NOT_FOUND", "Member not found.");
    const home = tx
      .select({ id: workFolders.id })
      .from(workFolders)
      .innerJoin(folderMemberships, and(eq(folderMemberships.folderId, workFolders.id), eq(folderMemberships.userId, userId), eq(folderMemberships.role, "owner")))
      .where(eq(workFolders.isDefault, true))
      .limit(1);
    const returned = await tx
      .update(documents)
      .set({ folderId: sql`(${home})`, updatedAt: new Date() })
      .where(and(eq(documents.folderId, folderId), eq(documents.ownerUserId, userId)))
      .returning({ id: documents.id });
    await recordAuditEvent(tx, { actorUserId: actor.userId, action: "folder.member_removed", subjectType: "work_folder", subjectId: folderId, data: { userId, documentsReturned: returned.map((d) => d.id) } });
  });
}
