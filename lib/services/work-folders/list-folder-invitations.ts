import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/lib/db/client";
import { folderInvitations, users, workFolders } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { requireFolderRole } from "./folder-access";
import type { PendingInvitation } from "./invite-to-folder";

/** The owner's view: addresses invited to a folder that have not answered yet. */
export async function listFolderInvitations(db: DbOrTx, actor: Actor, folderId: string): Promise<PendingInvitation[]> {
  await requireFolderRole(db, actor, folderId, "owner");
  return db
    .select({ id: folderInvitations.id, email: folderInvitations.email, createdAt: folderInvitations.createdAt })
    .from(folderInvitations)
    .where(eq(folderInvitations.folderId, folderId))
    .orderBy(asc(folderInvitations.createdAt));
}

export type InvitationToMe = { id: string; folderId: string; folderName: string; invitedBy: string; createdAt: Date };

/** The invitee's view: invitations waiting for the actor's own e-mail address, once it is confirmed. */
export async function listMyFolderInvitations(db: DbOrTx, actor: Actor): Promise<InvitationToMe[]> {
  const inviter = alias(users, "inviter");
  return db
    .select({ id: folderInvitations.id, folderId: workFolders.id, folderName: workFolders.name, invitedBy: inviter.name, createdAt: folderInvitations.createdAt })
    .from(folderInvitations)
    .innerJoin(users, and(eq(users.id, actor.userId), isNotNull(users.emailConfirmedAt), eq(sql`lower(${users.email})`, sql`lower(${folderInvitations.email})`)))
    .innerJoin(workFolders, eq(workFolders.id, folderInvitations.folderId))
    .innerJoin(inviter, eq(inviter.id, folderInvitations.invitedByUserId))
    .orderBy(asc(folderInvitations.createdAt));
}
