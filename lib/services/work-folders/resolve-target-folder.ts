import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { folderMemberships, workFolders } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { FOLDER_NOT_FOUND, requireFolderRole } from "./folder-access";

/** The folder a new document goes to: the one asked for if the actor belongs to it, else their «mis documentos». */
export async function resolveTargetFolder(db: DbOrTx, actor: Actor, folderId: string | undefined): Promise<string> {
  if (folderId) {
    await requireFolderRole(db, actor, folderId);
    return folderId;
  }
  const [own] = await db
    .select({ id: workFolders.id })
    .from(folderMemberships)
    .innerJoin(workFolders, eq(workFolders.id, folderMemberships.folderId))
    .where(and(eq(folderMemberships.userId, actor.userId), eq(folderMemberships.role, "owner"), eq(workFolders.isDefault, true)));
  if (!own) throw new AppError("NOT_FOUND", FOLDER_NOT_FOUND);
  return own.id;
}
