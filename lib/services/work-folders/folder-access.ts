import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { folderMemberships } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";

export type FolderRole = "owner" | "invited";

export const FOLDER_NOT_FOUND = "Work folder not found.";

/** The actor's role in a folder; a folder they do not belong to is "not found", never "forbidden". */
export async function requireFolderRole(db: DbOrTx, actor: Actor, folderId: string, needed: "member" | "owner" = "member"): Promise<FolderRole> {
  const [row] = await db
    .select({ role: folderMemberships.role })
    .from(folderMemberships)
    .where(and(eq(folderMemberships.folderId, folderId), eq(folderMemberships.userId, actor.userId)));
  if (!row) throw new AppError("NOT_FOUND", FOLDER_NOT_FOUND);
  // A member already knows the folder exists, so 403 leaks nothing here.
  if (needed === "owner" && row.role !== "owner") throw new AppError("FORBIDDEN", "Only the folder's owner can do this.");
  return row.role;
}
