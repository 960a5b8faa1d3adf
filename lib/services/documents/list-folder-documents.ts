import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, folderMemberships, users, workFolders } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { FOLDER_NOT_FOUND } from "@/lib/services/work-folders/folder-access";
import { peopleColumns, peopleOf, type DocumentView } from "./document-view";

/**
 * One page of a folder's documents, newest first, each with its signers and spectators. The
 * total is the folder's kept count (work_folders.document_count), so page 0 of a million-document
 * folder costs what it costs in a small one; only a search counts its matches. The membership
 * check runs beside the page query: a caller outside the folder gets "not found" and the rows
 * read for nothing are dropped unseen.
 */
export async function listFolderDocuments(db: DbOrTx, actor: Actor, folderId: string, options: { page?: number; size?: number; search?: string } = {}) {
  const page = options.page ?? 0;
  const size = options.size ?? 20;
  const where: SQL | undefined = and(eq(documents.folderId, folderId), options.search ? ilike(documents.fileName, `%${escapeLike(options.search)}%`) : undefined);
  const newestFirst = [desc(documents.createdAt), desc(documents.id)];
  // The page's ids first (the folder index alone), then the rows with their people: the people
  // columns are computed for these rows only, not for every row the offset skips.
  const pageIds = db.select({ id: documents.id }).from(documents).where(where).orderBy(...newestFirst).limit(size).offset(page * size).as("page");
  const [[access], rows, matches] = await Promise.all([
    db
      .select({ role: folderMemberships.role, documentCount: workFolders.documentCount })
      .from(folderMemberships)
      .innerJoin(workFolders, eq(workFolders.id, folderMemberships.folderId))
      .where(and(eq(folderMemberships.folderId, folderId), eq(folderMemberships.userId, actor.userId))),
    db
      .select({ document: documents, ownerName: users.name, ownerEmail: users.email, ...peopleColumns(documents.id) })
      .from(documents)
      .innerJoin(pageIds, eq(pageIds.id, documents.id))
      .innerJoin(users, eq(users.id, documents.ownerUserId))
      .orderBy(...newestFirst),
    options.search ? db.select({ n: count() }).from(documents).where(where) : undefined,
  ]);
  if (!access) throw new AppError("NOT_FOUND", FOLDER_NOT_FOUND);
  const { role } = access;
  const items: DocumentView[] = rows.map((r) => ({ document: r.document, role, owner: { name: r.ownerName, email: r.ownerEmail }, ...peopleOf(r) }));
  return { items, totalItems: matches ? matches[0]!.n : access.documentCount, initialItem: page * size };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
