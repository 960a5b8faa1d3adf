import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, users } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { requireFolderRole } from "@/lib/services/work-folders/folder-access";
import { loadPeople, type DocumentView } from "./document-view";

/** One page of a folder's documents, newest first, each with its signers and spectators. */
export async function listFolderDocuments(db: DbOrTx, actor: Actor, folderId: string, options: { page?: number; size?: number; search?: string } = {}) {
  const role = await requireFolderRole(db, actor, folderId);
  const page = options.page ?? 0;
  const size = options.size ?? 20;
  const where: SQL | undefined = and(eq(documents.folderId, folderId), options.search ? ilike(documents.fileName, `%${escapeLike(options.search)}%`) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ document: documents, ownerName: users.name, ownerEmail: users.email })
      .from(documents)
      .innerJoin(users, eq(users.id, documents.ownerUserId))
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(size)
      .offset(page * size),
    db.select({ n: count() }).from(documents).where(where),
  ]);
  const people = await loadPeople(db, rows.map((r) => r.document.id));
  const items: DocumentView[] = rows.map((r, i) => ({ document: r.document, role, owner: { name: r.ownerName, email: r.ownerEmail }, ...people[i]! }));
  return { items, totalItems: total!.n, initialItem: page * size };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
