import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, folderMemberships, users, workFolders } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { peopleColumns, peopleOf, type DocumentView } from "./document-view";

/** The newest documents across every folder the actor belongs to, each with its folder's name. */
export async function listRecentDocuments(db: DbOrTx, actor: Actor, options: { limit?: number } = {}): Promise<(DocumentView & { folderName: string })[]> {
  const rows = await db
    .select({ document: documents, role: folderMemberships.role, folderName: workFolders.name, ownerName: users.name, ownerEmail: users.email, ...peopleColumns(documents.id) })
    .from(documents)
    .innerJoin(folderMemberships, and(eq(folderMemberships.folderId, documents.folderId), eq(folderMemberships.userId, actor.userId)))
    .innerJoin(workFolders, eq(workFolders.id, documents.folderId))
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(options.limit ?? 20);
  return rows.map((r) => ({ document: r.document, role: r.role, folderName: r.folderName, owner: { name: r.ownerName, email: r.ownerEmail }, ...peopleOf(r) }));
}
