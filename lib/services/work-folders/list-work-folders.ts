import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { folderMemberships, workFolders } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";

export type FolderListOptions = {
  role?: "owner" | "invited";
  page?: number;
  size?: number;
  sort?: { field: "name" | "created_at" | "updated_at"; direction: "asc" | "desc" };
};

const sortColumn = { name: workFolders.name, created_at: workFolders.createdAt, updated_at: workFolders.updatedAt };

/**
 * The folders the actor belongs to, with the actor's role in each. Without a sort the default
 * folder comes first, then by name; ties always break on id so pages never overlap.
 */
export async function listWorkFolders(db: DbOrTx, actor: Actor, options: FolderListOptions = {}) {
  const page = options.page ?? 0;
  const size = options.size ?? 100;
  const where: SQL | undefined = and(eq(folderMemberships.userId, actor.userId), options.role ? eq(folderMemberships.role, options.role) : undefined);
  const order = options.sort
    ? [(options.sort.direction === "desc" ? desc : asc)(sortColumn[options.sort.field]), asc(workFolders.id)]
    : [desc(workFolders.isDefault), asc(workFolders.name), asc(workFolders.id)];
  const [items, [total]] = await Promise.all([
    db
      .select({ folder: workFolders, role: folderMemberships.role })
      .from(folderMemberships)
      .innerJoin(workFolders, eq(workFolders.id, folderMemberships.folderId))
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset(page * size),
    db.select({ n: count() }).from(folderMemberships).where(where),
  ]);
  return { items, totalItems: total!.n, initialItem: page * size };
}
