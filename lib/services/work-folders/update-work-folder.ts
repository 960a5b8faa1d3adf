import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, workFolders, type WorkFolder } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { requireFolderRole } from "./folder-access";
import type { NewWorkFolder } from "./create-work-folder";

/** Name, RFC, logo and time zone; owner only. */
export async function updateWorkFolder(db: DbOrTx, actor: Actor, folderId: string, input: Partial<NewWorkFolder>): Promise<WorkFolder> {
  await requireFolderRole(db, actor, folderId, "owner");
  const [folder] = await db
    .update(workFolders)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.rfc !== undefined ? { rfc: input.rfc } : {}),
      ...(input.logo !== undefined ? { logo: input.logo.replace(/\s/g, "") } : {}),
      ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
      updatedAt: new Date(),
    })
    .where(eq(workFolders.id, folderId))
    .returning();
  await recordAuditEvent(db, { actorUserId: actor.userId, action: "folder.updated", subjectType: "work_folder", subjectId: folderId });
  return folder!;
}

/** Deletes an empty folder (owner only); the default folder stays. Documents are never deleted with a folder. */
export async function deleteWorkFolder(db: DbOrTx, actor: Actor, folderId: string): Promise<void> {
  await requireFolderRole(db, actor, folderId, "owner");
  await db.transaction(async (tx) => {
    const [folder] = await tx.select().from(workFolders).where(eq(workFolders.id, folderId)).for("update");
    if (folder!.isDefault) throw new AppError("CONFLICT", "The folder «mis documentos» cannot be deleted.");
    const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(documents).where(eq(documents.folderId, folderId))) as [{ n: number }];
    if (n > 0) throw new AppError("CONFLICT", `The folder holds ${n} document(s); move them to another folder first.`);
    await tx.delete(workFolders).where(eq(workFolders.id, folderId));
    await recordAuditEvent(tx, { actorUserId: actor.userId, action: "folder.deleted", subjectType: "work_folder", subjectId: folderId });
  });
}
