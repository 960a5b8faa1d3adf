import { asc, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { folderMemberships, workFolders } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";

/** The folders the actor belongs to, default folder first, with the actor's role in each. */
export async function listWorkFolders(db: DbOrTx, actor: Actor) {
  return db
    .select({ folder: workFolders, role: folderMemberships.role })
    .from(folderMemberships)
    .innerJoin(workFolders, eq(workFolders.id, folderMemberships.folderId))
    .where(eq(folderMemberships.userId, actor.userId))
    .orderBy(desc(workFolders.isDefault), asc(workFolders.name));
}
