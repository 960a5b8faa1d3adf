import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { folderMemberships, workFolders, type WorkFolder } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { FOLDER_NOT_FOUND, type FolderRole } from "./folder-access";

export async function findWorkFolder(db: DbOrTx, actor: Actor, folderId: string): Promise<{ folder: WorkFolder; role: FolderRole }> {
  const [row] = await db
    .select({ folder: workFolders, role: folderMemberships.role })
    .from(folderMemberships)
    .innerJoin(workFolders, eq(workFolders.id, folderMemberships.folderId))
    .where(and(eq(folderMemberships.folderId, folderId), eq(folderMemberships.userId, actor.userId)));
  if (!row) throw new AppError("NOT_FOUND", FOLDER_NOT_FOUND);
  return row;
}
